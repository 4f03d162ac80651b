/**
 * Whole-draft management: delete, rename (the name shown in the editor) and duplicate a draft
 * folder. Each waits for the draft's lock, so it never races a command writing the draft.
 *
 * Each function returns the folders it touched, so callers can keep the editor's own draft
 * index (e.g. root_meta_info.json) in step.
 */
import { dirname, join } from "../path.ts";
import { copyTree, nowUs } from "../files.ts";
import { DraftcliError } from "../errors.ts";
import type { Json } from "../editions/profiles.ts";
import { newId } from "../draft/ids.ts";
import { folderDraftId, locateDraft, STATE_DIR, withDraftLock } from "./drafts.ts";
import {
  beginAssembly,
  buryFolder,
  pathHoldingFiles,
  rewritePaths,
  sweepLeftovers,
} from "./assemble.ts";
import { commitFiles, recover } from "./txn.ts";
import { scanSpellings } from "../draft/spellings.ts";
import { stringifyAsLoaded } from "../draft/serialize.ts";

/** What `deleteDraft` removed. */
export interface DeletedDraft {
  draftId: string;
  /** The folder (or link) that was removed. */
  dir: string;
  /** The drafts folder it was in. */
  root: string;
}

/** What `renameDraft` changed. */
export interface RenamedDraft {
  draftId: string;
  dir: string;
  name: string;
  previousName: string;
}

/** What `duplicateDraft` created. */
export interface DuplicatedDraft {
  draftId: string;
  dir: string;
  name: string;
  sourceDraftId: string;
  sourceDir: string;
}

const META = "draft_meta_info.json";

/** Runs `fn` under the draft's lock (creating `.draftcli/` if needed). */
function underLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  return withDraftLock(dir, fn);
}

/**
 * Deletes a draft folder (`ref`: id, name or folder name). The folder is first renamed (under
 * the lock) to a hidden grave in the same drafts folder, so it leaves the draft list at once,
 * then removed (an interrupted removal is finished by a later sweep, see assemble.ts). Symbolic
 * links are never followed: a draft that is itself a link (to a folder inside the drafts folder;
 * links outside are refused by `locateDraft`) loses only the link, and links inside the draft
 * are removed, not their targets.
 */
export async function deleteDraft(roots: string[], ref: string): Promise<DeletedDraft> {
  const dir = await locateDraft(roots, ref);
  const root = dirname(dir);
  const draftId = await folderDraftId(dir);
  await sweepLeftovers(root);
  if ((await Deno.lstat(dir)).isSymlink) {
    await Deno.remove(dir);
    return { draftId, dir, root };
  }
  const grave = await underLock(dir, () => buryFolder(root, dir));
  await grave.remove();
  return { draftId, dir, root };
}

async function readMeta(dir: string): Promise<Json> {
  return (await readMetaText(dir)).meta;
}

/** The draft's meta as parsed, and its text when the file exists. */
async function readMetaText(dir: string): Promise<{ meta: Json; text?: string }> {
  let text: string;
  let meta: unknown;
  try {
    text = await Deno.readTextFile(join(dir, META));
    meta = JSON.parse(text);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return { meta: {} };
    throw new DraftcliError("unsupported_draft", `${META} is not plain JSON: ${err}`, {
      hint: "the draft may be encrypted by a newer editor; draftcli will not change it",
    });
  }
  if (typeof meta !== "object" || meta === null || Array.isArray(meta)) {
    throw new DraftcliError("unsupported_draft", `${META} is not a JSON object`, {
      hint: "the file may be damaged; draftcli will not change it",
    });
  }
  return { meta: meta as Json, text };
}

/**
 * Sets the name the editor shows (`draft_name` in draft_meta_info.json). The folder keeps its
 * name (renaming it would break paths the editor and other tools hold); both resolve the draft.
 */
export async function renameDraft(
  roots: string[],
  ref: string,
  name: string,
): Promise<RenamedDraft> {
  const dir = await locateDraft(roots, ref);
  return await underLock(dir, async () => {
    const draftId = await folderDraftId(dir);
    const stateDir = join(dir, STATE_DIR);
    await recover(stateDir, [dir]);
    const { meta, text } = await readMetaText(dir);
    // Only the two keys change: every other value keeps its loaded text (`0.0` stays `0.0`).
    const spellings = text === undefined ? undefined : scanSpellings(text, meta);
    const previousName = typeof meta.draft_name === "string" ? meta.draft_name : "";
    meta.draft_name = name;
    meta.tm_draft_modified = Math.max(nowUs(), Number(meta.tm_draft_modified) || 0);
    const data = stringifyAsLoaded(meta, spellings);
    await commitFiles(stateDir, [{ path: join(dir, META), data }]);
    return { draftId, dir, name, previousName };
  });
}

/** The largest draft name (the schema's limit). */
const MAX_NAME = 200;

/** Options of `duplicateDraft`. */
export interface DuplicateOptions {
  /** Name of the copy (default: `<source name> copy`). */
  name?: string;
  /**
   * Changes the copy before it appears: gets the hidden folder it is assembled in (draftcli's
   * own, no lock needed) and the folder it will have. Runs after the source's lock is released.
   */
  prepare?: (folder: string, dir: string) => Promise<void>;
}

/**
 * Duplicates a draft under a fresh id in the same drafts folder, as `<root>/<new id>`. The copy
 * is built in a hidden folder (assemble.ts) and renamed into place, so it appears complete or
 * not at all. draftcli's own `.draftcli/` is left behind except `state.json` (no lock, journal,
 * staging or caches). In the copy, draft_meta_info.json gets the new id, folder paths, name and
 * times, and absolute paths into the old folder (downloaded media in resources/) are pointed at
 * the new folder in every JSON file. Links inside the draft are copied as links.
 */
export async function duplicateDraft(
  roots: string[],
  ref: string,
  opts: DuplicateOptions = {},
): Promise<DuplicatedDraft> {
  const sourceDir = await locateDraft(roots, ref);
  const root = dirname(sourceDir);
  await sweepLeftovers(root);
  const id = newId();
  const assembly = await beginAssembly(root, id, "copying");
  const { temp, dir } = assembly;
  try {
    const copied = await underLock(sourceDir, async () => {
      await recover(join(sourceDir, STATE_DIR), [sourceDir]);
      const sourceDraftId = await folderDraftId(sourceDir);
      const sourceMeta = await readMeta(sourceDir);
      const sourceName = typeof sourceMeta.draft_name === "string" ? sourceMeta.draft_name : "";
      const name = opts.name ?? `${(sourceName || sourceDraftId).slice(0, MAX_NAME - 5)} copy`;
      await copyTree(
        sourceDir,
        temp,
        (rel) => !rel.startsWith(`${STATE_DIR}/`) || rel === `${STATE_DIR}/state.json`,
      );
      const real = await Deno.realPath(sourceDir);
      const forward = (p: string) => p.replaceAll("\\", "/");
      const prefixes: [string, string][] = [];
      for (const from of new Set([sourceDir, real])) {
        prefixes.push([from, dir]);
        if (forward(from) !== from) prefixes.push([forward(from), forward(dir)]);
      }
      for (const rel of await pathHoldingFiles(temp)) {
        const path = join(temp, rel);
        let json: unknown;
        try {
          json = JSON.parse(await Deno.readTextFile(path));
        } catch {
          continue; // not JSON (or encrypted): copied as is
        }
        const text = JSON.stringify(rewritePaths(json, prefixes));
        if (rel !== META && text !== JSON.stringify(json)) await Deno.writeTextFile(path, text);
      }
      const meta = rewritePaths(sourceMeta, prefixes) as Json;
      const now = nowUs();
      meta.draft_id = id;
      meta.draft_name = name;
      meta.draft_fold_path = forward(dir);
      meta.draft_root_path = forward(root);
      meta.tm_draft_create = now;
      meta.tm_draft_modified = now;
      await Deno.writeTextFile(join(temp, META), JSON.stringify(meta));
      const statePath = join(temp, STATE_DIR, "state.json");
      const state = await Deno.readTextFile(statePath).then(JSON.parse, () => undefined);
      if (state && typeof state === "object") {
        await Deno.writeTextFile(statePath, JSON.stringify({ ...state, draftId: id }));
      }
      return { name, sourceDraftId };
    });
    if (opts.prepare) {
      await opts.prepare(temp, dir);
      await assembly.repoint(); // e.g. media registered in the meta while hidden
    }
    await assembly.publish();
    return { draftId: id, dir, ...copied, sourceDir };
  } catch (err) {
    await assembly.abandon();
    throw err;
  }
}
