/**
 * Crash-safe multi-file commits. New files are first written as temps; then a journal listing
 * the renames is written atomically; then the renames run and the journal is removed. A process
 * killed at any moment leaves either the old set of files or (after `recover`) the new one.
 */
import { dirname, join } from "node:path";
import { TMP_SUFFIX, writeFileAtomic } from "./atomic.ts";

/** One file of a commit: new content for `path`, or a staged file moved to `path`. */
export type TxnEntry =
  | { path: string; data: string | Uint8Array }
  | { path: string; moveFrom: string };

interface Journal {
  txn: string;
  moves: [string, string][];
}

/** Path of the journal of a folder's transaction. */
export function journalPath(stateDir: string): string {
  return join(stateDir, "journal.json");
}

async function writeTemp(path: string, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const f = await Deno.open(path, { write: true, create: true, truncate: true });
  try {
    let off = 0;
    while (off < bytes.length) off += await f.write(bytes.subarray(off));
    await f.sync();
  } finally {
    f.close();
  }
}

/** Commits all entries; `stateDir` holds the journal. */
export async function commitFiles(stateDir: string, entries: TxnEntry[]): Promise<void> {
  const txn = crypto.randomUUID().slice(0, 8);
  const moves: [string, string][] = [];
  try {
    for (const e of entries) {
      await Deno.mkdir(dirname(e.path), { recursive: true });
      const tmp = `${e.path}.${txn}${TMP_SUFFIX}`;
      if ("data" in e) await writeTemp(tmp, e.data);
      else await Deno.rename(e.moveFrom, tmp);
      moves.push([tmp, e.path]);
    }
  } catch (err) {
    for (const [tmp] of moves) await Deno.remove(tmp).catch(() => {});
    throw err;
  }
  const journal: Journal = { txn, moves };
  await writeFileAtomic(journalPath(stateDir), JSON.stringify(journal));
  await applyJournal(stateDir, journal);
}

async function applyJournal(stateDir: string, journal: Journal): Promise<void> {
  for (const [tmp, final] of journal.moves) {
    try {
      await Deno.rename(tmp, final);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err; // already moved
    }
  }
  await Deno.remove(journalPath(stateDir)).catch(() => {});
}

/**
 * Finishes an interrupted commit (roll forward) and deletes temp files of commits that never
 * reached their journal. Call with the draft lock held.
 */
export async function recover(stateDir: string, roots: string[]): Promise<void> {
  let journal: Journal | undefined;
  try {
    journal = JSON.parse(await Deno.readTextFile(journalPath(stateDir)));
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound) && !(err instanceof SyntaxError)) throw err;
    if (err instanceof SyntaxError) await Deno.remove(journalPath(stateDir)).catch(() => {});
  }
  if (journal) await applyJournal(stateDir, journal);
  for (const root of roots) await removeTemps(root, 2);
}

async function removeTemps(dir: string, depth: number): Promise<void> {
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch {
    return;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isFile && e.name.endsWith(TMP_SUFFIX)) await Deno.remove(p).catch(() => {});
    else if (e.isDirectory && depth > 0) await removeTemps(p, depth - 1);
  }
}
