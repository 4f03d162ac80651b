/** `draft delete`, `draft rename` and `draft duplicate`. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema } from "../schema/common.ts";
import { DraftCreateInput } from "../schema/draft.ts";
import * as run from "./run/draft_manage.ts";

const draftName = DraftCreateInput.shape.name.unwrap();

/** Input of `draft delete`. */
export const DraftDeleteInput = z.object({
  draftId: draftIdSchema,
  yes: z.boolean().default(false).describe("confirm the deletion (required)"),
}).strict();

/** Input of `draft rename`. */
export const DraftRenameInput = z.object({
  draftId: draftIdSchema,
  name: draftName.describe("new name shown in the editor's draft list"),
}).strict();

/** Input of `draft duplicate`. */
export const DraftDuplicateInput = z.object({
  draftId: draftIdSchema,
  name: draftName.optional().describe("name of the copy (default: '<name> copy')"),
}).strict();

/** `draft delete`. */
export const draftDelete = defineCommand({
  name: ["draft", "delete"],
  summary: "delete a draft folder for good (needs --yes)",
  description: "Removes the whole draft folder, media downloaded into it included (local " +
    "files it refers to are left alone). Waits for a command writing the draft to finish. " +
    "A draft that is a link inside the drafts folder loses only the link. Output: " +
    '{"draftId","filePath","deleted":true}.',
  positionals: ["draftId"],
  input: DraftDeleteInput,
  mutates: true,
  destructive: true,
  examples: ['draft delete "$ID" --yes'],
  run: run.draftDelete,
});

/** `draft rename`. */
export const draftRename = defineCommand({
  name: ["draft", "rename"],
  summary: "change the name the editor shows for a draft (the folder keeps its name)",
  description: 'Output: {"draftId","filePath","name","previousName"}.',
  positionals: ["draftId"],
  input: DraftRenameInput,
  mutates: true,
  destructive: true,
  idempotent: true,
  examples: ["draft rename \"$ID\" --name 'Final cut'"],
  run: run.draftRename,
});

/** `draft duplicate`. */
export const draftDuplicate = defineCommand({
  name: ["draft", "duplicate"],
  summary: "copy a draft under a new id in the same drafts folder",
  description: "The copy gets a fresh id, its own folder paths, the given name (default: " +
    "'<name> copy') and new times; media downloaded into the draft are copied with it and " +
    'the copy refers to its own copies. Output: {"draftId","filePath","name","sourceDraftId"}.',
  positionals: ["draftId"],
  input: DraftDuplicateInput,
  mutates: true,
  examples: ["draft duplicate \"$ID\" --name 'Version B'"],
  run: run.draftDuplicate,
});

/** The draft management commands. */
export const draftManageCommands = [draftDelete, draftRename, draftDuplicate];
