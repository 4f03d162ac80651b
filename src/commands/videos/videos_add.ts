/**
 * `videos add`: add video clips (main track from 0 without gaps, else the first overlay where they
 * fit).
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `videos add` (load zod). */
async function schemas() {
  const [{ z }, { addOutput }, { alpha, draftIdSchema, mediaPlacement }, { VideoInfo }] =
    await Promise.all([
      import("zod"),
      import("../../schema/add_output.ts"),
      import("../../schema/common.ts"),
      import("../../schema/visual_items.ts"),
    ]);
  /** Input of `videos add`. */
  const VideosAddInput = z.object({
    draftId: draftIdSchema,
    videoInfos: z.array(VideoInfo).min(1).max(10000).describe("video clips to add"),
    alpha: alpha.optional().describe("opacity 0..1 for every clip of this call"),
    media: mediaPlacement,
  }).strict();
  return { input: VideosAddInput, output: addOutput("videoIds") };
}

/** The input of `videos add`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `videos add`. */
export const command = defineCommandFile({
  name: ["videos", "add"],
  summary:
    "add video clips (main track from 0 without gaps, else the first overlay where they fit)",
  description:
    "Each clip uses (end - start) × speed µs of its file from sourceStart; that must fit in the " +
    "file. Animated GIFs are clips too. The file's own size and length win over width, height " +
    "and duration (with a warning).",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    `videos add "$ID" --video-infos '[{"videoUrl":"file:///abs/a.mp4","start":0,"end":3000000,"sourceStart":1000000,"volume":0.5}]'`,
    `videos add "$ID" --video-infos '[{"videoUrl":"file:///abs/b.mp4","start":0,"end":2000000,"speed":2,"mask":"circle","transformX":0.5}]' --alpha 0.8`,
  ],
  schemas,
  async run(input: Input, ctx) {
    const { addVideos } = await import("../../ops/videos.ts");
    return addVideos(ctx, input.draftId, input.videoInfos, {
      alpha: input.alpha,
      media: input.media,
    });
  },
});
