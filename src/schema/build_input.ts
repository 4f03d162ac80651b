/**
 * The spec of `draftcli build`: one JSON object for a whole video. Its item lists reuse the add
 * commands' item schemas unchanged, keyed by the command's name; any item may carry `ref`, and
 * items that target a segment may name it by `segmentRef` instead of `segmentId`.
 */
import { z } from "zod";
import { AudioInfo, CaptionInfo, ImageInfo } from "./media_items.ts";
import {
  EffectInfo,
  FilterInfo,
  maskFields,
  segmentIdSchema,
  stickerFields,
  VideoInfo,
} from "./visual_items.ts";
import { keyframeFields } from "./keyframe_input.ts";
import { checkKeyframeValue, notBothTargets, oneTarget } from "./rules.ts";
import { superRefineWith } from "./refine.ts";
import { captionStyleFields } from "./caption_style.ts";
import { DraftCreateInput } from "./draft.ts";
import { TRACK_TYPES } from "../draft/kinds.ts";
import {
  durationUs,
  endAfterStart,
  endAfterStartError,
  hexColor,
  timeUs,
  trackIndex,
} from "./common.ts";

/** A canvas ratio as the editors name it: original, custom, or w:h such as 9:16. */
const canvasRatio = z.string().regex(
  /^(original|custom|\d{1,3}(\.\d{1,3})?:\d{1,3}(\.\d{1,3})?)$/,
  "must be original, custom or a ratio like 9:16",
).describe("the canvas ratio the editor shows (original, custom, 9:16, 16:9, 4:3 …)");

/**
 * A canvas side in px: 16..16384, or 0 as in a draft the editor saved before it had any clip (the
 * editor then takes the first clip's size).
 */
const canvasSide = z.number().int().refine(
  (v) => v === 0 || (v >= 16 && v <= 16384),
  "must be 16..16384 px (or 0: no size yet)",
);

/** One timeline marker. */
export const Marker = z.object({
  start: timeUs.describe("where on the timeline, µs"),
  duration: timeUs.optional().describe("length µs (default 0: a point)"),
  title: z.string().max(500).optional().describe("the marker's text"),
  color: hexColor.optional().describe("colour #rrggbb (default the editor's)"),
}).strict();

/** A name for an item, so later items (keyframes, masks, effects) can point at its segment. */
export const refSchema = z.string().min(1).max(200).describe(
  "a name for this item; its segment id is printed under refs, and keyframes/masks/effects " +
    "may point at it with segmentRef",
);

const ref = { ref: refSchema.optional() };
const segmentRef = z.string().min(1).max(200).describe(
  "the ref of an item of this spec whose segment this targets (instead of segmentId)",
);

/** One keyframe: `keyframes add`'s item, with segmentRef as an alternative to segmentId. */
export const BuildKeyframe = superRefineWith(
  superRefineWith(
    z.object({
      segmentId: segmentIdSchema.optional().describe("segment id of an existing segment (--into)"),
      segmentRef: segmentRef.optional(),
      ...keyframeFields,
    }).strict(),
    checkKeyframeValue,
  ),
  oneTarget,
);

/** One mask: `masks add`'s fields, on the segment(s) named by segmentRef or segmentIds. */
export const BuildMask = superRefineWith(
  z.object({
    segmentRef: segmentRef.optional(),
    segmentId: segmentIdSchema.optional().describe("segment id of an existing segment (--into)"),
    ...maskFields,
  }).strict(),
  oneTarget,
);

/** Effects and filters: track-level, or on a segment by segmentId or segmentRef. */
function segmentBound<T extends z.ZodObject>(schema: T) {
  return superRefineWith(
    schema.safeExtend({ ...ref, segmentRef: segmentRef.optional() }),
    notBothTargets,
  );
}

/**
 * What `draft export` says about the spec it printed (the source draft, what the spec leaves out,
 * values it changed so build accepts them). Informational: build ignores it.
 */
export const ExportNotes = z.record(z.string(), z.unknown()).describe(
  "informational, written by 'draft export' and ignored by build: {draftId, unsupported: " +
    "[{kind, scope, count, ids}], adjusted: [{path, from, to, why}]}",
);

/** The spec of `draftcli build`. */
export const BuildSpec = z.object({
  _export: ExportNotes.optional(),
  draft: DraftCreateInput.safeExtend({
    width: canvasSide.default(1080).describe("canvas width in px (0: no size yet)"),
    height: canvasSide.default(1920).describe("canvas height in px (0: no size yet)"),
    ratio: canvasRatio.optional(),
  }).optional().describe(
    "the new draft: name, width, height, fps, ratio, editor, editorVersion (ignored with --into)",
  ),
  tracks: z.array(z.object({ type: z.enum(TRACK_TYPES) }).strict()).max(1000).optional()
    .describe(
      "the new draft's tracks in the order the draft file lists them (bottom layer first), " +
        "made before any item is placed; items name theirs by trackIndex (among tracks of " +
        "their kind). Absent: tracks are made as items need them (ignored with --into)",
    ),
  markers: z.array(Marker).max(10000).optional().describe(
    "timeline markers {start, duration, title, color} (with --into: added to the draft's)",
  ),
  images: z.array(ImageInfo.safeExtend(ref)).max(10000).optional().describe(
    "items of 'images add' (imageInfos)",
  ),
  videos: z.array(VideoInfo.safeExtend(ref)).max(10000).optional().describe(
    "items of 'videos add' (videoInfos)",
  ),
  audios: z.array(AudioInfo.safeExtend(ref)).max(10000).optional().describe(
    "items of 'audios add' (audioInfos)",
  ),
  captions: z.array(CaptionInfo.safeExtend(ref)).max(10000).optional().describe(
    "items of 'captions add' (one new text track)",
  ),
  captionsTrackIndex: trackIndex.optional().describe(
    "text track of captions, 0-based among text tracks (default: a new one)",
  ),
  captionOptions: z.object(captionStyleFields).strict().optional().describe(
    "the style flags of 'captions add' in camelCase; they apply to every caption",
  ),
  captionTracks: z.array(
    z.object({
      captions: z.array(CaptionInfo.safeExtend(ref)).min(1).max(10000).describe(
        "items of 'captions add'",
      ),
      captionOptions: z.object(captionStyleFields).strict().optional().describe(
        "the style flags of 'captions add' for this track",
      ),
      trackIndex: trackIndex.optional().describe(
        "text track, 0-based among text tracks (default: a new one)",
      ),
    }).strict(),
  ).max(1000).optional().describe(
    "more text tracks, each one 'captions add' call: {captions, captionOptions}",
  ),
  effects: z.array(segmentBound(EffectInfo)).max(10000).optional().describe(
    "items of 'effects add' (effectInfos); segmentRef may replace segmentId",
  ),
  filters: z.array(segmentBound(FilterInfo)).max(10000).optional().describe(
    "items of 'filters add' (filterInfos); segmentRef may replace segmentId",
  ),
  stickers: z.array(
    z.object({ ...stickerFields, ...ref }).strict().refine(endAfterStart, endAfterStartError()),
  ).max(10000).optional().describe("the fields of 'sticker add', one object per sticker"),
  keyframes: z.array(BuildKeyframe).max(100000).optional().describe(
    "items of 'keyframes add'; segmentRef may replace segmentId",
  ),
  masks: z.array(BuildMask).max(10000).optional().describe(
    "the fields of 'masks add', one object per segment (segmentRef or segmentId)",
  ),
  transitions: z.object({
    auto: z.string().min(1).max(100).describe(
      "transition name between every adjacent pair of the main video track, e.g. 叠化 / fade",
    ),
    duration: durationUs.optional().describe("transition length µs (default: the catalog's)"),
    trackIndex: z.number().int().min(0).max(1000).optional().describe(
      "video track, 0-based (default 0 = the main track)",
    ),
  }).strict().optional().describe("the options of 'transitions add'"),
}).strict();

/** A parsed build spec. */
export type BuildSpecInput = z.infer<typeof BuildSpec>;
