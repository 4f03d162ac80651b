import { deepStrictEqual, equal } from "node:assert/strict";
import fc from "fast-check";
import { indentOf, scanSpellings } from "./spellings.ts";
import {
  floatKeysOf,
  stringifyChunks,
  stringifyWithFloats,
  timelineFloats,
  timelinePieces,
} from "./serialize.ts";

const FLOATS = floatKeysOf(["fps", "clip.scale.x", "kf[].values[]", "mask.width"], ["width"]);

/** Parses, scans and writes `text` again, as a load and a save without changes do. */
function roundTrip(text: string, floats = FLOATS): string {
  const value = JSON.parse(text);
  return stringifyWithFloats(value, floats, scanSpellings(text, value, floats));
}

Deno.test("spellings: an unchanged document is written back byte for byte", () => {
  const texts = [
    // float-ish integers off the float keys, a peer's integer on one, exponents, trailing
    // zeros, -0, digits beyond a double, escaped and integer-like keys
    '{"edge_smooth_value":0.0,"fps":30,"big":12345678901234567890,"e":1e5,"E":2.5E-7,' +
    '"z":-0,"t":0.10,"neg":-1.0,"x":[1.0,2,3.50],"a\\"b":{"q":1.0},"7":{"q":0.0},"ok":0.5}',
    '{"kf":[{"values":[1,0.5,2.0]}],"mask":{"width":1,"height":1.0},"clip":{"scale":{"x":1}}}',
    '{"fps":30.0,"clip":{"scale":{"x":1.0,"y":1.0}},"mask":{"width":1.0}}',
    '{"u":"\\u00e9 \\" } { [ 1.0","n":[[[[1.0]]],{"k":[0.0,{"m":1.0}]}]}',
  ];
  for (const t of texts) equal(roundTrip(t), t);
});

Deno.test("spellings: indentation is kept, compact stays compact", () => {
  const pretty = '{\n    "fps": 30,\n    "a": [\n        1.0,\n        2\n    ],\n    "o": {}\n}';
  equal(indentOf(pretty), "    ");
  equal(indentOf('{"a":1}'), "");
  equal(roundTrip(pretty), pretty);
  const tabbed = '{\n\t"x": 0.0\n}';
  equal(roundTrip(tabbed), tabbed);
  // A final newline is kept (timelinePieces writes it after the document).
  const text = '{\n  "a": 1.0\n}\n';
  const value = JSON.parse(text);
  equal([...timelinePieces(value, FLOATS, scanSpellings(text, value, FLOATS))].join(""), text);
});

Deno.test("spellings: a changed value is written afresh, new objects follow the float rule", () => {
  const text = '{"fps":30,"speed":1.0,"items":[{"fps":25}]}';
  const value = JSON.parse(text);
  const sp = scanSpellings(text, value, FLOATS);
  value.speed = 2;
  value.items.push({ fps: 24, clip: { scale: { x: 1 } } });
  equal(
    stringifyWithFloats(value, FLOATS, sp),
    '{"fps":30,"speed":2,"items":[{"fps":25},{"fps":24.0,"clip":{"scale":{"x":1.0}}}]}',
  );
  // The values themselves are untouched by writing.
  deepStrictEqual(value.items[0], { fps: 25 });
  equal(value.speed, 2);
});

Deno.test("spellings: the chunked writer gives the same text as the one-string writer", () => {
  const segs = Array.from({ length: 600 }, (_, i) => `{"id":"s${i}","volume":1.0,"n":${i}}`);
  const text = `{"fps":30,"tracks":[{"segments":[${segs.join(",")}]}],"zero":0.0}`;
  const value = JSON.parse(text);
  const sp = scanSpellings(text, value, timelineFloats());
  equal([...stringifyChunks(value, timelineFloats(), sp)].join(""), text);
  equal(stringifyWithFloats(value, timelineFloats(), sp), text);
});

Deno.test("spellings: a compact draftcli timeline records nothing (its floats are the rule's)", () => {
  const value = { fps: 30, clip: { scale: { x: 1, y: 1 }, alpha: 1 }, volume: 1, start: 0 };
  const text = stringifyWithFloats(value, timelineFloats());
  deepStrictEqual(scanSpellings(text, JSON.parse(text), timelineFloats()).numbers, []);
});

Deno.test("spellings: random documents with odd number text, escapes and index keys round-trip", () => {
  const numbers = fc.oneof(
    fc.integer({ min: -1e6, max: 1e6 }).map(String),
    fc.integer({ min: -1000, max: 1000 }).map((n) => `${n}.0`),
    fc.constantFrom("0.0", "-0", "-0.0", "1e5", "2.5E-7", "0.10", "1.2300", "12345678901234567890"),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  );
  const strings = fc.constantFrom('"a"', '"\\u00e9"', '"a\\/b"', '"\\"q\\""', '"\\n"', '"中"');
  const keys = fc.constantFrom("fps", "x", "volume", "width", "values", "7", "0", "a b", "id");
  const value: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
    v: fc.oneof(
      { depthSize: "small" },
      numbers,
      strings,
      fc.constantFrom("true", "null"),
      fc.array(tie("v"), { maxLength: 4 }).map((xs) => `[${xs.join(",")}]`),
      fc.uniqueArray(fc.tuple(keys, tie("v")), { maxLength: 5, selector: (e) => e[0] })
        .map((es) => `{${es.map(([k, v]) => `"${k}":${v}`).join(",")}}`),
    ),
  })).v;
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.tuple(keys, value), { maxLength: 6, selector: (e) => e[0] }),
      (es) => {
        const text = `{${es.map(([k, v]) => `"${k}":${v}`).join(",")}}`;
        equal(roundTrip(text, timelineFloats()), text);
        equal(roundTrip(text, FLOATS), text);
      },
    ),
    { numRuns: 500 },
  );
});
