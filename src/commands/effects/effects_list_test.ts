/** `effects list`: help, the effects of a draft, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("effects list --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["effects", "list"], ["draftId"]);
});

Deno.test("effects list prints the effects with their times", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  assertEquals(await w.ok(["effects", "list", id]), []);
  const infos = [{ effectTitle: "70s", start: 1_000_000, end: 2_000_000 }];
  await w.ok(["effects", "add", id, "--effect-infos", JSON.stringify(infos)]);
  const [e] = await w.ok(["effects", "list", id]);
  assertEquals([e.start, e.end], [1_000_000, 2_000_000]);
});

Deno.test("effects list of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["effects", "list", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
});
