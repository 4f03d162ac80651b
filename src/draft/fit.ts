/**
 * Fitting a video/audio segment to a replacement file of another length (`draft fill --fit`):
 * trim (the default: the segment keeps its range, the file must cover it), loop (the file
 * repeats in consecutive segments that share its material), stretch (the speed changes so the
 * whole file plays in the segment) or extend (the segment takes the file's length). Pure.
 */
import { prototype } from "../editions/prototypes.ts";
import type { DraftDocument } from "./document.ts";
import type { KeyframeGroup, Segment, SpeedMaterial, Track } from "./model.ts";
import { newId } from "./ids.ts";
import { DraftcliError } from "../errors.ts";
import { type FitMode, MAX_LOOP_PASSES, MAX_SPEED, MIN_SPEED } from "./fit_modes.ts";

export type { FitMode };

/** What fitting did to one segment. */
export interface FitOutcome {
  segmentId: string;
  fit: FitMode | "trim";
  /** Timeline duration afterwards (of all pieces together for loop). */
  duration: number;
  speed?: number;
  /** loop: ids of every piece in timeline order (the first is the original segment). */
  pieces?: string[];
}

/** The new file and where the request came from (for messages). */
export interface FitFile {
  durationUs: number;
  fileName: string;
  /** Input path of the request, e.g. `media.intro.mp4`. */
  path: string;
}

const HINT = "pass a file at least that long, or say how to fit it: --fit loop (repeat it), " +
  "--fit stretch (change its speed to fill the segment) or --fit extend (make the segment as " +
  "long as the file)";

const end = (r: { start: number; duration: number }) => r.start + r.duration;

/** Fits one segment of a replaced material to the new file (see the module doc). */
export function fitSegment(
  doc: DraftDocument,
  track: Track,
  seg: Segment,
  file: FitFile,
  mode: FitMode | undefined,
  warn: (m: string) => void,
): FitOutcome {
  const frame = 1e6 / doc.fps;
  const target = seg.target_timerange;
  const source = seg.source_timerange ?? { start: 0, duration: target.duration };
  const speed = Number(seg.speed) || 1;
  const covered = end(source) <= file.durationUs + frame;
  if (mode === "stretch") return stretch(doc, seg, file, warn);
  if (mode === "extend") return extend(doc, track, seg, file, warn);
  if (covered) {
    return { segmentId: seg.id, fit: mode ?? "trim", duration: target.duration, speed };
  }
  if (mode === "loop") return loop(doc, track, seg, file, warn);
  throw new DraftcliError(
    "media_error",
    `${file.path}: segment ${seg.id} lasts ${target.duration} µs on the timeline and plays ` +
      `${source.duration} µs of its file from ${source.start} µs (to ${end(source)} µs), ` +
      `but ${file.fileName} is only ${file.durationUs} µs long`,
    { path: file.path, hint: HINT },
  );
}

/** The segment's own speed material (editors give every segment one), if any. */
function speedMaterial(doc: DraftDocument, seg: Segment): SpeedMaterial | undefined {
  return seg.extra_material_refs.map((id) => doc.materialIn("speeds", id)).find(Boolean);
}

function stretch(doc: DraftDocument, seg: Segment, file: FitFile, warn: (m: string) => void) {
  const duration = seg.target_timerange.duration;
  const speed = file.durationUs / duration;
  if (speed < MIN_SPEED || speed > MAX_SPEED) {
    throw new DraftcliError(
      "media_error",
      `${file.path}: stretching ${file.fileName} (${file.durationUs} µs) over segment ${seg.id} ` +
        `(${duration} µs) needs speed ${speed.toFixed(3)}, outside ${MIN_SPEED}–${MAX_SPEED}`,
      { path: file.path, hint: "use --fit loop or --fit extend, or a file of closer length" },
    );
  }
  seg.speed = speed;
  seg.source_timerange = { duration: file.durationUs, start: 0 };
  let m = speedMaterial(doc, seg);
  if (!m && doc.hasList("speeds")) {
    m = prototype(doc.profile, "speeds");
    const id = m.id = newId();
    doc.addMaterial("speeds", m);
    seg.extra_material_refs.push(id);
  }
  if (m) {
    m.speed = speed;
    if (m.curve_speed != null || (m.mode !== undefined && m.mode !== 0)) {
      warn(`${file.path}: segment ${seg.id} had a speed curve; it now plays at a constant speed`);
      m.mode = 0;
      m.curve_speed = null;
    }
  }
  return { segmentId: seg.id, fit: "stretch" as const, duration, speed };
}

function extend(
  doc: DraftDocument,
  track: Track,
  seg: Segment,
  file: FitFile,
  warn: (m: string) => void,
): FitOutcome {
  const speed = Number(seg.speed) || 1;
  const target = seg.target_timerange;
  const duration = Math.max(1, Math.round(file.durationUs / speed));
  const range = { start: target.start, duration };
  const hit = track.segments.find((s) =>
    s !== seg && s.target_timerange.start < end(range) && end(s.target_timerange) > range.start
  );
  if (hit) {
    throw new DraftcliError(
      "media_error",
      `${file.path}: extending segment ${seg.id} to ${duration} µs (the length of ` +
        `${file.fileName}) would overlap segment ${hit.id} (from ${hit.target_timerange.start} µs) ` +
        "on the same track",
      {
        path: file.path,
        hint: `move or shorten segment ${hit.id} first, or use --fit loop or --fit stretch`,
      },
    );
  }
  const isMain = track.type === "video" && doc.tracksOf("video")[0] === track;
  if (
    isMain && duration < target.duration && track.segments.some((s) =>
      s !== seg &&
      s.target_timerange.start >= end(target)
    )
  ) {
    warn(
      `${file.path}: segment ${seg.id} is now shorter and leaves a gap on the main track; ` +
        "the editor's main-track magnet closes it by moving the later segments",
    );
  }
  const late = (seg.common_keyframes ?? [])
    .flatMap((g) => g.keyframe_list ?? [])
    .filter((k) => Number(k.time_offset) > duration).length;
  if (late) warn(`${file.path}: ${late} keyframe(s) of segment ${seg.id} now lie past its end`);
  seg.target_timerange = range;
  seg.source_timerange = { duration: file.durationUs, start: 0 };
  fitAnimations(doc, seg, duration, true, true);
  return { segmentId: seg.id, fit: "extend", duration, speed };
}

/** Keeps the animations one piece of a segment should have, placed for its new length. */
function fitAnimations(
  doc: DraftDocument,
  seg: Segment,
  duration: number,
  first: boolean,
  last: boolean,
) {
  for (const id of seg.extra_material_refs) {
    const c = doc.materialIn("material_animations", id);
    if (!c || !Array.isArray(c.animations)) continue;
    // in, group (combo) and loop stay on the first piece
    const kept = c.animations.filter((a) => a.type === "out" ? last : first);
    c.animations = kept;
    for (const a of kept) {
      a.duration = Math.min(Number(a.duration), duration);
      if (a.type === "out") a.start = duration - Number(a.duration);
      else if (a.type === "group") a.duration = duration;
      else if (Number(a.start) + Number(a.duration) > duration) {
        a.start = Math.max(0, duration - Number(a.duration));
      }
    }
  }
}

/** A copy of a segment with its own id and its own copies of its companion materials. */
function cloneSegment(doc: DraftDocument, seg: Segment, skip: Set<string>): Segment {
  const copy = structuredClone(seg) as Segment;
  copy.id = newId();
  copy.extra_material_refs = seg.extra_material_refs.filter((id) => !skip.has(id)).map((id) => {
    const found = doc.findMaterial(id);
    if (!found) return id;
    const m = structuredClone(found.material);
    m.id = newId();
    return doc.addMaterial(found.list, m);
  });
  return copy;
}

/** Keyframes of `[from, to)` of a segment, shifted to start at 0, with fresh ids. */
function keyframesIn(
  groups: KeyframeGroup[],
  from: number,
  to: number,
  fresh: boolean,
): KeyframeGroup[] {
  return groups.map((g) => {
    const list = (g.keyframe_list ?? [])
      .filter((k) => Number(k.time_offset) >= from && Number(k.time_offset) < to)
      .map((k) => ({
        ...k,
        id: fresh ? newId() : k.id,
        time_offset: Number(k.time_offset) - from,
      }));
    return { ...g, id: fresh ? newId() : g.id, keyframe_list: list };
  }).filter((g) => g.keyframe_list.length);
}

function loop(
  doc: DraftDocument,
  track: Track,
  seg: Segment,
  file: FitFile,
  warn: (m: string) => void,
): FitOutcome {
  const frame = 1e6 / doc.fps;
  const speed = Number(seg.speed) || 1;
  const { start, duration } = seg.target_timerange;
  const period = file.durationUs / speed; // timeline length of one pass of the file
  const passes = Math.ceil(duration / period);
  if (!(passes <= MAX_LOOP_PASSES)) {
    throw new DraftcliError(
      "media_error",
      `${file.path} (${file.durationUs} µs) would repeat ${passes} times to fill segment ` +
        `${seg.id} (${duration} µs); at most ${MAX_LOOP_PASSES} passes are made`,
      { hint: "use a longer file, or another --fit (stretch or extend)" },
    );
  }
  const bounds: number[] = [];
  for (let k = 0; Math.round(k * period) < duration; k++) bounds.push(Math.round(k * period));
  if (bounds.length > 1 && duration - bounds[bounds.length - 1] < frame) bounds.pop(); // no sliver
  bounds.push(duration);
  const transitions = new Set(
    seg.extra_material_refs.filter((id) => doc.materialIn("transitions", id)),
  );
  const groups = seg.common_keyframes ?? [];
  if (groups.some((g) => (g.keyframe_list ?? []).length)) {
    warn(`${file.path}: segment ${seg.id} is looped; its keyframes go to the pass they fall in`);
  }
  const fades = seg.extra_material_refs.map((id) => doc.materialIn("audio_fades", id))
    .find(Boolean);
  const fadeIn = Number(fades?.fade_in_duration ?? 0);
  const fadeOut = Number(fades?.fade_out_duration ?? 0);
  // Clone every pass from the untouched segment first, then fit each pass.
  const pieces: Segment[] = bounds.slice(0, -1).map((_, k) =>
    k === 0 ? seg : cloneSegment(doc, seg, transitions)
  );
  for (const [k, piece] of pieces.entries()) {
    const length = bounds[k + 1] - bounds[k];
    const first = k === 0;
    const last = k + 2 === bounds.length;
    piece.target_timerange = { duration: length, start: start + bounds[k] };
    piece.source_timerange = {
      duration: Math.min(file.durationUs, Math.round(length * speed)),
      start: 0,
    };
    piece.common_keyframes = keyframesIn(
      groups,
      bounds[k],
      last ? Infinity : bounds[k + 1],
      !first,
    );
    fitAnimations(doc, piece, length, first, last);
    for (const id of piece.extra_material_refs) {
      const f = doc.materialIn("audio_fades", id);
      if (!f) continue;
      f.fade_in_duration = first ? Math.min(fadeIn, length) : 0;
      f.fade_out_duration = last ? Math.min(fadeOut, length) : 0;
    }
  }
  // A transition joins the segment to the next one: it now leaves from the last pass.
  const lastPiece = pieces[pieces.length - 1];
  if (lastPiece !== seg) {
    seg.extra_material_refs = seg.extra_material_refs.filter((id) => !transitions.has(id));
    lastPiece.extra_material_refs.push(...transitions);
    track.segments.push(...pieces.slice(1));
  }
  return {
    segmentId: seg.id,
    fit: "loop",
    duration,
    speed,
    pieces: pieces.map((p) => p.id),
  };
}
