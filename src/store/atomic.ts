/** Atomic file writes: write a temp file beside the target, flush it, rename it over. */
import { entriesOf, ignoreErrors } from "../files.ts";
import { dirname, join } from "../path.ts";

/** Suffix of temp files (cleaned up by recovery if a process dies mid-write). */
export const TMP_SUFFIX = ".draftcli-tmp";

/** A new temp name beside `path`, with `TMP_SUFFIX` (which recovery sweeps). */
export function tempBeside(path: string): string {
  return `${path}.${crypto.randomUUID().slice(0, 8)}${TMP_SUFFIX}`;
}

/** Writes all of `bytes` to `f` (one write may take fewer). */
export function writeAll(f: Deno.FsFile, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += f.writeSync(bytes.subarray(off));
}

/**
 * Writes bytes or text to `path` atomically (temp file + fsync + rename), creating the parent
 * folders. `mode`: the new file's permission bits (default: 0666 less the umask).
 */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode?: number,
): Promise<void> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  Deno.mkdirSync(dirname(path), { recursive: true });
  const tmp = tempBeside(path);
  const file = Deno.openSync(tmp, { write: true, create: true, truncate: true, mode });
  try {
    try {
      // The umask narrows the mode given at creation; chmod sets it exactly.
      if (mode !== undefined && Deno.build.os !== "windows") Deno.chmodSync(tmp, mode);
      writeAll(file, bytes);
      file.syncSync();
    } finally {
      file.close();
    }
    Deno.renameSync(tmp, path);
  } catch (err) {
    ignoreErrors(() => Deno.removeSync(tmp));
    throw err;
  }
}

/** Files written and flushed beside their targets, not yet in place (`stageFiles`). */
export interface StagedFiles {
  /**
   * Renames each into place, in the order staged: a crash between two renames leaves the earlier
   * targets new and the later ones old, never one half-written. A failed rename removes the
   * files not yet placed.
   */
  place(): void;
  /** Removes them: every target stays as it was. */
  drop(): void;
}

/**
 * Writes files as `writeFileAtomic` does, but with one wait for the disk instead of one per file
 * and without putting them in place (see `StagedFiles`): every temp is written, then all are
 * flushed side by side (the last on this thread, the others on the runtime's). A failure leaves
 * no temp behind.
 */
export async function stageFiles(
  files: readonly { path: string; data: string | Uint8Array }[],
): Promise<StagedFiles> {
  const temps: string[] = [];
  const open: Deno.FsFile[] = [];
  const drop = () => temps.forEach((tmp) => ignoreErrors(() => Deno.removeSync(tmp)));
  let flushed = false;
  try {
    for (const { path, data } of files) {
      Deno.mkdirSync(dirname(path), { recursive: true });
      const tmp = tempBeside(path);
      temps.push(tmp);
      const file = Deno.openSync(tmp, { write: true, create: true, truncate: true });
      open.push(file);
      writeAll(file, typeof data === "string" ? new TextEncoder().encode(data) : data);
    }
    const others = Promise.allSettled(open.slice(0, -1).map((f) => f.sync()));
    let last: unknown;
    try {
      open.at(-1)?.syncSync();
    } catch (err) {
      last = err ?? new Error("flush failed");
    }
    // Every flush has ended before any file is closed or removed.
    const failed = (await others).find((r) => r.status === "rejected");
    if (last !== undefined) throw last;
    if (failed) throw failed.reason;
    flushed = true;
  } finally {
    for (const f of open) ignoreErrors(() => f.close());
    if (!flushed) drop();
  }
  return {
    place() {
      for (const [i, { path }] of files.entries()) {
        try {
          Deno.renameSync(temps[i], path);
        } catch (err) {
          temps.slice(i).forEach((tmp) => ignoreErrors(() => Deno.removeSync(tmp)));
          throw err;
        }
      }
    },
    drop,
  };
}

/** Reads a JSON file, or returns `undefined` when it does not exist. */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function readJsonIfExists<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(Deno.readTextFileSync(path)) as T;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  }
}

/**
 * Removes temp files (`*.draftcli-tmp`) of atomic writes killed before their rename, directly in
 * `folder`, once older than `maxAgeMs` (a write takes milliseconds, so such a file's writer is
 * gone). One listing of the folder.
 */
export function sweepTemps(folder: string, maxAgeMs: number): void {
  for (const e of entriesOf(folder)) {
    if (!e.isFile || !e.name.endsWith(TMP_SUFFIX)) continue;
    const path = join(folder, e.name);
    ignoreErrors(() => {
      const st = Deno.lstatSync(path);
      if (Date.now() - (st.mtime?.getTime() ?? 0) >= maxAgeMs) Deno.removeSync(path);
    });
  }
}
