/** `effects add`: help, an effect on an effect track, and an effect without a name. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("effects add --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["effects", "add"], ["draftId", "--effect-infos", "--request-id"]);
});

Deno.test("effects add puts a catalog effect on an effect track", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ effectTitle: "70s", start: 0, end: 3_000_000 }];
  const out = await w.ok(["effects", "add", id, "--effect-infos", JSON.stringify(infos)]);
  assertEquals(out.effectIds.length, 1);
  const [e] = await w.ok(["effects", "list", id]);
  assertEquals([e.start, e.end], [0, 3_000_000]);
});

Deno.test("effects add refuses an effect with neither a title nor an id", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["effects", "add", id, "--effect-infos", '[{"start":0,"end":1000000}]']);
  assertEquals([r.code, r.error?.code], [2, "invalid_input"]);
  assertEquals(r.error?.path?.startsWith("effectInfos[0]"), true, r.error?.path);
  assertEquals(await w.ok(["effects", "list", id]), []);
});
