/** Input schema of `draft easy` (both forms: a new draft by audio, or filling an existing one). */
import { PATH_RULE } from "../text/path_rule.ts";
import { z } from "zod";
import { captionStyleFields } from "./caption_style.ts";
import { CaptionInfo } from "./media_items.ts";
import { mediaPlacement } from "./common.ts";
import { draftNameSchema } from "./draft.ts";

const location = z.string().min(1).max(8192);

/** A caption for `draft easy`: text only (timed automatically) or a full caption item. */
export const EasyCaption = z.union([
  z.string().min(1).max(5000),
  CaptionInfo,
  z.object({ text: z.string().min(1).max(5000) }).strict(),
]);

/** Options of `draft easy`. */
export const DraftEasyInput = z.object({
  draftId: z.string().min(1).max(200).optional().describe(
    "existing draft to fill (omit to create a new draft)",
  ),
  byAudio: location.optional().describe(
    `audio that sets the draft's length: ${PATH_RULE}`,
  ),
  audioUrl: location.optional().describe("same as --by-audio (the form used with a draftId)"),
  captions: z.array(EasyCaption).max(5000).optional().describe(
    "captions: strings (timed across the audio by length) or {text,start,end,…} items",
  ),
  srt: z.string().min(1).optional().describe("SRT subtitle file to import (path)"),
  images: z.array(location).max(1000).optional().describe(
    "image paths/URLs spread evenly across the audio",
  ),
  imgUrl: location.optional().describe("one image covering the whole audio"),
  videoUrl: location.optional().describe("video trimmed or looped to the audio's length"),
  text: z.string().min(1).max(500).optional().describe("title shown over the whole length"),
  width: z.number().int().min(16).max(16384).default(1080).describe("canvas width (new draft)"),
  height: z.number().int().min(16).max(16384).default(1920).describe("canvas height (new draft)"),
  name: draftNameSchema.optional().describe("draft name (new draft)"),
  editor: z.enum(["jianying", "capcut"]).optional().describe("target editor (new draft)"),
  ...captionStyleFields,
  media: mediaPlacement,
}).strict();

/** Parsed `draft easy` input. */
export type DraftEasy = z.infer<typeof DraftEasyInput>;
