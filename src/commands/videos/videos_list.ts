/** `videos list`: list video segments with their ids, times, source range and speed. */
import { defineCommandFile } from "../spec.ts";

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
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { listVideos } = await import("../../ops/listings.ts");
    return listVideos(ctx, input.draftId);
  },
});
