/** `filters list`: list track-level and clip-attached filters. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `filters list` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of the `list` commands: just the draft. */
  const ListInput = z.object({ draftId: draftIdSchema }).strict();
  return { input: ListInput };
}

/** The input of `filters list`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `filters list`. */
export const command = defineCommandFile({
  name: ["filters", "list"],
  summary: "list track-level and clip-attached filters",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { listFilters } = await import("../../ops/effects.ts");
    return listFilters(ctx, input.draftId);
  },
});
