/** `videos list`: list video segments with their ids, times, source range and speed. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `videos list` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `videos list`. */
  const VideosListInput = z.object({ draftId: draftIdSchema }).strict();
  return { input: VideosListInput };
}

/** The input of `videos list`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `videos list`. */
export const command = defineCommandFile({
  name: ["videos", "list"],
  summary: "list video segments with their ids, times, source range and speed",
  description:
    "Prints [{segmentId, materialId, trackId, trackIndex, start, end, duration (the video " +
    "file's length, not end − start), path, width, height, hasAudio, sourceStart, speed, " +
    "volume, transformX, transformY, scaleX, scaleY, rotation, alpha, mask?}] in timeline " +
    "order; times in µs.",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { listVideos } = await import("../../ops/videos.ts");
    return listVideos(ctx, input.draftId);
  },
});
