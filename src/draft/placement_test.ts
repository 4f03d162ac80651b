import { deepStrictEqual as assertEquals } from "node:assert/strict";
import fc from "fast-check";
import { fitsOn, keepsMainTrackContiguous, placeSegment } from "./segment_builders.ts";
import { DraftDocument, type Segment, type Track } from "./document.ts";
import { overlaps, type TimeRange } from "./time.ts";
import { findProfile } from "../editions/profiles.ts";

// The plain O(n) definitions the indexed versions must agree with.
function naiveFits(track: Track, range: TimeRange): boolean {
  return !track.segments.some((s) => overlaps(s.target_timerange, range));
}
function naiveContiguous(track: Track, range: TimeRange): boolean {
  const ranges = [...track.segments.map((s) => s.target_timerange), range]
    .sort((a, b) => a.start - b.start);
  let t = 0;
  for (const r of ranges) {
    if (r.start !== t) return false;
    t = r.start + r.duration;
  }
  return true;
}

const range = fc.record({
  start: fc.integer({ min: 0, max: 40 }),
  duration: fc.integer({ min: 0, max: 12 }),
});

function trackOf(ranges: TimeRange[]): Track {
  return {
    id: "T",
    type: "video",
    segments: ranges.map((r, i) =>
      ({ id: `S${i}`, target_timerange: { ...r } }) as unknown as Segment
    ),
  };
}

Deno.test("indexed fitsOn / keepsMainTrackContiguous agree with the plain definitions", () => {
  fc.assert(
    fc.property(
      fc.array(range, { maxLength: 12 }),
      fc.boolean(),
      fc.array(range, { minLength: 1, maxLength: 12 }),
      (existing, contiguousBase, probes) => {
        // Half the time a realistic main track: contiguous from 0, maybe with one gap.
        let ranges = existing;
        if (contiguousBase) {
          let t = 0;
          ranges = existing.map((r) => {
            const out = { start: t, duration: Math.max(1, r.duration) };
            t += out.duration + (r.start % 7 === 0 ? 3 : 0);
            return out;
          });
        }
        const track = trackOf(ranges);
        for (const p of probes) {
          const copy = trackOf(ranges);
          assertEquals(fitsOn(track, p), naiveFits(copy, p), JSON.stringify({ ranges, p }));
          assertEquals(
            keepsMainTrackContiguous(track, p),
            naiveContiguous(copy, p),
            JSON.stringify({ ranges, p }),
          );
        }
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("materialIn follows appends, removals, insertions and replaced lists", () => {
  const profile = findProfile("jianying");
  const doc = new DraftDocument({
    dir: "/x",
    draftId: "x",
    edition: "jianying",
    profile,
    content: { materials: {}, tracks: [] },
    meta: {},
  });
  const list = doc.materials("texts");
  for (let i = 0; i < 5; i++) doc.addMaterial("texts", { id: `m${i}` });
  assertEquals(doc.materialIn("texts", "m3")?.id, "m3");
  assertEquals(doc.materialIn("texts", "nope"), undefined);
  list.push({ id: "m5" });
  assertEquals(doc.materialIn("texts", "m5")?.id, "m5");
  list.splice(1, 1); // remove m1
  assertEquals(doc.materialIn("texts", "m1"), undefined);
  assertEquals(doc.materialIn("texts", "m4")?.id, "m4");
  list.splice(2, 0, { id: "mid" }); // insert in the middle
  assertEquals(doc.materialIn("texts", "mid")?.id, "mid");
  doc.content.materials!.texts = [{ id: "fresh" }];
  assertEquals(doc.materialIn("texts", "fresh")?.id, "fresh");
  assertEquals(doc.materialIn("texts", "m0"), undefined);
  assertEquals(doc.findMaterial("fresh")?.list, "texts");
});

Deno.test("placeSegment puts segments where the plain first-fit rule would", () => {
  fc.assert(
    fc.property(
      fc.array(range, { minLength: 1, maxLength: 40 }),
      fc.boolean(),
      (ranges, sorted) => {
        const input = sorted ? [...ranges].sort((a, b) => a.start - b.start) : ranges;
        const doc = new DraftDocument({
          dir: "/x",
          draftId: "x",
          edition: "jianying",
          profile: findProfile("jianying"),
          content: { materials: {}, tracks: [] },
          meta: {},
        });
        // The model: lists of ranges per video track, first fit, main track contiguous from 0.
        const model: TimeRange[][] = [];
        input.forEach((r, n) => {
          const seg = { id: `S${n}`, target_timerange: { ...r } } as unknown as Segment;
          const track = placeSegment(doc, "video", seg);
          const got = doc.tracksOf("video").indexOf(track);
          let want = model.findIndex((rs, i) =>
            naiveFits(trackOf(rs), r) && (i !== 0 || naiveContiguous(trackOf(rs), r))
          );
          if (want < 0) {
            if (model.length === 0 && r.start !== 0) model.push([]);
            model.push([]);
            want = model.length - 1;
          }
          model[want].push({ ...r });
          assertEquals(got, want, JSON.stringify({ input, n }));
        });
        const sortedRanges = (rs: TimeRange[]) => [...rs].sort((a, b) => a.start - b.start);
        assertEquals(
          doc.tracksOf("video").map((t) => t.segments.map((s) => s.target_timerange)),
          model.map(sortedRanges),
        );
      },
    ),
    { numRuns: 300 },
  );
});
