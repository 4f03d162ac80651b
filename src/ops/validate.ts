/** `draft validate`: checks a draft folder and reports what the editors would choke on. */
import { join } from "../path.ts";
import type { CommandContext } from "./context.ts";
import { readDraft } from "../store/load.ts";
import { readDraftState } from "../store/locate.ts";
import { diskFolderReader } from "../store/folder_reader.ts";
import { validateDraft, type ValidationReport } from "../draft/check_draft.ts";
import { DraftcliError } from "../errors.ts";

/**
 * Validates a draft. Returns the report when it has no errors; otherwise throws `draft_invalid`
 * (exit 8) carrying the report as output, so the CLI still prints it on stdout.
 */
export async function validateDraftById(
  ctx: CommandContext,
  draftId: string,
): Promise<ValidationReport> {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  const files = diskFolderReader;
  const hasMeta = await files.isFile(join(doc.dir, "draft_meta_info.json"));
  const state = await readDraftState(doc.dir);
  // An imported zip's record names the import, not who wrote the timeline: the markers decide.
  const writtenBy = state?.createdBy === "draftcli" ? "draftcli" : undefined;
  const recorded: unknown = state?.importedExternal;
  const importedExternal = Array.isArray(recorded)
    ? recorded.filter((p): p is string => typeof p === "string")
    : [];
  const report = await validateDraft(doc, { hasMeta, files, writtenBy, importedExternal });
  if (report.ok) return report;
  const first = report.errors[0];
  const more = report.errors.length > 1 ? ` (and ${report.errors.length - 1} more)` : "";
  throw new DraftcliError(
    "draft_invalid",
    `draft has ${report.errors.length} error(s): ${first.code} at ${first.path}: ${first.message}${more}`,
    {
      hint: "the full report is on stdout; fix each errors[] entry (code, message, path)",
      path: first.path,
      output: report,
    },
  );
}
