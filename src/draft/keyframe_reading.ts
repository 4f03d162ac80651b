/**
 * What a segment is (by its material's list) and its keyframes in user units: the read side of
 * `segment_keyframes.ts`, without the keyframe writer and the editor prototypes it builds from,
 * so that a list loads neither.
 */
import type { DraftDocument } from "./document.ts";
import type { KeyframeGroup, Material, Segment } from "./model.ts";
import {
  type Easing,
  KEYFRAME_PROPERTIES,
  type KeyframeProperty,
  type SegmentKind,
} from "./keyframe_properties.ts";

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
