/** `transitions list`: list transitions with the segments they join. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `transitions list` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `transitions list`. */
  const TransitionsListInput = z.object({ draftId: draftIdSchema }).strict();
  return { input: TransitionsListInput };
}

/** The input of `transitions list`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `transitions list`. */
export const command = defineCommandFile({
  name: ["transitions", "list"],
  summary: "list transitions with the segments they join",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { listDraftTransitions } = await import("../../ops/transitions.ts");
    return listDraftTransitions(ctx, input.draftId);
  },
});
