/** `draft list`: list the drafts in the drafts folder(s), newest first. */
import { defineCommandFile } from "../spec.ts";

/** The schemas of `draft list` (load zod). */
async function schemas() {
  const { z } = await import("zod");
  /** Input of `draft list`: none. */
  const DraftListInput = z.object({}).strict();
  return {
    input: DraftListInput,
    output: z.array(
      z.looseObject({
        draftId: z.string(),
        filePath: z.string(),
        name: z.string().optional(),
        duration: z.number().optional(),
        error: z.string().optional().describe("why the draft could not be read"),
      }),
    ),
  };
}

/** `draft list`. */
export const command = defineCommandFile({
  name: ["draft", "list"],
  summary: "list the drafts in the drafts folder(s), newest first",
  description: 'Output: [{"draftId","name","editor","duration","canvas","modified","filePath",' +
    '"canvasWidth","canvasHeight","createdAt","modifiedAt"}]; createdAt/modifiedAt are the ' +
    "meta file's tm_draft_create/tm_draft_modified. A draft that cannot be read is listed as " +
    '{"draftId","filePath","error"}.',
  schemas,
  async run(_input: unknown, ctx) {
    const { summarise } = await import("../../draft/summary.ts");
    const { listDraftDirs, loadDraft, sweepLeftovers } = await import("../../store/drafts.ts");
    const out = [];
    for (const root of await ctx.searchRoots()) {
      await sweepLeftovers(root); // crash leftovers (store/assemble.ts)
      for (const dir of await listDraftDirs(root)) {
        try {
          // No lock and no recovery: a listing never waits for, or interferes with, writers.
          const s = summarise(
            await loadDraft(dir, { recover: false }),
          );
          out.push({
            draftId: s.draftId,
            name: s.name,
            editor: s.editor,
            duration: s.duration,
            canvas: s.canvas,
            modified: s.modified,
            filePath: s.filePath,
            canvasWidth: s.canvasWidth,
            canvasHeight: s.canvasHeight,
            createdAt: s.createdAt,
            modifiedAt: s.modifiedAt,
          });
        } catch (err) {
          out.push({
            draftId: dir.split(/[\\/]/).pop(),
            filePath: dir,
            error: String((err as Error).message),
          });
        }
      }
    }
    return out;
  },
});
