/**
 * Drafts on disk, one job per module: finding (locate.ts), creating (create.ts), loading and
 * locking (load.ts), the files a draft is written as (draft_files.ts), committing (commit.ts),
 * the editor's index (draft_index.ts) and the remembered draft locations (locations.ts). This
 * module is their common entry point. Creating, committing, the index and the leftover sweep
 * load on first use: a command that only reads a draft (`draft info`) does not load the
 * empty-draft skeletons or the commit code.
 */
import type { DraftDocument } from "../draft/document.ts";
import type { NewDraftOptions } from "./create.ts";
import type { MutateOptions, Mutation, SaveOptions } from "./commit.ts";
import type { RegisterOptions } from "./draft_index.ts";
import type { IndexOutcome } from "./root_index.ts";

export {
  checkDraftId,
  type DraftState,
  folderDraftId,
  listDraftDirs,
  locateDraft,
  peekEdition,
  STATE_DIR,
} from "./locate.ts";
export type { NewDraftOptions } from "./create.ts";
export { syncMeta } from "./draft_files.ts";
export {
  loadDraft,
  readDraft,
  readQuietly,
  type TimelineFileInfo,
  timelineFiles,
  withDraftLock,
} from "./load.ts";
export type { MutateOptions, Mutation, SaveOptions, StagedFile } from "./commit.ts";
export type { RegisterOptions } from "./draft_index.ts";
export { rememberFolder } from "./locations.ts";

/** `createDraft` of create.ts. */
export async function createDraft(opts: NewDraftOptions): Promise<DraftDocument> {
  return await (await import("./create.ts")).createDraft(opts);
}

/** `sweepLeftovers` of assemble.ts. */
export async function sweepLeftovers(root: string, maxAgeMs?: number): Promise<number> {
  return await (await import("./assemble.ts")).sweepLeftovers(root, maxAgeMs);
}

/** `mutateDraft` of commit.ts. */
export async function mutateDraft<T>(
  roots: string[],
  draftId: string,
  fn: Mutation<T>,
  opts?: MutateOptions<T>,
): Promise<T> {
  return await (await import("./commit.ts")).mutateDraft(roots, draftId, fn, opts);
}

/** `mutateDraftAt` of commit.ts. */
export async function mutateDraftAt<T>(
  dir: string,
  fn: Mutation<T>,
  opts?: MutateOptions<T> & { ownStaging?: string },
): Promise<T> {
  return await (await import("./commit.ts")).mutateDraftAt(dir, fn, opts);
}

/** `saveDraft` of commit.ts. */
export async function saveDraft(doc: DraftDocument, extra?: SaveOptions): Promise<void> {
  return await (await import("./commit.ts")).saveDraft(doc, extra);
}

/** `registerDraft` of draft_index.ts. */
export async function registerDraft(
  dir: string,
  opts?: RegisterOptions,
  loaded?: DraftDocument,
): Promise<IndexOutcome> {
  return await (await import("./draft_index.ts")).registerDraft(dir, opts, loaded);
}

/** `unregisterDraft` of draft_index.ts. */
export async function unregisterDraft(dir: string, opts?: RegisterOptions): Promise<IndexOutcome> {
  return await (await import("./draft_index.ts")).unregisterDraft(dir, opts);
}
