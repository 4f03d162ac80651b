/**
 * Which editor (and which version of it) a new draft should target, found on this machine:
 * which editors' drafts folders exist, and the newest draft the editor app itself wrote there
 * (drafts made by draftcli are skipped), whose version markers a new draft copies. OS and
 * environment are parameters, so every layout is testable anywhere.
 */
import { basename, dirname, join } from "../path.ts";
import { entriesOf, orUndefined } from "../files.ts";
import {
  DEVICE_KEYS,
  type Edition,
  EDITION_FACTS,
  editionOfPlatform,
  EDITIONS,
  findProfile,
  type Json,
  profileById,
  profileForAppVersion,
  versionParts,
  type VersionProfile,
} from "../editions/profiles.ts";
import { appVersionFor, newVersionFor, type Stamp, stampFor } from "../editions/builds.ts";
import { STATE_DIR, timelineFiles } from "./drafts.ts";
import { draftsRootFor, editorDraftsRoot, type RootInputs } from "./roots.ts";
import { findIndexEntry } from "./root_index.ts";
import { readJsonIfExists } from "./atomic.ts";
import { currentOs, type OsName } from "./home.ts";

/** What a draft written by the editor app reveals about the installed editor. */
export interface AppDraftMarkers {
  edition: Edition;
  /** Draft folder. */
  dir: string;
  /** Name shown in the editor (meta `draft_name`, else the folder name). */
  name: string;
  /** Last save, ms since the epoch (newest timeline or meta file). */
  modified: number;
  /** The timeline is encrypted (JianYing 6+): only meta/index version hints are readable. */
  encrypted: boolean;
  /** `last_modified_platform.app_version` (or derived from a known `new_version`). */
  appVersion?: string;
  /** Top-level `new_version` (or meta / index `draft_new_version` for encrypted drafts). */
  newVersion?: string;
  /** `os` / `os_version` of the saving app. */
  os?: string;
  osVersion?: string;
  /** The saving app's platform block without device hashes (plaintext drafts only). */
  platform?: Json;
  /** Profile id this app version maps to. */
  profile: string;
}

/**
 * A file's modification time in ms (0 when the system keeps none), -1 when it cannot be read.
 * The checks of a scan are synchronous: it makes a few per draft folder, and an asynchronous
 * call costs a thread hop each.
 */
function mtimeOf(path: string): number {
  const stat = orUndefined(() => Deno.statSync(path));
  return stat ? stat.mtime?.getTime() ?? 0 : -1;
}

/** Is `path` a file (links followed)? False when it cannot be read. */
function isFileNow(path: string): boolean {
  return orUndefined(() => Deno.statSync(path))?.isFile ?? false;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

/**
 * Reads the version markers of one draft folder, if the editor app wrote it: undefined for
 * drafts created by draftcli (`.draftcli/state.json`), folders without a timeline, unreadable
 * timelines and timelines without a platform block.
 */
export async function readAppDraft(
  dir: string,
  os: OsName = currentOs(),
): Promise<AppDraftMarkers | undefined> {
  if (isFileNow(join(dir, STATE_DIR, "state.json"))) return undefined;
  const files = await timelineFiles(dir);
  if (!files.length) return undefined;
  const meta = await readJsonIfExists<Json>(join(dir, "draft_meta_info.json")).catch(() =>
    undefined
  );
  const modified = Math.max(files[0].mtime, mtimeOf(join(dir, "draft_meta_info.json")));
  const name = str(meta?.draft_name) ?? basename(dir);
  let text: string;
  try {
    text = await Deno.readTextFile(files[0].path);
  } catch {
    return undefined;
  }
  if (!text.trimStart().startsWith("{")) {
    // Encrypted: only JianYing does this (from 6.0). The meta file or the root index may still
    // say which schema version wrote it.
    const edition: Edition = "jianying";
    const newVersion = str(meta?.draft_new_version) ??
      str((await findIndexEntry(dirname(dir), dir, os))?.draft_new_version);
    const appVersion = newVersion ? appVersionFor(edition, newVersion) : undefined;
    const profile = appVersion
      ? profileForAppVersion(edition, appVersion)
      : findProfile(edition, String(EDITION_FACTS[edition].encryptsFromMajor ?? ""));
    return {
      edition,
      dir,
      name,
      modified,
      encrypted: true,
      appVersion,
      newVersion,
      profile: profile.id,
    };
  }
  let content: Json;
  try {
    content = JSON.parse(text);
  } catch {
    return undefined;
  }
  const platform = (content.last_modified_platform ?? content.platform) as Json | undefined;
  const edition = editionOfPlatform(platform);
  const appVersion = str(platform?.app_version);
  if (!edition || !appVersion || !versionParts(appVersion)) return undefined;
  const clean: Json = { ...platform };
  for (const k of DEVICE_KEYS) if (k in clean) clean[k] = "";
  return {
    edition,
    dir,
    name,
    modified,
    encrypted: false,
    appVersion,
    newVersion: str(content.new_version) ?? newVersionFor(edition, appVersion),
    os: str(platform?.os),
    osVersion: str(platform?.os_version),
    platform: clean,
    profile: profileForAppVersion(edition, appVersion).id,
  };
}

/** Options of a drafts-folder scan. */
export interface ScanOptions {
  os?: OsName;
  /** Read at most this many candidate drafts (newest first). Default 25. */
  limit?: number;
  /**
   * The drafts folder new drafts of an edition go to (default: `draftsRootFor`). The CLI passes
   * its context's resolver so `--drafts-dir` is honoured.
   */
  rootFor?: (edition: Edition) => string | Promise<string>;
}

/** The newest app-written draft per edition in a drafts root. */
export async function newestAppDrafts(
  root: string,
  opts: ScanOptions = {},
): Promise<Partial<Record<Edition, AppDraftMarkers>>> {
  const os = opts.os ?? currentOs();
  const found: Partial<Record<Edition, AppDraftMarkers>> = {};
  const candidates: { dir: string; mtime: number }[] = [];
  for (const e of entriesOf(root)) {
    if (!e.isDirectory || e.name.startsWith(".")) continue;
    const dir = join(root, e.name);
    if (isFileNow(join(dir, STATE_DIR, "state.json"))) continue;
    const mtime = Math.max(
      mtimeOf(join(dir, "draft_content.json")),
      mtimeOf(join(dir, "draft_info.json")),
      mtimeOf(join(dir, "draft_meta_info.json")),
    );
    if (mtime >= 0) candidates.push({ dir, mtime });
  }
  candidates.sort((a, b) => b.mtime - a.mtime);
  for (const c of candidates.slice(0, opts.limit ?? 25)) {
    const m = await readAppDraft(c.dir, os);
    if (m && !found[m.edition]) found[m.edition] = m;
    if (EDITIONS.every((e) => found[e])) break;
  }
  return found;
}

/** What was found for one edition on this machine. */
export interface EditorDetection {
  edition: Edition;
  /** The editor's default drafts folder on this OS (undefined: the editor does not exist here). */
  defaultRoot?: string;
  /** Does that default folder exist (the editor is, or was, installed)? */
  installed: boolean;
  /** The folder new drafts of this edition go to (explicit folder, else the default). */
  root: string;
  /** Newest draft the app wrote in `root`. */
  newestAppDraft?: AppDraftMarkers;
}

/** Is `path` a folder (links followed)? False when it is not given or cannot be read. */
function isDir(path: string | undefined): boolean {
  return path ? orUndefined(() => Deno.statSync(path))?.isDirectory ?? false : false;
}

/** Detects, per edition, its folders and newest app-written draft. */
export async function detectEditors(i: RootInputs, opts: ScanOptions = {}): Promise<
  EditorDetection[]
> {
  const os = i.os ?? currentOs();
  const scans = new Map<string, Partial<Record<Edition, AppDraftMarkers>>>();
  const out: EditorDetection[] = [];
  for (const edition of EDITIONS) {
    const defaultRoot = editorDraftsRoot(edition, i.env, os);
    const root = opts.rootFor ? await opts.rootFor(edition) : draftsRootFor({ ...i, os }, edition);
    if (!scans.has(root)) {
      scans.set(root, isDir(root) ? await newestAppDrafts(root, { ...opts, os }) : {});
    }
    out.push({
      edition,
      defaultRoot,
      installed: isDir(defaultRoot),
      root,
      newestAppDraft: scans.get(root)![edition],
    });
  }
  return out;
}

/** Inputs of the editor choice for a new draft. */
export interface EditorChoiceInputs extends RootInputs {
  /** `--editor`. */
  editor?: Edition;
  /** `--editor-version`. */
  editorVersion?: string;
}

/** Where a choice came from. */
export type ChoiceReason = "flag" | "config" | "detected-draft" | "installed" | "default";

/** The editor, profile, folder and version markers for a new draft, with the reasons. */
export interface EditorChoice {
  edition: Edition;
  profile: VersionProfile;
  /** Drafts folder the new draft goes to. */
  root: string;
  stamp: Stamp;
  /** Markers copied from `detectedFrom` (passed to createDraft). */
  platformOverride?: Json;
  newVersionOverride?: string;
  /** Where the stamped markers came from. */
  markers: "detected" | "profile" | "table";
  why: { editor: ChoiceReason; version: Exclude<ChoiceReason, "installed"> };
  /** The app-written draft whose markers (or version) were used. */
  detectedFrom?: AppDraftMarkers;
  detections: EditorDetection[];
}

/** Does a detected app version fall under a requested version or profile id ("8.1" ⊇ 8.1.1)? */
function requestCovers(requested: string, detected: AppDraftMarkers): boolean {
  const byId = profileById(requested);
  if (byId) return byId.id === detected.profile;
  const want = versionParts(requested);
  const have = detected.appVersion ? versionParts(detected.appVersion) : undefined;
  return !!want && !!have && want.every((n, k) => have[k] === n);
}

/**
 * Chooses the editor for a new draft: `--editor`, else config `editor`, else the edition of the
 * newest app-written draft in the drafts folder(s), else an editor whose default folder exists,
 * else JianYing. The version: `--editor-version`, else config `editorVersion` (when it is for
 * this edition), else the newest app-written draft's app version, else the profile default. A
 * detected draft's markers (platform app_version/os/os_version and new_version; never device
 * hashes) are copied when its version is the one chosen.
 */
export async function chooseEditor(
  i: EditorChoiceInputs,
  opts: ScanOptions = {},
): Promise<EditorChoice> {
  const os = i.os ?? currentOs();
  const detections = await detectEditors({ ...i, os }, opts);
  let edition: Edition;
  let whyEditor: ChoiceReason;
  if (i.editor) [edition, whyEditor] = [i.editor, "flag"];
  else if (i.config.editor) [edition, whyEditor] = [i.config.editor, "config"];
  else {
    const withDraft = detections.filter((d) => d.newestAppDraft)
      .sort((a, b) => b.newestAppDraft!.modified - a.newestAppDraft!.modified);
    const installed = detections.filter((d) => d.installed);
    if (withDraft.length) [edition, whyEditor] = [withDraft[0].edition, "detected-draft"];
    else if (installed.length) [edition, whyEditor] = [installed[0].edition, "installed"];
    else [edition, whyEditor] = ["jianying", "default"];
  }
  const det = detections.find((d) => d.edition === edition)!;
  const found = det.newestAppDraft;
  const configVersion = !i.config.editor || i.config.editor === edition
    ? i.config.editorVersion
    : undefined;
  const requested = i.editorVersion ?? configVersion;
  const whyVersion = i.editorVersion
    ? "flag"
    : configVersion
    ? "config"
    : found
    ? "detected-draft"
    : "default";
  const profile = requested
    ? findProfile(edition, requested)
    : found
    ? profileById(found.profile)!
    : findProfile(edition);
  const copy = found && !found.encrypted && found.appVersion &&
    (!requested || requestCovers(requested, found));
  if (copy) {
    const stamp: Stamp = {
      appVersion: found.appVersion!,
      newVersion: found.newVersion ?? stampFor(profile, found.appVersion).newVersion,
      source: "table",
    };
    return {
      edition,
      profile,
      root: det.root,
      stamp,
      platformOverride: found.platform,
      newVersionOverride: stamp.newVersion,
      markers: "detected",
      why: { editor: whyEditor, version: whyVersion },
      detectedFrom: found,
      detections,
    };
  }
  const stamp = stampFor(profile, requested);
  return {
    edition,
    profile,
    root: det.root,
    stamp,
    markers: stamp.source,
    why: { editor: whyEditor, version: whyVersion },
    detectedFrom: whyVersion === "detected-draft" ? found : undefined,
    detections,
  };
}
