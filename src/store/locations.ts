/**
 * Remembered draft folders: which folder of a drafts root holds a draft id, kept in a small file
 * of the user's cache folder. draftcli names its drafts' folders by their id, but the editor's
 * drafts and those of earlier draftcli builds live in folders named after the draft, so finding
 * one of those by its id otherwise means looking into every folder of the root. An entry is
 * only a hint: `locateDraft` uses a folder after the folder's own files confirm the id.
 *
 * The cache file goes with the list of roots `searchRoots` returns (`withLocations`), so code
 * that builds its own list of roots simply finds nothing remembered.
 */
import { basename, dirname, join } from "../path.ts";
import { sweepTemps, writeFileAtomic } from "./atomic.ts";

/** Entries kept per root (the oldest are dropped first). */
export const MAX_REMEMBERED = 500;

/** Name of the cache file inside draftcli's cache folder. */
export const LOCATIONS_FILE = "locations.json";

/** root → draft id → folder name. */
type Table = Record<string, Record<string, string>>;

const files = new WeakMap<readonly string[], string>();

/** Attaches the locations file of `cacheFolder` (if any) to a list of roots; returns the list. */
export function withLocations(roots: string[], cacheFolder: string | undefined): string[] {
  if (cacheFolder) files.set(roots, join(cacheFolder, LOCATIONS_FILE));
  return roots;
}

function readTable(file: string): Table {
  try {
    const roots = JSON.parse(Deno.readTextFileSync(file))?.roots;
    return roots && typeof roots === "object" && !Array.isArray(roots) ? roots : {};
  } catch {
    return {}; // absent, unreadable or torn: a cache starts over
  }
}

const plainName = (n: unknown): n is string =>
  typeof n === "string" && n !== "" && n !== "." && n !== ".." && !/[\\/:\0]/.test(n);

/** The folder remembered for `draftId` in one of `roots` (unconfirmed), if any. */
export function rememberedFolder(
  roots: readonly string[],
  draftId: string,
): { root: string; name: string } | undefined {
  const file = files.get(roots);
  if (!file) return undefined;
  const table = readTable(file);
  for (const root of roots) {
    const entries = table[root];
    const name = entries && Object.hasOwn(entries, draftId) ? entries[draftId] : undefined;
    if (plainName(name)) return { root, name };
  }
  return undefined;
}

/**
 * Remembers that `dir` holds `draftId` (best effort: a cache that cannot be written is left as
 * it is). Written atomically, so a reader never sees half a file.
 */
export async function rememberFolder(
  roots: readonly string[],
  draftId: string,
  dir: string,
): Promise<void> {
  const file = files.get(roots);
  const root = dirname(dir);
  if (!file || !roots.includes(root)) return;
  // A folder named by the id is found without a hint: drop a stale one only.
  if (basename(dir) === draftId && !Object.hasOwn(readTable(file)[root] ?? {}, draftId)) return;
  // Temps of writers killed before their rename (assemble.ts loads only on this rare path).
  sweepTemps(dirname(file), (await import("./assemble.ts")).leftoverAgeMs());
  const table = readTable(file);
  const entries: Record<string, string> = {};
  const kept = Object.entries(table[root] ?? {}).filter(([id]) => id !== draftId);
  for (const [id, name] of kept.slice(-(MAX_REMEMBERED - 1))) entries[id] = name;
  entries[draftId] = basename(dir);
  table[root] = entries;
  await writeFileAtomic(file, JSON.stringify({ roots: table })).catch(() => {});
}
