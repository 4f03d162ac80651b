/**
 * Loading a draft: its timeline files, the newest one parsed (encrypted or foreign files
 * refused), after finishing any interrupted commit; the draft lock around reads and writes.
 */
import { basename, join } from "../path.ts";
import { FolderNames, ignoreErrors, orUndefined } from "../files.ts";
import { DraftcliError } from "../errors.ts";
import {
  type Edition,
  editionOfPlatform,
  isTimelineId,
  type Json,
  PRIMARY_TIMELINE_FILES,
  profileById,
  profileForAppVersion,
} from "../editions/profiles.ts";
import { DraftDocument } from "../draft/document.ts";
import type * as SaveReading from "./save_reading.ts";
import { timelineFloats } from "../draft/serialize.ts";
import { recover } from "./txn.ts";
import { type LockInfo, withLock } from "./lock.ts";
import { readJsonIfExists } from "./atomic.ts";
import { draftIdOf, type DraftState, locateDraft, STATE_DIR } from "./locate.ts";

/** A timeline file found in a draft folder. */
export interface TimelineFileInfo {
  path: string;
  /** Modification time, ms since the epoch (0 when unknown). */
  mtime: number;
  /** Inside `Timelines/<main_timeline_id>/`? */
  nested: boolean;
}

/**
 * `main_timeline_id` from `Timelines/project.json`, when the folder has a readable one. `listed`:
 * the folder's names listed just before (no `Timelines` there: no file to read).
 */
export async function mainTimelineId(
  dir: string,
  listed?: FolderNames,
): Promise<string | undefined> {
  if (listed && !listed.get("Timelines")) return undefined;
  const project = await readJsonIfExists<Json>(join(dir, "Timelines", "project.json"))
    .catch(() => undefined);
  const id = project?.main_timeline_id;
  return isTimelineId(id) ? id : undefined;
}

/**
 * The names among `names` present in `dir`. `listed`: the folder's names listed just before,
 * which answer for an absent name, a file and a folder (only a link is looked at).
 */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function presentNames(
  dir: string,
  names: readonly string[],
  listed?: FolderNames,
): Promise<string[]> {
  const out: string[] = [];
  for (const n of names) {
    const entry = listed?.get(n);
    if (listed && !entry) continue;
    // Links followed; a file that cannot be looked at counts as absent.
    if (entry && !entry.isSymlink) out.push(n);
    else if (orUndefined(() => Deno.statSync(join(dir, n)))) out.push(n);
  }
  return out;
}

/**
 * The readable timeline files of a draft folder (`draft_content.json`, `draft_info.json`, and
 * their copies in `Timelines/<main_timeline_id>/`), newest first. Mirrors (`template-2.tmp`) are
 * not timelines the editor reads and are left out.
 */
export async function timelineFiles(dir: string): Promise<TimelineFileInfo[]> {
  const out: TimelineFileInfo[] = [];
  const add = (path: string, nested: boolean) => {
    try {
      const st = Deno.statSync(path);
      if (st.isFile) out.push({ path, mtime: st.mtime?.getTime() ?? 0, nested });
    } catch { /* absent */ }
  };
  for (const n of PRIMARY_TIMELINE_FILES) add(join(dir, n), false);
  const main = await mainTimelineId(dir);
  if (main) {
    for (const n of PRIMARY_TIMELINE_FILES) add(join(dir, "Timelines", main, n), true);
  }
  return out.sort((a, b) => b.mtime - a.mtime);
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
function refuseEncrypted(path: string): void {
  const f = Deno.openSync(path, { read: true });
  try {
    const buf = new Uint8Array(256);
    const n = (f.readSync(buf)) ?? 0;
    const head = new TextDecoder().decode(buf.subarray(0, n)).trimStart();
    if (head !== "" && !head.startsWith("{")) throw notPlain(path);
  } finally {
    f.close();
  }
}

/**
 * Reads a timeline file, refusing encrypted or unknown formats. `text`: the text to parse
 * instead of the file's (its skeleton, see `writtenSkeleton`).
 */
function readTimeline(
  path: string,
  text = Deno.readTextFileSync(path),
): { json: Json; text: string } {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith("{")) throw notPlain(path);
  try {
    const json = JSON.parse(text);
    if (!json || typeof json !== "object" || !Array.isArray(json.tracks)) {
      throw new Error("no tracks");
    }
    return { json, text };
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
 * `sweep` (default true) also deletes temp files of commits killed before their journal; pass
 * the lock's `tookOver` (withDraftLock), since only a writer that died holding it leaves them.
 * `forSave` (the commit path passes save_reading.ts) also reads what a save needs to write the
 * unchanged parts back as they were (`DraftDocument.loaded`).
 */
export async function loadDraft(
  dir: string,
  opts: {
    recover?: boolean;
    sweep?: boolean;
    forSave?: typeof SaveReading;
    /** This process's live staging folder in the draft, if it made one (not to recover). */
    ownStaging?: string;
  } = {},
): Promise<DraftDocument> {
  const stateDir = join(dir, STATE_DIR);
  if (opts.recover !== false) {
    await recover(stateDir, [dir], { sweep: opts.sweep, ownStaging: opts.ownStaging });
  }
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
  // A timeline as draftcli's last save wrote it: no spellings to scan, and the spans of its item
  // lists, whose loaded bytes a save may write again (src/draft/verbatim.ts).
  const path = candidates[0].path;
  const save = opts.forSave;
  const record = save?.writtenFiles(dir);
  const written = record && await save!.writtenByUs(dir, path, record);
  // Its materials lists are left out of the parse, parsed when something reads them; a skeleton
  // that does not parse as one leaves the whole file to be parsed.
  const skeleton = written?.lists.length ? save!.writtenSkeleton(path, written.lists) : undefined;
  let timeline: { json: Json; text: string } | undefined;
  let lazy: ReturnType<typeof SaveReading.lazyLists>;
  if (skeleton) {
    try {
      timeline = readTimeline(path, skeleton.text);
      lazy = save!.lazyLists(timeline.json, path, skeleton.lists);
    } catch { /* the whole file, below */ }
    if (!lazy) timeline = undefined;
  }
  timeline ??= readTimeline(path);
  const content = timeline.json;
  for (const c of candidates.slice(1)) refuseEncrypted(c.path);
  const metaText = orUndefined(() => Deno.readTextFileSync(join(dir, "draft_meta_info.json")));
  let meta: Json = {};
  try {
    if (metaText !== undefined) meta = JSON.parse(metaText);
  } catch {
    throw new DraftcliError("unsupported_draft", "draft_meta_info.json is not plain JSON", {
      hint: ENCRYPTED_HINT,
    });
  }
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
    draftId: draftIdOf(dir, meta, state),
    edition,
    profile,
    content,
    meta,
    // A save writes what it did not change as it was read (number text, indentation).
    loaded: save
      ? {
        content: written
          ? {
            numbers: [],
            orders: [],
            indent: save.indentOf(timeline.text),
            tail: save.tailOf(timeline.text),
          }
          : save.scanSpellings(timeline.text, content, timelineFloats()),
        meta: metaText === undefined
          ? undefined
          : record && await save.writtenByUs(dir, join(dir, "draft_meta_info.json"), record)
          ? {
            numbers: [],
            orders: [],
            indent: save.indentOf(metaText),
            tail: save.tailOf(metaText),
          }
          : save.scanSpellings(metaText, meta),
        settings: orUndefined(() => Deno.readTextFileSync(join(dir, "draft_settings"))),
        lists: written?.lists.length
          ? save.writtenLists(
            path,
            content,
            written.lists.filter((l) => !lazy?.lists.includes(l)),
          )
          : undefined,
        lazy: lazy?.lazy,
        verify: save.verifySave(),
      }
      : undefined,
  });
}

/**
 * Runs `fn` holding a draft's lock. `.draftcli/` is created only inside an existing folder (never
 * re-creating a deleted draft), and a draft deleted while this process waited ends in
 * `draft_not_found` rather than a file-system error. `fn` learns whether the lock was taken over
 * from a dead holder (then `loadDraft` should sweep its temp files).
 */
export async function withDraftLock<T>(
  dir: string,
  fn: (lock: LockInfo) => Promise<T>,
): Promise<T> {
  const gone = () =>
    new DraftcliError("draft_not_found", `draft '${basename(dir)}' was deleted`, {
      hint: "run 'draftcli draft list' to see the drafts",
      path: "draftId",
    });
  try {
    // The lock's file creation makes `.draftcli/` when it is missing (never its parent).
    return await withLock(join(dir, STATE_DIR, "lock"), async (lock) => {
      // The root files first: Timelines/ is read only for a folder without them.
      const present = (await presentNames(dir, PRIMARY_TIMELINE_FILES)).length ||
        (await timelineFiles(dir)).length;
      if (!present) throw gone();
      return await fn(lock);
    });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound && !orUndefined(() => Deno.statSync(dir))) throw gone();
    throw err;
  } finally {
    tidyStateDir(dir);
  }
}

/**
 * Removes a draft's `.draftcli/` (and its `staging/`) when empty: a draft draftcli did not
 * create keeps no trace of a write once the lock is released and the downloads are moved (the
 * lock, journal and staging folders live there only while a write runs). A draft draftcli made
 * keeps its `state.json`, so its folder stays. Only empty folders are removed, so a writer
 * that holds the lock or a staging folder is never disturbed; one that made the folder an
 * instant before creates it again (`tryCreateHeld`).
 */
export function tidyStateDir(dir: string): void {
  const stateDir = join(dir, STATE_DIR);
  // Listed first: a folder that is absent, or that holds more than `staging`, is not tried (a
  // failed removal builds an error).
  const names = FolderNames.of(stateDir);
  const staging = !names || names.get("staging") !== undefined;
  if (staging) ignoreErrors(() => Deno.removeSync(join(stateDir, "staging")));
  if (names && names.size > (staging ? 1 : 0)) return;
  ignoreErrors(() => Deno.removeSync(stateDir)); // absent, or not empty
}

/** Identity of the files a read looks at (inode, size, mtime), to notice a commit in between. */
function fingerprint(dir: string, files: readonly string[]): string {
  let out = "";
  for (const f of files) {
    const st = orUndefined(() => Deno.statSync(join(dir, f)));
    out += st ? `${st.ino ?? ""}:${st.size}:${st.mtime?.getTime() ?? ""}|` : "-|";
  }
  return out;
}

/** Does a folder exist and hold anything? */
function hasEntries(dir: string): boolean {
  try {
    for (const _ of Deno.readDirSync(dir)) return true;
  } catch { /* absent */ }
  return false;
}

/** Reads before a quiet read gives up (a writer kept committing). */
const QUIET_READ_ATTEMPTS = 4;

/** draftcli's own files of a write at work (or of one that died). */
const MACHINERY = [join(STATE_DIR, "lock"), join(STATE_DIR, "journal.json")];

/** The files whose identities tell a commit landed: the machinery, timelines, meta and state. */
const WATCHED = [
  ...MACHINERY,
  ...PRIMARY_TIMELINE_FILES,
  "draft_meta_info.json",
  join(STATE_DIR, "state.json"),
  join("Timelines", "project.json"),
];

/** What a quiet read ended with: its value, or why it could not do without the lock. */
export type QuietRead<T> =
  | { ok: true; value: T }
  /** `machinery`: draftcli's lock, journal or staging is present; `changing`: commits kept landing. */
  | { ok: false; reason: "machinery" | "changing" };

/**
 * Runs `read` over a draft folder without writing anything into it: no lock file, no
 * `.draftcli/` folder, no recovery. Commits replace files by rename, so each file read is whole;
 * a commit landing during `read` is noticed by the watched files' identities (inode, size,
 * mtime), and `read` runs again, up to `attempts` times. Gives up at once when draftcli's own
 * machinery is in the folder (`.draftcli/lock`, `.draftcli/journal.json`, a download's staging
 * folder): a writer at work, or one that died, whose commit only the lock holder may finish.
 */
export async function readQuietly<T>(
  dir: string,
  read: () => Promise<T>,
  attempts = QUIET_READ_ATTEMPTS,
): Promise<QuietRead<T>> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (MACHINERY.some((f) => orUndefined(() => Deno.statSync(join(dir, f))))) break;
    if (hasEntries(join(dir, STATE_DIR, "staging"))) break;
    const before = fingerprint(dir, WATCHED);
    const value = await read();
    if (fingerprint(dir, WATCHED) === before) return { ok: true, value };
    if (attempt === attempts - 1) return { ok: false, reason: "changing" };
  }
  return { ok: false, reason: "machinery" };
}

/**
 * Loads a draft for reading without writing anything into its folder (`readQuietly`). Only when
 * draftcli's own machinery is in the folder, or a writer kept committing, does the read take
 * the lock, wait for the writer and, after a dead one, roll its journal forward (recovery
 * finishes draftcli's own commit; it never changes the person's data beyond what that commit
 * wrote).
 */
export async function readDraftAt(dir: string): Promise<DraftDocument> {
  const quiet = await readQuietly(dir, () => loadDraft(dir, { recover: false }));
  if (quiet.ok) return quiet.value;
  try {
    return await withDraftLock(dir, (lock) => loadDraft(dir, { sweep: lock.tookOver }));
  } catch (err) {
    // A read-only folder: nobody can be writing it through draftcli, so read it as it is.
    if (err instanceof Deno.errors.PermissionDenied) {
      return await loadDraft(dir, { recover: false });
    }
    throw err;
  }
}

/** Loads a draft for reading (see `readDraftAt`: nothing is written into its folder). */
export async function readDraft(roots: string[], draftId: string): Promise<DraftDocument> {
  return await readDraftAt(await locateDraft(roots, draftId));
}
