/**
 * The corpus checks (test/fixtures/corpus, see its SOURCES.md), shared by test/corpus_test.ts and
 * scripts/corpus_report.ts. Each check puts one corpus draft into its own temporary drafts folder
 * (hermetic HOME, config and TMPDIR) and measures, without asserting:
 * - reads: does every read command leave the draft folder byte-identical?
 * - adds: which JSON paths did `captions add` + `images add` change beyond their own (ADD RULE)?
 * - export → build with stand-in media: which segments come back with their track and timing,
 *   which are declared in export's `unsupported`, which are lost without a word?
 * - fill: does the filled copy still name the replaced file anywhere?
 *
 * Commands run in-process through runApp (fast; the whole corpus takes about a minute), or as
 * the build named by DRAFTCLI_BIN or DRAFTCLI_BUNDLE. The corpus drafts carry their owners' paths and device ids:
 * they are only ever copied whole into a temporary folder, never into another draft.
 */
import { loadCommand } from "../../src/commands/registry.ts";
import { COMMAND_TABLE } from "../../src/generated/command_table.ts";
import { copyTree } from "../../src/files.ts";
import { fixture, runCli, runInProcess, runsBuild, type TempWorld, tempWorld } from "./cli.ts";
import { type Change, diffRaw, parseRaw, type Raw, valueOf } from "./structural_diff.ts";
import { ffmpeg, hasFfmpeg } from "./ffmpeg_run.ts";

export { hasFfmpeg };

// deno-lint-ignore no-explicit-any
type Json = any;

/** One corpus draft as manifest.json lists it. */
export interface CorpusDraft {
  name: string;
  /** `editor` (editor bytes), `reformatted` (re-indented by its owner) or `peer` (a tool's). */
  kind: "editor" | "reformatted" | "peer";
  /** The timeline file: draft_content.json or draft_info.json. */
  primary: string;
  repository: string;
  commit: string;
  path: string;
}

/** Folder of the corpus fixtures. */
export const CORPUS = fixture("corpus");

/** Every corpus draft, in manifest order. */
export function corpusDrafts(): CorpusDraft[] {
  return JSON.parse(Deno.readTextFileSync(`${CORPUS}/manifest.json`));
}

/** Result of one command run. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  json: Json;
}

/** A command runner bound to one world's environment. */
export type Runner = (argv: string[]) => Promise<RunResult>;

/**
 * Runs commands in-process (runApp) or, when DRAFTCLI_BIN or DRAFTCLI_BUNDLE is set, as that
 * build.
 */
export function runnerFor(env: Record<string, string>): Runner {
  if (runsBuild()) {
    return async (argv) => {
      const r = await runCli(argv, { env });
      return { code: r.code, stdout: r.stdout, stderr: r.stderr, json: r.json };
    };
  }
  return async (argv) => {
    const r = await runInProcess(argv, { env });
    return { code: r.code, stdout: r.stdout, stderr: r.stderr, json: r.json };
  };
}

/** Stand-in media for a draft's files: a photo, a video (with sound) and an audio, 900 s long. */
export interface StandIns {
  png: string;
  mp4: string;
  mp3: string;
}

/** Stand-in length: longer than any source range in the corpus (751 s). */
const STAND_IN_SECONDS = 900;

/** Writes the stand-ins into `dir` (needs ffmpeg). */
export async function makeStandIns(dir: string): Promise<StandIns> {
  const png = `${dir}/stand-in.png`;
  const mp4 = `${dir}/stand-in.mp4`;
  const mp3 = `${dir}/stand-in.mp3`;
  await Deno.copyFile(fixture("image.png"), png);
  const t = String(STAND_IN_SECONDS);
  await ffmpeg([
    ...["-f", "lavfi", "-i", "color=c=gray:s=16x16:r=1"],
    ...["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", t],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "stillimage", "-pix_fmt", "yuv420p"],
    ...["-c:a", "aac", "-b:a", "8k", "-shortest", mp4],
  ]);
  await ffmpeg([
    ...["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", t],
    ...["-c:a", "libmp3lame", "-b:a", "8k", mp3],
  ]);
  return { png, mp4, mp3 };
}

/** One corpus draft copied into a fresh world. */
export interface CorpusWorld {
  draft: CorpusDraft;
  world: TempWorld;
  /** The draft's folder in the world's drafts folder. */
  dir: string;
  run: Runner;
}

/** Runs `fn` on a copy of `draft` in its own world, removed afterwards. */
export async function withCorpusWorld<T>(
  draft: CorpusDraft,
  fn: (w: CorpusWorld) => Promise<T>,
): Promise<T> {
  const world = await tempWorld();
  try {
    const dir = `${world.draftsDir}/${draft.name}`;
    await copyTree(`${CORPUS}/${draft.name}`, dir);
    return await fn({ draft, world, dir, run: runnerFor(world.env) });
  } finally {
    await world.cleanup();
  }
}

/** Every file (bytes) and folder (null) under `dir`, by relative path. */
export async function snapshotFiles(dir: string): Promise<Map<string, Uint8Array | null>> {
  const out = new Map<string, Uint8Array | null>();
  const walk = async (rel: string) => {
    for await (const e of Deno.readDir(rel ? `${dir}/${rel}` : dir)) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory) {
        out.set(`${r}/`, null);
        await walk(r);
      } else out.set(r, await Deno.readFile(`${dir}/${r}`));
    }
  };
  await walk("");
  return out;
}

const sameBytes = (a: Uint8Array | null, b: Uint8Array | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]));

/** Files and folders added, removed and changed between two snapshots. */
export interface FilesDelta {
  added: string[];
  removed: string[];
  changed: string[];
}

/** What differs between two snapshots of one folder. */
export function filesDelta(
  before: Map<string, Uint8Array | null>,
  after: Map<string, Uint8Array | null>,
): FilesDelta {
  const added = [...after.keys()].filter((k) => !before.has(k)).sort();
  const removed = [...before.keys()].filter((k) => !after.has(k)).sort();
  const changed = [...before.keys()]
    .filter((k) => after.has(k) && !sameBytes(before.get(k)!, after.get(k)!)).sort();
  return { added, removed, changed };
}

const isEmptyDelta = (d: FilesDelta) => !d.added.length && !d.removed.length && !d.changed.length;

const decoder = new TextDecoder();
const text = (b: Uint8Array | null | undefined) => b ? decoder.decode(b) : "";

// ---------------------------------------------------------------------------------------------
// a. reads

/** One read command and what it did to the draft folder. */
export interface ReadOutcome {
  command: string;
  code: number;
  /** First line of stderr when the exit code is not an accepted one. */
  error?: string;
  delta: FilesDelta;
}

/** All segments of the top-level tracks, with their track. */
function segmentsOf(doc: Json): { track: Json; seg: Json; trackIndex: number }[] {
  return ((doc?.tracks ?? []) as Json[]).flatMap((track, trackIndex) =>
    ((track.segments ?? []) as Json[]).map((seg) => ({ track, seg, trackIndex }))
  );
}

async function readTimeline(w: CorpusWorld): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(`${w.dir}/${w.draft.primary}`));
}

/**
 * The read commands run on a draft: draft info/validate/export, `draft zip` (its zip outside
 * the draft folder), draft list, every command whose name ends in `list` and that takes a draft
 * (a segment id where one is asked for), and `preview --at 0` when ffmpeg is there (its output
 * outside the draft folder).
 */
export async function readCommands(w: CorpusWorld, preview: boolean): Promise<string[][]> {
  const n = w.draft.name;
  const firstSegment = segmentsOf(await readTimeline(w))[0]?.seg.id as string | undefined;
  const cmds: string[][] = [
    ["draft", "info", n],
    ["draft", "validate", n],
    ["draft", "export", n],
    ["draft", "zip", n, "--output", `${w.world.root}/zip-out/${n}.zip`],
    ["draft", "list"],
  ];
  for (const e of COMMAND_TABLE) {
    if (e.mutates || e.name.at(-1) !== "list" || e.positionals[0] !== "draftId") continue;
    const argv = [...e.name, n];
    if ("segmentId" in ((await loadCommand(e))?.fields ?? {})) {
      if (!firstSegment) continue;
      argv.push("--segment-id", firstSegment);
    }
    cmds.push(argv);
  }
  if (preview) cmds.push(["preview", n, "--at", "0", "--out", `${w.world.root}/preview`]);
  return cmds;
}

/** The read commands' outcomes, and what all of them together left in the folder. */
export interface ReadsOutcome {
  commands: ReadOutcome[];
  total: FilesDelta;
}

/** The modification time of `dir` and of every folder under it, by relative path. */
export async function folderMtimes(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const walk = async (rel: string) => {
    const path = rel ? `${dir}/${rel}` : dir;
    out.set(`${rel}/`, (await Deno.stat(path)).mtime?.getTime() ?? 0);
    for await (const e of Deno.readDir(path)) {
      if (e.isDirectory) await walk(rel ? `${rel}/${e.name}` : e.name);
    }
  };
  await walk("");
  return out;
}

/** Folders (of both maps) whose modification time differs, as `<folder>/ (mtime)`. */
function mtimesChanged(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...before.keys()]
    .filter((k) => after.has(k) && after.get(k) !== before.get(k))
    .map((k) => `${k} (mtime)`);
}

/**
 * Runs every read command and records what each left in the draft folder: files and folders
 * added, removed or changed, and folders whose modification time moved.
 */
export async function checkReads(w: CorpusWorld, preview: boolean): Promise<ReadsOutcome> {
  const out: ReadOutcome[] = [];
  const pristine = await snapshotFiles(w.dir);
  for (const argv of await readCommands(w, preview)) {
    const before = await snapshotFiles(w.dir);
    const mtimesBefore = await folderMtimes(w.dir);
    const r = await w.run(argv);
    const delta = filesDelta(before, await snapshotFiles(w.dir));
    delta.changed.push(...mtimesChanged(mtimesBefore, await folderMtimes(w.dir)));
    const ok = r.code === 0 || (argv[1] === "validate" && r.code === 8);
    out.push({
      command: argv.slice(0, argv[0] === "preview" ? 1 : 2).join(" "),
      code: r.code,
      error: ok ? undefined : r.stderr.split("\n")[0].slice(0, 300),
      delta,
    });
  }
  return { commands: out, total: filesDelta(pristine, await snapshotFiles(w.dir)) };
}

/** One line per read that changed the folder or failed. */
export function describeReads(reads: ReadOutcome[]): string[] {
  return reads.flatMap((r) => {
    const lines: string[] = [];
    if (r.error) lines.push(`${r.command}: exit ${r.code}: ${r.error}`);
    if (!isEmptyDelta(r.delta)) {
      const parts = [
        r.delta.added.length ? `added ${r.delta.added.join(", ")}` : "",
        r.delta.removed.length ? `removed ${r.delta.removed.join(", ")}` : "",
        r.delta.changed.length ? `changed ${r.delta.changed.join(", ")}` : "",
      ].filter(Boolean);
      lines.push(`${r.command}: ${parts.join("; ")}`);
    }
    return lines;
  });
}

// ---------------------------------------------------------------------------------------------
// validate

/** Error-level findings of `draft validate` by code, and the number of warnings. */
export interface Findings {
  code: number;
  errors: Record<string, number>;
  warnings: number;
  /** Warnings by code. */
  warningCodes: Record<string, number>;
  /** The first error of each code, for the report. */
  examples: Record<string, string>;
}

/** `draft validate` of the draft as it is now. */
export async function validateFindings(w: CorpusWorld): Promise<Findings> {
  const r = await w.run(["draft", "validate", w.draft.name]);
  const errors: Record<string, number> = {};
  const examples: Record<string, string> = {};
  for (const e of (r.json?.errors ?? []) as Json[]) {
    errors[e.code] = (errors[e.code] ?? 0) + 1;
    examples[e.code] ??= `${e.path ?? ""}: ${String(e.message).slice(0, 200)}`;
  }
  if (r.code !== 0 && r.code !== 8) errors[`exit ${r.code}`] = 1;
  const warningCodes: Record<string, number> = {};
  for (const e of (r.json?.warnings ?? []) as Json[]) {
    warningCodes[e.code] = (warningCodes[e.code] ?? 0) + 1;
  }
  const warnings = (r.json?.warnings ?? []).length;
  return { code: r.code, errors, warnings, warningCodes, examples };
}

/** The one error an unmodified saved draft may get here: its media are not on this machine. */
export const MISSING_MEDIA = "missing_draft_file";

/**
 * What validate says wrongly of an unmodified draft (issue 26 item 5): any error-level finding
 * but missing media, and more than one line of foreign-value warnings.
 */
export function describeValidate(f: Findings): string[] {
  const lines = Object.entries(f.errors).filter(([c]) => c !== MISSING_MEDIA)
    .map(([c, n]) => `${n} × ${c} (e.g. ${f.examples[c] ?? ""})`);
  const foreign = f.warningCodes["foreign_value_in_editor_draft"] ?? 0;
  if (foreign > 1) lines.push(`${foreign} foreign_value_in_editor_draft warnings (at most one)`);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// b. adds

/** Text the corpus test adds, so that its own items are easy to tell apart. */
export const ADDED_CAPTION = "corpus check caption";

/** What `captions add` + `images add` did beyond their own paths. */
export interface AddOutcome {
  /** Exit code and stderr line of each add that failed. */
  failures: string[];
  /** Per existing file, the changes the ADD RULE does not allow. */
  disallowed: { file: string; changes: Change[] }[];
  /** Count of allowed changes (new items, duration, modification times). */
  allowed: number;
  /** Files or folders the adds created other than the placed image. */
  newFiles: string[];
  removedFiles: string[];
  /** Error codes `draft validate` reports more often after the adds than before. */
  newValidateErrors: Record<string, number>;
  /** Ids of the segments the adds created (found in the timeline). */
  newSegments: string[];
}

/** Ids a segment refers to: its material and its extra materials. */
function refsOf(seg: Json): string[] {
  return [seg?.material_id, ...(seg?.extra_material_refs ?? [])].filter((x) =>
    typeof x === "string"
  );
}

const TRACK = /^tracks\[id=([^\]]+)\]$/;
const TRACK_SEGMENT = /^tracks\[id=([^\]]+)\]\.segments\[id=([^\]]+)\]$/;
const MATERIAL_ITEM = /^materials\.([A-Za-z_]\w*)\[id=([^\]]+)\]$/;
const MATERIAL_LIST = /^materials\.([A-Za-z_]\w*)$/;

/**
 * THE ADD RULE for the timeline file. A change is allowed only if it is one of:
 * - a new track (`added tracks[id=T]`);
 * - a new segment on an existing track (`added tracks[id=T].segments[id=S]`);
 * - a new material (`added materials.<kind>[id=M]`, or a whole non-empty `materials.<kind>` list
 *   the draft lacked) whose id a new segment refers to (`material_id` or `extra_material_refs`);
 * - `duration` growing.
 * Anything else (a number written differently, a renumbered render index, a key added to or
 * dropped from an existing object, a reordered list, a change inside a compound clip) is not.
 */
function timelineRule(before: Json, after: Json): (c: Change) => boolean {
  const refs = new Set<string>();
  const oldSegs = new Set(segmentsOf(before).map((x) => x.seg.id));
  for (const { seg } of segmentsOf(after)) {
    if (!oldSegs.has(seg.id)) { for (const r of refsOf(seg)) refs.add(r); }
  }
  return (c) => {
    if (c.kind === "added" && (TRACK.test(c.path) || TRACK_SEGMENT.test(c.path))) return true;
    let m = c.path.match(MATERIAL_ITEM);
    if (c.kind === "added" && m) return refs.has(m[2]);
    m = c.path.match(MATERIAL_LIST);
    if (c.kind === "added" && m) {
      const list = after?.materials?.[m[1]];
      return Array.isArray(list) && list.length > 0 && list.every((x: Json) => refs.has(x?.id));
    }
    if (c.kind === "value" && c.path === "duration") return Number(c.after) > Number(c.before);
    return false;
  };
}

const META_GROUP_ITEM = /^draft_materials\[\d+\]\.value\[id=[^\]]+\]$/;
const META_GROUP = /^draft_materials\[\d+\]$/;

/**
 * THE ADD RULE for draft_meta_info.json: `tm_draft_modified` and `tm_duration` growing,
 * `draft_timeline_materials_size_` growing by exactly the bytes of the placed image, entries
 * appended to a `draft_materials` group (or a new group), and `draft_fold_path` /
 * `draft_root_path` set to where the draft really is now (the test moved it there).
 */
function allowedInMeta(c: Change, dir: string, placedBytes: number): boolean {
  if (c.kind === "value" && (c.path === "tm_draft_modified" || c.path === "tm_duration")) {
    return Number(c.after) > Number(c.before);
  }
  if (c.kind === "value" && c.path === "draft_timeline_materials_size_") {
    return Number(c.after) - Number(c.before) === placedBytes;
  }
  if (c.kind === "added" && (META_GROUP_ITEM.test(c.path) || META_GROUP.test(c.path))) return true;
  if (c.kind === "value" && (c.path === "draft_fold_path" || c.path === "draft_root_path")) {
    const now = JSON.parse(c.after ?? '""');
    return now === (c.path === "draft_fold_path" ? dir : dir.slice(0, dir.lastIndexOf("/")));
  }
  return false;
}

/** `key=value` lines of an INI text, in order. */
function iniEntries(s: string): [string, string][] {
  return s.split(/\r?\n/).filter((l) => l.includes("=")).map((l) => {
    const i = l.indexOf("=");
    return [l.slice(0, i), l.slice(i + 1)];
  });
}

/**
 * THE ADD RULE for draft_settings (INI): only `draft_last_edit_time` may change (and only
 * forwards); every other line keeps its text and place.
 */
function settingsChanges(before: string, after: string): Change[] {
  const a = iniEntries(before);
  const b = new Map(iniEntries(after));
  const out: Change[] = [];
  for (const [k, v] of a) {
    const now = b.get(k);
    if (now === undefined) out.push({ path: k, kind: "removed", before: v });
    else if (now !== v && !(k === "draft_last_edit_time" && Number(now) > Number(v))) {
      out.push({ path: k, kind: "value", before: v, after: now });
    }
  }
  const had = new Set(a.map(([k]) => k));
  for (const [k, v] of b) if (!had.has(k)) out.push({ path: k, kind: "added", after: v });
  const lines = (s: string) =>
    s.split(/\r?\n/).filter((l) => !l.startsWith("draft_last_edit_time"));
  if (!out.length && lines(before).join("\n") !== lines(after).join("\n")) {
    out.push({ path: "(lines)", kind: "key-order" });
  }
  return out;
}

const TIMELINE_FILES = new Set(["draft_content.json", "draft_info.json"]);

/** What the ADD RULE says of one file's change. */
export interface AddRuleResult {
  /** Changes the rule does not allow. */
  violations: Change[];
  /** Number of changes it allows. */
  allowed: number;
  /** For a timeline file: ids of the segments the change added. */
  newSegments?: string[];
}

/**
 * Applies the ADD RULE to one file of a draft folder changed by an add: the timeline rule to
 * draft_content.json / draft_info.json, the meta rule to draft_meta_info.json, the INI rule to
 * draft_settings, and "no change at all" to any other file. `dir` is the draft folder,
 * `placedBytes` the size of the media files the add placed in it.
 */
export function applyAddRule(
  file: string,
  before: string,
  after: string,
  ctx: { dir: string; placedBytes: number },
): AddRuleResult {
  if (file === "draft_settings") {
    const violations = settingsChanges(before, after);
    return { violations, allowed: 0 };
  }
  let ra: Raw;
  let rb: Raw;
  try {
    ra = parseRaw(before);
    rb = parseRaw(after);
  } catch (e) {
    return { violations: [{ path: "", kind: "value", after: String(e) }], allowed: 0 };
  }
  const changes = diffRaw(ra, rb);
  let ok: (c: Change) => boolean = () => false;
  let newSegments: string[] | undefined;
  if (TIMELINE_FILES.has(file)) {
    const va = valueOf(ra) as Json;
    const vb = valueOf(rb) as Json;
    ok = timelineRule(va, vb);
    const old = new Set(segmentsOf(va).map((x) => x.seg.id));
    newSegments = segmentsOf(vb).map((x) => x.seg.id).filter((id) => !old.has(id));
  } else if (file === "draft_meta_info.json") {
    ok = (c) => allowedInMeta(c, ctx.dir, ctx.placedBytes);
  }
  const violations = changes.filter((c) => !ok(c));
  return { violations, allowed: changes.length - violations.length, newSegments };
}

/** Runs `captions add` then `images add` (the stand-in photo) and applies the ADD RULE. */
export async function checkAdds(w: CorpusWorld, png: string): Promise<AddOutcome> {
  const n = w.draft.name;
  const v0 = await validateFindings(w);
  const before = await snapshotFiles(w.dir);
  const failures: string[] = [];
  const adds = [
    [
      "captions",
      "add",
      n,
      "--captions",
      JSON.stringify([{ text: ADDED_CAPTION, start: 0, end: 1_000_000 }]),
    ],
    [
      "images",
      "add",
      n,
      "--image-infos",
      JSON.stringify([{ imageUrl: png, start: 0, end: 1_000_000 }]),
    ],
  ];
  for (const argv of adds) {
    const r = await w.run(argv);
    if (r.code !== 0) failures.push(`${argv[0]} add: exit ${r.code}: ${r.stderr.split("\n")[0]}`);
  }
  const after = await snapshotFiles(w.dir);
  const delta = filesDelta(before, after);
  const pngBytes = await Deno.readFile(png);
  const disallowed: AddOutcome["disallowed"] = [];
  let allowed = 0;
  let newSegments: string[] = [];
  for (const file of delta.changed) {
    const r = applyAddRule(file, text(before.get(file)), text(after.get(file)), {
      dir: w.dir,
      placedBytes: pngBytes.length,
    });
    allowed += r.allowed;
    if (r.violations.length) disallowed.push({ file, changes: r.violations });
    if (r.newSegments) newSegments = r.newSegments;
  }
  const newFiles = delta.added.filter((f) => !sameBytes(after.get(f)!, pngBytes))
    // a folder that holds only the placed image is the image's place
    .filter((f) =>
      !(f.endsWith("/") &&
        [...after.keys()].filter((k) => k.startsWith(f) && k !== f).every((k) =>
          sameBytes(after.get(k)!, pngBytes) || (k.endsWith("/") && !before.has(k))
        ))
    );
  const v1 = await validateFindings(w);
  const newValidateErrors: Record<string, number> = {};
  for (const [code, count] of Object.entries(v1.errors)) {
    if (count > (v0.errors[code] ?? 0)) newValidateErrors[code] = count - (v0.errors[code] ?? 0);
  }
  return {
    failures,
    disallowed,
    allowed,
    newFiles,
    removedFiles: delta.removed,
    newValidateErrors,
    newSegments,
  };
}

/** Number of untouched paths an add changed (disallowed changes, new files, removed files). */
export function untouchedChanged(a: AddOutcome): number {
  return a.disallowed.reduce((n, d) => n + d.changes.length, 0) + a.newFiles.length +
    a.removedFiles.length;
}

/** One line per finding of checkAdds. */
export function describeAdds(a: AddOutcome, limit = 25): string[] {
  const lines = [...a.failures];
  for (const d of a.disallowed) {
    lines.push(`${d.file}: ${d.changes.length} change(s) outside the add rule`);
    for (const c of d.changes.slice(0, limit)) {
      const ba = c.before !== undefined || c.after !== undefined
        ? `: ${c.before ?? "∅"} → ${c.after ?? "∅"}`
        : "";
      lines.push(`  ${c.kind} ${c.path}${ba.length > 140 ? ba.slice(0, 137) + "…" : ba}`);
    }
    if (d.changes.length > limit) lines.push(`  … and ${d.changes.length - limit} more`);
  }
  if (a.newFiles.length) lines.push(`new files: ${a.newFiles.join(", ")}`);
  if (a.removedFiles.length) lines.push(`removed files: ${a.removedFiles.join(", ")}`);
  for (const [code, n] of Object.entries(a.newValidateErrors)) {
    lines.push(`draft validate after the adds: ${n} more ${code}`);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// c. export → build

/** How export → build of a draft went. */
export interface ExportOutcome {
  /** Why export failed, if it did. */
  exportError?: string;
  /** Why build refused the export's whole output (as `draft export ID > s.json` saves it). */
  wholeOutputError?: string;
  /** Why build refused the spec (after media were mapped to stand-ins). */
  buildError?: string;
  /** Segments of the draft (top-level tracks). */
  segments: number;
  /** Entries and ids export lists under `unsupported`. */
  declaredKinds: string[];
  declaredIds: number;
  /** Differences neither reproduced nor declared, one line each. */
  undeclared: string[];
}

/** Replaces every media URL of an export with the stand-in of its kind. */
function mapMedia(x: Json, s: StandIns): Json {
  if (Array.isArray(x)) return x.map((v) => mapMedia(v, s));
  if (x && typeof x === "object") {
    const out: Json = {};
    for (const [k, v] of Object.entries(x)) {
      if (k === "imageUrl" && typeof v === "string") out[k] = s.png;
      else if (k === "videoUrl" && typeof v === "string") out[k] = s.mp4;
      else if (k === "audioUrl" && typeof v === "string") out[k] = s.mp3;
      else out[k] = mapMedia(v, s);
    }
    return out;
  }
  return x;
}

/** Ids named anywhere in an `unsupported` list. */
function declaredIdsOf(unsupported: Json): Set<string> {
  const ids = new Set<string>();
  for (const u of (Array.isArray(unsupported) ? unsupported : []) as Json[]) {
    for (const id of (u?.ids ?? []) as unknown[]) if (typeof id === "string") ids.add(id);
  }
  return ids;
}

async function timelineOf(folder: string): Promise<Json> {
  for (const n of TIMELINE_FILES) {
    try {
      return JSON.parse(await Deno.readTextFile(`${folder}/${n}`));
    } catch { /* next */ }
  }
  return undefined;
}

const range = (r: Json) => r ? `${r.start}+${r.duration}` : "none";

/** Does `declared` name an `unsupported` kind matching `re` (entries `kind:<kind>`)? */
const declaredKind = (declared: Set<string>, re: RegExp) =>
  [...declared].some((d) => d.startsWith("kind:") && re.test(d));

/**
 * Exports the draft, maps its media to stand-ins, builds it, and compares the built draft's
 * tracks, segments and timings with the original's (canvas and fps too). A segment export lists
 * under `unsupported` (by id) counts as declared, whatever became of it.
 */
export async function checkExportBuild(w: CorpusWorld, s: StandIns): Promise<ExportOutcome> {
  const original = await readTimeline(w);
  const segs = segmentsOf(original);
  const out: ExportOutcome = {
    segments: segs.length,
    declaredKinds: [],
    declaredIds: 0,
    undeclared: [],
  };
  const ex = await w.run(["draft", "export", w.draft.name]);
  if (ex.code !== 0 || !ex.json) {
    out.exportError = `exit ${ex.code}: ${ex.stderr.split("\n")[0]}`;
    return out;
  }
  const unsupported = ex.json._export?.unsupported ?? ex.json.unsupported ??
    ex.json.spec?.unsupported ?? [];
  out.declaredKinds = (unsupported as Json[]).map((u) =>
    `${u.kind}${u.scope ? `/${u.scope}` : ""}×${u.count ?? u.ids?.length ?? 1}`
  );
  const declared = declaredIdsOf(unsupported);
  out.declaredIds = declared.size;
  for (const u of unsupported as Json[]) {
    if (typeof u?.kind === "string") declared.add(`kind:${u.kind}`);
  }

  const specFile = `${w.world.root}/spec.json`;
  await Deno.writeTextFile(specFile, JSON.stringify(mapMedia(ex.json, s)));
  let built = await w.run(["build", `@${specFile}`]);
  if (built.code !== 0) {
    out.wholeOutputError = built.stderr.split("\n")[0].slice(0, 400);
    if (ex.json.spec) {
      await Deno.writeTextFile(specFile, JSON.stringify(mapMedia(ex.json.spec, s)));
      built = await w.run(["build", `@${specFile}`]);
    }
  }
  if (built.code !== 0) {
    out.buildError = built.stderr.split("\n")[0].slice(0, 600);
    return out;
  }
  const copy = await timelineOf(built.json.filePath);
  if (!copy) {
    out.buildError = `no timeline file in ${built.json.filePath}`;
    return out;
  }
  out.undeclared = buildLosses(original, copy, built.json.refs ?? {}, declared);
  return out;
}

/**
 * What the built copy lost of the original without `declared` naming it (segment ids, and
 * `kind:<kind>` for whole kinds): canvas size, ratio, fps and markers; per segment (matched
 * through build's `refs`, original segment id → new id) its presence, track type, timing, for
 * video and audio its source range, for audio its type, and its keyframe properties; per track
 * whether its segments stay on one track of their own, in the original order.
 */
export function buildLosses(
  original: Json,
  copy: Json,
  refs: Record<string, string>,
  declared: Set<string>,
): string[] {
  const where = new Map(segmentsOf(copy).map((x) => [x.seg.id, x]));
  const out: string[] = [];
  const loss = (msg: string) => out.push(msg);

  for (const key of ["width", "height"]) {
    if (original.canvas_config?.[key] !== copy.canvas_config?.[key]) {
      loss(`canvas ${key} ${original.canvas_config?.[key]} → ${copy.canvas_config?.[key]}`);
    }
  }
  if (Number(original.fps) !== Number(copy.fps)) loss(`fps ${original.fps} → ${copy.fps}`);
  const ratio = (d: Json) => d.canvas_config?.ratio ?? "none";
  if (ratio(original) !== ratio(copy) && !declaredKind(declared, /ratio|canvas/)) {
    loss(`canvas ratio ${ratio(original)} → ${ratio(copy)}`);
  }
  const marks = (d: Json) => (d.time_marks?.mark_items ?? []).length;
  if (marks(original) !== marks(copy) && !declaredKind(declared, /mark/)) {
    loss(`markers ${marks(original)} → ${marks(copy)}`);
  }
  const audioType = (d: Json, id: string) =>
    ((d.materials?.audios ?? []) as Json[]).find((m) => m.id === id)?.type;
  const kfProps = (seg: Json) =>
    ((seg.common_keyframes ?? []) as Json[]).map((k) => k.property_type).sort().join(",");

  // track of each original track's segments in the copy
  const trackMap = new Map<number, Set<number>>();
  for (const { seg, track, trackIndex } of segmentsOf(original)) {
    if (declared.has(seg.id)) continue;
    const id = refs[seg.id];
    const hit = id ? where.get(id) : undefined;
    if (!hit) {
      loss(`segment ${seg.id} (${track.type} track ${trackIndex}) is not in the build`);
      continue;
    }
    if (hit.track.type !== track.type) {
      loss(`segment ${seg.id}: ${track.type} track → ${hit.track.type} track`);
    }
    if (range(seg.target_timerange) !== range(hit.seg.target_timerange)) {
      loss(
        `segment ${seg.id} timing ${range(seg.target_timerange)} → ${
          range(hit.seg.target_timerange)
        }`,
      );
    }
    if (
      (track.type === "video" || track.type === "audio") && seg.source_timerange &&
      range(seg.source_timerange) !== range(hit.seg.source_timerange)
    ) {
      loss(
        `segment ${seg.id} source ${range(seg.source_timerange)} → ${
          range(hit.seg.source_timerange)
        }`,
      );
    }
    if (track.type === "audio") {
      const [a, b] = [audioType(original, seg.material_id), audioType(copy, hit.seg.material_id)];
      if (a !== b) loss(`segment ${seg.id} audio type ${a} → ${b}`);
    }
    if (kfProps(seg) !== kfProps(hit.seg)) {
      loss(`segment ${seg.id} keyframes [${kfProps(seg)}] → [${kfProps(hit.seg)}]`);
    }
    const set = trackMap.get(trackIndex) ?? new Set<number>();
    set.add(hit.trackIndex);
    trackMap.set(trackIndex, set);
  }
  const firstTrack: [number, number][] = [];
  for (const [t, built] of [...trackMap].sort((a, b) => a[0] - b[0])) {
    if (built.size > 1) loss(`track ${t} comes back as ${built.size} tracks`);
    firstTrack.push([t, Math.min(...built)]);
  }
  const seen = new Map<number, number>();
  for (const [t, b] of firstTrack) {
    if (seen.has(b)) loss(`tracks ${seen.get(b)} and ${t} come back as one track`);
    seen.set(b, t);
  }
  for (let i = 1; i < firstTrack.length; i++) {
    if (firstTrack[i][1] < firstTrack[i - 1][1]) {
      loss(
        `track order: track ${firstTrack[i][0]} now before track ${firstTrack[i - 1][0]}`,
      );
    }
  }
  return out;
}

/** One line per finding of checkExportBuild. */
export function describeExport(e: ExportOutcome, limit = 25): string[] {
  const lines: string[] = [];
  if (e.exportError) lines.push(`export failed: ${e.exportError}`);
  if (e.wholeOutputError) {
    lines.push(`build of the whole export output failed: ${e.wholeOutputError}`);
  }
  if (e.buildError) lines.push(`build of the spec failed: ${e.buildError}`);
  if (e.undeclared.length) {
    lines.push(`${e.undeclared.length} undeclared difference(s) after export → build:`);
    lines.push(...e.undeclared.slice(0, limit).map((l) => `  ${l}`));
    if (e.undeclared.length > limit) lines.push(`  … and ${e.undeclared.length - limit} more`);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// d. fill

/** How `draft fill` replacing one media file went. */
export interface FillOutcome {
  /** Why nothing was checked (a draft without media). */
  skipped?: string;
  /** The fill key (the old file's base name) and the old path. */
  key?: string;
  replaced?: string;
  fillError?: string;
  /** `<file> <json path>: <old reference>` for every reference left in the copy. */
  leftovers: string[];
}

const PATH_KEY = /path$/i;

/** Non-empty path-like values of a material object (path, reverse_path, …). */
function pathValues(material: Json): string[] {
  return Object.entries(material ?? {})
    .filter(([k, v]) => PATH_KEY.test(k) && typeof v === "string" && v.length > 3)
    .map(([, v]) => v as string);
}

const baseName = (p: string) => p.split(/[\\/]/).pop() ?? p;

/**
 * Picks one media file of the draft (one used inside a compound clip first, then one with a
 * reversed copy, then a video, a photo, an audio), fills a copy replacing it (by base name)
 * with a stand-in, and lists every place in the copy's files that still names the old file or
 * a file derived from it (the replaced materials' other path fields).
 */
export async function checkFill(w: CorpusWorld, s: StandIns): Promise<FillOutcome> {
  const doc = await readTimeline(w);
  const mats = doc?.materials ?? {};
  const nestedText = JSON.stringify(mats.drafts ?? []);
  type Cand = { m: Json; kind: "video" | "photo" | "audio" };
  const cands: Cand[] = [
    ...((mats.videos ?? []) as Json[]).map((m): Cand => ({
      m,
      kind: m.type === "photo" ? "photo" : "video",
    })),
    ...((mats.audios ?? []) as Json[]).map((m): Cand => ({ m, kind: "audio" })),
  ].filter((c) => typeof c.m.path === "string" && baseName(c.m.path).includes("."));
  const score = (c: Cand) =>
    (nestedText.includes(JSON.stringify(c.m.path).slice(1, -1)) ? 0 : 8) +
    (c.m.reverse_path ? 0 : 4) + (c.kind === "video" ? 0 : c.kind === "photo" ? 1 : 2);
  const pick = cands.sort((a, b) => score(a) - score(b))[0];
  if (!pick) return { skipped: "no media file", leftovers: [] };
  const key = baseName(pick.m.path);
  // Every material that plays the same file is replaced; their derived paths must go too.
  const replacedMats = cands.filter((c) => baseName(c.m.path) === key);
  const old = new Set(replacedMats.flatMap((c) => pathValues(c.m)));
  const standIn = pick.kind === "photo" ? s.png : pick.kind === "video" ? s.mp4 : s.mp3;
  const r = await w.run([
    "draft",
    "fill",
    w.draft.name,
    "--name",
    "corpus fill",
    "--media",
    JSON.stringify({ [key]: standIn }),
  ]);
  const out: FillOutcome = { key, replaced: pick.m.path, leftovers: [] };
  if (r.code !== 0 || !r.json?.filePath) {
    out.fillError = `exit ${r.code}: ${r.stderr.split("\n")[0].slice(0, 400)}`;
    return out;
  }
  const files = await snapshotFiles(r.json.filePath);
  for (const [file, bytes] of files) {
    if (!bytes || !/\.(json|tmp)$/.test(file)) continue;
    let raw: Raw;
    try {
      raw = parseRaw(text(bytes));
    } catch {
      continue;
    }
    const walk = (x: Raw, path: string) => {
      if (x.kind === "string") {
        for (const o of old) if (x.value.includes(o)) out.leftovers.push(`${file} ${path}: ${o}`);
      } else if (x.kind === "object") {
        for (const [k, v] of x.entries) walk(v, path ? `${path}.${k}` : k);
      } else if (x.kind === "array") x.items.forEach((v, i) => walk(v, `${path}[${i}]`));
    };
    walk(raw, "");
  }
  return out;
}

/** One line per finding of checkFill. */
export function describeFill(f: FillOutcome, limit = 15): string[] {
  const lines: string[] = [];
  if (f.fillError) lines.push(`fill of ${f.key} failed: ${f.fillError}`);
  if (f.leftovers.length) {
    lines.push(`fill of ${f.key} left ${f.leftovers.length} reference(s) to the old file:`);
    lines.push(...f.leftovers.slice(0, limit).map((l) => `  ${l}`));
    if (f.leftovers.length > limit) lines.push(`  … and ${f.leftovers.length - limit} more`);
  }
  return lines;
}
