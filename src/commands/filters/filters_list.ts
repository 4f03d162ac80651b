/** `filters list`: list track-level and clip-attached filters. */
import { defineCommandFile } from "../spec.ts";

/** `filters list`. */
export const command = defineCommandFile({
  name: ["filters", "list"],
  summary: "list track-level and clip-attached filters",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { listFilters } = await import("../../ops/attached_listings.ts");
    return listFilters(ctx, input.draftId);
  },
});
