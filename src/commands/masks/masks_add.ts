/**
 * `masks add`: put a mask on video/photo segments (one per segment; a new one replaces the old).
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `masks add` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }, { maskFields, segmentIdList }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
    import("../../schema/visual_items.ts"),
  ]);
  /** Input of `masks add`. */
  const MasksAddInput = z.object({
    draftId: draftIdSchema,
    segmentIds: segmentIdList,
    ...maskFields,
  }).strict();
  return { input: MasksAddInput };
}

/** The input of `masks add`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `masks add`. */
export const command = defineCommandFile({
  name: ["masks", "add"],
  summary: "put a mask on video/photo segments (one per segment; a new one replaces the old)",
  description:
    "JianYing 8.5 and later were reported to ignore masks that tools write; on those profiles " +
    "a warning names the version and the workaround (CapCut: no warning). Positions are " +
    "relative to the clip, not the canvas.",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    'masks add "$ID" --segment-ids "$SEG,$VIDEO" --name circle --height 0.6 --feather 20',
    'masks add "$ID" --segment-ids "$SEG" --name 矩形 --width 0.8 --height 0.5 --round-corner 30 --invert',
  ],
  schemas,
  async run(input: Input, ctx) {
    const { addMasks } = await import("../../ops/masks.ts");
    const { draftId, segmentIds, name, ...geometry } = input;
    return addMasks(ctx, draftId, segmentIds, name, geometry);
  },
});
