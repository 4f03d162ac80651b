/**
 * Keyframes on a segment (draft-format.md §5): `segment.common_keyframes` holds one entry per
 * `property_type`, each with a `keyframe_list` sorted by `time_offset` (µs from the segment
 * start). Values are stored in the same units as the segment's static fields, so user units and
 * stored units are the same: positions like `clip.transform` (half canvas, y up), scale factors,
 * degrees clockwise, opacity 0..1, volume 1 = 100 %.
 */
import { prototype } from "../editions/prototypes.ts";
import type { DraftDocument } from "./document.ts";
import type { Keyframe, KeyframeGroup, Material, Segment } from "./model.ts";
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

/** One keyframe in user units, as `keyframes list` shows it. */
export interface KeyframeView {
  /** A KeyframeProperty, or the raw property_type for kinds draftcli does not name. */
  property: string;
  propertyType: string;
  offset: number;
  value: number;
  /** An Easing name, or the raw curveType when it is none of them. */
  easing: string;
  keyframeId: string;
}

/** The kind of a segment, from the list its material is in (and the photo/video type). */
export function segmentKind(doc: DraftDocument, segment: Segment): SegmentKind {
  return materialKind(doc.findMaterial(segment.material_id)) ?? "other";
}

/**
 * The kind of segment a material found in list `list` makes (a photo or a video by its type);
 * undefined for a material of another list, or none.
 */
export function materialKind(
  found: { list: string; material: Material } | undefined,
): Exclude<SegmentKind, "other"> | undefined {
  switch (found?.list) {
    case "videos":
      return found.material.type === "photo" ? "photo" : "video";
    case "texts":
      return "text";
    case "stickers":
      return "sticker";
    case "audios":
      return "audio";
    default:
      return undefined;
  }
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

const NAME_OF: Readonly<Record<string, KeyframeProperty>> = {
  KFTypePositionX: "position_x",
  KFTypePositionY: "position_y",
  KFTypeScaleX: "scale_x",
  KFTypeScaleY: "scale_y",
  KFTypeRotation: "rotation",
  KFTypeAlpha: "opacity",
  KFTypeVolume: "volume",
};

const EASING_OF: Readonly<Record<string, Easing>> = {
  Line: "linear",
  Hold: "hold",
  Smooth: "smooth",
};

/**
 * A segment's keyframes in user units, sorted by property then offset. With the uniform-scale
 * lock on, an X scale keyframe with a Y twin (same offset and value) reads as `uniform_scale`
 * and the twin is folded into it; one without stays `scale_x`.
 */
export function readKeyframes(segment: Segment): KeyframeView[] {
  const entries: KeyframeGroup[] = Array.isArray(segment.common_keyframes)
    ? segment.common_keyframes
    : [];
  const uniform = segment.uniform_scale?.on !== false;
  const at = (type: string) => {
    const values = new Map<number, number>();
    if (!uniform) return values;
    for (const e of entries.filter((e) => e.property_type === type)) {
      for (const k of e.keyframe_list ?? []) {
        values.set(Number(k.time_offset), Number(k.values?.[0]));
      }
    }
    return values;
  };
  const xAt = at("KFTypeScaleX");
  const yAt = at("KFTypeScaleY");
  const out: KeyframeView[] = [];
  for (const e of entries) {
    const type = String(e.property_type);
    for (const k of e.keyframe_list ?? []) {
      const offset = Number(k.time_offset);
      const value = Number(k.values?.[0]);
      let property: string = NAME_OF[type] ?? type;
      if (uniform && type === "KFTypeScaleX" && yAt.get(offset) === value) {
        property = "uniform_scale";
      }
      if (uniform && type === "KFTypeScaleY" && xAt.get(offset) === value) continue;
      out.push({
        property,
        propertyType: type,
        offset,
        value,
        easing: EASING_OF[String(k.curveType)] ?? String(k.curveType),
        keyframeId: String(k.id),
      });
    }
  }
  const order = (p: string) => {
    const i = (KEYFRAME_PROPERTIES as readonly string[]).indexOf(p);
    return i < 0 ? KEYFRAME_PROPERTIES.length : i;
  };
  return out.sort((a, b) => order(a.property) - order(b.property) || a.offset - b.offset);
}
