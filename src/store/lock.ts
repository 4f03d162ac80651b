/**
 * A per-draft lock file around read-modify-write, with stale-lock recovery.
 *
 * The owner creates the lock file exclusively and keeps it open with an exclusive OS file lock
 * (`flock` on Linux/macOS, `LockFileEx` on Windows) until it is done; the OS drops that lock
 * the moment the process dies, however it dies. So "is the owner still running?" is answered by
 * the kernel, with no pid checks and no pid-reuse problem (Deno refuses to read `/proc/<pid>`
 * without `--allow-all`, so a pid check is not even possible for the CLI on Linux).
 *
 * Protocol (also in docs/reliability.md):
 * - acquire: `createNew` the lock file, `tryLock` it, write the owner record (pid, host, time,
 *   nonce), then check that the path still names the file we locked (a breaker may have removed
 *   it in the instant between create and lock); otherwise start over;
 * - a contender that finds the file opens it and tries the OS lock: refused → the owner is alive
 *   (wait with backoff until the timeout, then `locked`, exit 6); granted → the owner is dead,
 *   unless the record names another host (network folders may not share OS locks across
 *   machines: then only an mtime older than `staleMs` makes it stale; the owner refreshes the
 *   mtime every `heartbeatMs`);
 * - breaking a stale lock happens while holding the OS lock on it, and only if the path still
 *   names that same file (device + inode), so a fresh lock taken in between is never removed;
 * - release: remove the file while still holding the OS lock, then close it.
 */
import { every } from "../clock.ts";
import { ignoreErrors, orUndefined, readAtSync } from "../files.ts";
import { DraftcliError } from "../errors.ts";
import { dirname } from "../path.ts";

/** Options for acquiring a lock. */
export interface LockOptions {
  /** Give up after this long (ms). Default 30 s, or env DRAFTCLI_LOCK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** A lock of another host is stale when untouched this long (ms). Default 2 min. */
  staleMs?: number;
  /** How often the holder refreshes the lock's mtime (ms). Default `staleMs / 8`. */
  heartbeatMs?: number;
}

/** Default wait before `withLock` gives up with `locked`. */
export const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

/** Default age after which a lock held from another host is stale. */
export const DEFAULT_STALE_MS = 120_000;

/** Who holds a lock or owns a staging folder (for messages and the cross-host rule). */
export interface OwnerInfo {
  pid: number;
  hostname: string;
  /** When the owner took it (ms since the epoch). */
  time: number;
  /** Random, unique per acquisition. */
  nonce: string;
}

let cachedHost: string | undefined;
/** This machine's host name ("" when it cannot be read). */
export function hostname(): string {
  if (cachedHost === undefined) {
    try {
      cachedHost = Deno.hostname();
    } catch {
      cachedHost = "";
    }
  }
  return cachedHost;
}

/** The owner record of this process (a fresh nonce each call). */
export function currentOwner(): OwnerInfo {
  return { pid: Deno.pid, hostname: hostname(), time: Date.now(), nonce: crypto.randomUUID() };
}

/** Do two stats name the same file? `undefined` when the platform gives no inode numbers. */
function sameFile(a: Deno.FileInfo, b: Deno.FileInfo): boolean | undefined {
  if (a.ino === null || b.ino === null || a.dev === null || b.dev === null) return undefined;
  return a.ino === b.ino && a.dev === b.dev;
}

function statPath(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch {
    return undefined;
  }
}

function readAll(f: Deno.FsFile): string {
  // An owner record is tiny: read at most 4 KiB, never a huge planted file.
  return new TextDecoder().decode(readAtSync(f, 0, 4096));
}

function parseOwner(text: string): Partial<OwnerInfo> | undefined {
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tries to take the exclusive OS lock on an open file, without waiting: true when taken, false
 * when another process holds it, "unsupported" where the file system has no OS locks. A
 * synchronous call: the asynchronous one costs a hop to a worker thread and back on every write.
 */
function tryLockNow(file: Deno.FsFile): boolean | "unsupported" {
  try {
    return file.tryLockSync(true);
  } catch {
    return "unsupported";
  }
}

/** An open, OS-locked owner file: the proof that its owner is running. */
export interface HeldFile {
  path: string;
  owner: OwnerInfo;
  file: Deno.FsFile;
  /** Refreshes the file's mtime (the liveness signal across hosts). */
  touch(): Promise<void>;
  /** Removes the file (if it is still ours) and drops the OS lock. */
  release(): Promise<void>;
}

/**
 * Creates `path` exclusively. Its folder may have been removed an instant before by a process
 * tidying an empty state folder (`tidyStateDir`): then that one folder is made again (never its
 * parents: a deleted draft stays deleted) and the create retried.
 */
function openNew(path: string): Deno.FsFile {
  const open = () => Deno.openSync(path, { read: true, write: true, createNew: true });
  try {
    return open();
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
    try {
      Deno.mkdirSync(dirname(path));
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    }
    return open();
  }
}

/** Tries to create and OS-lock `path`; undefined when it already exists or we lost a race. */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function tryCreateHeld(path: string): Promise<HeldFile | undefined> {
  let file: Deno.FsFile;
  try {
    file = openNew(path);
  } catch (err) {
    if (err instanceof Deno.errors.AlreadyExists) return undefined;
    // Windows: a file being deleted cannot be re-created until its last handle closes.
    if (Deno.build.os === "windows" && err instanceof Deno.errors.PermissionDenied) {
      return undefined;
    }
    throw err;
  }
  let ok = false;
  try {
    // false: a breaker holds it (it will go away). Some network file systems have no OS locks
    // at all: then the lock works by exclusive create and the mtime age rule alone.
    const locked = tryLockNow(file);
    if (locked === false) return undefined;
    const owner = currentOwner();
    const bytes = new TextEncoder().encode(JSON.stringify(owner));
    for (let off = 0; off < bytes.length;) off += file.writeSync(bytes.subarray(off));
    // Still the file at `path`? (A breaker may have removed it before we locked it.)
    const mine = file.statSync();
    const there = statPath(path);
    if (!there || sameFile(mine, there) === false) return undefined;
    ok = true;
    return {
      path,
      owner,
      file,
      async touch() {
        const now = new Date();
        await file.utime(now, now).catch(() => {});
      },
      // deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
      async release() {
        try {
          const now = statPath(path);
          if (now && sameFile(file.statSync(), now) !== false) {
            ignoreErrors(() => Deno.removeSync(path));
          }
        } finally {
          file.close();
        }
      },
    };
  } finally {
    if (!ok) file.close();
  }
}

/** What a contender learns about an existing owner file. */
export type HeldState =
  | { state: "gone" }
  | { state: "live"; owner?: Partial<OwnerInfo> }
  | { state: "stale"; owner?: Partial<OwnerInfo> };

/**
 * Inspects an owner file and, with `breakStale`, removes it when its owner is dead (or, for an
 * owner on another host, when its mtime is older than `staleMs`).
 */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function inspectHeld(
  path: string,
  opts: { staleMs: number; breakStale: boolean },
): Promise<HeldState> {
  let f: Deno.FsFile;
  try {
    f = Deno.openSync(path, { read: true, write: Deno.build.os === "windows" });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return { state: "gone" };
    // Unopenable (permissions, Windows delete pending): treat as held, the timeout decides.
    return { state: "live" };
  }
  try {
    const locked = tryLockNow(f);
    if (locked === "unsupported") {
      const st = f.statSync();
      const owner = parseOwner(orUndefined(() => readAll(f)) ?? "");
      if (Date.now() - (st.mtime?.getTime() ?? 0) <= opts.staleMs) return { state: "live", owner };
      if (opts.breakStale) ignoreErrors(() => Deno.removeSync(path));
      return { state: "stale", owner };
    }
    if (!locked) {
      // Alive. The record may be unreadable while locked (Windows): only for messages anyway.
      const text = orUndefined(() => readAll(f));
      const owner = text === undefined ? undefined : parseOwner(text);
      return { state: "live", owner };
    }
    // Nobody holds the OS lock. We now hold it on this file, so nobody can acquire it.
    const owner = parseOwner(readAll(f));
    const st = f.statSync();
    const remote = !!owner?.hostname && owner.hostname !== hostname();
    if (remote) {
      const age = Date.now() - (st.mtime?.getTime() ?? 0);
      if (age <= opts.staleMs) return { state: "live", owner };
    }
    const there = statPath(path);
    if (!there) return { state: "gone" };
    const same = sameFile(st, there);
    if (same === false) return { state: "gone" }; // replaced meanwhile: look again
    if (same === undefined) {
      // No inode numbers: only the age rule is safe.
      const age = Date.now() - (there.mtime?.getTime() ?? 0);
      if (age <= opts.staleMs) return { state: "live", owner };
    }
    if (opts.breakStale) ignoreErrors(() => Deno.removeSync(path));
    return { state: "stale", owner };
  } finally {
    f.close();
  }
}

/** The lock timeout from env DRAFTCLI_LOCK_TIMEOUT_MS (non-negative ms), else the default. */
export function lockTimeoutFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_LOCK_TIMEOUT_MS;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_LOCK_TIMEOUT_MS;
}

function envTimeout(): number {
  try {
    return lockTimeoutFromEnv(Deno.env.get("DRAFTCLI_LOCK_TIMEOUT_MS"));
  } catch {
    return DEFAULT_LOCK_TIMEOUT_MS;
  }
}

function describeOwner(owner: Partial<OwnerInfo> | undefined): string {
  if (!owner || typeof owner.pid !== "number") return "another draftcli process";
  const host = owner.hostname && owner.hostname !== hostname() ? ` on ${owner.hostname}` : "";
  return `draftcli process ${owner.pid}${host}`;
}

/** What `withLock` tells the function it runs. */
export interface LockInfo {
  /**
   * This acquisition found the lock left by a dead holder (and broke it): that process may have
   * died in the middle of its work, so its leftovers are worth looking for.
   */
  tookOver: boolean;
}

/**
 * Runs `fn` while holding the lock file at `path`. Waits (with backoff) while another live
 * process holds it, breaks stale locks, and throws `locked` (exit 6) after the timeout.
 */
export async function withLock<T>(
  path: string,
  fn: (info: LockInfo) => Promise<T>,
  opts: LockOptions = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? envTimeout();
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  const heartbeatMs = opts.heartbeatMs ?? Math.max(50, Math.floor(staleMs / 8));
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  let held: HeldFile | undefined;
  let tookOver = false;
  for (;;) {
    held = await tryCreateHeld(path);
    if (held) break;
    const seen = await inspectHeld(path, { staleMs, breakStale: true });
    if (seen.state === "stale") tookOver = true;
    if (seen.state === "live" && Date.now() >= deadline) {
      throw new DraftcliError(
        "locked",
        `the draft is locked by ${describeOwner(seen.owner)} (waited ${timeoutMs} ms)`,
        {
          hint: "wait for the other command to finish and retry (DRAFTCLI_LOCK_TIMEOUT_MS sets " +
            `the wait); if no draftcli is running anywhere, delete ${path}`,
        },
      );
    }
    if (seen.state === "live") {
      const wait = Math.min(delay + Math.random() * delay, Math.max(1, deadline - Date.now()));
      await new Promise((r) => setTimeout(r, wait));
      delay = Math.min(delay * 2, 100);
    } else if (Date.now() >= deadline + 1000) {
      // Files keep appearing and vanishing without us ever getting one: give up too.
      throw new DraftcliError("locked", "could not take the draft lock", {
        hint: `retry; if it keeps failing, check the permissions of ${path}`,
      });
    }
  }
  const lock = held;
  const stop = every(heartbeatMs, () => void lock.touch());
  try {
    return await fn({ tookOver });
  } finally {
    stop();
    await lock.release();
  }
}
