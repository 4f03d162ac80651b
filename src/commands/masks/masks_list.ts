/** `masks list`: list the masks on video/photo segments. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `masks list` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `masks list`. */
  const MasksListInput = z.object({
    draftId: draftIdSchema,
    segmentId: z.string().min(1).max(200).optional().describe(
      "only the mask of this segment (an empty list when it has none)",
    ),
  }).strict();
  return { input: MasksListInput };
}

/** The input of `masks list`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `masks list`. */
export const command = defineCommandFile({
  name: ["masks", "list"],
  summary: "list the masks on video/photo segments",
  positionals: ["draftId"],
  examples: ['masks list "$ID"', 'masks list "$ID" --segment-id "$SEG"'],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { listMasks } = await import("../../ops/attached_listings.ts");
    return listMasks(ctx, input.draftId, input.segmentId);
  },
});
