/** `videos` command group. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { addOutput } from "../schema/add_output.ts";
import { alpha, draftIdSchema, mediaPlacement } from "../schema/common.ts";
import { VideoInfo } from "../schema/visual_items.ts";
import * as run from "./run/videos.ts";

/** Input of `videos add`. */
export const VideosAddInput = z.object({
  draftId: draftIdSchema,
  videoInfos: z.array(VideoInfo).min(1).max(10000).describe("video clips to add"),
  alpha: alpha.optional().describe("opacity 0..1 for every clip of this call"),
  media: mediaPlacement,
}).strict();

/** Input of `videos list`. */
export const VideosListInput = z.object({ draftId: draftIdSchema }).strict();

/** `videos add`. */
export const videosAdd = defineCommand({
  name: ["videos", "add"],
  summary:
    "add video clips (main track from 0 without gaps, else the first overlay where they fit)",
  description:
    "Each clip uses (end - start) × speed µs of its file from sourceStart; that must fit in the " +
    "file. Animated GIFs are clips too. The file's own size and length win over width, height " +
    "and duration (with a warning).",
  positionals: ["draftId"],
  input: VideosAddInput,
  output: addOutput("videoIds"),
  mutates: true,
  examples: [
    `videos add "$ID" --video-infos '[{"videoUrl":"file:///abs/a.mp4","start":0,"end":3000000,"sourceStart":1000000,"volume":0.5}]'`,
    `videos add "$ID" --video-infos '[{"videoUrl":"file:///abs/b.mp4","start":0,"end":2000000,"speed":2,"mask":"circle","transformX":0.5}]' --alpha 0.8`,
  ],
  run: run.videosAdd,
});

/** `videos list`. */
export const videosList = defineCommand({
  name: ["videos", "list"],
  summary: "list video segments with their ids, times, source range and speed",
  description:
    "Prints [{segmentId, materialId, trackId, trackIndex, start, end, duration (the video " +
    "file's length, not end − start), path, width, height, hasAudio, sourceStart, speed, " +
    "volume, transformX, transformY, scaleX, scaleY, rotation, alpha, mask?}] in timeline " +
    "order; times in µs.",
  positionals: ["draftId"],
  input: VideosListInput,
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  run: run.videosList,
});

/** The `videos` commands. */
export const videoCommands = [videosAdd, videosList];
