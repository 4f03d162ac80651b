/** `draft export`: help, a draft's build spec, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft export --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "export"], ["draftId"]);
});

Deno.test("draft export prints the captions of a draft as build items", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  await w.captions(id, ["hi"]);
  const spec = await w.ok(["draft", "export", id]);
  assertEquals(spec.captions?.map((c: { text: string }) => c.text), ["hi"]);
});

Deno.test("draft export of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["draft", "export", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
});
