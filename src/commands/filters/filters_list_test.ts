/** `filters list`: help, the filters of a draft, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("filters list --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["filters", "list"], ["draftId"]);
});

Deno.test("filters list prints the filters with their times", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  assertEquals(await w.ok(["filters", "list", id]), []);
  const infos = [{ filterTitle: "赛博朋克", start: 0, end: 2_000_000 }];
  await w.ok(["filters", "add", id, "--filter-infos", JSON.stringify(infos)]);
  const [f] = await w.ok(["filters", "list", id]);
  assertEquals([f.start, f.end], [0, 2_000_000]);
});

Deno.test("filters list puts a clip's filter before a track filter that starts with it", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const [image] = (await w.image(id, 2_000_000)).items;
  const infos = [
    { filterTitle: "赛博朋克", start: 0, end: 1_000_000 },
    { filterTitle: "赛博朋克", segmentId: image.segmentId },
  ];
  await w.ok(["filters", "add", id, "--filter-infos", JSON.stringify(infos)]);
  const listed = await w.ok(["filters", "list", id]);
  assertEquals(listed.map((f: { applyTo: string }) => f.applyTo), ["segment", "track"]);
});

Deno.test("filters list of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["filters", "list", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
});
