/**
 * Recovery after a commit that did not end (txn.ts): rolls its journal forward, removes temps
 * of commits killed before their journal, staging folders of dead processes and old files left
 * in the trash (deferred_frees.ts). Loaded only when a draft folder has something of that kind.
 */
import { entriesOf, ignoreErrors, orUndefined } from "../files.ts";
import { dirname, join, relative, resolve } from "../path.ts";
import { TMP_SUFFIX } from "./atomic.ts";
import { TRASH_DIR } from "./deferred_frees.ts";
import { inspectHeld } from "./lock.ts";
import {
  applyJournal,
  type Journal,
  journalPath,
  stagedMove,
  STAGING_CLAIM_SUFFIX,
  STAGING_GONE_SUFFIX,
  STAGING_MAX_AGE_MS,
  STAGING_OWNER,
} from "./txn.ts";

/**
 * Finishes an interrupted commit (roll forward), deletes temp files of commits that never
 * reached their journal, and removes staging folders of dead processes (`<stateDir>/staging`).
 * Call with the draft lock held (through txn.ts `recover`, which skips a folder with nothing
 * to do).
 */
export async function recoverFolder(
  stateDir: string,
  roots: string[],
  opts: { sweep?: boolean } = {},
): Promise<void> {
  let raw: unknown;
  try {
    raw = JSON.parse(Deno.readTextFileSync(journalPath(stateDir)));
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) raw = undefined;
    else if (err instanceof SyntaxError) raw = null;
    else throw err;
  }
  if (raw !== undefined) {
    const journal = checkJournal(raw, stateDir);
    // A journal is written atomically: an unreadable or foreign one is dropped (the temps it
    // would have moved are removed below, which leaves the old files).
    if (journal) applyJournal(stateDir, journal);
    else ignoreErrors(() => Deno.removeSync(journalPath(stateDir)));
  }
  if (opts.sweep !== false) { for (const root of roots) await removeTemps(root, 2); }
  await sweepStaging(join(stateDir, "staging"));
  // Old files kept by commits whose process stopped before freeing them (deferred_frees.ts):
  // nothing in a trash is ever needed again.
  ignoreErrors(() => Deno.removeSync(join(stateDir, TRASH_DIR), { recursive: true }));
}

/**
 * Removes staging folders whose owner is dead (or, when that cannot be told, that are old), and
 * the claims their creators left (txn.ts `makeStagingDir`).
 */
export async function sweepStaging(stagingRoot: string): Promise<void> {
  const held = { staleMs: STAGING_MAX_AGE_MS, breakStale: false };
  const entries = entriesOf(stagingRoot);
  for (const e of entries) {
    if (!e.isDirectory) continue;
    const dir = join(stagingRoot, e.name);
    // Its owner was removing it: nothing in it is still needed.
    if (e.name.endsWith(STAGING_GONE_SUFFIX)) {
      ignoreErrors(() => Deno.removeSync(dir, { recursive: true }));
      continue;
    }
    const seen = await inspectHeld(join(dir, STAGING_OWNER), held);
    let dead = seen.state === "stale";
    if (seen.state === "gone") {
      // No owner file: its creator has yet to make one (its claim is held), or was killed first
      // (its claim is stale). Without a claim either: a leftover once old.
      const claim = await inspectHeld(dir + STAGING_CLAIM_SUFFIX, held);
      if (claim.state === "live") continue;
      const st = orUndefined(() => Deno.statSync(dir));
      // (assemble.ts loads only here: a commit has no need of it.)
      const { leftoverAgeMs } = await import("./assemble.ts");
      dead = claim.state === "stale" ||
        (!!st && Date.now() - (st.mtime?.getTime() ?? 0) > leftoverAgeMs());
    }
    if (dead) ignoreErrors(() => Deno.removeSync(dir, { recursive: true }));
  }
  // Claims last: a folder above is judged by its claim before a stale claim goes.
  for (const e of entries) {
    if (e.isFile && e.name.endsWith(STAGING_CLAIM_SUFFIX)) {
      await inspectHeld(join(stagingRoot, e.name), { ...held, breakStale: true });
    }
  }
}

/**
 * Checks a journal read back from disk. Only renames of the form `X.<txn>.draftcli-tmp` → `X`
 * (or out of the draft's staging folder) inside the draft folder are accepted, and only where
 * both ends' folders really are inside it (no link on the way leads out), so a journal planted in
 * a shared draft folder cannot move files anywhere else.
 */
function checkJournal(value: unknown, stateDir: string): Journal | undefined {
  const base = dirname(stateDir);
  const realBase = orUndefined(() => Deno.realPathSync(base));
  if (realBase === undefined) return undefined;
  // The folder a path sits in, resolved through links, is the draft folder or inside it (a
  // folder that is gone is no way out: nothing can be renamed through it).
  const reallyInside = (p: string) => {
    let real: string;
    try {
      real = Deno.realPathSync(dirname(p));
    } catch (err) {
      return err instanceof Deno.errors.NotFound;
    }
    const rel = relative(realBase, real);
    return !rel.startsWith("..") && !/^[\\/]|^[A-Za-z]:/.test(rel);
  };
  if (!value || typeof value !== "object") return undefined;
  const { txn, moves } = value as Partial<Journal>;
  if (typeof txn !== "string" || !/^[\w-]{1,64}$/.test(txn) || !Array.isArray(moves)) {
    return undefined;
  }
  const inside = (p: string) => {
    const rel = relative(base, resolve(base, p));
    return rel !== "" && !rel.startsWith("..") && !/^[\\/]|^[A-Za-z]:/.test(rel);
  };
  const stagingRoot = join(stateDir, "staging");
  for (const m of moves) {
    if (!Array.isArray(m) || m.length !== 2) return undefined;
    const [tmp, final] = m;
    if (typeof tmp !== "string" || typeof final !== "string") return undefined;
    const from = resolve(base, tmp);
    const to = resolve(base, final);
    if (from !== `${to}.${txn}${TMP_SUFFIX}` && !stagedMove(stagingRoot, from, to)) {
      return undefined;
    }
    if (!inside(tmp) || !inside(final)) return undefined;
    if (!reallyInside(from) || !reallyInside(to)) return undefined;
  }
  return { txn, moves };
}

async function removeTemps(dir: string, depth: number): Promise<void> {
  for (const e of entriesOf(dir)) {
    const p = join(dir, e.name);
    if (e.isFile && e.name.endsWith(TMP_SUFFIX)) ignoreErrors(() => Deno.removeSync(p));
    else if (e.isDirectory && depth > 0) await removeTemps(p, depth - 1);
  }
}
