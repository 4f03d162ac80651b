/**
 * Keyframes on a segment (draft-format.md §5): `segment.common_keyframes` holds one entry per
 * `property_type`, each with a `keyframe_list` sorted by `time_offset` (µs from the segment
 * start). Values are stored in the same units as the segment's static fields, so user units and
 * stored units are the same: positions like `clip.transform` (half canvas, y up), scale factors,
 * degrees clockwise, opacity 0..1, volume 1 = 100 %. This module writes them; reading them back
 * (and a segment's kind) is in keyframe_reading.ts.
 */
import { prototype } from "../editions/prototypes.ts";
import type { DraftDocument } from "./document.ts";
import type { Keyframe, Segment } from "./model.ts";
import { newId } from "./ids.ts";
import {
  type Easing,
  EASINGS,
  KEYFRAME_PROPERTIES,
  type KeyframeProperty,
  PROPERTY_INFO,
  type SegmentKind,
} from "./keyframe_properties.ts";

// The property data lives in keyframe_properties.ts (input validation loads it alone).
export { EASINGS, KEYFRAME_PROPERTIES, PROPERTY_INFO };
export type { Easing, KeyframeProperty, SegmentKind };

/** One keyframe to set. */
export interface KeyframeInput {
  property: KeyframeProperty;
  /** µs from the segment start. */
  offset: number;
  value: number;
  easing?: Easing;
}

/** Property names that apply to a segment kind. */
export function propertiesFor(kind: SegmentKind): KeyframeProperty[] {
  return KEYFRAME_PROPERTIES.filter((p) => PROPERTY_INFO[p].kinds.includes(kind));
}

/** The keyframe list of a segment's `type` entry (entry and list made when missing). */
function keyframesFor(doc: DraftDocument, segment: Segment, type: string): Keyframe[] {
  const list = Array.isArray(segment.common_keyframes)
    ? segment.common_keyframes
    : (segment.common_keyframes = []);
  let entry = list.find((k) => k.property_type === type);
  if (!entry) {
    entry = prototype(doc.profile, "common_keyframe");
    entry.id = newId();
    entry.keyframe_list = [];
    entry.material_id = "";
    entry.property_type = type;
    list.push(entry);
  }
  if (!Array.isArray(entry.keyframe_list)) entry.keyframe_list = [];
  return entry.keyframe_list;
}

/**
 * Sets one keyframe (replacing a keyframe of the same property at the same offset); returns the
 * ids of the keyframes written (two for `uniform_scale`: the X and Y lists).
 */
export function setKeyframe(doc: DraftDocument, segment: Segment, kf: KeyframeInput): string[] {
  const info = PROPERTY_INFO[kf.property];
  const ids: string[] = [];
  for (const type of info.types) {
    const list = keyframesFor(doc, segment, type);
    let item = list.find((k) => k.time_offset === kf.offset);
    if (!item) {
      item = prototype(doc.profile, "keyframe");
      item.id = newId();
      list.push(item);
    }
    item.curveType = EASINGS[kf.easing ?? "linear"];
    item.graphID = "";
    item.left_control = { x: 0.0, y: 0.0 };
    item.right_control = { x: 0.0, y: 0.0 };
    item.string_value = "";
    item.time_offset = kf.offset;
    item.values = [kf.value];
    list.sort((a, b) => Number(a.time_offset) - Number(b.time_offset));
    ids.push(item.id as string);
  }
  if (kf.property === "scale_x" || kf.property === "scale_y") {
    // Separate X/Y scale keyframes need the uniform-scale lock off (reference §5).
    const u = segment.uniform_scale;
    if (u && typeof u === "object") u.on = false;
    else segment.uniform_scale = { on: false, value: 1.0 };
  }
  return ids;
}
