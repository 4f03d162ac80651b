/** `effects list`: list track-level and clip-attached video effects. */
import { defineCommandFile } from "../spec.ts";

/** `effects list`. */
export const command = defineCommandFile({
  name: ["effects", "list"],
  summary: "list track-level and clip-attached video effects",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { listEffects } = await import("../../ops/attached_listings.ts");
    return listEffects(ctx, input.draftId);
  },
});
