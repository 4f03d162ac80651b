/**
 * `segments update`: change segments' timing, speed, caption text/style, volume, fades or
 * transform.
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import type { UpdateRequest } from "../../draft/segment_update.ts";

/** The schemas of `segments update` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }, { SegmentUpdate }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
    import("../../schema/segment_input.ts"),
  ]);
  /** Input of `segments update`. */
  const SegmentsUpdateInput = z.object({
    draftId: draftIdSchema,
    updates: z.array(SegmentUpdate).min(1).max(10000).describe("changes, one item per segment"),
  }).strict();
  return { input: SegmentsUpdateInput };
}

/** The input of `segments update`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `segments update`. */
export const command = defineCommandFile({
  name: ["segments", "update"],
  summary: "change segments' timing, speed, caption text/style, volume, fades or transform",
  description: "Each item names a segment by id and sets only the fields it gives. Fields " +
    "apply by kind: start/end all; sourceStart, speed video and audio; volume and fades audio " +
    "and video; text and style captions (a new text takes the caption's first style); " +
    "transform fields visuals and captions. Every item is " +
    "checked before anything is written; a change that makes segments overlap is refused. A " +
    "transition whose clip no longer touches the next one is detached and listed in " +
    "transitionsDropped [{segmentId,transitionId,name}].",
  positionals: ["draftId"],
  mutates: true,
  destructive: true,
  idempotent: true,
  examples: [
    `segments update "$ID" --updates "[{\\"segmentId\\":\\"$SEG\\",\\"end\\":2000000,\\"transformX\\":0.5}]"`,
    `segments update "$ID" --updates "[{\\"segmentId\\":\\"$AUDIO\\",\\"volume\\":0.5,\\"fadeOutDuration\\":300000}]"`,
  ],
  schemas,
  async run(input: Input, ctx) {
    const { segmentsUpdate } = await import("../../ops/segments.ts");
    return segmentsUpdate(ctx, input.draftId, input.updates as UpdateRequest[]);
  },
});
