/** `images`, `audios` and `captions` command groups. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { addOutput } from "../schema/add_output.ts";
import { alpha, draftIdSchema, mediaPlacement } from "../schema/common.ts";
import { AudioInfo, CaptionInfo, ImageInfo } from "../schema/media_items.ts";
import { captionStyleFields } from "../schema/caption_style.ts";
import * as run from "./run/media_groups.ts";

/** Input of the `list` commands: just the draft. */
export const ListInput = z.object({ draftId: draftIdSchema }).strict();

/** Input of `images add`. */
export const ImagesAddInput = z.object({
  draftId: draftIdSchema,
  imageInfos: z.array(ImageInfo).min(1).max(10000).describe("images to add"),
  alpha: alpha.optional().describe("opacity 0..1 for every image of this call"),
  media: mediaPlacement,
}).strict();

/** Input of `audios add`. */
export const AudiosAddInput = z.object({
  draftId: draftIdSchema,
  audioInfos: z.array(AudioInfo).min(1).max(10000).describe("audio items to add"),
  media: mediaPlacement,
}).strict();

/** Input of `captions add`. */
export const CaptionsAddInput = z.object({
  draftId: draftIdSchema,
  captions: z.array(CaptionInfo).min(1).max(10000).optional().describe(
    "captions to add (or --srt)",
  ),
  srt: z.string().min(1).max(4096).optional().describe(
    "SRT subtitle file whose cues become the captions (instead of --captions): a file path " +
      "(absolute, relative to the current folder, or ~/…) or a file:// URL",
  ),
  ...captionStyleFields,
}).strict();

/** `images add`. */
export const imagesAdd = defineCommand({
  name: ["images", "add"],
  summary: "add images as photo segments (first video track where they fit, else a new one)",
  positionals: ["draftId"],
  input: ImagesAddInput,
  output: addOutput("imageIds"),
  mutates: true,
  examples: [
    `images add "$ID" --image-infos '[{"imageUrl":"file:///abs/a.jpg","start":0,"end":3000000,"inAnimation":"渐显"}]'`,
    'images add "$ID" --image-infos @images.json',
  ],
  run: run.imagesAdd,
});

/** `images list`. */
export const imagesList = defineCommand({
  name: ["images", "list"],
  summary: "list photo segments with their ids and times",
  positionals: ["draftId"],
  input: ListInput,
  run: run.imagesList,
});

/** `audios add`. */
export const audiosAdd = defineCommand({
  name: ["audios", "add"],
  summary: "add audio segments (first audio track where they fit, else a new one)",
  positionals: ["draftId"],
  input: AudiosAddInput,
  output: addOutput("audioIds"),
  mutates: true,
  examples: [
    `audios add "$ID" --audio-infos '[{"audioUrl":"file:///abs/bgm.mp3","start":0,"end":10000000,"volume":0.5}]'`,
  ],
  run: run.audiosAdd,
});

/** `audios list`. */
export const audiosList = defineCommand({
  name: ["audios", "list"],
  summary: "list audio segments with their ids and times",
  positionals: ["draftId"],
  input: ListInput,
  run: run.audiosList,
});

/** `captions add`. */
export const captionsAdd = defineCommand({
  name: ["captions", "add"],
  summary: "add captions on a new text track (style flags apply to every caption of the call)",
  positionals: ["draftId"],
  input: CaptionsAddInput,
  output: addOutput("textIds"),
  mutates: true,
  examples: [
    `captions add "$ID" --captions '[{"text":"Hello 世界","start":0,"end":2000000,"keyword":"世界","keywordColor":"#ffde00"}]' --font-size 10 --bold`,
    'captions add "$ID" --srt ./subtitles.srt --font-size 10 --text-color "#ffde00"',
  ],
  run: run.captionsAdd,
});

/** `captions list`. */
export const captionsList = defineCommand({
  name: ["captions", "list"],
  summary: "list text segments with their ids, times and text",
  positionals: ["draftId"],
  input: ListInput,
  run: run.captionsList,
});

/** All media item commands. */
export const mediaCommands = [
  imagesAdd,
  imagesList,
  audiosAdd,
  audiosList,
  captionsAdd,
  captionsList,
];
