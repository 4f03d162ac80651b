import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { jsonEqual, jsonType, structuralCheck } from "./check_draft.ts";

Deno.test("jsonType names the six JSON types", () => {
  assertEquals(
    [1, "a", true, null, {}, []].map(jsonType),
    ["number", "string", "boolean", "null", "object", "array"],
  );
});

Deno.test("structuralCheck: missing keys and type changes, one level down, extras ignored", () => {
  const editor = {
    a: 1,
    b: "x",
    clip: { alpha: 1, scale: { x: 1, y: 1 } },
    refs: [],
    n: null,
  };
  const ours = { a: "1", clip: { alpha: 1, scale: null }, refs: [], n: null, extra: true };
  assertEquals(structuralCheck(ours, editor), [
    { path: "a", problem: "type", expected: "number", actual: "string" },
    { path: "b", problem: "missing", expected: "string" },
    { path: "clip.scale", problem: "type", expected: "object", actual: "null" },
  ]);
  assertEquals(structuralCheck(ours, editor, { allowNull: ["clip.scale"] }).length, 2);
  // one level only by default: clip.scale.x is not compared
  assertEquals(structuralCheck({ clip: { alpha: 1, scale: {} } }, { clip: editor.clip }), []);
  assertEquals(
    structuralCheck({ clip: { alpha: 1, scale: {} } }, { clip: editor.clip }, {
      depth: 2,
    }).map((d) => d.path),
    ["clip.scale.x", "clip.scale.y"],
  );
});

Deno.test("jsonEqual ignores key order only", () => {
  assertEquals(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }), true);
  assertEquals(jsonEqual({ a: 1 }, { a: 1, b: undefined }), false);
  assertEquals(jsonEqual([1, 2], [2, 1]), false);
  assertEquals(jsonEqual(null, {}), false);
});
