/**
 * The keyframe properties users name, per property its stored types, value range and the segment
 * kinds it applies to, and the easing names (draft-format.md §5). Data only, so that input
 * validation loads it without the keyframe writer (segment_keyframes.ts).
 */

/** Keyframe properties users name. */
export const KEYFRAME_PROPERTIES = [
  "position_x",
  "position_y",
  "scale_x",
  "scale_y",
  "uniform_scale",
  "rotation",
  "opacity",
  "volume",
] as const;

/** A keyframe property users name. */
export type KeyframeProperty = typeof KEYFRAME_PROPERTIES[number];

/** What a segment is, as far as keyframes care. */
export type SegmentKind = "video" | "photo" | "text" | "sticker" | "audio" | "other";

/** Per property: stored types, value range and the segment kinds it applies to. */
export const PROPERTY_INFO: Readonly<
  Record<KeyframeProperty, {
    types: readonly string[];
    min: number;
    max: number;
    /** Is `min` itself excluded (scale factors must be > 0)? */
    minExclusive?: boolean;
    unit: string;
    kinds: readonly SegmentKind[];
  }>
> = {
  position_x: {
    types: ["KFTypePositionX"],
    min: -100,
    max: 100,
    unit: "horizontal centre, half canvas widths from the centre (-1 left edge, 1 right edge)",
    kinds: ["video", "photo", "text", "sticker"],
  },
  position_y: {
    types: ["KFTypePositionY"],
    min: -100,
    max: 100,
    unit: "vertical centre, half canvas heights from the centre (-1 bottom edge, 1 top edge)",
    kinds: ["video", "photo", "text", "sticker"],
  },
  scale_x: {
    types: ["KFTypeScaleX"],
    min: 0,
    minExclusive: true,
    max: 100,
    unit: "horizontal scale factor, 1 = default size (turns uniform scale off)",
    kinds: ["video", "photo", "text", "sticker"],
  },
  scale_y: {
    types: ["KFTypeScaleY"],
    min: 0,
    minExclusive: true,
    max: 100,
    unit: "vertical scale factor, 1 = default size (turns uniform scale off)",
    kinds: ["video", "photo", "text", "sticker"],
  },
  uniform_scale: {
    types: ["KFTypeScaleX", "KFTypeScaleY"],
    min: 0,
    minExclusive: true,
    max: 100,
    unit: "scale factor for both axes, 1 = default size",
    kinds: ["video", "photo", "text", "sticker"],
  },
  rotation: {
    types: ["KFTypeRotation"],
    min: -3600,
    max: 3600,
    unit: "degrees clockwise",
    kinds: ["video", "photo", "text", "sticker"],
  },
  opacity: {
    types: ["KFTypeAlpha"],
    min: 0,
    max: 1,
    unit: "opacity 0..1 (video and photo segments)",
    kinds: ["video", "photo"],
  },
  volume: {
    types: ["KFTypeVolume"],
    min: 0,
    max: 10,
    unit: "volume, 1 = 100 %, 0 = mute (audio and video segments)",
    kinds: ["audio", "video"],
  },
};

/**
 * Easing names → the editors' `curveType`. `Line` is the only curve seen in editor-saved files
 * and what the libraries write; `Hold` and `Smooth` are documented by capcut-cli's docs only.
 */
export const EASINGS = { linear: "Line", hold: "Hold", smooth: "Smooth" } as const;

/** An easing name. */
export type Easing = keyof typeof EASINGS;
