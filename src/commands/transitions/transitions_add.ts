/**
 * `transitions add`: put one transition between every adjacent photo/video pair of a video track.
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `transitions add` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema, durationUs }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `transitions add`. */
  const TransitionsAddInput = z.object({
    draftId: draftIdSchema,
    auto: z.string().min(1).max(100).describe(
      "transition name from the catalog, e.g. 叠化 / Mix, or fade",
    ),
    duration: durationUs.optional().describe("transition length µs (default: the catalog's)"),
    trackIndex: z.number().int().min(0).max(1000).optional().describe(
      "video track, 0-based (default 0 = the main track)",
    ),
  }).strict();
  return { input: TransitionsAddInput };
}

/** The input of `transitions add`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `transitions add`. */
export const command = defineCommandFile({
  name: ["transitions", "add"],
  summary: "put one transition between every adjacent photo/video pair of a video track",
  description: "Replaces the transitions already between those pairs. Each duration is clamped " +
    "to the shorter of the two clips (with a warning on stderr). Prints " +
    "{draftId, trackId, trackIndex, transition, resourceId, items:[{leftSegmentId, " +
    "rightSegmentId, duration, materialId}]}.",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    'transitions add "$ID" --auto fade --duration 500000',
    'transitions add "$ID" --auto 叠化 --track-index 1',
  ],
  schemas,
  async run(input: Input, ctx) {
    const { addAutoTransitions } = await import("../../ops/transitions.ts");
    return addAutoTransitions(ctx, input.draftId, {
      name: input.auto,
      duration: input.duration,
      trackIndex: input.trackIndex,
    });
  },
});
