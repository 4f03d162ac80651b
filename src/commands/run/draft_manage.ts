/** Handlers of `draft delete`, `draft rename` and `draft duplicate`, free of zod at run time. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { DraftDeleteInput, DraftDuplicateInput, DraftRenameInput } from "../draft_manage.ts";
import { locateDraft, registerDraft, unregisterDraft } from "../../store/drafts.ts";
import { deleteDraft, duplicateDraft, renameDraft } from "../../store/manage.ts";
import { DraftcliError } from "../../errors.ts";

/** `draft delete`. */
export async function draftDelete(
  input: z.infer<typeof DraftDeleteInput>,
  ctx: CommandContext,
): Promise<unknown> {
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
}

/** `draft rename`. */
export async function draftRename(
  input: z.infer<typeof DraftRenameInput>,
  ctx: CommandContext,
): Promise<unknown> {
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
}

/** `draft duplicate`. */
export async function draftDuplicate(
  input: z.infer<typeof DraftDuplicateInput>,
  ctx: CommandContext,
): Promise<unknown> {
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
}
