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
 * listed once, not looked up per file. Where every file moves from one folder to one folder of
 * the same name, the source holds nothing else and the target nothing yet (a draft's first
 * media), the folder moves whole: one rename instead of one per file.
 */
export function stagedEntries(staged: StagedFile[]): TxnEntry[] {
  const targets = new Set<string>();
  const present = new Map<string, Set<string>>();
  const moves: StagedFile[] = [];
  /** The one source and target folder of every move, while there is one. */
  let folders: { from: string; to: string } | undefined;
  let oneFolder = true;
  for (const s of staged) {
    if (targets.has(s.to)) continue;
    targets.add(s.to);
    const to = dirname(s.to);
    const name = basename(s.to);
    if (namesIn(present, to).has(name)) continue;
    moves.push(s);
    if (!oneFolder) continue;
    const from = dirname(s.from);
    folders ??= { from, to };
    oneFolder = folders.from === from && folders.to === to && basename(s.from) === name;
  }
  if (
    folders && oneFolder && basename(folders.from) === basename(folders.to) &&
    namesIn(present, folders.to).size === 0 && holdsExactly(folders.from, moves)
  ) {
    return [{ path: folders.to, moveFrom: folders.from }];
  }
  return moves.map((s) => ({ path: s.to, moveFrom: s.from }));
}

/** Does folder `dir` hold exactly the sources of `moves` (by name), and nothing else? */
function holdsExactly(dir: string, moves: StagedFile[]): boolean {
  const names = new Set(entriesOf(dir).map((e) => e.name));
  return names.size === moves.length && moves.every((m) => names.has(basename(m.from)));
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
