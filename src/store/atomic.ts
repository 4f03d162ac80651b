/** Atomic file writes: write a temp file beside the target, flush it, rename it over. */
import { ignoreErrors } from "../files.ts";
import { dirname } from "../path.ts";

/** Suffix of temp files (cleaned up by recovery if a process dies mid-write). */
export const TMP_SUFFIX = ".draftcli-tmp";

/** Writes bytes or text to `path` atomically (temp file + fsync + rename). */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  Deno.mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${crypto.randomUUID().slice(0, 8)}${TMP_SUFFIX}`;
  const file = Deno.openSync(tmp, { write: true, create: true, truncate: true });
  try {
    let off = 0;
    while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
    file.syncSync();
  } finally {
    file.close();
  }
  try {
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
