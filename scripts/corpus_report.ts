/**
 * The corpus figures of issue 26, one row per draft of test/fixtures/corpus (the checks of
 * test/helpers/corpus.ts, the same ones test/corpus_test.ts runs):
 * - validate: error-level findings of `draft validate` on the unmodified draft;
 * - reads silent: do all read commands leave the folder byte-identical (else which wrote);
 * - add: JSON paths, draft_settings lines and files changed by `captions add` + `images add`
 *   beyond the add rule (untouched paths changed);
 * - export: entries (and ids) declared under `unsupported`, differences after export → build
 *   that nobody declared, and whether the export output builds as it is;
 * - fill: references to the replaced file left in the filled copy.
 *
 *   deno run -A scripts/corpus_report.ts            Markdown table
 *   deno run -A scripts/corpus_report.ts --details  the table, then every finding per draft
 *   deno run -A scripts/corpus_report.ts --json     the raw outcomes as JSON
 */
import {
  type AddOutcome,
  checkAdds,
  checkExportBuild,
  checkFill,
  checkReads,
  corpusDrafts,
  describeAdds,
  describeExport,
  describeFill,
  describeReads,
  type ExportOutcome,
  type FillOutcome,
  type Findings,
  hasFfmpeg,
  makeStandIns,
  type ReadsOutcome,
  untouchedChanged,
  validateFindings,
  withCorpusWorld,
} from "../test/helpers/corpus.ts";
import { tempDir } from "../test/helpers/temp.ts";

interface Row {
  name: string;
  kind: string;
  validate: Findings;
  reads: ReadsOutcome;
  adds: AddOutcome;
  exported?: ExportOutcome;
  fill?: FillOutcome;
}

const args = new Set(Deno.args);
const ffmpeg = hasFfmpeg();
await using media = await tempDir("draftcli-corpus-report-");
const standIns = ffmpeg ? await makeStandIns(media.path) : undefined;
const png = standIns?.png ?? new URL("../test/fixtures/image.png", import.meta.url).pathname;

const rows: Row[] = [];
for (const draft of corpusDrafts()) {
  rows.push(
    await withCorpusWorld(draft, async (w) => {
      const reads = await checkReads(w, ffmpeg);
      const validate = await validateFindings(w);
      const exported = standIns ? await checkExportBuild(w, standIns) : undefined;
      const fill = standIns ? await checkFill(w, standIns) : undefined;
      const adds = await checkAdds(w, png);
      return { name: draft.name, kind: draft.kind, validate, reads, adds, exported, fill };
    }),
  );
  Deno.stderr.writeSync(new TextEncoder().encode("."));
}
Deno.stderr.writeSync(new TextEncoder().encode("\n"));

const writes = (
  reads: ReadsOutcome,
) => [...reads.total.added, ...reads.total.removed, ...reads.total.changed];

const codes = (f: Findings) =>
  (Object.entries(f.errors).map(([c, n]) => `${c}×${n}`).join(", ") || "none") +
  ` (${f.warnings} warnings, ${f.warningCodes["foreign_value_in_editor_draft"] ?? 0} foreign)`;
const readsCell = (reads: ReadsOutcome) => {
  const written = writes(reads);
  const failed = reads.commands.filter((r) => r.error).map((r) => `${r.command} fails`);
  const writers = reads.commands.filter((r) =>
    r.delta.added.length || r.delta.removed.length || r.delta.changed.length
  ).map((r) => r.command);
  const cell = written.length ? `no: ${written.join(" ")} (${writers.join(", ")})` : "yes";
  return [cell, ...failed].join("; ");
};
const exportCell = (e?: ExportOutcome) => {
  if (!e) return "– (no ffmpeg)";
  if (e.exportError) return `export fails`;
  const build = e.buildError ? "build fails" : "builds";
  const whole = e.wholeOutputError ? "; output ≠ spec" : "";
  return `${e.declaredKinds.length} (${e.declaredIds} ids) | ${
    e.buildError ? "?" : e.undeclared.length
  } | ${build}${whole}`;
};
const fillCell = (f?: FillOutcome) =>
  !f ? "–" : f.skipped ? "no media" : f.fillError ? "fails" : String(f.leftovers.length);

function table(): void {
  console.log(
    "| Draft | Kind | Validate errors (unmodified) | Reads silent | Add: untouched paths changed | Export: declared | undeclared | build | Fill: old refs left |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.kind} | ${codes(r.validate)} | ${readsCell(r.reads)} | ${
        untouchedChanged(r.adds)
      } | ${exportCell(r.exported)} | ${fillCell(r.fill)} |`,
    );
  }
  const total = rows.reduce((n, r) => n + untouchedChanged(r.adds), 0);
  console.log(
    `\n${rows.length} drafts; untouched paths changed by the adds: ${total}; ` +
      `drafts whose reads write: ${rows.filter((r) => writes(r.reads).length).length}; ` +
      `drafts with validate errors: ${
        rows.filter((r) => Object.keys(r.validate.errors).length).length
      }.`,
  );
}

function details(): void {
  for (const r of rows) {
    const lines = [
      ...Object.entries(r.validate.examples).map(([c, e]) => `validate ${c}: ${e}`),
      ...describeReads(r.reads.commands),
      ...describeAdds(r.adds, 10),
      ...(r.exported ? describeExport(r.exported, 10) : []),
      ...(r.fill ? describeFill(r.fill, 10) : []),
    ];
    console.log(`\n## ${r.name}\n${lines.map((l) => `    ${l}`).join("\n")}`);
  }
}

if (args.has("--json")) console.log(JSON.stringify(rows, null, 2));
else {
  table();
  if (args.has("--details")) details();
}
