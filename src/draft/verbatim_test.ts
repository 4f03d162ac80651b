/** Item lists written from their loaded bytes (verbatim.ts) and the spans that locate them. */
import { deepStrictEqual, equal, ok, throws } from "node:assert/strict";
import { timelineFloats, timelinePieces, timelineWrite } from "./serialize.ts";
import {
  checkedPieces,
  isSegmentsSummary,
  keptLists as keptListsOf,
  type ListSpan,
  type Piece,
  summariseSegments,
  summaryAfter,
} from "./verbatim.ts";
import { writtenPieces } from "../../test/helpers/pieces.ts";

/** `keptLists` of a file held in memory. */
const keptLists = (content: unknown, bytes: Uint8Array, spans: readonly ListSpan[]) =>
  keptListsOf(
    content,
    spans,
    bytes.length,
    (at, length) => bytes.subarray(at, at + length),
    (s) => () => [bytes.subarray(s.start, s.end)],
  );

/** The bytes the pieces make (see `writtenPieces`). */
const written = (pieces: Iterable<Piece>): Uint8Array => writtenPieces(pieces).bytes;

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A small timeline: two material lists (one with Chinese text), a track of segments. */
function timeline() {
  return {
    fps: 30,
    materials: {
      texts: [{ id: "t1", content: "字幕 一" }, { id: "t2", content: "字幕 二" }],
      speeds: [{ id: "s1", speed: 1 }],
      videos: [],
    },
    tracks: [
      { id: "k0", type: "video", segments: [] },
      { id: "k1", type: "text", segments: [{ id: "g1", speed: 1 }, { id: "g2", speed: 1 }] },
    ],
  };
}

Deno.test("timelineWrite: marks frame each non-empty item list; the bytes are the full save's", () => {
  const doc = timeline();
  const spans: ListSpan[] = [];
  const bytes = written(timelineWrite(doc, timelineFloats(), undefined, { spans, always: true }));
  equal(text(bytes), [...timelinePieces(doc, timelineFloats())].join(""));
  deepStrictEqual(spans.map((s) => [s.path, s.count]), [
    [["materials", "texts"], 2],
    [["materials", "speeds"], 1],
    [["tracks", 1, "segments"], 2],
  ]);
  // Byte offsets (the texts are not ASCII): each span is its list's items, brackets excluded.
  for (const s of spans) {
    const list = s.path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], doc);
    const items = [...timelinePieces({ x: list }, timelineFloats())].join("").slice(6, -2);
    equal(text(bytes.subarray(s.start, s.end)), items, s.path.join("."));
  }
});

Deno.test("keptLists: takes the spans that frame their lists, drops any other", () => {
  const doc = timeline();
  const spans: ListSpan[] = [];
  const bytes = written(timelineWrite(doc, timelineFloats(), undefined, { spans, always: true }));
  const loaded = JSON.parse(text(bytes));
  const kept = keptLists(loaded, bytes, spans);
  deepStrictEqual(
    [...kept.keys()],
    [loaded.materials.texts, loaded.materials.speeds, loaded.tracks[1].segments],
  );
  const [texts, speeds] = spans;
  const off = (s: ListSpan, patch: Partial<ListSpan>) =>
    keptLists(loaded, bytes, [{ ...s, ...patch }]);
  equal(off(texts, {}).size, 1);
  equal(off(texts, { start: texts.start + 1 }).size, 0, "not at the bracket");
  equal(off(texts, { end: texts.end - 1 }).size, 0, "not at the closing bracket");
  equal(off(texts, { count: 3 }).size, 0, "another item count");
  equal(off(texts, { path: ["materials", "speeds"] }).size, 0, "another list's key");
  equal(off(speeds, { path: ["materials", "videos"] }).size, 0, "another list");
  equal(off(texts, { end: bytes.length + 5 }).size, 0, "past the end");
  equal(off(texts, { path: ["tracks", 1, "id"] }).size, 0, "not an item list");
});

Deno.test("timelineWrite: a kept list is written from its loaded bytes, new items after them", () => {
  const doc = timeline();
  const spans: ListSpan[] = [];
  const bytes = written(timelineWrite(doc, timelineFloats(), undefined, { spans, always: true }));
  // The loaded text spells a number its own way: kept bytes keep it, a full save would not.
  const respelled = new TextEncoder().encode(
    text(bytes).replaceAll('"speed":1.0}', '"speed":1e0}'),
  );
  equal(respelled.length, bytes.length);
  const loaded = JSON.parse(text(respelled));
  const lists = keptLists(loaded, respelled, spans);
  loaded.materials.speeds.push({ id: "s2", speed: 2 });
  loaded.tracks[1].segments.push({ id: "g3", speed: 1 });
  const kept = new Map(
    [...lists].map(([list, k]) => [list, { bytes: k.bytes, count: k.items.length }]),
  );
  const again: ListSpan[] = [];
  const out = text(
    written(
      timelineWrite(loaded, timelineFloats(), undefined, { kept, spans: again, always: true }),
    ),
  );
  ok(out.includes('"speeds":[{"id":"s1","speed":1e0},{"id":"s2","speed":2.0}]'), out);
  ok(out.includes('"segments":[{"id":"g1","speed":1e0},{"id":"g2","speed":1e0},{"id":"g3"'), out);
  deepStrictEqual(JSON.parse(out), loaded);
  // The spans recorded by that save frame its own lists, new items included.
  equal(again.find((s) => s.path[1] === "speeds")?.count, 2);
  equal(keptLists(JSON.parse(out), new TextEncoder().encode(out), again).size, 3);
});

Deno.test("checkedPieces: passes equal pieces through, throws at a byte that differs", () => {
  const expected = new TextEncoder().encode('{"a":[1,2]}');
  const marks: number[] = [];
  const pieces: Piece[] = ['{"a":[', (o) => marks.push(o), new TextEncoder().encode("1,2"), "]}"];
  equal(text(written(checkedPieces(pieces, () => expected))), '{"a":[1,2]}');
  deepStrictEqual(marks, [6]);
  throws(() => written(checkedPieces(['{"a":[1,3]}'], () => expected)), /differs .* at byte 8/);
  throws(() => written(checkedPieces(['{"a":[1,2]}', " "], () => expected)), /differs/);
  throws(
    () => written(checkedPieces(['{"a":[1,2]'], () => expected)),
    /wrote 10 bytes, a full save 11/,
  );
});

Deno.test("checkedPieces: bytes whose buffer the next piece reuses are checked as they came", () => {
  const expected = new TextEncoder().encode('{"a":[1,2]}');
  // as the timeline's writer hands on items written as bytes
  function* reused(last: string): Generator<Piece> {
    const buf = new Uint8Array(8);
    for (const part of ['{"a":[', "1,", last]) {
      yield buf.subarray(0, new TextEncoder().encodeInto(part, buf).written);
    }
  }
  equal(text(written(checkedPieces(reused("2]}"), () => expected))), '{"a":[1,2]}');
  throws(() => written(checkedPieces(reused("3]}"), () => expected)), /differs .* at byte 8/);
});

Deno.test("summariseSegments, summaryAfter: the latest end, the highest and the first track_render_index, contiguity; none for what normalise would change", () => {
  const seg = (start: number, duration: number, track_render_index?: unknown) => ({
    target_timerange: { start, duration },
    ...(track_render_index === undefined ? {} : { track_render_index }),
  });
  deepStrictEqual(summariseSegments([seg(0, 5, 2), seg(1, 1, 7), seg(1, 2, "x")]), {
    last: 5,
    top: 7,
    layer: 2,
    contiguous: false,
  });
  const loaded = [seg(0, 1, 3), seg(1, 2, 3)];
  const summary = { last: 3, top: 3, layer: 3, contiguous: true };
  deepStrictEqual(summariseSegments(loaded), summary);
  // segments following them: the summary of the whole list, while each starts where all end
  for (const added of [[seg(3, 1, 0), seg(4, 0, 9)], [seg(5, 1, 0)], [seg(3, 2), seg(6, 1)]]) {
    deepStrictEqual(summaryAfter(summary, added), summariseSegments([...loaded, ...added]));
  }
  equal(summaryAfter(summary, [seg(2, 1, 0)]), undefined);
  equal(summaryAfter(summary, [seg(3, 2, 0), seg(4, 1, 0)]), undefined);
  // out of start order (normalise would sort them), a first without a numeric index, odd times
  equal(summariseSegments([seg(2, 1, 0), seg(1, 1, 0)]), undefined);
  equal(summariseSegments([seg(0, -1, 0)]), undefined);
  equal(summariseSegments([seg(0, 1), seg(1, 1, 0)]), undefined);
  equal(summariseSegments([seg(0, NaN, 0)]), undefined);
  equal(summariseSegments([{ target_timerange: { start: "0", duration: 1 } }]), undefined);
  equal(summariseSegments([]), undefined);
  ok(isSegmentsSummary({ last: 1, top: -1, layer: 0, contiguous: false }));
  ok(!isSegmentsSummary({ last: 1, top: -1, layer: 0 }));
  ok(!isSegmentsSummary({ last: "1", top: -1, layer: 0, contiguous: true }));
});
