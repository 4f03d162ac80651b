/** Transitions between adjacent segments (reference §4.9): a material on the left segment. */
import { prototype } from "../editions/profiles.ts";
import type { Json } from "../editions/profiles.ts";
import type { DraftDocument, Segment, Track } from "./document.ts";
import { newId } from "./ids.ts";

/** A resolved transition catalog entry. */
export interface TransitionEntry {
  name: string;
  resourceId: string;
  effectId: string;
  durationUs: number | null;
  isOverlap?: boolean;
}

/** The segment right after `segment` on its track when they touch, if any. */
export function nextAdjacent(track: Track, segment: Segment): Segment | undefined {
  const end = segment.target_timerange.start + segment.target_timerange.duration;
  return track.segments.find((s) => s.target_timerange.start === end);
}

/** Removes a segment's transition material (if any). */
export function removeTransition(doc: DraftDocument, segment: Segment): void {
  const list = doc.materials("transitions");
  const ids = new Set(list.map((m) => m.id));
  const old = segment.extra_material_refs.filter((id) => ids.has(id));
  if (!old.length) return;
  segment.extra_material_refs = segment.extra_material_refs.filter((id) => !old.includes(id));
  const keep = list.filter((m) => !old.includes(m.id as string));
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
): Json | undefined {
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
  const m = prototype(doc.edition, "transitions");
  m.id = newId();
  m.name = entry.name;
  m.effect_id = entry.effectId;
  m.resource_id = entry.resourceId;
  m.third_resource_id = entry.resourceId;
  m.duration = d;
  m.is_overlap = entry.isOverlap ?? true;
  m.category_id = "";
  m.category_name = "";
  m.request_id = "";
  m.path = "";
  doc.addMaterial("transitions", m);
  left.extra_material_refs.push(m.id as string);
  return m;
}
