/** The structural diff (test/helpers/structural_diff.ts) that the corpus test relies on. */

import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { type Change, parseRaw, structuralDiff, valueOf } from "./helpers/structural_diff.ts";
import { jsonDiff } from "./helpers/json_diff.ts";

const kinds = (cs: Change[]) => cs.map((c) => `${c.kind} ${c.path}`);

Deno.test("structural diff: identical texts, and texts that differ only in white space, have no change", () => {
  const t = '{"a":[1,2.0,{"id":"X","v":"é"}],"b":null}';
  assertEquals(structuralDiff(t, t), []);
  assertEquals(structuralDiff(t, '{ "a" : [ 1, 2.0, {"id": "X", "v": "é"} ],\n "b": null }'), []);
});

Deno.test("structural diff: number lexemes count (0.0 → 0, 30 → 30.0), values too", () => {
  const cs = structuralDiff(
    '{"edge":0.0,"fps":30,"x":1.5,"big":1e3}',
    '{"edge":0,"fps":30.0,"x":1.25,"big":1000}',
  );
  assertEquals(cs, [
    { path: "edge", kind: "lexeme", before: "0.0", after: "0" },
    { path: "fps", kind: "lexeme", before: "30", after: "30.0" },
    { path: "x", kind: "value", before: "1.5", after: "1.25" },
    { path: "big", kind: "lexeme", before: "1e3", after: "1000" },
  ]);
  assertEquals(structuralDiff('{"a":0.0}', '{"a":0}', { lexemes: false }), []);
});

Deno.test("structural diff: string escapes are lexeme changes, different text is a value change", () => {
  assertEquals(kinds(structuralDiff('{"s":"\\u00e9"}', '{"s":"é"}')), ["lexeme s"]);
  assertEquals(kinds(structuralDiff('{"s":"a"}', '{"s":"b"}')), ["value s"]);
});

Deno.test("structural diff: added and removed keys, key order, type changes", () => {
  assertEquals(kinds(structuralDiff('{"a":1,"b":2,"c":3}', '{"b":2,"a":1,"d":4}')), [
    "removed c",
    "added d",
    "key-order ",
  ]);
  assertEquals(kinds(structuralDiff('{"a":{"x":1}}', '{"a":[1]}')), ["type a"]);
  assertEquals(structuralDiff('{"a":1,"b":2}', '{"b":2,"a":1}', { order: false }), []);
});

Deno.test("structural diff: lists of items with ids match by id; an inserted item is only itself", () => {
  const before = JSON.stringify({
    materials: { videos: [{ id: "A", crop: { upper_left_x: 0 } }, { id: "B", w: 1 }] },
  });
  const after = JSON.stringify({
    materials: {
      videos: [{ id: "N", w: 5 }, { id: "A", crop: { upper_left_x: 0.5 } }, { id: "B", w: 1 }],
    },
  });
  assertEquals(kinds(structuralDiff(before, after)), [
    "value materials.videos[id=A].crop.upper_left_x",
    "added materials.videos[id=N]",
  ]);
  // A reorder of the same ids is reported once, at the list.
  const swapped = JSON.stringify({
    materials: { videos: [{ id: "B", w: 1 }, { id: "A", crop: { upper_left_x: 0 } }] },
  });
  assertEquals(kinds(structuralDiff(before, swapped)), ["item-order materials.videos"]);
  // Removed by id.
  assertEquals(
    kinds(structuralDiff(before, JSON.stringify({ materials: { videos: [{ id: "B", w: 1 }] } }))),
    ["removed materials.videos[id=A]"],
  );
});

Deno.test("structural diff: lists without ids (or with duplicate ids) match by index", () => {
  assertEquals(kinds(structuralDiff("[1,2]", "[1,3,4]")), ["value [1]", "added [2]"]);
  assertEquals(
    kinds(structuralDiff('[{"id":"A","v":1},{"id":"A","v":2}]', '[{"id":"A","v":1}]')),
    ["removed [1]"],
  );
  assertEquals(kinds(structuralDiff('{"k":["x"]}', '{"k":[]}')), ["removed k[0]"]);
});

Deno.test("structural diff: odd keys are quoted in paths", () => {
  assertEquals(kinds(structuralDiff('{"a b":{"c.d":1}}', '{"a b":{"c.d":2}}')), [
    'value ["a b"]["c.d"]',
  ]);
});

Deno.test("raw scanner: values equal JSON.parse's, and bad JSON is refused", () => {
  const text = '\ufeff{"a":[true,false,null,-0.5e-3,"\\"q\\"\\n"],"b":{}}';
  assertEquals(valueOf(parseRaw(text)), JSON.parse(text.slice(1)));
  for (const bad of ['{"a":1,}', "[1 2]", '{"a"}', '"open', "01", "1 2", "", "{'a':1}"]) {
    throws(() => parseRaw(bad), SyntaxError, bad);
  }
});

Deno.test("jsonDiff keeps its slash paths on parsed values", () => {
  assertEquals(jsonDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }, 4] }), ["/a/1/b", "/a/2"]);
  assertEquals(
    jsonDiff({ t: [{ id: "x", v: 1 }] }, { t: [{ id: "y", v: 0 }, { id: "x", v: 2 }] }, {
      byId: true,
    }),
    ["/t/x/v", "/t/y"],
  );
});
