/** `segments list`: list every segment of every kind with its track, times, text or file. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `segments list` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `segments list`. */
  const SegmentsListInput = z.object({ draftId: draftIdSchema }).strict();
  return { input: SegmentsListInput };
}

/** The input of `segments list`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `segments list`. */
export const command = defineCommandFile({
  name: ["segments", "list"],
  summary: "list every segment of every kind with its track, times, text or file",
  description: 'Output: {"draftId","duration","count","segments":[{segmentId,kind,materialId,' +
    "track:{index,id,name,type},start,end,duration,sourceStart?,speed?,volume?,text?,file?," +
    "attached:{effects?,filters?,animations?,transitions?,fades?,masks?,keyframes?}}]} (attached " +
    "holds only the kinds the segment has). Writes nothing.",
  positionals: ["draftId"],
  examples: ['segments list "$ID"'],
  schemas,
  async run(input: Input, ctx) {
    const { segmentsList } = await import("../../ops/segments.ts");
    return segmentsList(ctx, input.draftId);
  },
});
