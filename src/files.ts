/**
 * Small file helpers every layer uses (one copy each): existence, is-a-file, positioned reads, SHA-256 of
 * a file or a text, the wall clock in microseconds (the unit of draft timestamps), and best-effort
 * wrappers for synchronous file calls. No static `node:` import: the draft store uses it.
 */
import { join } from "./path.ts";

/**
 * Does the path exist (file, folder or link; links are not followed)? Any error but NotFound
 * (no permission, a name too long) is thrown: a caller for which a failing look means "absent"
 * says so where it calls (`exists(p).catch(() => false)`, or `orUndefined(() => Deno.statSync(p))`
 * to follow links).
 */
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

/** Is the path a regular file (links followed)? Any error, NotFound included, answers false. */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** Fills `buf` from the file's current position on (less at its end); the bytes read. */
export function readUpTo(file: Deno.FsFile, buf: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  let got = 0;
  while (got < buf.length) {
    const n = file.readSync(buf.subarray(got));
    if (!n) break;
    got += n;
  }
  return buf.subarray(0, got);
}

/** Reads up to `length` bytes at `position` of an open file (fewer at the end of the file). */
export function readAtSync(
  file: Deno.FsFile,
  position: number,
  length: number,
): Uint8Array<ArrayBuffer> {
  file.seekSync(position, Deno.SeekMode.Start);
  const buf = new Uint8Array(length);
  const got = readUpTo(file, buf);
  return got.length === length ? buf : got;
}

/** `readAtSync` for asynchronous callers. */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function readAt(
  file: Deno.FsFile,
  position: number,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  return readAtSync(file, position, length);
}

/** Files up to this size are hashed in one piece by Web Crypto (no `node:crypto` at start-up). */
export const WHOLE_HASH_BYTES = 64 << 20;

/**
 * Hex sha256 of a file (any size). Small files (images, short clips) are read whole and hashed
 * by the built-in Web Crypto; larger ones are streamed through `node:crypto` (imported only then:
 * it costs ~30 ms of start-up).
 */
export async function sha256File(path: string, wholeLimit = WHOLE_HASH_BYTES): Promise<string> {
  using file = Deno.openSync(path, { read: true });
  return await sha256Of(file, file.statSync().size, wholeLimit);
}

/**
 * Hex sha256 of the bytes of an open file, from its start (`sha256File` over a handle the caller
 * already has, so a file read for other reasons is not opened again). `size`: the file's size.
 */
export async function sha256Of(
  file: Deno.FsFile,
  size: number,
  wholeLimit = WHOLE_HASH_BYTES,
): Promise<string> {
  // Synchronous reads: a batch hashes one small file after another, and an asynchronous call
  // costs a thread hop each.
  if (size <= wholeLimit) return await sha256Bytes(await readAt(file, 0, size));
  const { createHash } = await import("node:crypto");
  const hash = createHash("sha256");
  const buf = new Uint8Array(1 << 20);
  file.seekSync(0, Deno.SeekMode.Start);
  for (;;) {
    const n = await file.read(buf);
    if (n === null) break;
    hash.update(buf.subarray(0, n));
  }
  return hash.digest("hex");
}

/**
 * A sha256 fed in pieces (a download as it arrives). Pieces are kept until they pass
 * `wholeLimit` bytes and then hashed in one go by Web Crypto, so a stream of an image or a
 * short clip never imports `node:crypto`; a longer stream moves to it (imported only then).
 */
export class Sha256Stream {
  readonly #limit: number;
  #pieces: Uint8Array[] = [];
  #size = 0;
  #node?: { update(bytes: Uint8Array): unknown; digest(encoding: "hex"): string };

  constructor(wholeLimit = WHOLE_HASH_BYTES) {
    this.#limit = wholeLimit;
  }

  /** Adds the next piece (kept by reference: the caller must not change it afterwards). */
  async update(bytes: Uint8Array): Promise<void> {
    if (this.#node) return void this.#node.update(bytes);
    this.#pieces.push(bytes);
    this.#size += bytes.length;
    if (this.#size <= this.#limit) return;
    const { createHash } = await import("node:crypto");
    this.#node = createHash("sha256");
    for (const piece of this.#pieces) this.#node.update(piece);
    this.#pieces = [];
  }

  /** The hex digest of every piece added. */
  async hex(): Promise<string> {
    if (this.#node) return this.#node.digest("hex");
    const whole = new Uint8Array(this.#size);
    let at = 0;
    for (const piece of this.#pieces) {
      whole.set(piece, at);
      at += piece.length;
    }
    return await sha256Bytes(whole);
  }
}

/** Hex sha256 of a text's UTF-8 bytes (Web Crypto; no `node:` import). */
export function sha256Text(text: string): Promise<string> {
  return sha256Bytes(new TextEncoder().encode(text));
}

/** Hex SHA-256 of bytes (Web Crypto). */
export async function sha256Bytes(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)).toHex();
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

/** The entries of folder `dir`, listed once; none when it cannot be listed (gone, not a folder). */
export function entriesOf(dir: string): Deno.DirEntry[] {
  try {
    return Array.from(Deno.readDirSync(dir));
  } catch {
    return [];
  }
}

/** Are file names compared without case here (as macOS and Windows folders do by default)? */
const FOLDED_NAMES = Deno.build.os === "darwin" || Deno.build.os === "windows";

/**
 * The entries of one folder by name, listed once: answers for several names what a look at each
 * path would (an absent name, a folder, a file, a link), with one call that does not throw for an
 * absent name. Names are compared as the platform's folders compare them by default.
 */
export class FolderNames {
  readonly #byName = new Map<string, Deno.DirEntry>();

  private constructor(entries: Iterable<Deno.DirEntry>) {
    for (const e of entries) this.#byName.set(FOLDED_NAMES ? e.name.toLowerCase() : e.name, e);
  }

  /** The names in folder `dir`; undefined when it cannot be listed (gone, not a folder). */
  static of(dir: string): FolderNames | undefined {
    try {
      return new FolderNames(Deno.readDirSync(dir));
    } catch {
      return undefined;
    }
  }

  /** The entry named `name` (a link is not followed), or undefined when there is none. */
  get(name: string): Deno.DirEntry | undefined {
    return this.#byName.get(FOLDED_NAMES ? name.toLowerCase() : name);
  }

  /** How many entries the folder holds. */
  get size(): number {
    return this.#byName.size;
  }
}

/**
 * Creates the folder `path` if missing, but never its parents: a parent that is gone (a draft
 * deleted meanwhile) stays gone, and the call throws `NotFound`.
 */
export function mkdirHere(path: string): void {
  try {
    Deno.mkdirSync(path);
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  }
}

/**
 * Copies the folder tree `from` into `to` (created) without following links (a link is copied as
 * a link); `keep` decides per path relative to `from` (`/`-separated). Returns the number of
 * plain files copied.
 */
export async function copyTree(
  from: string,
  to: string,
  keep: (rel: string, isDir: boolean) => boolean = () => true,
  rel = "",
): Promise<number> {
  await Deno.mkdir(to, { recursive: true });
  let files = 0;
  for await (const e of Deno.readDir(from)) {
    const childRel = rel ? `${rel}/${e.name}` : e.name;
    if (!keep(childRel, e.isDirectory)) continue;
    const src = join(from, e.name);
    const dst = join(to, e.name);
    if (e.isSymlink) await Deno.symlink(await Deno.readLink(src), dst);
    else if (e.isDirectory) files += await copyTree(src, dst, keep, childRel);
    else if (e.isFile) {
      await Deno.copyFile(src, dst);
      files++;
    }
  }
  return files;
}
