/** `draft delete`: delete a draft folder for good (needs --yes). */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { DraftcliError } from "../../errors.ts";

/** The schemas of `draft delete` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `draft delete`. */
  const DraftDeleteInput = z.object({
    draftId: draftIdSchema,
    yes: z.boolean().default(false).describe("confirm the deletion (required)"),
  }).strict();
  return { input: DraftDeleteInput };
}

/** The input of `draft delete`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft delete`. */
export const command = defineCommandFile({
  name: ["draft", "delete"],
  summary: "delete a draft folder for good (needs --yes)",
  description: "Removes the whole draft folder, media downloaded into it included (local " +
    "files it refers to are left alone). Waits for a command writing the draft to finish. " +
    "A draft that is a link inside the drafts folder loses only the link. Output: " +
    '{"draftId","filePath","deleted":true}.',
  positionals: ["draftId"],
  mutates: true,
  destructive: true,
  examples: ['draft delete "$ID" --yes'],
  schemas,
  async run(input: Input, ctx) {
    const { locateDraft, unregisterDraft } = await import("../../store/drafts.ts");
    const { deleteDraft } = await import("../../store/manage.ts");
    const roots = await ctx.searchRoots();
    if (!input.yes) {
      const dir = await locateDraft(roots, input.draftId);
      throw new DraftcliError(
        "usage",
        `draft delete removes ${dir} and everything in it; it cannot be undone`,
        { hint: `add --yes to confirm: draftcli draft delete ${input.draftId} --yes`, path: "yes" },
      );
    }
    const done = await deleteDraft(roots, input.draftId);
    await unregisterDraft(done.dir, { warn: ctx.warn });
    return { draftId: done.draftId, filePath: done.dir, deleted: true };
  },
});
