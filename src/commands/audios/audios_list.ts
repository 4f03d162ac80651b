/** `audios list`: the audio segments of a draft. */
import { defineCommandFile } from "../spec.ts";

/** `audios list`. */
export const command = defineCommandFile({
  name: ["audios", "list"],
  summary: "list audio segments with their ids and times",
  description:
    "Prints [{segmentId, materialId, trackId, trackIndex, start, end, duration (the audio " +
    "file's length, not end − start), path, volume, speed, sourceStart}] in timeline order; " +
    "times in µs.",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { listAudios } = await import("../../ops/listings.ts");
    return listAudios(ctx, input.draftId);
  },
});
