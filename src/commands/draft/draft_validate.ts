/**
 * `draft validate`: check a draft for what makes the editors drop items or refuse it (JSON report).
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { CHECKS, type CheckSpec } from "../../draft/check_draft.ts";

/** The schemas of `draft validate` (load zod). */
async function schemas() {
  return { input: (await import("../../schema/common.ts")).DraftOnlyInput };
}

/** The input of `draft validate`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** Every check with its level, for the help text. */
const checkList = Object.entries(CHECKS)
  .map(([code, c]: [string, CheckSpec]) => {
    const level = c.inOthersDraft
      ? `${c.level}; ${c.inOthersDraft} in a draft draftcli did not write`
      : c.level;
    return `  ${code} (${level}): ${c.summary}`;
  })
  .join("\n");

/** `draft validate`. */
export const command = defineCommandFile({
  name: ["draft", "validate"],
  summary: "check a draft for what makes the editors drop items or refuse it (JSON report)",
  description: "Prints {ok, errors:[{code,message,path}], warnings:[…], stats}. Exit 0 when " +
    "there are no errors (warnings allowed), exit 8 (draft_invalid) when there are; the report " +
    "is printed on stdout either way. path is a JSON path in the timeline, or <file>#<path> " +
    "for draft_meta_info.json.\n\nChecks:\n" + checkList,
  positionals: ["draftId"],
  examples: ['draft validate "$ID"', "draft validate \"$ID\" | jq '.errors[]'"],
  schemas,
  async run(input: Input, ctx) {
    const { validateDraftById } = await import("../../ops/validate.ts");
    return await validateDraftById(ctx, input.draftId);
  },
});
