import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { fontPixels } from "./ass.ts";

Deno.test("preview draws the editors' font size at its meaning: 1 unit ≈ 1 % of the shorter side", () => {
  const fmt = { width: 1138, height: 640, fps: 30 };
  assertEquals(fontPixels(12, fmt), 77); // 12 % of 640, where 1/270 drew 28
  assertEquals(fontPixels(8, { width: 1080, height: 1920, fps: 30 }), 86);
  assertEquals(fontPixels(1, fmt), 6, "never below 6 px");
});
