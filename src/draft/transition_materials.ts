/** Transitions between adjacent segments (reference §4.9): a material on the left segment. */
import { EDITION_FACTS } from "../editions/profiles.ts";
import { prototype } from "../editions/prototypes.ts";
import type { DraftDocument } from "./document.ts";
import type { Segment, Track, TransitionMaterial } from "./model.ts";
import { newId } from "./ids.ts";
import { nextAdjacent } from "./summary.ts";

/** A resolved transition catalog entry. */
export interface TransitionEntry {
  name: string;
  resourceId: string;
  effectId: string;
  durationUs: number | null;
  isOverlap?: boolean;
}

/**
 * Removes a segment's transition reference(s), and the transition materials themselves unless
 * another segment still uses them (drafts from other tools may share one).
 */
export function removeTransition(doc: DraftDocument, segment: Segment): void {
  const list = doc.materials("transitions");
  const ids = new Set(list.map((m) => m.id));
  const old = segment.extra_material_refs.filter((id) => ids.has(id));
  if (!old.length) return;
  segment.extra_material_refs = segment.extra_material_refs.filter((id) => !old.includes(id));
  const stillUsed = new Set(
    doc.tracks.flatMap((t) => t.segments.flatMap((s) => s.extra_material_refs ?? [])),
  );
  const keep = list.filter((m) => !old.includes(m.id as string) || stillUsed.has(m.id as string));
  list.splice(0, list.length, ...keep);
}

/**
 * Attaches (or replaces) the transition from `left` to the next adjacent segment. The duration
 * is clamped to the shorter neighbour. Returns the material, or undefined when there is no
 * adjacent next segment.
 */
export function attachTransition(
  doc: DraftDocument,
  track: Track,
  left: Segment,
  entry: TransitionEntry,
  duration: number | undefined,
  warn: (m: string) => void,
  field: string,
): TransitionMaterial | undefined {
  const right = nextAdjacent(track, left);
  if (!right) {
    warn(`${field}: no adjacent next item on the same track; transition not added`);
    return undefined;
  }
  const max = Math.min(left.target_timerange.duration, right.target_timerange.duration);
  let d = duration ?? entry.durationUs ?? 500_000;
  if (d > max) {
    warn(`${field}: transition ${d} µs is longer than a neighbouring item; clamped to ${max} µs`);
    d = max;
  }
  removeTransition(doc, left);
  const m: TransitionMaterial = prototype(doc.profile, "transitions");
  const id = m.id = newId();
  m.name = entry.name;
  m.effect_id = EDITION_FACTS[doc.profile.edition].effectIdIsResourceId
    ? entry.resourceId
    : entry.effectId;
  m.resource_id = entry.resourceId;
  m.third_resource_id = entry.resourceId;
  m.duration = d;
  m.is_overlap = entry.isOverlap ?? true;
  m.category_id = "";
  m.category_name = "";
  m.request_id = "";
  m.path = "";
  doc.addMaterial("transitions", m);
  left.extra_material_refs.push(id);
  return m;
}

/**
 * Attaches each placed item's transition (`transitions[i]` for item i, if any) to the next item
 * on its track, once a batch is placed; `field` is the path of the batch's list.
 */
export function attachItemTransitions(
  doc: DraftDocument,
  placed: { i: number; track: Track; seg: Segment }[],
  transitions: (TransitionEntry | undefined)[],
  items: readonly { transitionDuration?: number }[],
  field: string,
  warn: (m: string) => void,
): void {
  for (let k = 0; k < placed.length; k++) {
    const { i, track, seg } = placed[k];
    const entry = transitions[i];
    if (entry) {
      attachTransition(
        doc,
        track,
        seg,
        entry,
        items[i].transitionDuration,
        warn,
        `${field}[${i}].transition`,
      );
    }
  }
}

/** One transition placed between two segments. */
export interface PlacedTransition {
  leftSegmentId: string;
  rightSegmentId: string;
  duration: number;
  materialId: string;
}

/** Is the segment a photo or video clip (its material is in `videos`)? */
function isVisualClip(doc: DraftDocument, segment: Segment): boolean {
  return doc.materials("videos").some((m) => m.id === segment.material_id);
}

/** Adjacent (touching) pairs of photo/video segments on a track, in timeline order. */
export function adjacentPairs(doc: DraftDocument, track: Track): [Segment, Segment][] {
  const segs = [...track.segments].sort(
    (a, b) => a.target_timerange.start - b.target_timerange.start,
  );
  const pairs: [Segment, Segment][] = [];
  for (let i = 0; i + 1 < segs.length; i++) {
    const [a, b] = [segs[i], segs[i + 1]];
    const end = a.target_timerange.start + a.target_timerange.duration;
    if (b.target_timerange.start === end && isVisualClip(doc, a) && isVisualClip(doc, b)) {
      pairs.push([a, b]);
    }
  }
  return pairs;
}

/**
 * Puts the same transition between every adjacent photo/video pair of a track, replacing the
 * transitions already there. Durations are clamped per pair (with a warning).
 */
export function autoTransitions(
  doc: DraftDocument,
  track: Track,
  entry: TransitionEntry,
  duration: number | undefined,
  warn: (m: string) => void,
  field: string,
): PlacedTransition[] {
  const out: PlacedTransition[] = [];
  for (const [left, right] of adjacentPairs(doc, track)) {
    const m = attachTransition(
      doc,
      track,
      left,
      entry,
      duration,
      warn,
      `${field} (${left.id} → ${right.id})`,
    );
    if (!m) continue;
    out.push({
      leftSegmentId: left.id,
      rightSegmentId: right.id,
      duration: m.duration as number,
      materialId: m.id as string,
    });
  }
  return out;
}

/** The transition materials of a draft by id (the list is not created when it is absent). */
function transitionsById(doc: DraftDocument): Map<string, TransitionMaterial> {
  const list = doc.content.materials?.transitions;
  const out = new Map<string, TransitionMaterial>();
  if (!Array.isArray(list)) return out;
  for (const m of list) if (typeof m?.id === "string") out.set(m.id, m);
  return out;
}

/**
 * The segments that carry a transition and touch a next segment on their track. Taken before an
 * edit; `dropStaleTransitions` looks at these again after it.
 */
export function transitionLinks(doc: DraftDocument): Set<Segment> {
  const byId = transitionsById(doc);
  const out = new Set<Segment>();
  if (!byId.size) return out;
  for (const track of doc.tracks) {
    for (const seg of track.segments ?? []) {
      if ((seg.extra_material_refs ?? []).some((id) => byId.has(id)) && nextAdjacent(track, seg)) {
        out.add(seg);
      }
    }
  }
  return out;
}

/** A transition an edit detached because its segment no longer touches a next one. */
export interface DroppedTransition {
  segmentId: string;
  transitionId: string;
  name: string;
}

/**
 * Detaches the transitions of the segments in `before` that no next segment touches after an
 * edit, as the editors drop a transition when its clips part; the material goes unless another
 * segment still uses it. A segment that touches another next segment keeps its transition (it
 * now joins those two, as `transitions list` shows). Segments the edit removed, and transitions
 * that joined nothing before the edit (old CapCut stores overlap transitions on overlapping
 * clips), are left alone.
 */
export function dropStaleTransitions(
  doc: DraftDocument,
  before: ReadonlySet<Segment>,
): DroppedTransition[] {
  if (!before.size) return [];
  const trackOf = new Map<Segment, Track>();
  for (const track of doc.tracks) for (const s of track.segments ?? []) trackOf.set(s, track);
  const byId = transitionsById(doc);
  const out: DroppedTransition[] = [];
  for (const left of before) {
    const track = trackOf.get(left);
    if (!track || nextAdjacent(track, left)) continue;
    for (const id of left.extra_material_refs ?? []) {
      const m = byId.get(id);
      if (m) out.push({ segmentId: left.id, transitionId: id, name: String(m.name ?? "") });
    }
    removeTransition(doc, left);
  }
  return out;
}
