/**
 * Input schemas of video clips, effects, filters, stickers and masks (single source of truth for
 * the CLI, `--help`, MCP and docs).
 */
import { PATH_RULE } from "../text/path_rule.ts";
import { z } from "zod";
import {
  durationUs,
  endAfterStart,
  endAfterStartError,
  mediaUrl,
  position,
  rotation,
  scale,
  speed,
  timeUs,
  transformFields,
  volume,
} from "./common.ts";
import { transitionFields, visualAnimationFields } from "./media_items.ts";
import { effectTargeted, filterTargeted, isSegmentIdList } from "./rules.ts";
import { superRefineWith } from "./refine.ts";

/** A mask shape name (catalog name or English alias). */
export const maskName = z.string().min(1).max(100).describe(
  "mask shape: 线性 (linear), 镜面 (mirror), 圆形 (circle), 矩形 (rectangle), 星形 (star), " +
    "爱心 (heart), or another name from the masks catalog",
);

/** One video of `videos add`. */
export const VideoInfo = z.object({
  videoUrl: mediaUrl.describe(
    `the video (or animated GIF): ${PATH_RULE}`,
  ),
  width: z.number().int().positive().max(65536).optional().describe(
    "video width px (the file's own size wins)",
  ),
  height: z.number().int().positive().max(65536).optional().describe(
    "video height px (the file's own size wins)",
  ),
  duration: durationUs.optional().describe("length of the video file µs (probed when absent)"),
  start: timeUs.describe("start on the timeline, µs"),
  end: timeUs.describe("end on the timeline, µs (> start)"),
  sourceStart: timeUs.optional().describe("start inside the video file, µs (default 0)"),
  speed: speed.optional().describe(
    "playback speed, 1 = normal; uses (end - start) × speed µs of the file",
  ),
  volume: volume.optional().describe("1 = 100 %, 0.5 = 50 %, 0 = mute"),
  fadeInDuration: timeUs.optional().describe("audio fade-in length µs (files with sound only)"),
  fadeOutDuration: timeUs.optional().describe("audio fade-out length µs (files with sound only)"),
  mask: maskName.optional(),
  ...visualAnimationFields,
  ...transitionFields,
  ...transformFields,
}).strict().refine(endAfterStart, endAfterStartError());

/** A catalog id: digits (resource or effect id) or a UUID (CapCut effect ids). */
const catalogId = z.string().regex(
  /^(\d{1,30}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/,
  "must be a catalog resource id (digits) or effect id",
);

/** A segment id as printed by the add/list commands. */
export const segmentIdSchema = z.string().min(1, "must not be empty").max(200);

const targetFields = {
  start: timeUs.optional().describe("start on the timeline µs (track-level items)"),
  end: timeUs.optional().describe("end on the timeline µs, > start (track-level items)"),
  segmentId: segmentIdSchema.optional().describe(
    "attach to this video/photo segment instead of a track (no start/end then)",
  ),
};

/** One effect of `effects add`. */
export const EffectInfo = superRefineWith(
  z.object({
    effectTitle: z.string().min(1).max(200).optional().describe(
      "effect name from the video_effects catalog, e.g. 1998 / 70s",
    ),
    effectId: catalogId.optional().describe("or the effect's catalog resource id / effect id"),
    category: z.enum(["scene", "character"]).optional().describe(
      "scene (画面特效) or character (人物特效); picks between effects of the same name",
    ),
    ...targetFields,
    params: z.record(z.string().min(1).max(100), z.number().min(0).max(100)).optional().describe(
      'parameter values 0..100 by name, e.g. {"speed": 60} or {"effects_adjust_speed": 60}; ' +
        "others keep their defaults",
    ),
  }).strict(),
  effectTargeted,
);

/** One filter of `filters add`. */
export const FilterInfo = superRefineWith(
  z.object({
    filterTitle: z.string().min(1).max(200).optional().describe(
      "filter name from the filters catalog",
    ),
    filterId: catalogId.optional().describe("or the filter's catalog resource id"),
    ...targetFields,
    intensity: z.number().min(0).max(100).optional().describe("strength 0..100 (default 100)"),
  }).strict(),
  filterTargeted,
);

/** A sticker resource id: digits only (from the editor's sticker library). */
export const stickerId = z.string().regex(
  /^\d{1,30}$/,
  "must be a sticker resource id (digits only)",
).describe("sticker resource id from the editor's library (digits)");

/** Sticker placement fields of `sticker add`. */
export const stickerFields = {
  stickerId,
  start: timeUs.describe("start on the timeline, µs"),
  end: timeUs.describe("end on the timeline, µs (> start)"),
  scale: scale.optional().describe("size, 1 = default"),
  transformX: transformFields.transformX,
  transformY: transformFields.transformY,
  rotation: rotation.optional().describe("degrees clockwise"),
};

/** Comma-separated segment ids (`a,b,c`). */
export const segmentIdList = z.string().min(1).max(20000).refine(
  isSegmentIdList,
  "must be segment ids separated by commas, e.g. ID1,ID2",
).describe("segment ids separated by commas (see 'videos list' / 'images list')");

/** Mask geometry fields of `masks add` (units documented per field). */
export const maskFields = {
  name: maskName.optional().describe(
    "mask shape (default 线性): 线性/linear, 镜面/mirror, 圆形/circle, 矩形/rectangle, " +
      "星形/star, 爱心/heart, or another masks catalog name",
  ),
  centerX: position.optional().describe(
    "mask centre, in half clip widths from the clip centre (+ = right); default 0",
  ),
  centerY: position.optional().describe(
    "mask centre, in half clip heights from the clip centre (+ = up); default 0",
  ),
  width: z.number().positive().max(10).optional().describe(
    "mask width as a fraction of the clip width (default: from height and the shape's ratio)",
  ),
  height: z.number().positive().max(10).optional().describe(
    "mask height as a fraction of the clip height (default 0.5)",
  ),
  feather: z.number().min(0).max(100).optional().describe("edge softness 0..100 (default 0)"),
  rotation: rotation.optional().describe("degrees clockwise (default 0)"),
  roundCorner: z.number().min(0).max(100).optional().describe(
    "corner rounding 0..100, rectangle only (default 0)",
  ),
  invert: z.boolean().optional().describe("keep the outside instead of the inside"),
};
