/**
 * Drafts on disk, one job per module: finding (locate.ts), creating (create.ts), loading and
 * locking (load.ts), the files a draft is written as (draft_files.ts), committing (commit.ts),
 * the editor's index (draft_index.ts) and the remembered draft locations (locations.ts). This
 * module is their common entry point.
 */
export {
  checkDraftId,
  type DraftState,
  folderDraftId,
  listDraftDirs,
  locateDraft,
  peekEdition,
  STATE_DIR,
} from "./locate.ts";
export { createDraft, type NewDraftOptions } from "./create.ts";
export { sweepLeftovers } from "./assemble.ts";
export { syncMeta } from "./draft_files.ts";
export {
  loadDraft,
  readDraft,
  readQuietly,
  type TimelineFileInfo,
  timelineFiles,
  withDraftLock,
} from "./load.ts";
export {
  mutateDraft,
  mutateDraftAt,
  type Mutation,
  saveDraft,
  type SaveOptions,
  type StagedFile,
} from "./commit.ts";
export { registerDraft, type RegisterOptions, unregisterDraft } from "./draft_index.ts";
export { rememberFolder } from "./locations.ts";
