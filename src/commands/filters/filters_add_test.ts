/** `filters add`: help, a filter on a filter track, and a refused intensity. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("filters add --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["filters", "add"], ["draftId", "--filter-infos", "--request-id"]);
});

Deno.test("filters add puts a catalog filter on the timeline", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ filterTitle: "赛博朋克", start: 0, end: 5_000_000, intensity: 80 }];
  const out = await w.ok(["filters", "add", id, "--filter-infos", JSON.stringify(infos)]);
  assertEquals(out.effectIds.length, 1);
  const [f] = await w.ok(["filters", "list", id]);
  assertEquals([f.start, f.end], [0, 5_000_000]);
});

Deno.test("filters add refuses an intensity over 100", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ filterTitle: "赛博朋克", start: 0, end: 1_000_000, intensity: 101 }];
  const r = await w.run(["filters", "add", id, "--filter-infos", JSON.stringify(infos)]);
  assertEquals([r.code, r.error?.code, r.error?.path], [
    2,
    "invalid_input",
    "filterInfos[0].intensity",
  ]);
});
