import { deepStrictEqual as equal, throws } from "node:assert/strict";
import { builtFrom, edited, itemTemplate, vouchAsBuilt } from "./item_templates.ts";
import { floatKeysOf, stringifyChunks, stringifyWithFloats, timelineWrite } from "./serialize.ts";
import { framed, type ListSpan, type Piece } from "./verbatim.ts";
import { writtenPieces } from "../../test/helpers/pieces.ts";

const FLOATS = floatKeysOf(["materials.texts[].size", "alpha", "tracks[].segments[].clip.x"], []);
const HOLES = ["id", "times.start", "refs", "size"];

/** A template value, and `n` items built from it with their holes filled (in `built`). */
function batch(n: number) {
  const value = {
    id: "",
    alpha: 1,
    size: 0,
    name: "caption",
    times: { duration: 5, start: 0 },
    refs: [] as string[],
    nested: { list: [1, 2], flag: true, none: null },
  };
  const template = itemTemplate(value, HOLES);
  const copy = () => JSON.parse(JSON.stringify(value));
  const built: object[] = [];
  const items = Array.from({ length: n }, (_, i) => {
    const item = builtFrom(copy(), template, built);
    item.id = `id-${i}`;
    item.times.start = i * 5;
    item.refs = [`r${i}`];
    item.size = i % 2 ? 3 : 2.5;
    return item;
  });
  equal(built, items);
  return { items, doc: { materials: { texts: items }, tracks: [] } };
}

const chunked = (doc: unknown) => [...stringifyChunks(doc, FLOATS)].join("");

Deno.test("vouched items are written as the generic writer writes them, floats included", () => {
  const { items, doc } = batch(600);
  vouchAsBuilt(items);
  const text = chunked(doc);
  equal(text, stringifyWithFloats(doc, FLOATS));
  // the float rule reaches the template's members and its holes alike
  equal(text.includes('"alpha":1.0,"size":3.0,"name":"caption"'), true);
  equal(text.includes('"alpha":1.0,"size":2.5,'), true);
  equal(items.length, 600);
});

Deno.test("an item nobody vouched for is written as it is, whatever changed since it was built", () => {
  const changes: ((item: Record<string, unknown> & { nested: Record<string, unknown> }) => void)[] =
    [
      (it) => (it.nested.list as number[]).push(3),
      (it) => it.nested.flag = false,
      (it) => it.alpha = 0.5,
      (it) => it.name = "other",
      (it) => it.extra = 1,
      (it) => delete it.nested.none,
      (it) => {
        const name = it.name;
        delete it.name;
        it.name = name; // same members, another order
      },
      (it) => it.times = { start: it.id === "id-1" ? 5 : 0, duration: 5 },
      (it) => it.refs = [1, 2],
      (it) => it.id = undefined,
      (it) => it.nested = { toJSON: () => "x" },
    ];
  for (const [k, change] of changes.entries()) {
    const { items, doc } = batch(4);
    change(items[1] as never);
    const text = chunked(doc);
    equal(text, stringifyWithFloats(doc, FLOATS), `change ${k}`);
    equal(
      text,
      JSON.stringify(JSON.parse(text)).replace(/"(alpha|size)":(\d+)([,}])/g, '"$1":$2.0$3'),
    );
  }
});

Deno.test("a vouched item is written from its template, holes from the item, until edited", () => {
  const { items, doc } = batch(3);
  vouchAsBuilt(items);
  items[0].name = "changed, not through edited";
  items[1].name = "changed, then edited";
  edited(items[1]);
  items[2].times.start = 99; // a hole
  const written = JSON.parse(chunked(doc)).materials.texts;
  equal(written.map((t: { name: string }) => t.name), [
    "caption",
    "changed, then edited",
    "caption",
  ]);
  equal(written[2].times.start, 99);
});

/** The bytes of a save's pieces, each copied as it comes (a piece of bytes may be reused after). */
function savedText(pieces: Iterable<Piece>): string {
  const parts: Uint8Array[] = [];
  for (const p of pieces) {
    if (typeof p === "string") parts.push(new TextEncoder().encode(p));
    else if (typeof p !== "function") parts.push(p.slice());
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return new TextDecoder().decode(out);
}

Deno.test("a save writes vouched items with holes to escape as the generic writer does", () => {
  const { items, doc } = batch(700);
  const texts = [
    "字幕 and 😀",
    'a "quoted" \\ back\nslash\t',
    "lone \ud800 surrogate",
    "\u0001 control",
    "x".repeat(40_000),
  ];
  for (const [k, text] of texts.entries()) items[100 * k + 7].id = text;
  items[3].refs = ["r", "图", 'q"'];
  items[5].refs = [];
  items[8].size = -0;
  items[9].size = 1e21;
  items[11].times.start = Number.NaN;
  vouchAsBuilt(items);
  (items[13] as { refs: unknown }).refs = [1, 2]; // a hole of another kind: written as any value
  const saved = savedText(timelineWrite(doc, FLOATS, undefined, { always: true }));
  equal(saved, stringifyWithFloats(doc, FLOATS));
  // the items come from their templates: a member that is no hole keeps the template's text
  items[20].name = "not a hole";
  equal(
    savedText(timelineWrite(doc, FLOATS, undefined, { always: true })).includes("not a hole"),
    false,
  );
});

Deno.test("a template naming a hole twice is refused", () => {
  throws(() => itemTemplate({ id: "", refs: [] }, ["id", "refs", "id"]), /names a hole twice/);
});

Deno.test("a save's vouched items beyond ASCII come as bytes: marks get their offsets, any hole fits", () => {
  const texts = batch(3000);
  const audios = batch(50);
  const holes = [
    "字幕 一",
    "Latin-1: café ÿ",
    "astral 😀 𠀀",
    "",
    "lone \udc00 low, \ud800 high",
    "字".repeat(100_000), // more than the writer's buffer holds
    "x".repeat(70_000),
    'a "quoted" \\ back\nslash\t \u0001',
  ];
  // a long list whose first new item holds text beyond ASCII is written as bytes, all of it
  for (const [k, item] of texts.items.entries()) if (k % 50 < 40) item.id = `字幕 ${k}`;
  for (const [k, text] of holes.entries()) texts.items[400 * k + 1].id = text;
  texts.items[2999].id = "字幕 end";
  vouchAsBuilt([...texts.items, ...audios.items]);
  const doc = {
    fps: 30,
    materials: { texts: texts.items, audios: audios.items },
    tracks: [{ segments: [] }],
  };
  const spans: ListSpan[] = [];
  const { bytes, byteParts } = writtenPieces(
    timelineWrite(doc, FLOATS, undefined, { spans, always: true }),
  );
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  equal(decode(bytes), stringifyWithFloats(doc, FLOATS));
  equal(byteParts > 5, true, `${byteParts} pieces of bytes`);
  // each span is its list's items, brackets excluded, at byte offsets (the holes are not ASCII)
  equal(spans.map((s) => [s.path, s.count]), [
    [["materials", "texts"], 3000],
    [["materials", "audios"], 50],
  ]);
  for (const s of spans) {
    const list = s.path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], doc);
    equal(framed(s, (at, length) => bytes.subarray(at, at + length)), true, s.path.join("."));
    equal(
      JSON.parse(`[${decode(bytes.subarray(s.start, s.end))}]`),
      JSON.parse(JSON.stringify(list)),
    );
  }
});

Deno.test("a save's ASCII items of a template with long text per hole come as bytes; others as text", () => {
  for (const [long, asBytes] of [[true, true], [false, false]] as const) {
    const value = { id: "", name: long ? "x".repeat(3000) : "caption", size: 1, at: 0 };
    const template = itemTemplate(value, long ? ["id"] : ["id", "at"]);
    const built: object[] = [];
    const items = Array.from({ length: 600 }, (_, i) => {
      const item = builtFrom(JSON.parse(JSON.stringify(value)), template, built);
      item.id = `id-${i}`;
      if (!long) item.at = i;
      return item;
    });
    // the first item of a batch may have a template of its own (many holes, short per hole)
    const first = builtFrom({ ...value, id: "first" }, itemTemplate(value, ["id", "size"]), built);
    vouchAsBuilt(built);
    const doc = { materials: { texts: [first, ...items] }, tracks: [] };
    const { bytes, byteParts } = writtenPieces(
      timelineWrite(doc, FLOATS, undefined, { always: true }),
    );
    equal(new TextDecoder().decode(bytes), stringifyWithFloats(doc, FLOATS));
    equal(byteParts > 0, asBytes, `long ${long}: ${byteParts} pieces of bytes`);
  }
});
