/** `draft delete`, `draft rename` and `draft duplicate`. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema } from "../schema/common.ts";
import { DraftCreateInput } from "../schema/draft.ts";
import { locateDraft } from "../store/drafts.ts";
import { deleteDraft, duplicateDraft, renameDraft } from "../store/manage.ts";
import { registerDraft, unregisterDraft } from "../store/drafts.ts";
import { DraftcliError } from "../errors.ts";

const draftName = DraftCreateInput.shape.name.unwrap();

/** `draft delete`. */
export const draftDelete = defineCommand({
  name: ["draft", "delete"],
  summary: "delete a draft folder for good (needs --yes)",
  description: "Removes the whole draft folder, media downloaded into it included (local " +
    "files it refers to are left alone). Waits for a command writing the draft to finish. " +
    "A draft that is a link inside the drafts folder loses only the link. Output: " +
    '{"draftId","filePath","deleted":true}.',
  positionals: ["draftId"],
  input: z.object({
    draftId: draftIdSchema,
    yes: z.boolean().default(false).describe("confirm the deletion (required)"),
  }).strict(),
  mutates: true,
  destructive: true,
  examples: ['draft delete "$ID" --yes'],
  async run(input, ctx) {
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

/** `draft rename`. */
export const draftRename = defineCommand({
  name: ["draft", "rename"],
  summary: "change the name the editor shows for a draft (the folder keeps its name)",
  description: 'Output: {"draftId","filePath","name","previousName"}.',
  positionals: ["draftId"],
  input: z.object({
    draftId: draftIdSchema,
    name: draftName.describe("new name shown in the editor's draft list"),
  }).strict(),
  mutates: true,
  destructive: true,
  idempotent: true,
  examples: ["draft rename \"$ID\" --name 'Final cut'"],
  async run(input, ctx) {
    const done = await renameDraft(await ctx.searchRoots(), input.draftId, input.name);
    await registerDraft(done.dir, { warn: ctx.warn });
    return {
      draftId: done.draftId,
      filePath: done.dir,
      name: done.name,
      previousName: done.previousName,
    };
  },
});

/** `draft duplicate`. */
export const draftDuplicate = defineCommand({
  name: ["draft", "duplicate"],
  summary: "copy a draft under a new id in the same drafts folder",
  description: "The copy gets a fresh id, its own folder paths, the given name (default: " +
    "'<name> copy') and new times; media downloaded into the draft are copied with it and " +
    'the copy refers to its own copies. Output: {"draftId","filePath","name","sourceDraftId"}.',
  positionals: ["draftId"],
  input: z.object({
    draftId: draftIdSchema,
    name: draftName.optional().describe("name of the copy (default: '<name> copy')"),
  }).strict(),
  mutates: true,
  examples: ["draft duplicate \"$ID\" --name 'Version B'"],
  async run(input, ctx) {
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

/** The draft management commands. */
export const draftManageCommands = [draftDelete, draftRename, draftDuplicate];
