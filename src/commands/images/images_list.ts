/** `images list`: the photo segments of a draft. */
import { defineCommandFile } from "../spec.ts";

/** `images list`. */
export const command = defineCommandFile({
  name: ["images", "list"],
  summary: "list photo segments with their ids and times",
  description:
    "Prints [{segmentId, materialId, trackId, trackIndex, start, end, duration (end − start), " +
    "path, width, height, transformX, transformY, scaleX, scaleY, rotation, alpha}] in " +
    "timeline order; times in µs.",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { listImages } = await import("../../ops/listings.ts");
    return listImages(ctx, input.draftId);
  },
});
