/** `segments move`: move segments to a new start and/or another track of their kind. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `segments move` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }, { SegmentMove }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
    import("../../schema/segment_input.ts"),
  ]);
  const ripple = z.boolean().default(false).describe(
    "shift later segments on the same track to close (or open) the gap",
  );
  /** Input of `segments move`. */
  const SegmentsMoveInput = z.object({
    draftId: draftIdSchema,
    moves: z.array(SegmentMove).min(1).max(10000).describe("moves, one item per segment"),
    ripple,
  }).strict();
  return { input: SegmentsMoveInput };
}

/** The input of `segments move`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `segments move`. */
export const command = defineCommandFile({
  name: ["segments", "move"],
  summary: "move segments to a new start and/or another track of their kind",
  description: "trackIndex counts the tracks of the segment's kind as 'segments list' prints; " +
    "one past the last makes a new track. With --ripple the segments after it on its track " +
    "move with it (same track), or close its gap and open one on the target track. A track " +
    "left empty is removed. A transition whose clip no longer touches the next one is " +
    "detached and listed in transitionsDropped [{segmentId,transitionId,name}].",
  positionals: ["draftId"],
  mutates: true,
  destructive: true,
  idempotent: false,
  examples: [
    `segments move "$ID" --moves "[{\\"segmentId\\":\\"$SEG\\",\\"start\\":6000000}]"`,
    `segments move "$ID" --moves "[{\\"segmentId\\":\\"$SEG\\",\\"start\\":500000}]" --ripple`,
  ],
  schemas,
  async run(input: Input, ctx) {
    const { segmentsMove } = await import("../../ops/segments.ts");
    return segmentsMove(ctx, input.draftId, input.moves, input.ripple);
  },
});
