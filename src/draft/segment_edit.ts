/**
 * Changing segments already on a timeline: move (new start and/or track), remove (with the
 * materials only they used) and the overlap check both share. Every function works on the
 * in-memory draft and throws before the caller saves anything; a value is written only where it
 * changes, so a save keeps every other number's text.
 */
import type { DraftDocument } from "./document.ts";
import type { Material, Segment, Track } from "./model.ts";
import { kindOf, segmentIdsHint } from "./segment_list.ts";
import {
  type DroppedTransition,
  dropStaleTransitions,
  transitionLinks,
} from "./transition_materials.ts";
import { DraftcliError } from "../errors.ts";

/** A segment with its track. */
export interface Located {
  track: Track;
  segment: Segment;
}

const endOf = (s: Segment) => s.target_timerange.start + s.target_timerange.duration;

/** Every segment by id (one pass over the tracks). */
export function segmentIndex(doc: DraftDocument): Map<string, Located> {
  const out = new Map<string, Located>();
  for (const track of doc.tracks) {
    for (const segment of track.segments ?? []) out.set(segment.id, { track, segment });
  }
  return out;
}

/** The segment an input item names, or a `segment_not_found` error naming the field. */
export function locate(
  index: Map<string, Located>,
  id: string,
  field: string,
  draftId: string,
): Located {
  const found = index.get(id);
  if (!found) {
    throw new DraftcliError("segment_not_found", `${field}: no segment '${id}' in the draft`, {
      path: field,
      hint: segmentIdsHint(draftId),
    });
  }
  return found;
}

/** Refuses ids named twice in one call (the second item is named). */
export function refuseDuplicates(ids: readonly string[], field: (i: number) => string): void {
  const seen = new Map<string, number>();
  ids.forEach((id, i) => {
    const first = seen.get(id);
    if (first !== undefined) {
      throw new DraftcliError(
        "invalid_input",
        `${field(i)}: segment '${id}' is already named by item ${first}`,
        { path: field(i), hint: "name each segment once per call" },
      );
    }
    seen.set(id, i);
  });
}

const span = (s: Segment) => `${s.target_timerange.start}–${endOf(s)} µs`;

/**
 * Refuses overlaps on `tracks` that involve a `touched` segment (segments the editor stored
 * overlapping, such as CapCut 1.x overlap transitions, stay as they were). `touched` maps each
 * changed segment to the input path of the item that changed it; the error names that path and
 * both segments.
 */
export function checkOverlaps(
  doc: DraftDocument,
  tracks: Iterable<Track>,
  touched: ReadonlyMap<string, string>,
): void {
  for (const track of new Set(tracks)) {
    const segs = [...track.segments].sort((a, b) =>
      a.target_timerange.start - b.target_timerange.start
    );
    let last: Segment | undefined;
    for (const s of segs) {
      if (s.target_timerange.start < 0) {
        const path = touched.get(s.id);
        throw new DraftcliError(
          "invalid_input",
          `${
            path ? `${path}: ` : ""
          }segment ${s.id} would start before 0 (${s.target_timerange.start} µs)`,
          { path, hint: "give a later start, or move less to the left" },
        );
      }
      if (
        last && s.target_timerange.start < endOf(last) &&
        (touched.has(s.id) || touched.has(last.id))
      ) {
        const t = doc.tracksOf(track.type).indexOf(track);
        const path = touched.get(s.id) ?? touched.get(last.id);
        throw new DraftcliError(
          "invalid_input",
          `${path}: segment ${s.id} (${kindOf(doc, track, s)}, ${
            span(s)
          }) would overlap segment ${last.id} (${kindOf(doc, track, last)}, ${
            span(last)
          }) on ${track.type} track ${t}`,
          {
            path,
            hint: "choose a start after the other segment's end, another track, or --ripple",
          },
        );
      }
      if (!last || endOf(s) > endOf(last)) last = s;
    }
  }
}

/** Sets `obj[key] = value` only when it differs (an unchanged number keeps its text). */
export function setIfChanged(obj: object, key: string, value: unknown): boolean {
  const o = obj as Record<string, unknown>;
  if (o[key] === value) return false;
  o[key] = value;
  return true;
}

/** Moves a segment's start by `delta` µs. */
function shift(segment: Segment, delta: number): void {
  if (delta) {
    setIfChanged(segment.target_timerange, "start", segment.target_timerange.start + delta);
  }
}

/** A move: a new start and/or a target track. */
export interface MoveRequest {
  segmentId: string;
  start?: number;
  trackId?: string;
  trackIndex?: number;
}

/** One move as printed. */
export interface MoveResult {
  segmentId: string;
  trackId: string;
  trackIndex: number;
  start: number;
  end: number;
  shifted: number;
}

/** `track_render_index` a segment moved to `track` takes: the track's, else above all. */
function renderIndexFor(doc: DraftDocument, track: Track, moved: Segment): unknown {
  const other = track.segments.find((s) => s !== moved && s.track_render_index !== undefined);
  if (other) return other.track_render_index;
  let top = -1;
  for (const t of doc.tracks) {
    for (const s of t.segments) {
      const n = Number(s.track_render_index);
      if (s !== moved && Number.isFinite(n)) top = Math.max(top, n);
    }
  }
  return top + 1;
}

/**
 * Moves segments (in item order). With `ripple`, later segments on the source track close the
 * gap and, on another target track, those at or after the new start open one; on the same track
 * the segment and everything after it move together. A track left empty is removed; a
 * transition whose segment no longer touches a next one is detached (`transitionsDropped`).
 */
export function moveSegments(
  doc: DraftDocument,
  moves: readonly MoveRequest[],
  ripple: boolean,
  field = "moves",
): { items: MoveResult[]; removedTracks: string[]; transitionsDropped: DroppedTransition[] } {
  const index = segmentIndex(doc);
  const links = transitionLinks(doc);
  refuseDuplicates(moves.map((m) => m.segmentId), (i) => `${field}[${i}].segmentId`);
  const plans = moves.map((m, i) => {
    const f = `${field}[${i}]`;
    const { track, segment } = locate(index, m.segmentId, `${f}.segmentId`, doc.draftId);
    if (m.start === undefined && m.trackId === undefined && m.trackIndex === undefined) {
      throw new DraftcliError("invalid_input", `${f}: nothing to move`, {
        path: f,
        hint: "give start, trackId or trackIndex",
      });
    }
    if (m.trackId !== undefined && m.trackIndex !== undefined) {
      throw new DraftcliError("invalid_input", `${f}.trackIndex: give trackId or trackIndex`, {
        path: `${f}.trackIndex`,
        hint: "name the target track once",
      });
    }
    let target: Track | "new" = track;
    const same = doc.tracksOf(track.type);
    if (m.trackId !== undefined) {
      const t = doc.tracks.find((x) => x.id === m.trackId);
      if (!t) {
        throw new DraftcliError("invalid_input", `${f}.trackId: no track '${m.trackId}'`, {
          path: `${f}.trackId`,
          hint: "track ids come from 'segments list'",
        });
      }
      target = t;
    } else if (m.trackIndex !== undefined) {
      if (m.trackIndex > same.length) {
        throw new DraftcliError(
          "invalid_input",
          `${f}.trackIndex: ${m.trackIndex} is past the ${same.length} ${track.type} track(s)`,
          {
            path: `${f}.trackIndex`,
            hint: `0..${same.length - 1} for an existing track, ${same.length} for a new one`,
          },
        );
      }
      target = m.trackIndex === same.length ? "new" : same[m.trackIndex];
    }
    if (target !== "new" && target.type !== track.type) {
      throw new DraftcliError(
        "invalid_input",
        `${f}.trackId: track '${target.id}' is a ${target.type} track; segment ${segment.id} belongs on a ${track.type} track`,
        { path: `${f}.trackId`, hint: `pick one of the ${track.type} tracks` },
      );
    }
    const at = m.start !== undefined
      ? `${f}.start`
      : `${f}.${m.trackId ? "trackId" : "trackIndex"}`;
    return { track, segment, target, start: m.start, field: at };
  });
  const touched = new Map<string, string>();
  const tracks = new Set<Track>();
  const out = plans.map(({ track, segment, target, start, field: f }) => {
    const oldStart = segment.target_timerange.start;
    const duration = segment.target_timerange.duration;
    const newStart = start ?? oldStart;
    const to = target === "new" ? doc.addTrack(track.type) : target;
    let shifted = 0;
    if (to === track) {
      const delta = newStart - oldStart;
      if (ripple && delta) {
        for (const s of track.segments) {
          if (s !== segment && s.target_timerange.start > oldStart) {
            shift(s, delta);
            if (!touched.has(s.id)) touched.set(s.id, f);
            shifted++;
          }
        }
      }
      shift(segment, delta);
    } else {
      track.segments.splice(track.segments.indexOf(segment), 1);
      if (ripple) {
        for (const s of track.segments) {
          if (s.target_timerange.start > oldStart) {
            shift(s, -duration);
            if (!touched.has(s.id)) touched.set(s.id, f);
            shifted++;
          }
        }
        for (const s of to.segments) {
          if (s.target_timerange.start >= newStart) {
            shift(s, duration);
            if (!touched.has(s.id)) touched.set(s.id, f);
            shifted++;
          }
        }
      }
      shift(segment, newStart - oldStart);
      to.segments.push(segment);
      setIfChanged(segment, "track_render_index", renderIndexFor(doc, to, segment));
    }
    touched.set(segment.id, f);
    tracks.add(track).add(to);
    return { segment, to, shifted };
  });
  checkOverlaps(doc, tracks, touched);
  const transitionsDropped = dropStaleTransitions(doc, links);
  // a track the moves emptied goes, as the editors drop empty tracks
  const removedTracks: string[] = [];
  for (const { track } of plans) {
    const at = doc.tracks.indexOf(track);
    if (at >= 0 && !track.segments.length) {
      doc.tracks.splice(at, 1);
      removedTracks.push(track.id);
    }
  }
  const items = out.map(({ segment, to, shifted }) => ({
    segmentId: segment.id,
    trackId: to.id,
    trackIndex: doc.tracksOf(to.type).indexOf(to),
    start: segment.target_timerange.start,
    end: endOf(segment),
    shifted,
  }));
  return { items, removedTracks, transitionsDropped };
}

/** What a removal took out. */
export interface RemoveResult {
  removed: { segmentId: string; kind: string; trackId: string }[];
  /** Materials no remaining segment or material names, by list. */
  removedMaterials: Record<string, string[]>;
  /** Tracks the removal left empty (taken out with their last segment). */
  removedTracks: string[];
  /** Segments that moved left to close gaps (`ripple`). */
  shifted: number;
  /** Transitions of remaining segments that no next segment touches any more. */
  transitionsDropped: DroppedTransition[];
}

/** Counts, per id in `ids`, the string values equal to it anywhere under `value`. */
function countRefs(value: unknown, ids: ReadonlySet<string>, counts: Map<string, number>): void {
  if (typeof value === "string") {
    if (ids.has(value)) counts.set(value, (counts.get(value) ?? 0) + 1);
  } else if (Array.isArray(value)) {
    for (const v of value) countRefs(v, ids, counts);
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) countRefs(v, ids, counts);
  }
}

/**
 * Drops the materials among `candidates` that nothing else in the timeline names any more (a
 * material's own `id` does not count); repeats while a drop frees another.
 */
function dropUnused(doc: DraftDocument, candidates: Set<string>): Record<string, string[]> {
  const removed: Record<string, string[]> = {};
  const lists = doc.content.materials ?? {};
  for (let pass = 0; pass < 8 && candidates.size; pass++) {
    const counts = new Map<string, number>();
    for (const [key, value] of Object.entries(doc.content)) {
      if (key !== "materials") countRefs(value, candidates, counts);
    }
    for (const list of Object.values(lists)) {
      if (!Array.isArray(list)) continue;
      for (const m of list) {
        if (!m || typeof m !== "object") continue;
        for (const [key, value] of Object.entries(m)) {
          if (key !== "id") countRefs(value, candidates, counts);
        }
      }
    }
    const unused = new Set([...candidates].filter((id) => !counts.get(id)));
    if (!unused.size) break;
    for (const [name, list] of Object.entries(lists)) {
      if (!Array.isArray(list)) continue;
      const keep = list.filter((m) => {
        const id = (m as Material | null)?.id;
        if (typeof id === "string" && unused.has(id)) {
          const ids = (removed[name] ??= []);
          if (!ids.includes(id)) ids.push(id); // the editors may write one id twice
          return false;
        }
        return true;
      });
      if (keep.length !== list.length) list.splice(0, list.length, ...keep);
    }
    for (const id of unused) candidates.delete(id);
  }
  return removed;
}

/**
 * Removes segments with the materials, transitions, effects and companions (speeds, canvases,
 * animations, …) only they used; keyframes go with their segment. With `ripple`, later segments
 * on the same track move left by the removed lengths before them. A remaining segment's
 * transition is detached when no next segment touches it any more.
 */
export function removeSegments(
  doc: DraftDocument,
  ids: readonly string[],
  ripple: boolean,
  field = "segmentIds",
): RemoveResult {
  const index = segmentIndex(doc);
  const links = transitionLinks(doc);
  refuseDuplicates(ids, (i) => `${field}[${i}]`);
  const found = ids.map((id, i) => locate(index, id, `${field}[${i}]`, doc.draftId));
  const removed = found.map(({ track, segment }) => ({
    segmentId: segment.id,
    kind: kindOf(doc, track, segment),
    trackId: track.id,
  }));
  const candidates = new Set<string>();
  const gone = new Set(found.map((f) => f.segment));
  const byTrack = new Map<Track, Segment[]>();
  for (const { track, segment } of found) {
    candidates.add(segment.material_id);
    for (const ref of segment.extra_material_refs ?? []) candidates.add(String(ref));
    byTrack.set(track, [...(byTrack.get(track) ?? []), segment]);
  }
  let shifted = 0;
  const removedTracks: string[] = [];
  for (const [track, segs] of byTrack) {
    const keep = track.segments.filter((s) => !gone.has(s));
    if (ripple) {
      for (const s of keep) {
        const by = segs
          .filter((r) => r.target_timerange.start < s.target_timerange.start)
          .reduce((sum, r) => sum + r.target_timerange.duration, 0);
        if (by) {
          shift(s, -by);
          shifted++;
        }
      }
    }
    track.segments.splice(0, track.segments.length, ...keep);
    if (!keep.length) {
      doc.tracks.splice(doc.tracks.indexOf(track), 1);
      removedTracks.push(track.id);
    }
  }
  candidates.delete("");
  const removedMaterials = dropUnused(doc, candidates);
  const transitionsDropped = dropStaleTransitions(doc, links);
  return { removed, removedMaterials, removedTracks, shifted, transitionsDropped };
}
