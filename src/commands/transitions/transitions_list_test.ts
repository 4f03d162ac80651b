/** `transitions list`: help, the transitions of a draft, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("transitions list --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["transitions", "list"], ["draftId"]);
});

Deno.test("transitions list names the segments a transition joins", async () => {
  await using w = await appWorld();
  const { id, segmentIds } = await w.twoPhotos();
  assertEquals(await w.ok(["transitions", "list", id]), []);
  await w.ok(["transitions", "add", id, "--auto", "fade"]);
  const [t] = await w.ok(["transitions", "list", id]);
  assertEquals([t.leftSegmentId, t.rightSegmentId], segmentIds);
});

Deno.test("transitions list of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["transitions", "list", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
});
