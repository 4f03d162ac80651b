/**
 * The draft checker behind `draft validate`: finds what makes an editor drop items, refuse a
 * draft or show media as missing (draft-format.md §3–§9), and values that came from somebody
 * else's draft, and reports it as JSON. Every check has a stable code and a fixed level
 * (`CHECKS`, src/draft/checks/check_context.ts): errors are what the editors are known to choke on,
 * warnings are what they repair or tolerate, or what only matters on another machine. The checks
 * live in src/draft/checks/ by job; this module runs them.
 */
import { dirname, join } from "../path.ts";
import type { DraftDocument } from "./document.ts";
import {
  Collector,
  type Context,
  type FolderReader,
  materialLists,
  type ValidationReport,
  type ValidationStats,
} from "./checks/check_context.ts";
import { checkIds, checkReferences } from "./checks/references.ts";
import { checkSegments, checkTimeline } from "./checks/timeline_checks.ts";
import { checkCatalogIds } from "./checks/catalog_text.ts";
import { checkMedia, checkMeta, checkTimelineCopies } from "./checks/file_checks.ts";
import {
  findForeignValues,
  type ForeignValue,
  isEditorMade,
  mediaPaths,
} from "./checks/foreign.ts";
import { redactText } from "../text/redact.ts";

export {
  type CheckCode,
  CHECKS,
  type CheckSpec,
  type FolderReader,
  type IssueLevel,
  type ValidationIssue,
  type ValidationReport,
  type ValidationStats,
} from "./checks/check_context.ts";
export {
  jsonEqual,
  type JsonType,
  jsonType,
  structuralCheck,
  type StructuralDifference,
} from "./structure.ts";

/** JSON files of a draft folder besides the timeline and meta (sibling files, Timelines/). */
async function otherJsonFiles(c: Context): Promise<string[]> {
  const skip = new Set(["draft_content.json", "draft_info.json", "draft_meta_info.json"]);
  return (await c.files.listFiles(c.doc.dir, 2))
    .filter((r) => /\.(json|tmp)$/.test(r) && !skip.has(r))
    .sort();
}

/**
 * Values from somebody else's draft (see checks/foreign.ts), in every JSON file of the folder:
 * each one in a draft draftcli wrote; one summary line in an editor's (or a peer tool's) draft,
 * where they are the editor's own resources on the machine that saved it.
 */
async function checkForeign(c: Context): Promise<void> {
  const { doc, out } = c;
  const editorMade = !out.byDraftcli;
  const scope = {
    roots: [doc.dir, dirname(doc.dir)],
    media: mediaPaths(doc.content, doc.meta),
    exists: (p: string) => c.files.isFileSync(p),
    editorMade,
  };
  const found = [
    ...findForeignValues("draft_content.json", doc.content, scope),
    ...findForeignValues("draft_meta_info.json", doc.meta, scope),
  ];
  for (const rel of await otherJsonFiles(c)) {
    let json: unknown;
    try {
      json = JSON.parse((await c.files.readText(join(doc.dir, rel))) ?? "");
    } catch {
      continue; // not JSON (encrypted, empty): not ours to judge here
    }
    found.push(...findForeignValues(rel, json, scope));
  }
  const where = (f: ForeignValue) =>
    f.path.startsWith("draft_content.json#") ? f.path.slice("draft_content.json#".length) : f.path;
  const shown = (v: string) => {
    const safe = redactText(v);
    return JSON.stringify(safe.length > 120 ? safe.slice(0, 120) + "…" : safe);
  };
  if (editorMade) {
    if (!found.length) return;
    const files = new Set(found.map((f) => f.path.slice(0, f.path.indexOf("#"))));
    out.add(
      "foreign_value_in_editor_draft",
      `${found.length} value(s) in ${[...files].join(", ")} name files outside the draft and ` +
        `its media that are not on this machine (first: ${shown(found[0].value)}); the editor ` +
        "wrote them on the machine that saved the draft",
      where(found[0]),
    );
    return;
  }
  for (const f of found) out.add("foreign_value", `${f.why}: ${shown(f.value)}`, where(f));
}

/**
 * Checks a loaded draft and its folder. `hasMeta`: did the folder have draft_meta_info.json?
 * `writtenBy`: who created the draft, as draftcli's own record says (`.draftcli/state.json`);
 * without a record, a `platform` block with blank device hashes means draftcli. Patterns the
 * editors write and open (CHECKS `inOthersDraft`) are warnings in a draft draftcli did not write.
 * `importedExternal`: media paths recorded at import as pointing outside the draft.
 */
export async function validateDraft(
  doc: DraftDocument,
  opts: {
    hasMeta: boolean;
    files: FolderReader;
    writtenBy?: "draftcli" | "other";
    importedExternal?: readonly string[];
  },
): Promise<ValidationReport> {
  const byDraftcli = opts.writtenBy ? opts.writtenBy === "draftcli" : !isEditorMade(doc.content);
  const out = new Collector(byDraftcli);
  const stats: ValidationStats = {
    edition: doc.edition,
    duration: Number(doc.content.duration) || 0,
    tracks: doc.tracks.length,
    segments: doc.tracks.reduce((n, t) => n + (t.segments?.length ?? 0), 0),
    materials: materialLists(doc).reduce((n, [, items]) => n + items.length, 0),
    keyframes: 0,
    references: 0,
    mediaFiles: 0,
    catalogIds: 0,
    timelineCopies: 0,
  };
  const c: Context = {
    doc,
    files: opts.files,
    out,
    stats,
    materials: new Map(),
    referenced: new Set(),
    owner: new Map(),
    importedExternal: new Set(opts.importedExternal ?? []),
  };
  checkIds(c);
  checkReferences(c);
  checkTimeline(c);
  checkSegments(c);
  checkCatalogIds(c);
  checkMeta(c, opts.hasMeta);
  await checkTimelineCopies(c);
  await checkMedia(c);
  await checkForeign(c);
  return { ok: out.errors.length === 0, errors: out.errors, warnings: out.warnings, stats };
}

// ---------------------------------------------------------------------------------------------
// structural comparison with editor objects
