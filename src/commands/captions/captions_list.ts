/** `captions list`: the text segments of a draft. */
import { defineCommandFile } from "../spec.ts";

/** `captions list`. */
export const command = defineCommandFile({
  name: ["captions", "list"],
  summary: "list text segments with their ids, times and text",
  description:
    "Prints [{segmentId, materialId, trackId, trackIndex, start, end, duration (end − start), " +
    "text, fontSize, textColor, transformX, transformY, scaleX, scaleY, rotation, alpha}] in " +
    "timeline order; times in µs.",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { listCaptions } = await import("../../ops/listings.ts");
    return listCaptions(ctx, input.draftId);
  },
});
