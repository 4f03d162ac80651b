/** `editors`: the version profiles, what is detected on this machine, and the support matrix. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import * as run from "./run/editors.ts";

/** Input of `editors`: none. */
export const EditorsInput = z.object({}).strict();

/** `editors`. */
export const editors = defineCommand({
  name: ["editors"],
  summary: "show the editor version profiles, the drafts folders found here and the support matrix",
  description:
    "Output: {os, ffmpeg ({path, version, from} or null: what 'preview' uses), config, newDrafts, detected[], profiles[], supportMatrix[], " +
    "knownBuilds[], evidence}. 'newDrafts' is what 'draft create' without --editor would use " +
    "and why. 'detected' lists per editor its default drafts folder, whether it exists, the " +
    "folder new drafts go to, and the newest draft the editor app saved there (drafts made by " +
    "draftcli are skipped).",
  input: EditorsInput,
  examples: ["editors --pretty"],
  run: run.editors,
});

/** All `editors` commands. */
export const editorCommands = [editors];
