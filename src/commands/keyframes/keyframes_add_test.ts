/** `keyframes add`: help, keyframes on a photo, and a refused property. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("keyframes add --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["keyframes", "add"], ["draftId", "--keyframes", "--request-id"]);
});

Deno.test("keyframes add animates a photo's position", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const [seg] = (await w.image(id, 2_000_000)).segmentIds;
  const keyframes = [
    { segmentId: seg, property: "position_x", offset: 0, value: -0.5 },
    { segmentId: seg, property: "position_x", offset: 1_000_000, value: 0.5 },
  ];
  await w.ok(["keyframes", "add", id, "--keyframes", JSON.stringify(keyframes)]);
  const listed = await w.ok(["keyframes", "list", id, "--segment-id", seg]);
  assertEquals(listed.keyframes.map((k: { offset: number }) => k.offset), [0, 1_000_000]);
});

Deno.test("keyframes add refuses an unknown property", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const keyframes = [{ segmentId: "s", property: "wobble", offset: 0, value: 1 }];
  const r = await w.run(["keyframes", "add", id, "--keyframes", JSON.stringify(keyframes)]);
  assertEquals([r.code, r.error?.code, r.error?.path], [
    2,
    "invalid_input",
    "keyframes[0].property",
  ]);
});
