/** `sticker list`: list sticker segments. */
import { defineCommandFile } from "../spec.ts";

/** `sticker list`. */
export const command = defineCommandFile({
  name: ["sticker", "list"],
  summary: "list sticker segments",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { listStickers } = await import("../../ops/listings.ts");
    return listStickers(ctx, input.draftId);
  },
});
