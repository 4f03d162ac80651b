/** Atomic file writes: write a temp file beside the target, flush it, rename it over. */
import { entriesOf, ignoreErrors } from "../files.ts";
import { dirname, join } from "../path.ts";

/** Suffix of temp files (cleaned up by recovery if a process dies mid-write). */
export const TMP_SUFFIX = ".draftcli-tmp";

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
  const tmp = `${path}.${crypto.randomUUID().slice(0, 8)}${TMP_SUFFIX}`;
  const file = Deno.openSync(tmp, { write: true, create: true, truncate: true, mode });
  try {
    try {
      // The umask narrows the mode given at creation; chmod sets it exactly.
      if (mode !== undefined && Deno.build.os !== "windows") Deno.chmodSync(tmp, mode);
      let off = 0;
      while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
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
