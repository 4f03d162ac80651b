/** `draft duplicate`: copy a draft under a new id in the same drafts folder. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `draft duplicate` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }, { DraftCreateInput }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
    import("../../schema/draft.ts"),
  ]);
  const draftName = DraftCreateInput.shape.name.unwrap();
  /** Input of `draft duplicate`. */
  const DraftDuplicateInput = z.object({
    draftId: draftIdSchema,
    name: draftName.optional().describe("name of the copy (default: '<name> copy')"),
  }).strict();
  return { input: DraftDuplicateInput };
}

/** The input of `draft duplicate`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft duplicate`. */
export const command = defineCommandFile({
  name: ["draft", "duplicate"],
  summary: "copy a draft under a new id in the same drafts folder",
  description: "The copy gets a fresh id, its own folder paths, the given name (default: " +
    "'<name> copy') and new times; media downloaded into the draft are copied with it and " +
    'the copy refers to its own copies. Output: {"draftId","filePath","name","sourceDraftId"}.',
  positionals: ["draftId"],
  mutates: true,
  examples: ["draft duplicate \"$ID\" --name 'Version B'"],
  schemas,
  async run(input: Input, ctx) {
    const { registerDraft } = await import("../../store/drafts.ts");
    const { duplicateDraft } = await import("../../store/manage.ts");
    const done = await duplicateDraft(await ctx.searchRoots(), input.draftId, {
      name: input.name,
    });
    await registerDraft(done.dir, { warn: ctx.warn });
    return {
      draftId: done.draftId,
      filePath: done.dir,
      name: done.name,
      sourceDraftId: done.sourceDraftId,
    };
  },
});
