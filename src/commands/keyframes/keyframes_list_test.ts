/** `keyframes list`: help, a segment's keyframes, and a missing segment id. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("keyframes list --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["keyframes", "list"], ["draftId", "--segment-id"]);
});

Deno.test("keyframes list prints a segment's keyframes in user units", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const [seg] = (await w.image(id, 2_000_000)).segmentIds;
  assertEquals((await w.ok(["keyframes", "list", id, "--segment-id", seg])).keyframes, []);
  const keyframes = [{ segmentId: seg, property: "opacity", offset: 0, value: 0.25 }];
  await w.ok(["keyframes", "add", id, "--keyframes", JSON.stringify(keyframes)]);
  const [k] = (await w.ok(["keyframes", "list", id, "--segment-id", seg])).keyframes;
  assertEquals([k.property, k.offset, k.value], ["opacity", 0, 0.25]);
});

Deno.test("keyframes list without --segment-id is invalid input", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["keyframes", "list", id]);
  assertEquals([r.code, r.error?.path], [2, "segmentId"]);
});
