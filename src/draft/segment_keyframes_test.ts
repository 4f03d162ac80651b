import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { readKeyframes } from "./keyframe_reading.ts";
import type { Segment } from "./document.ts";

const list = (type: string, value: number) => ({
  id: `${type}-list`,
  property_type: type,
  keyframe_list: [{ id: `${type}-0`, time_offset: 0, values: [value], curveType: "Line" }],
});

Deno.test("readKeyframes: with the scale lock on, X and Y twins read as uniform_scale, X alone as scale_x", () => {
  const seg = (lists: unknown[]) =>
    ({ uniform_scale: { on: true, value: 1 }, common_keyframes: lists }) as unknown as Segment;
  assertEquals(
    readKeyframes(seg([list("KFTypeScaleX", 1.5), list("KFTypeScaleY", 1.5)]))
      .map((k) => [k.property, k.value]),
    [["uniform_scale", 1.5]],
  );
  assertEquals(
    readKeyframes(seg([list("KFTypeScaleX", 1.5)])).map((k) => [k.property, k.value]),
    [["scale_x", 1.5]],
  );
  assertEquals(
    readKeyframes(seg([list("KFTypeScaleX", 1.5), list("KFTypeScaleY", 2)]))
      .map((k) => [k.property, k.value]),
    [["scale_x", 1.5], ["scale_y", 2]],
  );
});
