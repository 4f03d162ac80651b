/** `transitions list`: list transitions with the segments they join. */
import { defineCommandFile } from "../spec.ts";

/** `transitions list`. */
export const command = defineCommandFile({
  name: ["transitions", "list"],
  summary: "list transitions with the segments they join",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { listDraftTransitions } = await import("../../ops/attached_listings.ts");
    return listDraftTransitions(ctx, input.draftId);
  },
});
