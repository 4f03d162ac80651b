/**
 * The moves that bring a command's staged media (files named by their content, in a staging
 * folder) into a draft folder: file by file, or a staged folder whole.
 */
import { basename, dirname } from "../path.ts";
import { entriesOf } from "../files.ts";
import type { StagedFile } from "./commit.ts";
import type { TxnEntry } from "./txn.ts";

/**
 * The moves of staged files into the draft. Different URLs with the same bytes share one staged
 * file and one destination: it moves once. A target already there (placed by another writer
 * meanwhile) holds the same bytes (its name is its content's hash): it stays. Each folder is
 * listed once, not looked up per file. Where a folder holds exactly the staged files of one
 * target folder, has its name, and that target has nothing in it yet (a draft's first media),
 * the folder moves whole: one rename instead of one per file.
 */
export function stagedEntries(staged: StagedFile[]): TxnEntry[] {
  const targets = new Set<string>();
  const present = new Map<string, Set<string>>();
  /** The moves by target folder, then by source folder. */
  const groups = new Map<string, Map<string, StagedFile[]>>();
  for (const s of staged) {
    if (targets.has(s.to)) continue;
    targets.add(s.to);
    const to = dirname(s.to);
    if (namesIn(present, to).has(basename(s.to))) continue;
    const bySource = groups.get(to) ?? new Map<string, StagedFile[]>();
    groups.set(to, bySource);
    const from = dirname(s.from);
    const files = bySource.get(from) ?? [];
    bySource.set(from, files);
    files.push(s);
  }
  const entries: TxnEntry[] = [];
  for (const [to, bySource] of groups) {
    const [from, moves] = bySource.entries().next().value!;
    if (
      bySource.size === 1 && namesIn(present, to).size === 0 && basename(from) === basename(to) &&
      holdsExactly(from, moves)
    ) {
      entries.push({ path: to, moveFrom: from });
      continue;
    }
    for (const files of bySource.values()) {
      for (const s of files) entries.push({ path: s.to, moveFrom: s.from });
    }
  }
  return entries;
}

/** Does folder `dir` hold exactly the sources of `moves`, each under its target's name? */
function holdsExactly(dir: string, moves: StagedFile[]): boolean {
  const names = new Set(entriesOf(dir).map((e) => e.name));
  return names.size === moves.length &&
    moves.every((m) => basename(m.from) === basename(m.to) && names.has(basename(m.from)));
}

/** The names in folder `dir` (every kind of entry; none when it is missing), listed once. */
function namesIn(cache: Map<string, Set<string>>, dir: string): Set<string> {
  let names = cache.get(dir);
  if (!names) {
    names = new Set();
    try {
      for (const e of Deno.readDirSync(dir)) names.add(e.name);
    } catch { /* no folder yet */ }
    cache.set(dir, names);
  }
  return names;
}
