import { deepStrictEqual, equal } from "node:assert/strict";
import { floatKeysOf, stringifyWithFloats, TIMELINE_FLOATS } from "./serialize.ts";
import { floatPaths } from "./json_numbers.ts";

Deno.test("stringifyWithFloats: integers at float keys get a decimal point, others unchanged", () => {
  const trie = floatKeysOf(
    ["fps", "tracks[].segments[].clip.scale.x", "values[]", "mask.width"],
    ["width"],
  );
  const doc = {
    fps: 30,
    duration: 5,
    tracks: [{ segments: [{ clip: { scale: { x: 1, y: 1 } } }, { clip: null }] }],
    values: [1, 0.5, -2],
    skip: undefined,
    name: 'a"b',
    text: '{"fps":1,"x":2}',
    mask: { width: 1, height: 1 },
    canvas: { width: 1080 },
  };
  equal(
    stringifyWithFloats(doc, trie),
    '{"fps":30.0,"duration":5,"tracks":[{"segments":[{"clip":{"scale":{"x":1.0,"y":1}}},' +
      '{"clip":null}]}],"values":[1.0,0.5,-2.0],"name":"a\\"b","text":"{\\"fps\\":1,\\"x\\":2}",' +
      '"mask":{"width":1.0,"height":1},"canvas":{"width":1080}}',
  );
  deepStrictEqual(JSON.parse(stringifyWithFloats(doc, trie)), JSON.parse(JSON.stringify(doc)));
});

Deno.test("stringifyWithFloats: the editors' float keys come out as floats", () => {
  const doc = { fps: 30, config: { zoom_info_params: { offset_x: 0 } }, version: 360000 };
  const { floats, ints } = floatPaths(stringifyWithFloats(doc, TIMELINE_FLOATS));
  deepStrictEqual([...floats].sort(), ["config.zoom_info_params.offset_x", "fps"]);
  deepStrictEqual([...ints], ["version"]);
});

Deno.test("floatPaths: reads number spelling per key path", () => {
  const { floats, ints } = floatPaths('{"a":1.0,"b":[{"c":2,"d":[1e3, 4]}],"e":"1.0"}');
  deepStrictEqual([...floats], ["a", "b[].d[]"]);
  deepStrictEqual([...ints].sort(), ["b[].c", "b[].d[]"]);
});
