/** Input schemas of `segments update` / `move` / `remove` items (one per input type). */
import { z } from "zod";
import { alpha, position, rotation, scale, speed, timeUs, volume } from "./common.ts";
import { captionStyleFields } from "./caption_style.ts";

const segmentId = z.string().trim().min(1, "must not be empty").max(200).describe(
  "segment id (from 'segments list')",
);

/** A caption style field without its default: an update sets only what it names. */
function optionalStyle<T extends z.ZodType>(field: T): z.ZodOptional<z.ZodType> {
  const inner = field instanceof z.ZodDefault ? field.unwrap() as z.ZodType : field;
  // an update has no defaults: "(default …)" / "; default …" would mislead here
  const text = (field.description ?? "").replace(/;\s*default [^;)]*/g, "")
    .replace(/\s*\(default[^)]*\)/g, "");
  return inner.optional().describe(text) as z.ZodOptional<z.ZodType>;
}

const s = captionStyleFields;

/** One item of `segments update`: only the fields given change. */
export const SegmentUpdate = z.object({
  segmentId,
  start: timeUs.optional().describe("new start on the timeline, µs (the end stays)"),
  end: timeUs.optional().describe("new end on the timeline, µs (the start stays)"),
  sourceStart: timeUs.optional().describe("start inside the media file, µs (video, audio)"),
  speed: speed.optional().describe("playback speed, 1 = normal (video, audio)"),
  text: z.string().min(1, "must not be empty").max(5000).optional().describe("caption text"),
  fontSize: optionalStyle(s.fontSize),
  textColor: optionalStyle(s.textColor),
  bold: optionalStyle(s.bold),
  italic: optionalStyle(s.italic),
  underline: optionalStyle(s.underline),
  alignment: optionalStyle(s.alignment),
  lineSpacing: optionalStyle(s.lineSpacing),
  letterSpacing: optionalStyle(s.letterSpacing),
  volume: volume.optional().describe("1 = 100 %, 0 = mute (audio, video)"),
  fadeInDuration: timeUs.optional().describe("audio fade-in µs, 0 = none (audio, video)"),
  fadeOutDuration: timeUs.optional().describe("audio fade-out µs, 0 = none (audio, video)"),
  transformX: position.optional().describe("horizontal centre, -1 left … 1 right"),
  transformY: position.optional().describe("vertical centre, -1 bottom … 1 top"),
  scaleX: scale.optional().describe("horizontal scale, 1 = default size"),
  scaleY: scale.optional().describe("vertical scale, 1 = default size"),
  rotation: rotation.optional().describe("degrees clockwise"),
  alpha: alpha.optional().describe("opacity 0..1 (a caption: its text opacity)"),
}).strict();

/** One item of `segments move`: a new start and/or another track of the same kind. */
export const SegmentMove = z.object({
  segmentId,
  start: timeUs.optional().describe("new start on the timeline, µs (the length stays)"),
  trackId: z.string().min(1).max(200).optional().describe("id of the track to move it to"),
  trackIndex: z.number().int().min(0).max(10000).optional().describe(
    "index among the tracks of its kind (as 'segments list' prints); one past the last = new track",
  ),
}).strict();

/** Segment ids of `segments remove`. */
export const SegmentIds = z.array(segmentId).min(1).max(100000);
