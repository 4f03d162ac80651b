/** A per-draft lock file around read-modify-write, with stale-lock recovery. */
import { DraftcliError } from "../errors.ts";

/** Options for acquiring a lock. */
export interface LockOptions {
  /** Give up after this long (ms). Default 30 s, or env DRAFTCLI_LOCK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** A lock older than this (ms) whose owner cannot be checked is stale. Default 10 min. */
  staleMs?: number;
}

interface LockBody {
  pid: number;
  hostname: string;
  time: number;
}

function hostname(): string {
  try {
    return Deno.hostname();
  } catch {
    return "";
  }
}

function ownerAlive(body: LockBody): boolean | undefined {
  if (body.hostname !== hostname()) return undefined;
  if (Deno.build.os !== "linux") return undefined;
  try {
    Deno.statSync(`/proc/${body.pid}`);
    return true;
  } catch (err) {
    // Only a missing /proc entry proves the owner is gone. Without --allow-all Deno refuses to
    // look (NotCapable), which proves nothing: treating that as "dead" would steal live locks.
    return err instanceof Deno.errors.NotFound ? false : undefined;
  }
}

async function isStale(path: string, staleMs: number): Promise<boolean> {
  let body: LockBody;
  try {
    body = JSON.parse(await Deno.readTextFile(path));
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    // Unreadable or half-written lock: stale only when old.
    try {
      const st = await Deno.stat(path);
      return Date.now() - (st.mtime?.getTime() ?? 0) > staleMs;
    } catch {
      return false;
    }
  }
  const alive = ownerAlive(body);
  if (alive === false) return true;
  if (alive === true) return false;
  return Date.now() - body.time > staleMs;
}

/** Runs `fn` while holding the lock file at `path` (created exclusively). */
export async function withLock<T>(
  path: string,
  fn: () => Promise<T>,
  opts: LockOptions = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? (Number(Deno.env.get("DRAFTCLI_LOCK_TIMEOUT_MS")) || 30_000);
  const staleMs = opts.staleMs ?? 10 * 60_000;
  const deadline = Date.now() + timeoutMs;
  const body: LockBody = { pid: Deno.pid, hostname: hostname(), time: Date.now() };
  let delay = 5;
  while (true) {
    try {
      const f = await Deno.open(path, { write: true, createNew: true });
      try {
        await f.write(new TextEncoder().encode(JSON.stringify(body)));
      } finally {
        f.close();
      }
      break;
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) {
        // The draft folder went away while we waited (e.g. `draft delete` got the lock first).
        throw new DraftcliError("draft_not_found", "the draft was removed while waiting for it", {
          hint: "run 'draftcli draft list' to see the drafts",
        });
      }
      if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
      if (await isStale(path, staleMs)) {
        // Remove only if it is still the same stale file (rename is atomic).
        const grave = `${path}.stale-${crypto.randomUUID().slice(0, 8)}`;
        try {
          await Deno.rename(path, grave);
          await Deno.remove(grave);
        } catch { /* someone else recovered it */ }
        continue;
      }
      if (Date.now() > deadline) {
        throw new DraftcliError("locked", "the draft is locked by another draftcli process", {
          hint: `wait and retry; if no draftcli is running, delete ${path}`,
        });
      }
      await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
      delay = Math.min(delay * 2, 100);
    }
  }
  try {
    return await fn();
  } finally {
    await Deno.remove(path).catch(() => {});
  }
}
