import { deepStrictEqual as assertEquals, ok as assert, throws } from "node:assert/strict";
import { fitSegment } from "./fit.ts";
import { DraftDocument, type Segment, type Track } from "./document.ts";
import { findProfile } from "../editions/profiles.ts";
import { DraftcliError } from "../errors.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** A 30 fps draft with one video segment (its speed material "sp", keyframes as given). */
function draft(seg: { duration: number; speed?: number; source?: Json; keyframes?: number[] }) {
  const speed = seg.speed ?? 1;
  const segment = {
    id: "S",
    material_id: "M",
    speed,
    target_timerange: { start: 1_000_000, duration: seg.duration },
    source_timerange: seg.source ?? { start: 0, duration: Math.round(seg.duration * speed) },
    extra_material_refs: ["sp"],
    common_keyframes: seg.keyframes
      ? [{
        id: "K",
        property_type: "KFTypeAlpha",
        keyframe_list: seg.keyframes.map((t, i) => ({ id: `k${i}`, time_offset: t, values: [i] })),
      }]
      : [],
  } as unknown as Segment;
  const track = { id: "T", type: "video", segments: [segment] } as Track;
  const doc = new DraftDocument({
    dir: "/x",
    draftId: "x",
    edition: "capcut",
    profile: findProfile("capcut"),
    content: {
      fps: 30,
      tracks: [track],
      materials: {
        videos: [{ id: "M", type: "video" }],
        speeds: [{ id: "sp", type: "speed", mode: 0, speed, curve_speed: null }],
      },
    },
    meta: {},
  });
  return { doc, track, segment };
}

const file = (durationUs: number) => ({ durationUs, fileName: "new.mp4", path: "media.old" });
const noWarn = (m: string) => {
  throw new Error(`unexpected warning: ${m}`);
};

Deno.test("fit loop at speed 2: passes of one file each, keyframes go to the pass they fall in", () => {
  const warnings: string[] = [];
  const { doc, track, segment } = draft({
    duration: 3_000_000,
    speed: 2,
    keyframes: [0, 1_500_000, 2_900_000],
  });
  const out = fitSegment(doc, track, segment, file(2_000_000), "loop", (m) => warnings.push(m));
  assertEquals(out.pieces!.length, 3);
  const pieces = out.pieces!.map((id) => track.segments.find((s) => s.id === id)!);
  assertEquals(pieces.map((p) => p.target_timerange.start), [1_000_000, 2_000_000, 3_000_000]);
  assertEquals(
    pieces.map((p) => p.source_timerange),
    Array(3).fill({ start: 0, duration: 2_000_000 }),
  );
  assertEquals(
    pieces.map((p) => p.common_keyframes?.map((g) => g.keyframe_list?.map((k) => k.time_offset))),
    [[[0]], [[500_000]], [[900_000]]],
  );
  // every pass has its own speed material at speed 2
  const speeds = pieces.map((p) => doc.materialIn("speeds", p.extra_material_refs[0]));
  assertEquals(new Set(speeds.map((m) => m?.id)).size, 3);
  assert(speeds.every((m) => m?.speed === 2));
  assertEquals(warnings.length, 1);
});

Deno.test("fit loop: a tail shorter than a frame joins the previous pass", () => {
  const { doc, track, segment } = draft({ duration: 3_010_000 });
  const out = fitSegment(doc, track, segment, file(1_000_000), "loop", noWarn);
  const pieces = out.pieces!.map((id) => track.segments.find((s) => s.id === id)!);
  assertEquals(pieces.map((p) => p.target_timerange.duration), [1_000_000, 1_000_000, 1_010_000]);
  assertEquals(pieces[2].source_timerange, { start: 0, duration: 1_000_000 });
});

Deno.test("fit loop / trim: a file that covers the source range changes nothing", () => {
  for (const mode of ["loop", undefined] as const) {
    const { doc, track, segment } = draft({ duration: 2_000_000 });
    const before = structuredClone(doc.content);
    const out = fitSegment(doc, track, segment, file(5_000_000), mode, noWarn);
    assertEquals(out.fit, mode ?? "trim");
    assertEquals(doc.content, before);
  }
});

Deno.test("trim: a file too short for the source range names the segment and both lengths", () => {
  const { doc, track, segment } = draft({
    duration: 2_000_000,
    source: { start: 3_000_000, duration: 2_000_000 },
  });
  throws(
    () => fitSegment(doc, track, segment, file(4_000_000), undefined, noWarn),
    (e: unknown) =>
      e instanceof DraftcliError && e.code === "media_error" && e.path === "media.old" &&
      /segment S lasts 2000000 µs .* from 3000000 µs .* 4000000 µs long/.test(e.message) &&
      /--fit loop/.test(e.hint ?? ""),
  );
});

Deno.test("fit stretch: a speed curve becomes a constant speed (with a warning)", () => {
  const warnings: string[] = [];
  const { doc, track, segment } = draft({ duration: 2_000_000 });
  const m = doc.materialIn("speeds", "sp")!;
  m.mode = 1;
  m.curve_speed = { speed_points: [] };
  const out = fitSegment(doc, track, segment, file(5_000_000), "stretch", (w) => warnings.push(w));
  assertEquals([out.speed, segment.speed, m.speed, m.mode, m.curve_speed], [
    2.5,
    2.5,
    2.5,
    0,
    null,
  ]);
  assertEquals(segment.source_timerange, { start: 0, duration: 5_000_000 });
  assert(/speed curve/.test(warnings.join()));
});

Deno.test("fit extend: the timeline length follows the file at the segment's speed", () => {
  const warnings: string[] = [];
  const { doc, track, segment } = draft({
    duration: 2_000_000,
    speed: 2,
    keyframes: [0, 1_800_000],
  });
  const out = fitSegment(doc, track, segment, file(3_000_000), "extend", (w) => warnings.push(w));
  assertEquals(out.duration, 1_500_000);
  assertEquals(segment.target_timerange, { start: 1_000_000, duration: 1_500_000 });
  assertEquals(segment.source_timerange, { start: 0, duration: 3_000_000 });
  assert(/1 keyframe\(s\) .* past its end/.test(warnings.join()), warnings.join());
});

Deno.test("fit loop: more than 10,000 passes is a media_error, counted before any is built", () => {
  const { doc, track, segment } = draft({ duration: 86_400_000_000 });
  const started = performance.now();
  throws(
    () => fitSegment(doc, track, segment, file(40_000), "loop", noWarn),
    (e: DraftcliError) =>
      e.code === "media_error" &&
      /would repeat 2160000 times .* at most 10000 passes/.test(e.message),
  );
  assert(performance.now() - started < 1000);
  assertEquals(track.segments.length, 1, "nothing was built");
});
