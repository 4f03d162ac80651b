/**
 * Indexing: a draft's entry in its drafts root's editor index (`root_meta_info.json`).
 */
import { basename, dirname, join } from "../path.ts";
import {
  EDITION_FACTS,
  PRIMARY_TIMELINE_FILES,
  primaryTimelineFile,
} from "../editions/profiles.ts";
import type { DraftDocument } from "../draft/document.ts";
import { currentOs, type OsName } from "./home.ts";
import { ROOT_INDEX_FILE } from "./roots.ts";
import type { IndexOutcome } from "./root_index.ts";
import { listDraftDirs } from "./locate.ts";
import { exists, orUndefined } from "../files.ts";
import { MATERIALS_SIZE_KEY, materialsSize } from "./draft_files.ts";
import { loadDraft, presentNames, withDraftLock } from "./load.ts";

/** Options of draft registration in the editor's index. */
export interface RegisterOptions {
  /** OS whose path style the entry uses (default: this one). */
  os?: OsName;
  warn?: (message: string) => void;
}

export async function indexDraft(
  doc: DraftDocument,
  opts: { create: boolean; os?: OsName; warn?: (message: string) => void },
  size?: number,
): Promise<IndexOutcome> {
  const os = opts.os ?? currentOs();
  // Most roots have no index to update (JianYing's, a folder of draftcli's own): nothing more to
  // read then, and the index code is not loaded.
  const indexPath = join(dirname(doc.dir), ROOT_INDEX_FILE);
  if (!opts.create && orUndefined(() => Deno.lstatSync(indexPath)) === undefined) {
    return { action: "missing", path: indexPath };
  }
  const { upsertIndexEntry } = await import("./root_index.ts");
  const m = doc.meta;
  const primary = primaryTimelineFile(os);
  const jsonFile = (await exists(join(doc.dir, primary)))
    ? primary
    : (await presentNames(doc.dir, PRIMARY_TIMELINE_FILES))[0] ?? primary;
  const cover = typeof m.draft_cover === "string" && m.draft_cover &&
      !/[\\/]/.test(m.draft_cover) && await exists(join(doc.dir, m.draft_cover)).catch(() => false)
    ? m.draft_cover
    : "";
  return await upsertIndexEntry(dirname(doc.dir), {
    folder: doc.dir,
    draftId: typeof m.draft_id === "string" && m.draft_id ? m.draft_id : doc.draftId,
    name: typeof m.draft_name === "string" ? m.draft_name : basename(doc.dir),
    newVersion: typeof m.draft_new_version === "string" ? m.draft_new_version : "",
    created: Number(m.tm_draft_create) || 0,
    modified: Number(m.tm_draft_modified) || 0,
    duration: doc.duration,
    materialsSize: size ?? await materialsSize(doc) ??
      (Number(m[MATERIALS_SIZE_KEY]) || 0),
    jsonFile,
    cover,
  }, { create: opts.create, os, warn: opts.warn });
}

/**
 * Registers a draft folder in its root's editor index (`root_meta_info.json`): adds or refreshes
 * its entry. A missing index is created only where the edition's rules say so (CapCut), and only
 * when the drafts folder holds no other draft. For new, imported and copied drafts; takes the
 * draft lock, then the root lock. `loaded`: the draft as just written (spares reading it again).
 */
export async function registerDraft(
  dir: string,
  opts: RegisterOptions = {},
  loaded?: DraftDocument,
): Promise<IndexOutcome> {
  return await withDraftLock(dir, async (lock) => {
    const doc = loaded ?? await loadDraft(dir, { sweep: lock.tookOver });
    // A new index would list only this draft; where the folder already holds other drafts, an
    // editor that lists indexed drafts only would hide them, so none is created then.
    const create = EDITION_FACTS[doc.edition].rootIndex.createIfMissing &&
      (await listDraftDirs(dirname(dir))).every((d) => d === dir);
    return await indexDraft(doc, { create, os: opts.os, warn: opts.warn });
  });
}

/** Removes a draft folder's entry from its root's editor index (for `draft delete`). */
export async function unregisterDraft(
  dir: string,
  opts: RegisterOptions = {},
): Promise<IndexOutcome> {
  const { removeIndexEntry } = await import("./root_index.ts");
  return await removeIndexEntry(dirname(dir), dir, opts);
}
