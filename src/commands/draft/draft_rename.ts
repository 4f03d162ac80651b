/** `draft rename`: change the name the editor shows for a draft (the folder keeps its name). */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `draft rename` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }, { DraftCreateInput }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
    import("../../schema/draft.ts"),
  ]);
  const draftName = DraftCreateInput.shape.name.unwrap();
  /** Input of `draft rename`. */
  const DraftRenameInput = z.object({
    draftId: draftIdSchema,
    name: draftName.describe("new name shown in the editor's draft list"),
  }).strict();
  return { input: DraftRenameInput };
}

/** The input of `draft rename`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft rename`. */
export const command = defineCommandFile({
  name: ["draft", "rename"],
  summary: "change the name the editor shows for a draft (the folder keeps its name)",
  description: 'Output: {"draftId","filePath","name","previousName"}.',
  positionals: ["draftId"],
  mutates: true,
  destructive: true,
  idempotent: true,
  examples: ["draft rename \"$ID\" --name 'Final cut'"],
  schemas,
  async run(input: Input, ctx) {
    const { registerDraft } = await import("../../store/drafts.ts");
    const { renameDraft } = await import("../../store/manage.ts");
    const done = await renameDraft(
      await ctx.searchRoots(),
      input.draftId,
      input.name,
    );
    await registerDraft(done.dir, { warn: ctx.warn });
    return {
      draftId: done.draftId,
      filePath: done.dir,
      name: done.name,
      previousName: done.previousName,
    };
  },
});
