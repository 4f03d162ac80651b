import { deepStrictEqual, equal } from "node:assert/strict";
import {
  floatKeysOf,
  SLICED_BY_COUNT,
  stringifyChunks,
  stringifyWithFloats,
  timelineFloats,
  timelinePieces,
} from "./serialize.ts";
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
  const { floats, ints } = floatPaths(stringifyWithFloats(doc, timelineFloats()));
  deepStrictEqual([...floats].sort(), ["config.zoom_info_params.offset_x", "fps"]);
  deepStrictEqual([...ints], ["version"]);
});

Deno.test("floatPaths: reads number spelling per key path", () => {
  const { floats, ints } = floatPaths('{"a":1.0,"b":[{"c":2,"d":[1e3, 4]}],"e":"1.0"}');
  deepStrictEqual([...floats], ["a", "b[].d[]"]);
  deepStrictEqual([...ints].sort(), ["b[].c", "b[].d[]"]);
});

Deno.test("stringifyChunks: the pieces join to stringifyWithFloats' text", async () => {
  const small = {
    fps: 30,
    tracks: [{ segments: [{ clip: { scale: { x: 1 } } }, { clip: null }], skip: undefined }],
    values: [1, 0.5, -2, undefined],
    materials: { texts: [{ alpha: 1, width: 2, when: new Date(0) }], none: [] },
    canvas_config: { width: 1080 },
    nothing: null,
  };
  const trie = floatKeysOf(["fps", "tracks[].segments[].clip.scale.x", "values[]", "alpha"], []);
  equal([...stringifyChunks(small, trie)].join(""), stringifyWithFloats(small, trie));
  // Long lists are written in slices: the same text.
  const long = {
    values: Array.from({ length: 1000 }, (_, i) => i % 3 ? i : i / 2),
    tracks: [{
      segments: Array.from({ length: 700 }, (_, i) => ({ clip: { scale: { x: i % 2 } } })),
    }],
    materials: { texts: Array.from({ length: 600 }, (_, i) => ({ alpha: i, skip: undefined })) },
  };
  equal([...stringifyChunks(long, trie)].join(""), stringifyWithFloats(long, trie));
  // Real editor-saved timelines, with the editors' float keys.
  const dir = new URL("../../test/fixtures/real-drafts/", import.meta.url);
  let seen = 0;
  for await (const d of Deno.readDir(dir)) {
    if (d.name === "jianying-encrypted") continue;
    for (const name of ["draft_content.json", "draft_info.json"]) {
      let text: string;
      try {
        text = await Deno.readTextFile(new URL(`${d.name}/${name}`, dir));
      } catch {
        continue;
      }
      const doc = JSON.parse(text);
      equal([...stringifyChunks(doc)].join(""), stringifyWithFloats(doc), `${d.name}/${name}`);
      seen++;
    }
  }
  equal(seen > 5, true);
});

Deno.test("stringifyChunks: list items' own float members are spelled as marking spells them", () => {
  // width and height are integers elsewhere: walked paths, here members of the items themselves
  const floats = floatKeysOf(
    ["materials.colors[].width", "materials.colors[].height", "alpha"],
    ["width", "height"],
  );
  const color = (i: number) => ({ alpha: 1, height: i % 3 ? i : -0, id: `c${i}`, width: 0 });
  const lists: [string, unknown[]][] = [
    ["plain", Array.from({ length: 600 }, (_, i) => color(i))],
    ["decimals and large numbers", [{ ...color(1), width: 0.5 }, { ...color(2), height: 1e21 }]],
    // objects below the items: their width and height are no float paths (marking skips them)
    ["nested", [color(1), { ...color(2), box: { width: 3, height: 4 } }, color(3)]],
    ["braces in a string", [{ ...color(1), id: '{"width":3}' }, color(2)]],
    ["not all objects", [color(1), null, 7, [{ width: 5 }], { toJSON: () => ({ width: 6 }) }]],
    // as many braces as items, one of them nested: not each item's own
    ["a null beside a nested object", [null, { ...color(2), box: { width: 3 } }]],
  ];
  for (const [name, colors] of lists) {
    const doc = { canvas_config: { width: 1080 }, materials: { colors } };
    const text = [...stringifyChunks(doc, floats)].join("");
    equal(text, stringifyWithFloats(doc, floats), name);
    deepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(doc)), name);
  }
  const plain = [...stringifyChunks({ materials: { colors: [color(1)] } }, floats)].join("");
  equal(plain, '{"materials":{"colors":[{"alpha":1.0,"height":1.0,"id":"c1","width":0.0}]}}');
});

Deno.test("timelinePieces: one piece for a small timeline, slices for a large one, same text", () => {
  const trie = floatKeysOf(["tracks[].segments[].clip.scale.x", "alpha"], []);
  const timeline = (n: number) => ({
    tracks: [{
      segments: Array.from({ length: n }, (_, i) => ({ clip: { scale: { x: i % 2 } } })),
    }],
    materials: { texts: Array.from({ length: n }, (_, i) => ({ alpha: i, content: `text ${i}` })) },
  });
  const small = timeline(10);
  deepStrictEqual([...timelinePieces(small, trie)], [stringifyWithFloats(small, trie)]);
  const large = timeline(600);
  const pieces = [...timelinePieces(large, trie)];
  equal(pieces.length > 1, true);
  equal(pieces.join(""), stringifyWithFloats(large, trie));
  // a long slice of items is a piece of its own, not joined to the text before it
  equal(pieces.some((p) => p.startsWith('{"alpha":') && p.endsWith("}")), true);
});

Deno.test("timelinePieces: pieces of a large timeline stay below V8's large-object size", () => {
  const trie = floatKeysOf(["tracks[].segments[].clip.scale.x", "alpha"], []);
  // Items of ~2,000 UTF-16 units, two-byte text (two bytes a unit), some of ~20,000.
  const big = (i: number) => "字幕".repeat(i % 100 === 0 ? 10_000 : 1_000);
  const timeline = {
    tracks: [{
      segments: Array.from({ length: 3000 }, (_, i) => ({ clip: { scale: { x: i } }, t: big(i) })),
    }],
    materials: { texts: Array.from({ length: 3000 }, (_, i) => ({ alpha: i, content: big(i) })) },
  };
  const pieces = [...timelinePieces(timeline, trie)];
  // Over 64 Ki units (128 KB as two-byte text): only pieces written before SLICED_BY_COUNT units,
  // and the first slice of each list.
  let units = 0;
  const late = pieces.filter((p) => (units += p.length) > SLICED_BY_COUNT + 2 * 64 * 1024);
  const long = late.filter((p) => p.length >= 64 * 1024).length;
  equal(late.length > 100, true, `only ${late.length} pieces after SLICED_BY_COUNT units`);
  equal(long <= 2, true, `${long} pieces of ${late.length} over 64 Ki units`);
  equal(pieces.join(""), stringifyWithFloats(timeline, trie));
});

Deno.test("FloatNames: a short text gets what the names' alternation writes on a long one", async () => {
  const { names } = timelineFloats();
  // Past the short-text bound, the alternation applies; a string member pads the text there.
  const long = (text: string) => names!.apply(`[${text},"${"x".repeat(1 << 17)}"]`);
  const viaAlternation = (text: string) => long(text).slice(1, -(1 << 17) - 4);
  const check = (text: string) =>
    equal(names!.apply(text), viaAlternation(text), text.slice(0, 200));
  // Real timelines (compact, as a save stringifies them).
  const root = new URL("../../test/fixtures/corpus/", import.meta.url);
  for await (const d of Deno.readDir(root)) {
    if (!d.isDirectory) continue;
    for (const f of ["draft_content.json", "draft_info.json"]) {
      const text = await Deno.readTextFile(new URL(`${d.name}/${f}`, root)).catch(() => "");
      if (text.trimStart().startsWith("{")) check(JSON.stringify(JSON.parse(text)));
    }
  }
  // Tricky keys and values: float names beside look-alikes, keys holding `{`, `,` or quotes,
  // member texts inside string values, negative and huge integers, decimals.
  const keys = [...names!.set].slice(0, 8).concat(["", "x,", "{", 'a"b', "alpha\\", "7", "中"]);
  const values = [0, -3, 12, 1.5, 1e21, -0, 'x,"alpha":1', ",", "{", null, true];
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const value = (depth: number): unknown => {
    if (depth > 3 || rand(3) === 0) return values[rand(values.length)];
    if (rand(2)) return Array.from({ length: rand(4) }, () => value(depth + 1));
    return Object.fromEntries(
      Array.from({ length: rand(5) }, () => [keys[rand(keys.length)], value(depth + 1)]),
    );
  };
  for (let i = 0; i < 2000; i++) check(JSON.stringify(value(0)));
});
