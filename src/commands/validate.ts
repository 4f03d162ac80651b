/** `draft validate`. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema } from "../schema/common.ts";
import { CHECKS, type CheckSpec } from "../draft/validate.ts";
import * as run from "./run/validate.ts";

/** Input of `draft validate`. */
export const DraftValidateInput = z.object({ draftId: draftIdSchema }).strict();

const checkList = Object.entries(CHECKS)
  .map(([code, c]: [string, CheckSpec]) => {
    const level = c.inOthersDraft
      ? `${c.level}; ${c.inOthersDraft} in a draft draftcli did not write`
      : c.level;
    return `  ${code} (${level}): ${c.summary}`;
  })
  .join("\n");

/** `draft validate`. */
export const draftValidate = defineCommand({
  name: ["draft", "validate"],
  summary: "check a draft for what makes the editors drop items or refuse it (JSON report)",
  description: "Prints {ok, errors:[{code,message,path}], warnings:[…], stats}. Exit 0 when " +
    "there are no errors (warnings allowed), exit 8 (draft_invalid) when there are; the report " +
    "is printed on stdout either way. path is a JSON path in the timeline, or <file>#<path> " +
    "for draft_meta_info.json.\n\nChecks:\n" + checkList,
  positionals: ["draftId"],
  input: DraftValidateInput,
  examples: ['draft validate "$ID"', "draft validate \"$ID\" | jq '.errors[]'"],
  run: run.draftValidate,
});

/** Validation commands. */
export const validateCommands = [draftValidate];
