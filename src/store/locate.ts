/**
 * Finding drafts: draft ids, a draft's folder among the drafts roots (refusing links that
 * lead out of it), the draft folders of a root, and a draft's edition read without the lock.
 */
import { orUndefined } from "../files.ts";
import { basename, dirname, join, sep as SEPARATOR } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { type Edition, editionOfPlatform, type Json } from "../editions/profiles.ts";
import { readJsonIfExists } from "./atomic.ts";
import { rememberedFolder, rememberFolder } from "./locations.ts";

/** Folder inside a draft where draftcli keeps its own state (lock, journal, caches). */
export const STATE_DIR = ".draftcli";

/** draftcli's own record of a draft, kept in `.draftcli/state.json`. */
export interface DraftState {
  /** The draft's id (as in the meta), kept here too so it resolves if the meta is unreadable. */
  draftId?: string;
  edition: Edition;
  profile: string;
  createdBy: string;
  /** `platform.app_version` stamped at creation. */
  appVersion?: string;
  /** Top-level `new_version` stamped at creation. */
  newVersion?: string;
  /** Where the stamp came from: an app-written draft's markers, the profile, or the table. */
  markers?: "detected" | "profile" | "table";
  /**
   * Media paths that the zip a draft was imported from named outside the draft folder. draftcli
   * never reads them: `draft zip` leaves them out even with --include-external, and
   * `draft validate` flags those that exist here.
   */
  importedExternal?: string[];
}

/** draftcli's record of a draft folder (`.draftcli/state.json`), if it has a readable one. */
export function readDraftState(dir: string): Promise<DraftState | undefined> {
  return readJsonIfExists<DraftState>(join(dir, STATE_DIR, "state.json")).catch(() => undefined);
}

/** Checks a draft id names a plain folder inside the drafts root (no traversal). */
export function checkDraftId(draftId: string): void {
  const bad = !draftId || draftId === "." || draftId === ".." || /[\\/:\0]/.test(draftId) ||
    draftId.startsWith(".");
  if (bad) {
    throw new DraftcliError("invalid_input", `'${draftId}' is not a valid draft id`, {
      hint:
        "pass the draftId printed by 'draftcli draft create' or listed by 'draftcli draft list'",
      path: "draftId",
    });
  }
}

/**
 * The id draftcli reports for a draft folder: the meta's `draft_id` for drafts draftcli made
 * (their folder is named by that id; folders of earlier builds were named after the draft), else
 * the folder name (drafts the editor made).
 */
export function draftIdOf(
  dir: string,
  meta: Json | undefined,
  state: DraftState | undefined,
): string {
  if (state?.draftId && isPlainId(state.draftId)) return state.draftId;
  const id = meta?.draft_id;
  if (state && typeof id === "string" && isPlainId(id)) return id;
  return basename(dir);
}

function isPlainId(id: string): boolean {
  return !!id && id !== "." && id !== ".." && !/[\\/:\0]/.test(id) && !id.startsWith(".");
}

/**
 * Finds the folder of a draft among the candidate roots. `ref` is a draft id, a draft name or a
 * folder name: first a folder named `ref` (draftcli's drafts are named by their id, the editor's
 * by theirs), then a draft whose meta `draft_id` is `ref`, then one whose `draft_name` is
 * exactly `ref` (more than one is an error listing their ids), then a folder named `ref`.
 */
export async function locateDraft(roots: string[], ref: string): Promise<string> {
  if (!ref || ref.includes("\0")) checkDraftId(ref);
  // Fast path: a folder named `ref` whose id is its folder name (earlier builds, editor drafts).
  let byFolder: string | undefined;
  if (isPlainId(ref)) {
    for (const root of roots) {
      const dir = await draftFolderIn(root, ref, ref);
      if (!dir) continue;
      if ((await folderDraftId(dir)) === ref) return dir;
      byFolder ??= dir;
    }
  }
  // A folder remembered for this id (see locations.ts), once its own files confirm the id.
  const hinted = byFolder ? undefined : rememberedFolder(roots, ref);
  if (hinted) {
    const found = await draftFolderIn(hinted.root, hinted.name, ref);
    if (found && holdsId(await idOfFolder(found), ref)) return found;
  }
  const byName: { dir: string; id: string }[] = [];
  for (const root of roots) {
    for (const dir of await listDraftDirs(root)) {
      const seen = await idOfFolder(dir);
      if (holdsId(seen, ref)) {
        const found = await draftFolderIn(root, basename(dir), ref);
        if (found) {
          await rememberFolder(roots, ref, found);
          return found;
        }
      }
      const { id, meta } = seen;
      if (meta?.draft_name === ref) byName.push({ dir, id });
    }
  }
  // A folder name resolves when no draft has that name (the editor's folders carry its names).
  if (byFolder && !byName.length) return byFolder;
  if (byName.length > 1) {
    throw new DraftcliError(
      "invalid_input",
      `${byName.length} drafts are named '${ref}': ${byName.map((d) => d.id).join(", ")}`,
      { hint: "pass one of these draft ids instead of the name", path: "draftId" },
    );
  }
  if (byName.length === 1) {
    const dir = await draftFolderIn(dirname(byName[0].dir), basename(byName[0].dir), ref);
    if (dir) return dir;
  }
  if (!isPlainId(ref)) checkDraftId(ref); // neither a name nor a valid id: say why
  throw new DraftcliError("draft_not_found", `no draft '${ref}' in ${roots.join(" or ")}`, {
    hint: "pass a draft id or exact name from 'draftcli draft list', or pass --drafts-dir",
    path: "draftId",
  });
}

/** Does a folder's id (or its meta's `draft_id`) name `ref`? */
function holdsId(seen: { id: string; meta?: Json }, ref: string): boolean {
  return seen.id === ref || seen.meta?.draft_id === ref;
}

/** The id draftcli reports for the draft folder `dir` (see `draftIdOf`). */
export async function folderDraftId(dir: string): Promise<string> {
  const state = await readDraftState(dir);
  // The state's own id wins over the meta's (`draftIdOf`): then the meta need not be read.
  if (state?.draftId && isPlainId(state.draftId)) return state.draftId;
  return (await idOfFolder(dir, { state })).id;
}

/** The id and meta of the draft folder `dir`; `known.state`: its state, already read. */
async function idOfFolder(
  dir: string,
  known?: { state: DraftState | undefined },
): Promise<{ id: string; meta?: Json }> {
  const meta = await readJsonIfExists<Json>(join(dir, "draft_meta_info.json")).catch(() =>
    undefined
  );
  const state = known ? known.state : await readDraftState(dir);
  return { id: draftIdOf(dir, meta, state), meta };
}

/** The draft folder `name` in `root`, if it is one (links must stay inside the root). */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
async function draftFolderIn(
  root: string,
  name: string,
  ref: string,
): Promise<string | undefined> {
  const dir = join(root, name);
  let st: Deno.FileInfo;
  try {
    st = Deno.lstatSync(dir);
  } catch {
    return undefined;
  }
  if (st.isSymlink) {
    // A link is fine when it stays inside the drafts folder (the folder itself may be a link).
    const real = orUndefined(() => Deno.realPathSync(dir));
    if (real === undefined) return undefined; // dangling
    const realRoot = Deno.realPathSync(root);
    if (!(Deno.statSync(real)).isDirectory) return undefined;
    if (!real.startsWith(realRoot + SEPARATOR)) {
      throw new DraftcliError(
        "invalid_input",
        `draft '${ref}' links outside the drafts folder`,
        {
          hint: "draftcli only edits drafts inside the drafts folder",
          path: "draftId",
        },
      );
    }
  } else if (!st.isDirectory) return undefined;
  // Links followed; a file that cannot be looked at counts as absent (one odd folder must not
  // fail a lookup).
  const hasTimeline = ["draft_content.json", "draft_info.json"]
    .some((n) => orUndefined(() => Deno.statSync(join(dir, n))) !== undefined);
  if (!hasTimeline) return undefined;
  refuseEscapingLinks(dir, ref);
  return dir;
}

/** Entries of a draft folder that draftcli reads or writes through. */
const DRAFT_ENTRIES = [
  STATE_DIR,
  "resources",
  "Timelines",
  "draft_content.json",
  "draft_info.json",
  "template-2.tmp",
  "draft_meta_info.json",
  "draft_settings",
];

/** Where file names differ by case only in their spelling (a case-insensitive file system). */
const CASE_INSENSITIVE = Deno.build.os === "darwin" || Deno.build.os === "windows";

/** The names of `dir`'s entries among DRAFT_ENTRIES that are symbolic links. */
function linkedDraftEntries(dir: string): string[] {
  const key = (name: string) => CASE_INSENSITIVE ? name.toLowerCase() : name;
  const wanted = new Set(DRAFT_ENTRIES.map(key));
  try {
    // One listing of the folder, rather than a look at each entry (most of which are absent).
    const out: string[] = [];
    for (const e of Deno.readDirSync(dir)) {
      if (e.isSymlink && wanted.has(key(e.name))) out.push(e.name);
    }
    return out;
  } catch {
    // A folder that can be entered but not listed: each entry looked at by name.
    return DRAFT_ENTRIES.filter((n) => orUndefined(() => Deno.lstatSync(join(dir, n)))?.isSymlink);
  }
}

/**
 * Refuses a draft folder whose own entries (state folder, resources, timeline files …) are
 * symbolic links leading outside it: writing through them would write outside the drafts folder.
 */
function refuseEscapingLinks(dir: string, draftId: string): void {
  let realDir: string | undefined;
  for (const name of linkedDraftEntries(dir)) {
    const path = join(dir, name);
    realDir ??= Deno.realPathSync(dir);
    const target = orUndefined(() => Deno.realPathSync(path));
    if (!target || !target.startsWith(realDir + SEPARATOR)) {
      throw new DraftcliError(
        "invalid_input",
        `draft '${draftId}': ${name} is a link leading outside the draft folder`,
        { hint: "draftcli does not write through links out of a draft; copy the draft instead" },
      );
    }
  }
}

/** Lists the draft folders in a root (newest first). */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function listDraftDirs(root: string): Promise<string[]> {
  const out: { dir: string; mtime: number }[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = Array.from(Deno.readDirSync(root));
  } catch {
    return [];
  }
  for (const e of entries) {
    if (!e.isDirectory || e.name.startsWith(".")) continue;
    const dir = join(root, e.name);
    for (const n of ["draft_content.json", "draft_info.json"]) {
      try {
        const st = Deno.statSync(join(dir, n));
        out.push({ dir, mtime: st.mtime?.getTime() ?? 0 });
        break;
      } catch { /* next */ }
    }
  }
  return out.sort((a, b) => b.mtime - a.mtime).map((o) => o.dir);
}

/** The edition of a draft folder, read without taking the lock (for name resolution). */
export async function peekEdition(dir: string): Promise<Edition> {
  const state = await readDraftState(dir);
  if (state?.edition) return state.edition;
  for (const n of ["draft_content.json", "draft_info.json"]) {
    try {
      const text = Deno.readTextFileSync(join(dir, n));
      const m = /"app_source"\s*:\s*"(\w+)"/.exec(text);
      const edition = m ? editionOfPlatform({ app_source: m[1] }) : undefined;
      if (edition) return edition;
    } catch { /* next */ }
  }
  return "jianying";
}
