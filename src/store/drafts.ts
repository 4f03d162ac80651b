/**
 * Drafts on disk: finding a draft by id inside a drafts folder, creating a new draft folder
 * atomically, loading a draft (refusing encrypted ones) and saving it with every sibling file
 * in sync.
 */
import { basename, dirname, join, sep as SEPARATOR } from "node:path";
import { DraftcliError } from "../errors.ts";
import {
  type Edition,
  EDITION_FACTS,
  editionOfPlatform,
  isTimelineId,
  type Json,
  platformFor,
  PRIMARY_TIMELINE_FILES,
  primaryTimelineFile,
  profileById,
  profileForAppVersion,
  skeletonFor,
  type Stamp,
  stampFor,
  timelineTargets as profileTimelineTargets,
  type VersionProfile,
} from "../editions/profiles.ts";
import cover from "../editions/data/cover.json" with { type: "json" };
import { DraftDocument } from "../draft/document.ts";
import { newId } from "../draft/ids.ts";
import { commitFiles, recover, type TxnEntry } from "./txn.ts";
import { withLock } from "./lock.ts";
import { readJsonIfExists } from "./atomic.ts";
import { decodeBase64 } from "./base64.ts";
import { currentOs, type OsName } from "./home.ts";
import { type IndexOutcome, removeIndexEntry, upsertIndexEntry } from "./roots.ts";
import { stringifyWithFloats } from "../draft/serialize.ts";

/** Folder inside a draft where draftcli keeps its own state (lock, journal, caches). */
export const STATE_DIR = ".draftcli";

/** draftcli's own record of a draft, kept in `.draftcli/state.json`. */
export interface DraftState {
  edition: Edition;
  profile: string;
  createdBy: string;
  /** `platform.app_version` stamped at creation. */
  appVersion?: string;
  /** Top-level `new_version` stamped at creation. */
  newVersion?: string;
  /** Where the stamp came from: an app-written draft's markers, the profile, or the table. */
  markers?: "detected" | "profile" | "table";
}

/** Checks a draft id names a plain folder inside the drafts root (no traversal). */
export function checkDraftId(draftId: string): void {
  const bad = !draftId || draftId === "." || draftId === ".." || /[\\/:\0]/.test(draftId) ||
    draftId.startsWith(".");
  if (bad) {
    throw new DraftcliError("invalid_input", `'${draftId}' is not a valid draft id`, {
      hint:
        "pass the draftId printed by 'draftcli draft create' or listed by 'draftcli draft list'",
      path: "draftId",
    });
  }
}

/** Finds the folder of a draft among the candidate roots (first match wins). */
export async function locateDraft(roots: string[], draftId: string): Promise<string> {
  checkDraftId(draftId);
  for (const root of roots) {
    const dir = join(root, draftId);
    let st: Deno.FileInfo;
    try {
      st = await Deno.lstat(dir);
    } catch {
      continue;
    }
    if (st.isSymlink) {
      // A link is fine when it stays inside the drafts folder (the folder itself may be a link).
      const real = await Deno.realPath(dir).catch(() => undefined);
      if (real === undefined) continue; // dangling
      const realRoot = await Deno.realPath(root);
      if (!(await Deno.stat(real)).isDirectory) continue;
      if (!real.startsWith(realRoot + SEPARATOR)) {
        throw new DraftcliError(
          "invalid_input",
          `draft '${draftId}' links outside the drafts folder`,
          {
            hint: "draftcli only edits drafts inside the drafts folder",
            path: "draftId",
          },
        );
      }
    } else if (!st.isDirectory) continue;
    const hasTimeline = await exists(join(dir, "draft_content.json")) ||
      await exists(join(dir, "draft_info.json"));
    if (hasTimeline) {
      await refuseEscapingLinks(dir, draftId);
      return dir;
    }
  }
  throw new DraftcliError("draft_not_found", `no draft '${draftId}' in ${roots.join(" or ")}`, {
    hint: "run 'draftcli draft list' to see drafts, or pass --drafts-dir",
    path: "draftId",
  });
}

/** Entries of a draft folder that draftcli reads or writes through. */
const DRAFT_ENTRIES = [
  STATE_DIR,
  "resources",
  "Timelines",
  "draft_content.json",
  "draft_info.json",
  "template-2.tmp",
  "draft_meta_info.json",
  "draft_settings",
];

/**
 * Refuses a draft folder whose own entries (state folder, resources, timeline files …) are
 * symbolic links leading outside it: writing through them would write outside the drafts folder.
 */
async function refuseEscapingLinks(dir: string, draftId: string): Promise<void> {
  let realDir: string | undefined;
  for (const name of DRAFT_ENTRIES) {
    const path = join(dir, name);
    let st: Deno.FileInfo;
    try {
      st = await Deno.lstat(path);
    } catch {
      continue;
    }
    if (!st.isSymlink) continue;
    realDir ??= await Deno.realPath(dir);
    const target = await Deno.realPath(path).catch(() => undefined);
    if (!target || !target.startsWith(realDir + SEPARATOR)) {
      throw new DraftcliError(
        "invalid_input",
        `draft '${draftId}': ${name} is a link leading outside the draft folder`,
        { hint: "draftcli does not write through links out of a draft; copy the draft instead" },
      );
    }
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Options for a new draft. */
export interface NewDraftOptions {
  root: string;
  name?: string;
  width: number;
  height: number;
  fps: number;
  edition: Edition;
  profile: VersionProfile;
  /** App version / new_version to stamp (default: the profile's; see `stampFor`). */
  stamp?: Stamp;
  /**
   * Version markers copied from an installed editor's newest app-written draft, if detected:
   * its platform block (app_version, os, os_version are used; device hashes never) and its
   * `new_version`.
   */
  platformOverride?: Json;
  newVersionOverride?: string;
  os: OsName;
}

function nowUs(): number {
  return Date.now() * 1000;
}

function settingsIni(createUs: number, modifiedUs: number): string {
  const c = Math.floor(createUs / 1e6);
  const m = Math.floor(modifiedUs / 1e6);
  return `[General]\ndraft_create_time=${c}\ndraft_last_edit_time=${m}\nreal_edit_keys=1\nreal_edit_seconds=${
    Math.max(0, m - c)
  }\n`;
}

/** A half-built draft folder (`.<id>.creating`) older than this is a crash leftover. */
export const CREATING_MAX_AGE_MS = 3600_000;

/** Removes `.<id>.creating` folders left in a drafts root by processes killed mid-create. */
export async function sweepCreating(root: string, maxAgeMs = CREATING_MAX_AGE_MS): Promise<void> {
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(root));
  } catch {
    return;
  }
  for (const e of entries) {
    if (!e.isDirectory || !/^\.[\w-]+\.creating$/.test(e.name)) continue;
    const p = join(root, e.name);
    try {
      const st = await Deno.lstat(p);
      if (Date.now() - (st.mtime?.getTime() ?? Date.now()) > maxAgeMs) {
        await Deno.remove(p, { recursive: true });
      }
    } catch { /* gone or not ours to remove */ }
  }
}

/** Creates a new draft folder (built under a temp name, then renamed into place). */
export async function createDraft(opts: NewDraftOptions): Promise<DraftDocument> {
  await Deno.mkdir(opts.root, { recursive: true });
  await sweepCreating(opts.root);
  const draftId = newId();
  const dir = join(opts.root, draftId);
  const { content, meta } = skeletonFor(opts.profile);
  content.id = newId();
  content.fps = opts.fps;
  content.canvas_config = {
    ...(content.canvas_config as Json),
    width: opts.width,
    height: opts.height,
    ratio: "original",
  };
  const stamp = opts.stamp ?? stampFor(opts.profile);
  const platform = platformFor(
    opts.profile,
    opts.os,
    stamp,
    content.platform as Json,
    opts.platformOverride,
  );
  content.platform = structuredClone(platform);
  content.last_modified_platform = structuredClone(platform);
  content.new_version = opts.newVersionOverride ?? stamp.newVersion;
  content.version = 360000;
  content.render_index_track_mode_on = true;
  const created = nowUs();
  meta.draft_id = draftId;
  meta.draft_new_version = ""; // what the editor writes for a new draft (reference §6)
  meta.draft_name = opts.name ?? defaultName();
  meta.draft_cover = "draft_cover.jpg";
  meta.tm_draft_create = created;
  meta.tm_draft_modified = created;
  const doc = new DraftDocument({
    dir,
    draftId,
    edition: opts.edition,
    profile: opts.profile,
    content,
    meta,
  });
  const temp = join(opts.root, `.${draftId}.creating`);
  try {
    await Deno.mkdir(join(temp, "resources"), { recursive: true });
    await Deno.mkdir(join(temp, STATE_DIR), { recursive: true });
    const jpeg = decodeBase64(cover.jpegBase64);
    await Deno.writeFile(join(temp, "draft_cover.jpg"), jpeg);
    await Deno.writeFile(join(temp, "cover.jpg"), jpeg);
    for (const [name, text] of Object.entries(EDITION_FACTS[opts.edition].siblingFiles)) {
      await Deno.writeTextFile(join(temp, name), text);
    }
    const state: DraftState = {
      edition: opts.edition,
      profile: opts.profile.id,
      createdBy: "draftcli",
      appVersion: String(platform.app_version),
      newVersion: String(content.new_version),
      markers: opts.platformOverride ? "detected" : stamp.source,
    };
    await Deno.writeTextFile(join(temp, STATE_DIR, "state.json"), JSON.stringify(state));
    for (const e of draftFileEntries(doc, temp)) {
      const data = (e as { data: string | Uint8Array }).data;
      if (typeof data === "string") await Deno.writeTextFile(e.path, data);
      else await Deno.writeFile(e.path, data);
    }
    await Deno.rename(temp, dir);
  } catch (err) {
    await Deno.remove(temp, { recursive: true }).catch(() => {});
    throw err;
  }
  return doc;
}

function defaultName(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, "0");
  return `draftcli ${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}.${
    p(d.getMinutes())
  }.${p(d.getSeconds())}`;
}

/** Brings meta info in line with the timeline (duration, paths, times) — reference §6. */
export function syncMeta(doc: DraftDocument): void {
  doc.normalise();
  const m = doc.meta;
  const folder = doc.dir;
  m.tm_duration = doc.duration;
  m.draft_fold_path = folder.replaceAll("\\", "/");
  m.draft_root_path = dirname(folder).replaceAll("\\", "/");
  const modified = Math.max(nowUs(), Number(m.tm_draft_create) || 0);
  m.tm_draft_modified = modified;
  const platform = doc.content.platform as Json | undefined;
  if (platform && !doc.content.last_modified_platform) {
    doc.content.last_modified_platform = structuredClone(platform);
  }
}

/** A timeline file found in a draft folder. */
export interface TimelineFileInfo {
  path: string;
  /** Modification time, ms since the epoch (0 when unknown). */
  mtime: number;
  /** Inside `Timelines/<main_timeline_id>/`? */
  nested: boolean;
}

/** `main_timeline_id` from `Timelines/project.json`, when the folder has a readable one. */
async function mainTimelineId(dir: string): Promise<string | undefined> {
  const project = await readJsonIfExists<Json>(join(dir, "Timelines", "project.json"))
    .catch(() => undefined);
  const id = project?.main_timeline_id;
  return isTimelineId(id) ? id : undefined;
}

async function presentNames(dir: string, names: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const n of names) if (await exists(join(dir, n))) out.push(n);
  return out;
}

/**
 * The readable timeline files of a draft folder (`draft_content.json`, `draft_info.json`, and
 * their copies in `Timelines/<main_timeline_id>/`), newest first. Mirrors (`template-2.tmp`) are
 * not timelines the editor reads and are left out.
 */
export async function timelineFiles(dir: string): Promise<TimelineFileInfo[]> {
  const out: TimelineFileInfo[] = [];
  const add = async (path: string, nested: boolean) => {
    try {
      const st = await Deno.stat(path);
      if (st.isFile) out.push({ path, mtime: st.mtime?.getTime() ?? 0, nested });
    } catch { /* absent */ }
  };
  for (const n of PRIMARY_TIMELINE_FILES) await add(join(dir, n), false);
  const main = await mainTimelineId(dir);
  if (main) {
    for (const n of PRIMARY_TIMELINE_FILES) await add(join(dir, "Timelines", main, n), true);
  }
  return out.sort((a, b) => b.mtime - a.mtime);
}

/** Paths to write this draft's timeline to (the profile decides; see `timelineTargets`). */
async function timelineTargets(doc: DraftDocument): Promise<string[]> {
  const main = await mainTimelineId(doc.dir);
  const rootFiles = await presentNames(doc.dir, [
    "draft_content.json",
    "draft_info.json",
    "template-2.tmp",
  ]);
  const nestedFiles = main
    ? await presentNames(join(doc.dir, "Timelines", main), [
      "draft_content.json",
      "draft_info.json",
      "template-2.tmp",
    ])
    : [];
  return profileTimelineTargets(doc.profile, { rootFiles, mainTimelineId: main, nestedFiles })
    .map((parts) => join(doc.dir, ...parts));
}

function draftFileEntries(doc: DraftDocument, dir: string, timelinePaths?: string[]): TxnEntry[] {
  syncMeta(doc);
  // Stringified and encoded once, whatever the number of copies.
  const text = new TextEncoder().encode(stringifyWithFloats(doc.content));
  const paths = timelinePaths ??
    profileTimelineTargets(doc.profile).map((parts) => join(dir, ...parts));
  const entries: TxnEntry[] = paths.map((path) => ({ path, data: text }));
  entries.push({ path: join(dir, "draft_meta_info.json"), data: JSON.stringify(doc.meta) });
  entries.push({
    path: join(dir, "draft_settings"),
    data: settingsIni(Number(doc.meta.tm_draft_create), Number(doc.meta.tm_draft_modified)),
  });
  return entries;
}

const ENCRYPTED_HINT =
  "JianYing 6+ encrypts drafts it has saved; draftcli cannot edit them and never overwrites them. Create a new draft instead.";

function notPlain(path: string): DraftcliError {
  return new DraftcliError(
    "unsupported_draft",
    `${basename(path)} is not plain JSON (an encrypted JianYing 6+ draft?)`,
    { hint: ENCRYPTED_HINT },
  );
}

/** Refuses a timeline file that does not start like a JSON object (reads its first bytes). */
async function refuseEncrypted(path: string): Promise<void> {
  const f = await Deno.open(path, { read: true });
  try {
    const buf = new Uint8Array(256);
    const n = (await f.read(buf)) ?? 0;
    const head = new TextDecoder().decode(buf.subarray(0, n)).trimStart();
    if (head !== "" && !head.startsWith("{")) throw notPlain(path);
  } finally {
    f.close();
  }
}

/** Reads a timeline file, refusing encrypted or unknown formats. */
async function readTimeline(path: string): Promise<Json> {
  const text = await Deno.readTextFile(path);
  const trimmed = text.trimStart();
  if (!trimmed.startsWith("{")) throw notPlain(path);
  try {
    const json = JSON.parse(text);
    if (!json || typeof json !== "object" || !Array.isArray(json.tracks)) {
      throw new Error("no tracks");
    }
    return json;
  } catch (err) {
    // Say what is wrong without quoting the file (it may not be ours to show).
    const why = err instanceof SyntaxError ? "not valid JSON" : "no tracks list";
    throw new DraftcliError(
      "unsupported_draft",
      `${basename(path)} is not a draft timeline: ${why}`,
      {
        hint: "the file may be damaged; draftcli will not overwrite it",
      },
    );
  }
}

/**
 * Loads a draft folder. By default it first finishes any interrupted commit, which must only
 * happen with the lock held; `{ recover: false }` reads as is, without the lock (listings).
 */
export async function loadDraft(
  dir: string,
  opts: { recover?: boolean } = {},
): Promise<DraftDocument> {
  const stateDir = join(dir, STATE_DIR);
  if (opts.recover !== false) await recover(stateDir, [dir]);
  const candidates = await timelineFiles(dir);
  if (!candidates.length) {
    throw new DraftcliError("draft_not_found", `no timeline file in ${dir}`, {
      hint: "a draft folder holds draft_content.json or draft_info.json",
    });
  }
  candidates.sort((a, b) => b.mtime - a.mtime);
  // The newest copy is parsed; the others, which the save overwrites with it, must at least be
  // plaintext: never overwrite an encrypted sibling. (A head check: parsing a second copy of a
  // large timeline would double the load time.)
  const content = await readTimeline(candidates[0].path);
  for (const c of candidates.slice(1)) await refuseEncrypted(c.path);
  const meta = (await readJsonIfExists<Json>(join(dir, "draft_meta_info.json")).catch(() => {
    throw new DraftcliError("unsupported_draft", "draft_meta_info.json is not plain JSON", {
      hint: ENCRYPTED_HINT,
    });
  })) ?? {};
  const state = await readJsonIfExists<DraftState>(join(stateDir, "state.json")).catch(() =>
    undefined
  );
  const platform = (content.last_modified_platform ?? content.platform) as Json | undefined;
  const edition: Edition = state?.edition ?? editionOfPlatform(platform) ?? "jianying";
  const fromState = profileById(state?.profile);
  const profile = fromState?.edition === edition
    ? fromState
    : profileForAppVersion(edition, platform?.app_version);
  return new DraftDocument({
    dir,
    draftId: basename(dir),
    edition,
    profile,
    content,
    meta,
  });
}

/** Files staged outside the draft (downloads) to move into it on commit. */
export interface StagedFile {
  from: string;
  to: string;
}

/** Options of `saveDraft` besides the files. */
export interface SaveOptions {
  staged?: StagedFile[];
  files?: { path: string; data: string }[];
  /** Receives warnings (e.g. an unparseable editor index left alone). */
  warn?: (message: string) => void;
  /** OS whose path style index entries use (default: this one). */
  os?: OsName;
}

/**
 * Saves a loaded draft: all timeline copies, meta, settings and staged files, atomically; then
 * refreshes the draft's entry in the editor's index when the root has one (best effort: a
 * failure there is a warning, the draft itself is saved).
 */
export async function saveDraft(doc: DraftDocument, extra: SaveOptions = {}): Promise<void> {
  const entries: TxnEntry[] = [];
  // Different URLs with the same bytes share one staged file and one destination: move it once.
  const targets = new Set<string>();
  for (const s of extra.staged ?? []) {
    if (targets.has(s.to)) continue;
    targets.add(s.to);
    if (!(await exists(s.to))) entries.push({ path: s.to, moveFrom: s.from });
  }
  // Unknown when some media is not on this machine (a draft from elsewhere): keep the editor's.
  const measured = await materialsSize(doc, extra.staged);
  const key = "draft_timeline_materials_size_";
  if (measured !== undefined && key in doc.meta) doc.meta[key] = measured;
  const size = measured ?? (Number(doc.meta[key]) || 0);
  entries.push(...draftFileEntries(doc, doc.dir, await timelineTargets(doc)));
  for (const f of extra.files ?? []) entries.push(f);
  await commitFiles(join(doc.dir, STATE_DIR), entries);
  try {
    await indexDraft(doc, { create: false, os: extra.os, warn: extra.warn }, size);
  } catch (err) {
    extra.warn?.(`could not update the editor's draft index: ${(err as Error).message}`);
  }
}

const PLACEHOLDER = /^##_draftpath_placeholder_[^#]*_##/;

/** Bytes of the distinct local media files the timeline uses (missing files count 0). */
/** Bytes of the local media the timeline uses; undefined when some file is not on this machine. */
async function materialsSize(
  doc: DraftDocument,
  staged: StagedFile[] = [],
): Promise<number | undefined> {
  const pending = new Map(staged.map((s) => [s.to, s.from]));
  const paths = new Set<string>();
  for (const list of ["videos", "audios"]) {
    for (const m of doc.materials(list)) {
      if (typeof m.path === "string" && m.path) paths.add(m.path.replace(PLACEHOLDER, doc.dir));
    }
  }
  let total = 0;
  for (const p of paths) {
    try {
      total += (await Deno.stat(pending.get(p) ?? p)).size;
    } catch {
      return undefined;
    }
  }
  return total;
}

/** Options of draft registration in the editor's index. */
export interface RegisterOptions {
  /** OS whose path style the entry uses (default: this one). */
  os?: OsName;
  warn?: (message: string) => void;
}

async function indexDraft(
  doc: DraftDocument,
  opts: { create: boolean; os?: OsName; warn?: (message: string) => void },
  size?: number,
): Promise<IndexOutcome> {
  const os = opts.os ?? currentOs();
  const m = doc.meta;
  const primary = primaryTimelineFile(os);
  const jsonFile = (await exists(join(doc.dir, primary)))
    ? primary
    : (await presentNames(doc.dir, PRIMARY_TIMELINE_FILES))[0] ?? primary;
  const cover = typeof m.draft_cover === "string" && m.draft_cover &&
      !/[\\/]/.test(m.draft_cover) && await exists(join(doc.dir, m.draft_cover))
    ? m.draft_cover
    : "";
  return await upsertIndexEntry(dirname(doc.dir), {
    folder: doc.dir,
    draftId: typeof m.draft_id === "string" && m.draft_id ? m.draft_id : doc.draftId,
    name: typeof m.draft_name === "string" ? m.draft_name : basename(doc.dir),
    newVersion: typeof m.draft_new_version === "string" ? m.draft_new_version : "",
    created: Number(m.tm_draft_create) || 0,
    modified: Number(m.tm_draft_modified) || 0,
    duration: doc.duration,
    materialsSize: size ?? await materialsSize(doc) ??
      (Number(m.draft_timeline_materials_size_) || 0),
    jsonFile,
    cover,
  }, { create: opts.create, os, warn: opts.warn });
}

/**
 * Registers a draft folder in its root's editor index (`root_meta_info.json`): adds or refreshes
 * its entry. A missing index is created only where the edition's rules say so (CapCut), and only
 * when the drafts folder holds no other draft. For `draft create` and `draft import`; takes the
 * draft lock, then the root lock.
 */
export async function registerDraft(
  dir: string,
  opts: RegisterOptions = {},
): Promise<IndexOutcome> {
  return await withDraftLock(dir, async () => {
    const doc = await loadDraft(dir);
    // A new index would list only this draft; where the folder already holds other drafts, an
    // editor that lists indexed drafts only would hide them, so none is created then.
    const create = EDITION_FACTS[doc.edition].rootIndex.createIfMissing &&
      (await listDraftDirs(dirname(dir))).every((d) => d === dir);
    return await indexDraft(doc, { create, os: opts.os, warn: opts.warn });
  });
}

/** Removes a draft folder's entry from its root's editor index (for `draft delete`). */
export async function unregisterDraft(
  dir: string,
  opts: RegisterOptions = {},
): Promise<IndexOutcome> {
  return await removeIndexEntry(dirname(dir), dir, opts);
}

/**
 * Runs `fn` holding a draft's lock. `.draftcli/` is created only inside an existing folder (never
 * re-creating a deleted draft), and a draft deleted while this process waited ends in
 * `draft_not_found` rather than a file-system error.
 */
export async function withDraftLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const gone = () =>
    new DraftcliError("draft_not_found", `draft '${basename(dir)}' was deleted`, {
      hint: "run 'draftcli draft list' to see the drafts",
      path: "draftId",
    });
  try {
    await Deno.mkdir(join(dir, STATE_DIR));
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) throw gone();
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  }
  try {
    return await withLock(join(dir, STATE_DIR, "lock"), async () => {
      if (!(await timelineFiles(dir)).length) throw gone();
      return await fn();
    });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound && !(await exists(dir))) throw gone();
    throw err;
  }
}

/** Runs a read-modify-write of one draft under its lock, then saves it. */
export async function mutateDraft<T>(
  roots: string[],
  draftId: string,
  fn: (
    doc: DraftDocument,
  ) => Promise<{ result: T; staged?: StagedFile[]; files?: { path: string; data: string }[] }>,
  opts: { warn?: (message: string) => void } = {},
): Promise<T> {
  const dir = await locateDraft(roots, draftId);
  return await withDraftLock(dir, async () => {
    const doc = await loadDraft(dir);
    const { result, staged, files } = await fn(doc);
    await saveDraft(doc, { staged, files, warn: opts.warn });
    return result;
  });
}

/** Loads a draft for reading (waits for a writer to finish first). */
export async function readDraft(roots: string[], draftId: string): Promise<DraftDocument> {
  const dir = await locateDraft(roots, draftId);
  try {
    return await withDraftLock(dir, () => loadDraft(dir));
  } catch (err) {
    // A read-only folder: nobody can be writing it through draftcli, so read it as it is.
    if (err instanceof Deno.errors.PermissionDenied) {
      return await loadDraft(dir, { recover: false });
    }
    throw err;
  }
}

/** Lists the draft folders in a root (newest first). */
export async function listDraftDirs(root: string): Promise<string[]> {
  const out: { dir: string; mtime: number }[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(root));
  } catch {
    return [];
  }
  for (const e of entries) {
    if (!e.isDirectory || e.name.startsWith(".")) continue;
    const dir = join(root, e.name);
    for (const n of ["draft_content.json", "draft_info.json"]) {
      try {
        const st = await Deno.stat(join(dir, n));
        out.push({ dir, mtime: st.mtime?.getTime() ?? 0 });
        break;
      } catch { /* next */ }
    }
  }
  return out.sort((a, b) => b.mtime - a.mtime).map((o) => o.dir);
}

/** The edition of a draft folder, read without taking the lock (for name resolution). */
export async function peekEdition(dir: string): Promise<Edition> {
  const state = await readJsonIfExists<DraftState>(join(dir, STATE_DIR, "state.json")).catch(() =>
    undefined
  );
  if (state?.edition) return state.edition;
  for (const n of ["draft_content.json", "draft_info.json"]) {
    try {
      const text = await Deno.readTextFile(join(dir, n));
      const m = /"app_source"\s*:\s*"(\w+)"/.exec(text);
      const edition = m ? editionOfPlatform({ app_source: m[1] }) : undefined;
      if (edition) return edition;
    } catch { /* next */ }
  }
  return "jianying";
}
