/** `draft info`: show a draft's name, editor, canvas, fps, duration, tracks and materials. */
import { defineCommandFile } from "../spec.ts";

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
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { summarise } = await import("../../draft/summary.ts");
    const { readDraft } = await import("../../store/drafts.ts");
    return summarise(
      await readDraft(await ctx.searchRoots(), input.draftId),
    );
  },
});
