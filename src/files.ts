/**
 * Small file helpers every layer uses (one copy each): existence, positioned reads, SHA-256 of
 * a file, the wall clock in microseconds (the unit of draft timestamps), and best-effort
 * wrappers for synchronous file calls. No static `node:` import: the draft store uses it.
 */

/** Does the path exist (file, folder or link; links are not followed)? */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function exists(path: string): Promise<boolean> {
  try {
    Deno.lstatSync(path);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw err;
  }
}

/** Reads up to `length` bytes at `position` of an open file (fewer at the end of the file). */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function readAt(
  file: Deno.FsFile,
  position: number,
  length: number,
): Promise<Uint8Array> {
  const buf = new Uint8Array(length);
  file.seekSync(position, Deno.SeekMode.Start);
  let got = 0;
  while (got < length) {
    const n = file.readSync(buf.subarray(got));
    if (n === null) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

/** SHA-256 of a file's bytes, lowercase hex, read in 1 MiB pieces. */
export async function sha256File(path: string): Promise<string> {
  // Loaded here: node:crypto loads part of Deno's Node layer, which the other helpers' users
  // (every command's draft store) must not pay for.
  const { createHash } = await import("node:crypto");
  const h = createHash("sha256");
  using f = Deno.openSync(path, { read: true });
  const buf = new Uint8Array(1024 * 1024);
  while (true) {
    const n = f.readSync(buf);
    if (n === null) break;
    h.update(buf.subarray(0, n));
  }
  return h.digest("hex");
}

/** Now, in microseconds since the epoch (draft timestamps such as tm_draft_modified). */
export function nowUs(): number {
  return Date.now() * 1000;
}

/** Runs a best-effort file operation: its error is ignored (a temp file already gone, …). */
export function ignoreErrors(op: () => unknown): void {
  try {
    op();
  } catch { /* best effort */ }
}

/** The result of a file operation, or undefined when it fails (a missing file, a dangling link). */
export function orUndefined<T>(op: () => T): T | undefined {
  try {
    return op();
  } catch {
    return undefined;
  }
}
