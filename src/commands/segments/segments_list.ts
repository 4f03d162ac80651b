/** `segments list`: list every segment of every kind with its track, times, text or file. */
import { defineCommandFile } from "../spec.ts";

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
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { segmentsList } = await import("../../ops/listings.ts");
    return segmentsList(ctx, input.draftId);
  },
});
