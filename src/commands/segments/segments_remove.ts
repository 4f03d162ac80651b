/** `segments remove`: remove segments with the materials and effects only they used. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `segments remove` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }, { SegmentIds }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
    import("../../schema/segment_input.ts"),
  ]);
  const ripple = z.boolean().default(false).describe(
    "shift later segments on the same track to close (or open) the gap",
  );
  /** Input of `segments remove`. */
  const SegmentsRemoveInput = z.object({
    draftId: draftIdSchema,
    segmentIds: SegmentIds.describe("ids of the segments to remove"),
    ripple,
  }).strict();
  return { input: SegmentsRemoveInput };
}

/** The input of `segments remove`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `segments remove`. */
export const command = defineCommandFile({
  name: ["segments", "remove"],
  summary: "remove segments with the materials and effects only they used",
  description: "Materials, transitions, animations, fades, speeds and other companions that no " +
    "remaining segment uses go with them; shared ones stay. A track left empty is removed. " +
    "With --ripple later segments on the same track move left to close the gap. A remaining " +
    "clip's transition that no next clip touches any more is detached and listed in " +
    "transitionsDropped [{segmentId,transitionId,name}].",
  positionals: ["draftId"],
  mutates: true,
  destructive: true,
  idempotent: false,
  examples: [
    `segments remove "$ID" --segment-ids "[\\"$SEG\\"]"`,
    `segments remove "$ID" --segment-ids "[\\"$SEG\\"]" --ripple`,
  ],
  schemas,
  async run(input: Input, ctx) {
    const { segmentsRemove } = await import("../../ops/segments.ts");
    return segmentsRemove(ctx, input.draftId, input.segmentIds, input.ripple);
  },
});
