/**
 * Crash-safe multi-file commits. New files are first written as temps; then a journal listing
 * the renames is written atomically; then the renames run and the journal is removed. A process
 * killed at any moment leaves either the old set of files or (after `recover`) the new one.
 */
import { entriesOf, FolderNames, ignoreErrors, mkdirHere, orUndefined } from "../files.ts";
import { basename, dirname, isAbsolute, join, relative, resolve } from "../path.ts";
import { TMP_SUFFIX, writeAll } from "./atomic.ts";
import { deferFree, freesDeferred, TRASH_DIR } from "./deferred_frees.ts";
import { tryCreateHeld } from "./lock.ts";

/**
 * New content of a file: text, bytes, or pieces written as they come, never joined: text, bytes
 * written as they are, and marks (functions), each called with the number of bytes written
 * before it. Entries of one commit that share the same data object get the same bytes: the first
 * is written, the others are copied from it by the file system (`Deno.copyFile`: an in-kernel
 * copy, or a copy-on-write clone where the file system has them), so a mirror costs no second
 * encoding (and its marks are called once).
 */
export type TxnData = string | Uint8Array | {
  chunks: Iterable<string | Uint8Array | ((offset: number) => void)>;
};

/** One file of a commit: new content for `path`, or a staged file moved to `path`. */
export type TxnEntry =
  | { path: string; data: TxnData }
  | { path: string; moveFrom: string };

/**
 * The journal of one commit: renames temp → final, and staged file → final for files staged in
 * the draft's staging folder (`<stateDir>/staging/<id>/[<folder>/]<name>` → `…/<name>`: media
 * named by their content, moved once; a staged folder moves whole, see `moveEntry`). Paths are
 * relative to the folder that holds `stateDir` (the draft folder), so a draft folder moved after
 * a crash still recovers; absolute paths (older journals, files outside the folder) are accepted
 * as they are.
 */
export interface Journal {
  txn: string;
  moves: [string, string][];
}

function toJournalPath(base: string, path: string): string {
  const rel = relative(base, path);
  return rel.startsWith("..") || rel === "" || /^[\\/]|^[A-Za-z]:/.test(rel) ? path : rel;
}

/** Path of the journal of a folder's transaction. */
export function journalPath(stateDir: string): string {
  return join(stateDir, "journal.json");
}

/** Bytes buffered before a write when data comes in pieces. */
const CHUNK_BUFFER = 1 << 20;

/**
 * The buffer a file written in pieces starts with: most drafts' files fit in it, and a fresh
 * 1 MiB buffer costs a commit ~0.2 ms (its pages are mapped and zeroed). A file that fills it
 * goes on with one of CHUNK_BUFFER bytes.
 */
const FIRST_BUFFER = 1 << 16;

/** Bytes pieces shorter than this are copied into the buffer; longer ones are written as they are. */
const DIRECT_BYTES = 1 << 16;

/**
 * Encodes pieces of text into one reused buffer and writes it whenever it fills; long pieces of
 * bytes are written directly; marks are told the bytes written before them.
 */
function writePieces(
  f: Deno.FsFile,
  pieces: Iterable<string | Uint8Array | ((offset: number) => void)>,
): void {
  const encoder = new TextEncoder();
  let buf = new Uint8Array(FIRST_BUFFER);
  let used = 0;
  let flushed = 0;
  /** Writes the buffer out; a first buffer that filled up is replaced by a full-size one. */
  const flush = () => {
    writeAll(f, buf.subarray(0, used));
    flushed += used;
    used = 0;
    if (buf.length < CHUNK_BUFFER) buf = new Uint8Array(CHUNK_BUFFER);
  };
  for (const piece of pieces) {
    if (typeof piece === "function") {
      piece(flushed + used);
      continue;
    }
    if (typeof piece !== "string") {
      if (piece.length < DIRECT_BYTES && piece.length <= buf.length - used) {
        buf.set(piece, used);
        used += piece.length;
      } else {
        flush();
        writeAll(f, piece);
        flushed += piece.length;
      }
      continue;
    }
    let rest = piece;
    while (rest.length) {
      // Worst case 3 bytes per UTF-16 unit: flush first when the piece may not fit.
      if (buf.length - used < Math.min(rest.length * 3, buf.length >> 1)) flush();
      const { read, written } = encoder.encodeInto(rest, buf.subarray(used));
      used += written;
      rest = rest.slice(read);
    }
  }
  writeAll(f, buf.subarray(0, used));
}

/**
 * Writes a temp, not yet flushed: it is added to `open`, still open, for `flushAll` (which
 * spares opening it again); the caller closes every file of `open`.
 */
function writeTemp(path: string, data: TxnData, open: Deno.FsFile[]): void {
  const f = Deno.openSync(path, { write: true, create: true, truncate: true });
  open.push(f);
  if (typeof data === "string") writeAll(f, new TextEncoder().encode(data));
  else if (data instanceof Uint8Array) writeAll(f, data);
  else writePieces(f, data.chunks);
}

/**
 * Flushes written temps to disk (`fsync`), all at once: the flushes run side by side on the
 * runtime's worker threads, so a journaling file system can commit them together (ext4 groups
 * concurrent flushes into one journal commit) instead of one disk round trip per file.
 */
async function flushAll(files: Deno.FsFile[]): Promise<void> {
  await Promise.all(files.map((f) => f.sync()));
}

/**
 * A file of a commit whose content depends on the commit's written temps (their identities),
 * made once they are written, while they are flushed: `tempOf` names the temp of an entry's path;
 * `copyOf` names, for a temp the commit copied from another one (an entry sharing its data), that
 * other temp (the same bytes). It is renamed into place with them but not flushed itself, so
 * it must be a record whose reader takes a missing or unreadable file (a crash may leave either)
 * as no record: never one that names what it does not describe.
 */
export type DerivedEntry = (
  tempOf: (path: string) => string,
  copyOf: (temp: string) => string | undefined,
) => Promise<{ path: string; data: string } | undefined>;

/**
 * Commits all entries; `stateDir` holds the journal. `derived`, when given, adds one more file
 * made from the written temps (see `DerivedEntry`), committed with them. `meanwhile`, when given,
 * runs while the temps are flushed (after `derived`): work of the caller that needs no finished
 * commit gets the flushes' wait instead of following it. Its failure fails the commit.
 */
export async function commitFiles(
  stateDir: string,
  entries: TxnEntry[],
  derived?: DerivedEntry,
  meanwhile?: () => void,
): Promise<void> {
  const txn = crypto.randomUUID().slice(0, 8);
  const moves: [string, string][] = [];
  const order = new Map(entries.map((e, i) => [e.path, i]));
  // The first entry of each data object writes it; the others copy its temp (decided here,
  // before any await, so that a stream of pieces is read exactly once).
  const tmpOf = (e: TxnEntry) => `${e.path}.${txn}${TMP_SUFFIX}`;
  const firstOf = new Map<TxnData, string>();
  const copies: [string, string][] = [];
  const writes: TxnEntry[] = [];
  const stagingRoot = join(stateDir, "staging");
  /** Targets the journal moves a staged file to (their folders must exist by then). */
  const direct: string[] = [];
  for (const e of entries) {
    // A file staged in the draft's own staging folder is renamed into place by the journal
    // directly (it was flushed where it was staged); one elsewhere is first moved beside its
    // target.
    if ("moveFrom" in e && stagedMove(stagingRoot, e.moveFrom, e.path)) {
      moves.push([e.moveFrom, e.path]);
      direct.push(e.path);
      continue;
    }
    moves.push([tmpOf(e), e.path]);
    if ("data" in e && typeof e.data !== "string" && firstOf.has(e.data)) {
      copies.push([firstOf.get(e.data)!, tmpOf(e)]);
      continue;
    }
    if ("data" in e && typeof e.data !== "string") firstOf.set(e.data, tmpOf(e));
    writes.push(e);
  }
  const open: Deno.FsFile[] = [];
  // The flushes of the written temps, started before their copies are made (see below).
  let written: Promise<void> | undefined;
  try {
    // One after the other, with synchronous calls: cheaper on a short run than the thread hop of
    // asynchronous ones, and the copies need their first file written anyway.
    // Each folder once (a draft's files mostly share one).
    const folders = new Set<string>();
    const ensureFolder = (path: string) => {
      const dir = dirname(path);
      if (!folders.has(dir)) Deno.mkdirSync(dir, { recursive: true });
      folders.add(dir);
    };
    for (const path of direct) ensureFolder(path);
    for (const e of writes) {
      ensureFolder(e.path);
      if ("data" in e) writeTemp(tmpOf(e), e.data, open);
      else Deno.renameSync(e.moveFrom, tmpOf(e));
    }
    // The written temps are flushed while their copies are made (a copy reads the page cache):
    // a timeline's mirror takes ~2 ms to copy, which its flush no longer waits for.
    const copied = open.length;
    written = flushAll([...open]);
    written.catch(() => {}); // awaited below
    for (const [from, to] of copies) {
      ensureFolder(to);
      Deno.copyFileSync(from, to);
      open.push(Deno.openSync(to, { read: true, write: true }));
    }
    const tempByPath = new Map(moves.map(([tmp, final]) => [final, tmp]));
    const copyOf = new Map(copies.map(([from, to]) => [to, from]));
    // Every temp is on disk before the journal names it (a staged file moved in was flushed
    // where it was staged). The flushes run while the derived entry is made from the temps, and
    // the caller's `meanwhile`.
    const flushing = Promise.all([written, flushAll(open.slice(copied))]).then(() => {});
    flushing.catch(() => {}); // awaited below: a failure meanwhile is not an unhandled one
    let more: { path: string; data: string } | undefined;
    try {
      more = await derived?.(
        (path) => tempByPath.get(path) ?? path,
        (temp) => copyOf.get(temp),
      );
      meanwhile?.();
    } finally {
      await flushing.catch(() => {}); // the files stay open until their flushes end
    }
    await flushing;
    if (more) {
      // Not flushed (see `DerivedEntry`).
      ensureFolder(more.path);
      writeTemp(tmpOf(more), more.data, open);
      moves.push([tmpOf(more), more.path]);
      order.set(more.path, order.size);
    }
  } catch (err) {
    await written?.catch(() => {}); // the files stay open until their flushes end
    dropTemps(moves);
    throw err;
  } finally {
    for (const f of open) ignoreErrors(() => f.close());
  }
  // The journal lists the renames in entry order (staged media first, then timelines, meta).
  moves.sort((a, b) => order.get(a[1])! - order.get(b[1])!);
  const base = dirname(stateDir);
  const journal: Journal = {
    txn,
    moves: moves.map(([tmp, final]) => [toJournalPath(base, tmp), toJournalPath(base, final)]),
  };
  try {
    writeJournal(journalPath(stateDir), JSON.stringify(journal));
  } catch (err) {
    // No rename has run: the old files stand; what this commit wrote goes (a journal left
    // half-written too, which names temps that are gone).
    ignoreErrors(() => Deno.removeSync(journalPath(stateDir)));
    dropTemps(moves);
    throw err;
  }
  applyJournal(stateDir, journal, freesDeferred() ? trashOf(stateDir, journal.txn) : undefined);
}

/** Removes the temps of a commit that failed before its journal (staged files stay staged). */
function dropTemps(moves: [string, string][]): void {
  for (const [tmp] of moves) {
    if (tmp.endsWith(TMP_SUFFIX)) ignoreErrors(() => Deno.removeSync(tmp));
  }
}

/**
 * For a process that frees later (deferred_frees.ts): the folder `<stateDir>/trash/<txn>/` where
 * a commit's journal keeps the files its renames replace (`applyJournal`), made, with its removal
 * (which frees their disk space) queued.
 */
function trashOf(stateDir: string, txn: string): string {
  const trashRoot = join(stateDir, TRASH_DIR);
  const trash = join(trashRoot, txn);
  Deno.mkdirSync(trash, { recursive: true });
  deferFree(() => {
    Deno.removeSync(trash, { recursive: true });
    // The folders above only when empty: another commit's trash, or a writer's lock, keeps them.
    for (const d of [trashRoot, stateDir]) ignoreErrors(() => Deno.removeSync(d));
  });
  return trash;
}

/**
 * Writes and flushes the journal in place. No temp and rename are needed: until it is flushed no
 * rename has run, so a journal torn by a crash is unreadable and dropped by `recover`, which
 * leaves the old files.
 */
function writeJournal(path: string, text: string): void {
  Deno.mkdirSync(dirname(path), { recursive: true });
  const f = Deno.openSync(path, { write: true, create: true, truncate: true });
  try {
    writeAll(f, new TextEncoder().encode(text));
    f.syncSync();
  } finally {
    f.close();
  }
}

/**
 * Runs a journal's renames (`moveEntry`; those already done are skipped), then removes the
 * journal. With `trash` (a folder, see `trashOf`), each file a rename replaces first gets a second
 * name there, so that the rename frees nothing, and the journal moves there instead.
 */
export function applyJournal(stateDir: string, journal: Journal, trash?: string): void {
  const base = dirname(stateDir);
  for (const [i, [tmp, final]] of journal.moves.entries()) {
    const to = resolve(base, final);
    // No old file (or a folder, which takes no link): the rename replaces nothing to keep.
    if (trash) ignoreErrors(() => Deno.linkSync(to, join(trash, String(i))));
    try {
      moveEntry(resolve(base, tmp), to);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err; // already moved
    }
  }
  if (trash) Deno.renameSync(journalPath(stateDir), join(trash, "journal.json"));
  else ignoreErrors(() => Deno.removeSync(journalPath(stateDir)));
}

/**
 * Renames `from` to `to`. A staged folder that cannot replace folder `to` (which has files, or
 * where the system will not replace an empty folder) is merged into it instead, entry by entry:
 * an entry whose name `to` has already stays out (media are named by their content), so a merge
 * cut short by a crash finishes when run again. Throws `NotFound` when `from` is gone.
 */
export function moveEntry(from: string, to: string): void {
  try {
    Deno.renameSync(from, to);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) throw err;
    if (!orUndefined(() => Deno.lstatSync(from))?.isDirectory) throw err;
    mergeFolder(from, to);
  }
}

/** Moves the entries of folder `from` into folder `to`, but for names `to` has already. */
function mergeFolder(from: string, to: string): void {
  for (const e of entriesOf(from)) {
    const target = join(to, e.name);
    if (orUndefined(() => Deno.lstatSync(target))) continue;
    Deno.renameSync(join(from, e.name), target);
  }
}

/**
 * Is `from` → `to` the move of an entry staged under `stagingRoot` (in a folder of its own, or in
 * one folder of it) to an entry of the same name outside it?
 */
export function stagedMove(stagingRoot: string, from: string, to: string): boolean {
  const rel = relative(stagingRoot, from);
  const parts = rel.split(/[\\/]/);
  if (parts.length < 2 || parts.length > 3) return false;
  if (parts.some((p) => p === "" || p === "." || p === "..")) return false;
  if (isAbsolute(rel) || parts[parts.length - 1] !== basename(to)) return false;
  const out = relative(stagingRoot, to);
  return out.startsWith("..") || isAbsolute(out);
}

/** A staging folder of another host's process is removed by recovery after this long. */
export const STAGING_MAX_AGE_MS = 24 * 3600_000;

/** File inside a staging folder, held OS-locked by the process that owns the folder. */
export const STAGING_OWNER = "owner.json";

/**
 * What a staging folder's name ends with once its owner is removing it: renamed first, so that
 * a removal cut short leaves a folder recovery removes at once (it holds nothing still needed).
 */
export const STAGING_GONE_SUFFIX = ".gone";

/**
 * A file beside a staging folder (`<id>.claim`), held OS-locked by its creator from before the
 * folder exists until its owner file is in it: a folder without an owner file whose claim is
 * stale was left by a creator killed in between, and recovery removes it at once.
 */
export const STAGING_CLAIM_SUFFIX = ".claim";

/**
 * Finishes an interrupted commit (roll forward), deletes temp files of commits that never
 * reached their journal, and removes staging folders of dead processes (`<stateDir>/staging`).
 * Call with the draft lock held. `sweep: false` skips the search for temp files, which lists
 * every folder under `roots` (resources/ may hold thousands of files): only a writer that died
 * holding the lock leaves them, so a lock taken over from a dead holder is the reason to look.
 * A folder with no journal, staging folder or trash (every commit that ended) has nothing more
 * to do: the recovery code (recovery.ts) loads only for one that has.
 */
export async function recover(
  stateDir: string,
  roots: string[],
  opts: { sweep?: boolean; ownStaging?: string } = {},
): Promise<void> {
  if (opts.sweep === false) {
    // One listing of the state folder answers the three looks (none throws for an absent name).
    const names = FolderNames.of(stateDir);
    const absentHere = (name: string) =>
      names ? names.get(name) === undefined : absent(join(stateDir, name));
    if (
      absentHere(basename(journalPath(stateDir))) &&
      onlyOwnStaging(join(stateDir, "staging"), opts.ownStaging, absentHere("staging")) &&
      absentHere(TRASH_DIR)
    ) {
      return;
    }
  }
  await (await import("./recovery.ts")).recoverFolder(stateDir, roots, opts);
}

/**
 * Does the staging folder `path` (`isAbsent`: nothing is there) hold nothing to recover: is it
 * absent, or does it hold only `own`, the live staging folder of this process (`makeStagingDir`)?
 */
function onlyOwnStaging(path: string, own: string | undefined, isAbsent: boolean): boolean {
  if (isAbsent) return true;
  if (own === undefined || dirname(own) !== path) return false;
  try {
    for (const e of Deno.readDirSync(path)) if (e.name !== basename(own)) return false;
    return true;
  } catch {
    return false;
  }
}

/** Is nothing at `path`? (Any other answer, an unreadable one included, is not absent.) */
function absent(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return false;
  } catch (err) {
    return err instanceof Deno.errors.NotFound;
  }
}

/** A private staging folder, owned (OS-locked owner file) by this process until `remove`. */
export interface StagingDir {
  dir: string;
  /** Drops the ownership and deletes the folder with whatever is left in it. */
  remove(): Promise<void>;
}

/**
 * Creates a private staging folder under `stagingRoot` (`<draft>/.draftcli/staging`), recording
 * this process as its owner. Creates nothing above the draft folder: `NotFound` when it is gone.
 */
export async function makeStagingDir(stagingRoot: string): Promise<StagingDir> {
  const dir = join(stagingRoot, crypto.randomUUID());
  // Level by level, so a deleted draft is never re-created; a `.draftcli/` tidied away by another
  // process between two of the steps is made once more. The staging root first: `.draftcli/` is
  // mostly there already (and making it would throw AlreadyExists).
  const levels = () => {
    try {
      mkdirHere(stagingRoot);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
      mkdirHere(dirname(stagingRoot));
      mkdirHere(stagingRoot);
    }
  };
  try {
    levels();
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
    levels();
  }
  const claim = await tryCreateHeld(dir + STAGING_CLAIM_SUFFIX);
  let held: Awaited<ReturnType<typeof tryCreateHeld>>;
  try {
    mkdirHere(dir);
    held = await tryCreateHeld(join(dir, STAGING_OWNER));
  } finally {
    await claim?.release();
  }
  return {
    dir,
    async remove() {
      const gone = dir + STAGING_GONE_SUFFIX;
      const renamed = orUndefined(() => (Deno.renameSync(dir, gone), true)) ?? false;
      await held?.release();
      ignoreErrors(() => Deno.removeSync(renamed ? gone : dir, { recursive: true }));
    },
  };
}
