import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { buildMask, maskForDisplay } from "./mask_materials.ts";

const heart = { name: "爱心", resourceId: "6794051276482023949", resourceType: "geometric_shape" };

Deno.test("buildMask: default width keeps the shape's on-screen ratio", () => {
  const m = buildMask({ ...heart, defaultAspectRatio: 1.115 }, { width: 1920, height: 1080 }, {});
  const c = m.config as Record<string, number>;
  assertEquals(c.height, 0.5);
  // width in pixels / height in pixels = the shape's ratio
  assert(Math.abs((c.width * 1920) / (c.height * 1080) - 1.115) < 1e-12);
  assertEquals(c.aspectRatio, 1.115);
  assertEquals([m.type, m.resource_type, m.platform], ["mask", "geometric_shape", "all"]);
});

Deno.test("buildMask: given sizes, 0..100 settings stored 0..1 and shown back", () => {
  const m = buildMask(heart, { width: 100, height: 100 }, {
    width: 0.3,
    height: 0.6,
    feather: 25,
    roundCorner: 50,
    centerX: -0.5,
    rotation: 45,
    invert: true,
  });
  const c = m.config as Record<string, number>;
  assertEquals([c.width, c.height, c.aspectRatio, c.feather, c.roundCorner], [
    0.3,
    0.6,
    0.5,
    0.25,
    0.5,
  ]);
  const shown = maskForDisplay(m);
  assertEquals([shown.feather, shown.roundCorner, shown.centerX, shown.invert], [
    25,
    50,
    -0.5,
    true,
  ]);
});
