/** Small file helpers for setup: atomic writes that keep permissions, backups. */
import { exists } from "../files.ts";
import { writeFileAtomic } from "../store/atomic.ts";

/** The file's text, or null when it does not exist. */
export async function readTextOrNull(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

/**
 * Writes `text` to `path` atomically (src/store/atomic.ts: temp file, fsync, rename), creating
 * the parent folders and keeping the old file's permission bits (e.g. 0600 on ~/.claude.json).
 */
export async function atomicWrite(path: string, text: string): Promise<void> {
  let mode: number | undefined;
  try {
    mode = (await Deno.stat(path)).mode ?? undefined;
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  await writeFileAtomic(path, text, mode === undefined ? undefined : mode & 0o777);
}

/** A timestamp safe in file names: 20261121T233000Z. */
export function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}

/** Copies `path` to `<path>.bak-<timestamp>` (with -1, -2 … if taken); returns the copy's path. */
export async function backup(path: string, now: Date): Promise<string> {
  const base = `${path}.bak-${stamp(now)}`;
  let target = base;
  for (let i = 1; await exists(target); i++) target = `${base}-${i}`;
  await Deno.copyFile(path, target);
  return target;
}
