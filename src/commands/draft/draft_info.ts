/** `draft info`: show a draft's name, editor, canvas, fps, duration, tracks and materials. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `draft info` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `draft info`. */
  const DraftInfoInput = z.object({ draftId: draftIdSchema }).strict();
  return { input: DraftInfoInput };
}

/** The input of `draft info`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft info`. */
export const command = defineCommandFile({
  name: ["draft", "info"],
  summary: "show a draft's name, editor, canvas, fps, duration, tracks and materials",
  description: 'Output: {"draftId","name","editor","editorProfile","filePath","canvas","fps",' +
    '"duration","tracks":[{trackId,type,segments}],"materials":{<list>:count},"modified"} and, ' +
    'as cutcli prints them, "canvasWidth","canvasHeight","trackSummary":[{id,type,segmentCount}],' +
    '"materialSummary":{videos,images,audios,texts,stickers,effects},"createdAt","modifiedAt".',
  positionals: ["draftId"],
  examples: ['draft info "$ID"'],
  schemas,
  async run(input: Input, ctx) {
    const { summarise } = await import("../../draft/summary.ts");
    const { readDraft } = await import("../../store/drafts.ts");
    return summarise(
      await readDraft(await ctx.searchRoots(), input.draftId),
    );
  },
});
