/**
 * Drafts on disk: finding a draft by id inside a drafts folder, creating a new draft folder
 * atomically, loading a draft (refusing encrypted ones) and saving it with every sibling file
 * in sync.
 */
import { basename, dirname, join, resolve, sep as SEPARATOR } from "node:path";
import { DraftcliError } from "../errors.ts";
import {
  type Edition,
  EDITION_FACTS,
  findProfile,
  type Json,
  PROFILES,
  skeletonFor,
  type VersionProfile,
} from "../editions/profiles.ts";
import cover from "../editions/data/cover.json" with { type: "json" };
import { DraftDocument } from "../draft/document.ts";
import { newId } from "../draft/ids.ts";
import { commitFiles, recover, type TxnEntry } from "./txn.ts";
import { withLock } from "./lock.ts";
import { readJsonIfExists } from "./atomic.ts";
import { decodeBase64 } from "./base64.ts";

/** Folder inside a draft where draftcli keeps its own state (lock, journal, caches). */
export const STATE_DIR = ".draftcli";

/** draftcli's own record of a draft, kept in `.draftcli/state.json`. */
export interface DraftState {
  edition: Edition;
  profile: string;
  createdBy: string;
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
  /** Version markers copied from an installed editor's newest draft, if detected. */
  platformOverride?: Json;
  newVersionOverride?: string;
  os: "windows" | "mac" | "linux";
}

function nowUs(): number {
  return Date.now() * 1000;
}

function platformBlock(edition: Edition, profile: VersionProfile, os: string, base: Json): Json {
  const facts = EDITION_FACTS[edition];
  return {
    ...base,
    app_id: facts.appId,
    app_source: facts.appSource,
    app_version: profile.appVersion,
    os: os === "linux" ? "windows" : os,
  };
}

function settingsIni(createUs: number, modifiedUs: number): string {
  const c = Math.floor(createUs / 1e6);
  const m = Math.floor(modifiedUs / 1e6);
  return `[General]\ndraft_create_time=${c}\ndraft_last_edit_time=${m}\nreal_edit_keys=1\nreal_edit_seconds=${
    Math.max(0, m - c)
  }\n`;
}

/** Static sibling files a new draft gets, as the editor writes them (reference §1.3). */
function siblingFiles(edition: Edition): Record<string, string> {
  const agency = edition === "capcut"
    ? {
      is_auto_agency_enabled: false,
      is_auto_agency_popup: false,
      is_single_agency_mode: false,
      marterials: null,
      use_converter: false,
      video_resolution: 720,
    }
    : { marterials: null, use_converter: false, video_resolution: 720 };
  return {
    "draft_agency_config.json": JSON.stringify(agency),
    "draft_biz_config.json": "",
    "performance_opt_info.json": JSON.stringify({
      manual_cancle_precombine_segs: null,
      need_auto_precombine_segs: null,
    }),
  };
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
  const platform = opts.platformOverride ??
    platformBlock(opts.edition, opts.profile, opts.os, content.platform as Json);
  content.platform = structuredClone(platform);
  content.last_modified_platform = structuredClone(platform);
  content.new_version = opts.newVersionOverride ?? opts.profile.newVersion;
  content.version = 360000;
  content.render_index_track_mode_on = true;
  const created = nowUs();
  meta.draft_id = draftId;
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
    for (const [name, text] of Object.entries(siblingFiles(opts.edition))) {
      await Deno.writeTextFile(join(temp, name), text);
    }
    const state: DraftState = {
      edition: opts.edition,
      profile: opts.profile.id,
      createdBy: "draftcli",
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
export function syncMeta(doc: DraftDocument, dir = doc.dir): void {
  doc.normalise();
  const m = doc.meta;
  const folder = dir === doc.dir ? doc.dir : doc.dir;
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

/** Timeline file names to write for this draft: the profile's plus any the folder has. */
async function timelineTargets(doc: DraftDocument): Promise<string[]> {
  const names = new Set(doc.profile.timelineFiles);
  for (const extra of ["draft_content.json", "draft_info.json", "template-2.tmp"]) {
    if (await exists(join(doc.dir, extra))) names.add(extra);
  }
  const targets = [...names].map((n) => join(doc.dir, n));
  // CapCut 8.4+ keeps the timeline also in Timelines/<main timeline id>/ (reference §1.2).
  const project = await readJsonIfExists<Json>(join(doc.dir, "Timelines", "project.json"))
    .catch(() => undefined);
  const main = project?.main_timeline_id;
  if (typeof main === "string" && /^[\w-]+$/.test(main)) {
    for (const n of ["draft_content.json", "draft_info.json", "template-2.tmp"]) {
      const p = join(doc.dir, "Timelines", main, n);
      if (await exists(p)) targets.push(p);
    }
  }
  return targets;
}

function draftFileEntries(doc: DraftDocument, dir: string, timelinePaths?: string[]): TxnEntry[] {
  syncMeta(doc);
  // Stringified and encoded once, whatever the number of copies.
  const text = new TextEncoder().encode(JSON.stringify(doc.content));
  const paths = timelinePaths ?? doc.profile.timelineFiles.map((n) => join(dir, n));
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
  const candidates: { path: string; mtime: number }[] = [];
  for (const n of ["draft_content.json", "draft_info.json"]) {
    try {
      const st = await Deno.stat(join(dir, n));
      candidates.push({ path: join(dir, n), mtime: st.mtime?.getTime() ?? 0 });
    } catch { /* absent */ }
  }
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
  const edition: Edition = state?.edition ??
    (platform?.app_source === "cc" ? "capcut" : "jianying");
  const profile = PROFILES.find((p) => p.id === state?.profile) ??
    findProfile(
      edition,
      typeof platform?.app_version === "string" ? platform.app_version : undefined,
    );
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

/** Saves a loaded draft: all timeline copies, meta, settings and staged files, atomically. */
export async function saveDraft(
  doc: DraftDocument,
  extra: { staged?: StagedFile[]; files?: { path: string; data: string }[] } = {},
): Promise<void> {
  const entries: TxnEntry[] = [];
  // Different URLs with the same bytes share one staged file and one destination: move it once.
  const targets = new Set<string>();
  for (const s of extra.staged ?? []) {
    if (targets.has(s.to)) continue;
    targets.add(s.to);
    if (!(await exists(s.to))) entries.push({ path: s.to, moveFrom: s.from });
  }
  entries.push(...draftFileEntries(doc, doc.dir, await timelineTargets(doc)));
  for (const f of extra.files ?? []) entries.push(f);
  await commitFiles(join(doc.dir, STATE_DIR), entries);
}

/** Runs a read-modify-write of one draft under its lock, then saves it. */
export async function mutateDraft<T>(
  roots: string[],
  draftId: string,
  fn: (
    doc: DraftDocument,
  ) => Promise<{ result: T; staged?: StagedFile[]; files?: { path: string; data: string }[] }>,
): Promise<T> {
  const dir = await locateDraft(roots, draftId);
  await Deno.mkdir(join(dir, STATE_DIR), { recursive: true });
  return await withLock(join(dir, STATE_DIR, "lock"), async () => {
    const doc = await loadDraft(dir);
    const { result, staged, files } = await fn(doc);
    await saveDraft(doc, { staged, files });
    return result;
  });
}

/** Loads a draft for reading (waits for a writer to finish first). */
export async function readDraft(roots: string[], draftId: string): Promise<DraftDocument> {
  const dir = await locateDraft(roots, draftId);
  const stateDir = join(dir, STATE_DIR);
  try {
    await Deno.mkdir(stateDir, { recursive: true });
  } catch {
    // A read-only folder: nobody can be writing it through draftcli, so read it as it is.
    return await loadDraft(dir, { recover: false });
  }
  return await withLock(join(stateDir, "lock"), () => loadDraft(dir));
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

/** Absolute form of a user-given folder. */
export function absoluteDir(path: string): string {
  return resolve(path);
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
      if (m) return m[1] === "cc" ? "capcut" : "jianying";
    } catch { /* next */ }
  }
  return "jianying";
}
