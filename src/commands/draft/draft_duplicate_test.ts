/** `draft duplicate`: help, a copy under a new id, and an unknown draft. */
import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft duplicate --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "duplicate"], ["draftId", "--name"]);
});

Deno.test("draft duplicate copies a draft with its segments under a new id", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  await w.captions(id, ["hi"]);
  const out = await w.ok(["draft", "duplicate", id, "--name", "copy"]);
  notDeepStrictEqual(out.draftId, id);
  assertEquals((await w.ok(["draft", "info", out.draftId])).name, "copy");
  assertEquals((await w.ok(["captions", "list", out.draftId])).length, 1);
});

Deno.test("draft duplicate of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["draft", "duplicate", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
  assertEquals(await w.ok(["draft", "list"]), []);
});
