/** `keyframes list`: list a segment's keyframes in user units. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `keyframes list` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `keyframes list`. */
  const KeyframesListInput = z.object({
    draftId: draftIdSchema,
    segmentId: z.string().min(1).max(200).describe("segment id"),
  }).strict();
  return { input: KeyframesListInput };
}

/** The input of `keyframes list`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `keyframes list`. */
export const command = defineCommandFile({
  name: ["keyframes", "list"],
  summary: "list a segment's keyframes in user units",
  description: 'Output: {"draftId","segmentId","segmentKind","trackId","start","duration",' +
    '"keyframes":[{property,offset,value,…,timeOffset}]}; timeOffset repeats offset under ' +
    "cutcli's name.",
  positionals: ["draftId"],
  examples: ['keyframes list "$ID" --segment-id "$SEG"'],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { listKeyframes } = await import("../../ops/attached_listings.ts");
    return listKeyframes(ctx, input.draftId, input.segmentId);
  },
});
