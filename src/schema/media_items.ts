/** Input schemas of image, audio and caption items (single source of truth for every surface). */
import { PATH_RULE } from "../text/path_rule.ts";
import { withAliases } from "./json_schema.ts";
import { z } from "zod";
import {
  durationUs,
  endAfterStart,
  endAfterStartError,
  hexColor,
  mediaUrl,
  position,
  speed,
  timeUs,
  transformFields,
  volume,
} from "./common.ts";

const animationName = z.string().min(1).max(100);

/** Entrance/exit/loop animation fields of visual items. */
export const visualAnimationFields = {
  inAnimation: animationName.optional().describe("entrance animation name, e.g. 渐显 / Fade In"),
  inAnimationDuration: durationUs.optional().describe("entrance duration µs (default: catalog)"),
  outAnimation: animationName.optional().describe("exit animation name, e.g. 渐隐 / Fade Out"),
  outAnimationDuration: durationUs.optional().describe("exit duration µs (default: catalog)"),
  loopAnimation: animationName.optional().describe("combo (loop) animation name; excludes in/out"),
  loopAnimationDuration: durationUs.optional().describe("combo duration µs (default: whole item)"),
};

/** Transition to the next item on the same track. */
export const transitionFields = {
  transition: z.string().min(1).max(100).optional().describe(
    "transition to the next item, e.g. 叠化 / Mix",
  ),
  transitionDuration: durationUs.optional().describe("transition duration µs (default: catalog)"),
};

/** One image of `images add`. */
export const ImageInfo = z.object({
  imageUrl: mediaUrl.describe(`the image: ${PATH_RULE}`),
  width: z.number().int().positive().max(65536).optional().describe(
    "image width px (the file's own size wins)",
  ),
  height: z.number().int().positive().max(65536).optional().describe(
    "image height px (the file's own size wins)",
  ),
  start: timeUs.describe("start on the timeline, µs"),
  end: timeUs.describe("end on the timeline, µs (> start)"),
  ...visualAnimationFields,
  ...transitionFields,
  ...transformFields,
}).strict().refine(endAfterStart, endAfterStartError());

/** One audio of `audios add`. */
export const AudioInfo = z.object({
  audioUrl: mediaUrl.describe(`the audio: ${PATH_RULE}`),
  duration: durationUs.optional().describe("length of the audio file µs (probed when absent)"),
  start: timeUs.describe("start on the timeline, µs"),
  end: timeUs.describe("end on the timeline, µs (> start)"),
  volume: volume.optional().describe("1 = 100 %, 0.5 = 50 %, 0 = mute"),
  sourceStart: timeUs.optional().describe("start inside the audio file, µs (default 0)"),
  speed: speed.optional().describe("playback speed, 1 = normal"),
  fadeInDuration: timeUs.optional().describe("fade-in length µs"),
  fadeOutDuration: timeUs.optional().describe("fade-out length µs"),
  audioEffect: z.string().min(1).max(100).optional().describe("audio effect name from the catalog"),
}).strict().refine(endAfterStart, endAfterStartError());

/** A keyword highlight inside a caption. */
export const Highlight = z.object({
  keyword: z.string().min(1).max(200).describe("text to highlight (every occurrence)"),
  color: hexColor.optional().describe("colour #rrggbb"),
  bold: z.boolean().optional().describe("bold the keyword"),
  fontSize: z.number().positive().max(300).optional().describe("font size of the keyword"),
}).strict();

/** One caption of `captions add`. */
export const CaptionInfo = z.object({
  text: z.string().min(1, "must not be empty").max(5000).describe(
    "caption text (\\n breaks lines)",
  ),
  start: timeUs.describe("start on the timeline, µs"),
  end: timeUs.describe("end on the timeline, µs (> start)"),
  inAnimation: animationName.optional().describe("text entrance animation name"),
  inAnimationDuration: durationUs.optional().describe("entrance duration µs"),
  outAnimation: animationName.optional().describe("text exit animation name"),
  outAnimationDuration: durationUs.optional().describe("exit duration µs"),
  loopAnimation: animationName.optional().describe("text loop animation name"),
  loopAnimationDuration: durationUs.optional().describe("loop period µs"),
  fontSize: z.number().positive().max(300).optional().describe("font size of this caption"),
  highlights: z.array(Highlight).max(100).optional().describe("keywords to colour"),
  keyword: z.string().min(1).max(1000).optional().describe(
    "short form: keywords separated by | (with keywordColor / keywordFontSize)",
  ),
  keywordColor: hexColor.optional().describe("colour of the short-form keywords"),
  keywordFontSize: z.number().positive().max(300).optional().describe(
    "font size of the short-form keywords",
  ),
  transformY: withAliases(
    position.optional().describe(
      "vertical centre of this caption, -1 bottom … 1 top (default: the call's --transform-y)",
    ),
    "transform_y",
  ),
}).strict().refine(endAfterStart, endAfterStartError());
