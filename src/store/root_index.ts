/**
 * The editor's draft index in a drafts root (`<root>/root_meta_info.json`, reference §1.4), which
 * draftcli upserts entries into — backed up first, written atomically, under a root lock, never
 * overwritten when it cannot be parsed. Loaded only where a root has an index (or one is made).
 */
import { ignoreErrors, orUndefined } from "../files.ts";
import { join } from "../path.ts";
import type { Json } from "../editions/profiles.ts";
import { indexPathStyle, ROOT_INDEX_ENTRY_DEFAULTS } from "../editions/index_entry.ts";
import { currentOs, type OsName } from "./home.ts";
import { stageFiles, writeFileAtomic } from "./atomic.ts";
import { withLock } from "./lock.ts";
import { ROOT_INDEX_FILE } from "./roots.ts";

export { ROOT_INDEX_FILE };

/** Lock file serialising draftcli writers of a root's index. */
export const ROOT_LOCK_FILE = ".draftcli-root.lock";

/** Backups of the index draftcli keeps (newest first); older ones are dropped. */
export const ROOT_INDEX_BACKUPS: readonly string[] = [
  `${ROOT_INDEX_FILE}.draftcli-1.bak`,
  `${ROOT_INDEX_FILE}.draftcli-2.bak`,
];

/** What draftcli knows about a draft, for its index entry. */
export interface IndexEntryInput {
  /** Absolute draft folder. */
  folder: string;
  draftId: string;
  name: string;
  /** `draft_new_version` ("" for new drafts, as the editor writes it). */
  newVersion: string;
  /** µs since the epoch. */
  created: number;
  modified: number;
  /** Timeline duration, µs. */
  duration: number;
  /** Bytes of media the timeline uses. */
  materialsSize: number;
  /** File name of the primary timeline in the folder. */
  jsonFile: string;
  /** File name of the cover in the folder ("" for none). */
  cover: string;
}

/** Options of an index update. */
export interface IndexWriteOptions {
  /** Create the index when the root has none (edition rule, EditionFacts.rootIndex). */
  create: boolean;
  /** OS whose path style the entry uses (default: this one). */
  os?: OsName;
  /** Receives a human warning when the index is left alone because it cannot be parsed. */
  warn?: (message: string) => void;
}

/** What an index update did. */
export interface IndexOutcome {
  action:
    | "added"
    | "updated"
    | "unchanged"
    | "removed"
    | "created"
    | "absent"
    | "missing"
    | "malformed";
  /** Path of the index file. */
  path: string;
  /** Backup written before the change, if any. */
  backup?: string;
}

type IndexRead =
  | { state: "missing" }
  | { state: "malformed"; reason: string }
  | { state: "ok"; bytes: Uint8Array; json: Json & { all_draft_store: unknown[] } };

function readIndex(path: string): IndexRead {
  let bytes: Uint8Array;
  try {
    bytes = Deno.readFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return { state: "missing" };
    return { state: "malformed", reason: `cannot read it: ${(err as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (err) {
    return { state: "malformed", reason: `not valid JSON (${(err as Error).message})` };
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) {
    return { state: "malformed", reason: "not a JSON object" };
  }
  const store = (json as Json).all_draft_store;
  if (!Array.isArray(store)) {
    return { state: "malformed", reason: "all_draft_store is not a list" };
  }
  return { state: "ok", bytes, json: json as Json & { all_draft_store: unknown[] } };
}

/** A folder path in a comparable form (slashes, no trailing slash, case-folded off Linux). */
function samePathKey(path: string, os: OsName): string {
  const p = path.replaceAll("\\", "/").replace(/\/+$/, "");
  return os === "linux" ? p : p.toLowerCase();
}

function isEntryOf(entry: unknown, folder: string, os: OsName): entry is Json {
  if (!entry || typeof entry !== "object") return false;
  const fold = (entry as Json).draft_fold_path;
  return typeof fold === "string" && fold !== "" &&
    samePathKey(fold, os) === samePathKey(folder, os);
}

function blankLike(v: unknown): unknown {
  if (typeof v === "string") return "";
  if (typeof v === "number") return 0;
  if (typeof v === "boolean") return false;
  if (Array.isArray(v)) return [];
  if (v && typeof v === "object") return {};
  return null;
}

/** A new index entry: the editor's key set (from a sibling entry when there is one), our values. */
export function newIndexEntry(
  input: IndexEntryInput,
  root: string,
  siblings: unknown[],
  os: OsName,
): Json {
  const style = indexPathStyle(os);
  const entry: Json = { ...ROOT_INDEX_ENTRY_DEFAULTS };
  let richest: Json | undefined;
  for (const s of siblings) {
    if (s && typeof s === "object" && !Array.isArray(s)) {
      if (!richest || Object.keys(s).length > Object.keys(richest).length) richest = s as Json;
    }
  }
  for (const [k, v] of Object.entries(richest ?? {})) if (!(k in entry)) entry[k] = blankLike(v);
  Object.assign(entry, {
    draft_cover: input.cover ? style.file(input.folder, input.cover) : "",
    draft_fold_path: style.folder(input.folder),
    draft_id: input.draftId,
    draft_json_file: style.file(input.folder, input.jsonFile),
    draft_name: input.name,
    draft_new_version: input.newVersion,
    draft_root_path: style.folder(root),
    draft_timeline_materials_size: input.materialsSize,
    tm_draft_create: input.created,
    tm_draft_modified: input.modified,
    tm_duration: input.duration,
  });
  return Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Replaces the index at `path` by `json`, keeping `previous` (its bytes as read) as the newest
 * backup, the older backups shifted: the backup and the new index are written and flushed side
 * by side (`stageFiles`), then the backups are shifted and both put in place, the backup first.
 * Returns the backup's path.
 */
async function replaceIndex(
  root: string,
  path: string,
  previous: Uint8Array,
  json: Json,
): Promise<string> {
  const [newest, ...older] = ROOT_INDEX_BACKUPS.map((n) => join(root, n));
  const staged = await stageFiles([
    { path: newest, data: previous },
    { path, data: JSON.stringify(json) },
  ]);
  for (let i = older.length - 1; i >= 0; i--) {
    const from = i === 0 ? newest : older[i - 1];
    ignoreErrors(() => Deno.renameSync(from, older[i]));
  }
  staged.place();
  return newest;
}

async function writeIndex(path: string, json: Json): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(json));
}

/**
 * Adds or refreshes a draft's entry in `<root>/root_meta_info.json`. An existing entry (same
 * folder) gets the volatile fields refreshed (name, duration, modified time, media size) and keeps
 * everything else; a missing one is added in front. Other entries and keys are untouched. The
 * file is backed up first and replaced atomically, under the root lock. A missing index is
 * created only when `opts.create`; an unparseable one is never touched (warning).
 */
export async function upsertIndexEntry(
  root: string,
  input: IndexEntryInput,
  opts: IndexWriteOptions,
): Promise<IndexOutcome> {
  const os = opts.os ?? currentOs();
  const path = join(root, ROOT_INDEX_FILE);
  if (!opts.create && orUndefined(() => Deno.lstatSync(path)) === undefined) {
    return { action: "missing", path };
  }
  return await withLock(join(root, ROOT_LOCK_FILE), async () => {
    const read = readIndex(path);
    if (read.state === "malformed") {
      opts.warn?.(
        `${path} is ${read.reason}; draftcli left it untouched, so the editor may not list this draft until it rebuilds its index`,
      );
      return { action: "malformed", path };
    }
    if (read.state === "missing") {
      if (!opts.create) return { action: "missing", path };
      const entry = newIndexEntry(input, root, [], os);
      await writeIndex(path, {
        all_draft_store: [entry],
        draft_ids: 1,
        root_path: indexPathStyle(os).folder(root),
      });
      return { action: "created", path };
    }
    const store = read.json.all_draft_store;
    const existing = store.find((e) => isEntryOf(e, input.folder, os));
    if (existing) {
      const next = {
        draft_name: input.name,
        tm_duration: input.duration,
        tm_draft_modified: input.modified,
        draft_timeline_materials_size: input.materialsSize,
      };
      if (Object.entries(next).every(([k, v]) => existing[k] === v)) {
        return { action: "unchanged", path };
      }
      Object.assign(existing, next);
    } else {
      store.unshift(newIndexEntry(input, root, store, os));
      if (typeof read.json.draft_ids === "number") read.json.draft_ids += 1;
    }
    const backup = await replaceIndex(root, path, read.bytes, read.json);
    return { action: existing ? "updated" : "added", path, backup };
  });
}

/** Removes a draft folder's entries from `<root>/root_meta_info.json` (for `draft delete`). */
export async function removeIndexEntry(
  root: string,
  folder: string,
  opts: { os?: OsName; warn?: (message: string) => void } = {},
): Promise<IndexOutcome> {
  const os = opts.os ?? currentOs();
  const path = join(root, ROOT_INDEX_FILE);
  return await withLock(join(root, ROOT_LOCK_FILE), async () => {
    const read = readIndex(path);
    if (read.state === "missing") return { action: "missing", path };
    if (read.state === "malformed") {
      opts.warn?.(`${path} is ${read.reason}; draftcli left it untouched`);
      return { action: "malformed", path };
    }
    const store = read.json.all_draft_store;
    const keep = store.filter((e) => !isEntryOf(e, folder, os));
    if (keep.length === store.length) return { action: "absent", path };
    read.json.all_draft_store = keep;
    const backup = await replaceIndex(root, path, read.bytes, read.json);
    return { action: "removed", path, backup };
  });
}

/** The index entry of a draft folder, if the root's index is readable and has one. */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function findIndexEntry(
  root: string,
  folder: string,
  os: OsName = currentOs(),
): Promise<Json | undefined> {
  const read = readIndex(join(root, ROOT_INDEX_FILE));
  if (read.state !== "ok") return undefined;
  return read.json.all_draft_store.find((e) => isEntryOf(e, folder, os)) as Json | undefined;
}
