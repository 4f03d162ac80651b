/** Atomic file writes: write a temp file beside the target, flush it, rename it over. */
import { dirname } from "../path.ts";

/** Suffix of temp files (cleaned up by recovery if a process dies mid-write). */
export const TMP_SUFFIX = ".draftcli-tmp";

/** Writes bytes or text to `path` atomically (temp file + fsync + rename). */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  await Deno.mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${crypto.randomUUID().slice(0, 8)}${TMP_SUFFIX}`;
  const file = await Deno.open(tmp, { write: true, create: true, truncate: true });
  try {
    let off = 0;
    while (off < bytes.length) off += await file.write(bytes.subarray(off));
    await file.sync();
  } finally {
    file.close();
  }
  try {
    await Deno.rename(tmp, path);
  } catch (err) {
    await Deno.remove(tmp).catch(() => {});
    throw err;
  }
}

/** Reads a JSON file, or returns `undefined` when it does not exist. */
export async function readJsonIfExists<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(path)) as T;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  }
}
