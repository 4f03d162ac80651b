/**
 * Committing a draft: one atomic multi-file commit of every file the draft is written as,
 * staged media included, then the editor's index entry refreshed.
 */
import { isInside, join } from "../path.ts";
import { writeFileAtomic } from "./atomic.ts";
import { type PlainFile, writtenRecord } from "./written.ts";
import type { Spellings } from "../draft/spellings.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { ListSpan } from "../draft/verbatim.ts";
import { commitFiles, type TxnEntry } from "./txn.ts";
import { stagedEntries } from "./staged_moves.ts";
import type { OsName } from "./home.ts";
import { locateDraft, STATE_DIR } from "./locate.ts";
import {
  draftFileEntries,
  MATERIALS_SIZE_KEY,
  savedMaterialsSize,
  summarised,
  timelineTargets,
} from "./draft_files.ts";
import { indexDraft } from "./draft_index.ts";
import { loadDraft, withDraftLock } from "./load.ts";
import * as saveReading from "./save_reading.ts";

/** Files staged outside the draft (downloads) to move into it on commit. */
export interface StagedFile {
  from: string;
  to: string;
  /** Its size in bytes, when known (spares a stat when the draft's media size is summed). */
  size?: number;
}

/** Options of `saveDraft` besides the files. */
export interface SaveOptions {
  staged?: StagedFile[];
  files?: { path: string; data: string }[];
  /** Receives warnings (e.g. an unparseable editor index left alone). */
  warn?: (message: string) => void;
  /** OS whose path style index entries use (default: this one). */
  os?: OsName;
  /** `false`: leave the editor's index alone (a draft still being assembled out of sight). */
  index?: boolean;
  /** Runs while the commit's files are flushed (`commitFiles`); its failure fails the save. */
  meanwhile?: () => void;
}

/**
 * Saves a loaded draft: all timeline copies, meta, settings and staged files, atomically; then
 * refreshes the draft's entry in the editor's index when the root has one (best effort: a
 * failure there is a warning, the draft itself is saved).
 */
export async function saveDraft(doc: DraftDocument, extra: SaveOptions = {}): Promise<void> {
  const entries: TxnEntry[] = stagedEntries(extra.staged ?? []);
  // Unknown when some media is not on this machine (a draft from elsewhere): keep the editor's.
  const measured = savedMaterialsSize(doc, extra.staged);
  if (measured !== undefined && MATERIALS_SIZE_KEY in doc.meta) {
    doc.meta[MATERIALS_SIZE_KEY] = measured;
  }
  const size = measured ?? (Number(doc.meta[MATERIALS_SIZE_KEY]) || 0);
  const timelines = await timelineTargets(doc);
  const spans: ListSpan[] = [];
  entries.push(...draftFileEntries(doc, doc.dir, timelines, spans));
  // Files of the draft go into its commit; caches kept elsewhere are written after it, best
  // effort (a path "" is a cache not kept).
  const outside: { path: string; data: string }[] = [];
  for (const f of extra.files ?? []) {
    if (isInside(f.path, doc.dir)) entries.push(f);
    else if (f.path) outside.push(f);
  }
  // Text with no kept spellings is what the writer makes of the values alone: the next load of
  // a draft draftcli made can skip the scan while the files are still these (written.ts). The
  // record goes into the same commit.
  const plainText = (sp: Spellings | undefined) => !sp || (!sp.numbers.length && !sp.orders.length);
  const plain: PlainFile[] = plainText(doc.loaded?.content)
    ? timelines.map((path) => ({ path, lists: spans }))
    : [];
  const meta = join(doc.dir, "draft_meta_info.json");
  if (plainText(doc.loaded?.meta) && entries.some((e) => e.path === meta)) {
    plain.push({ path: meta });
  }
  await commitFiles(
    join(doc.dir, STATE_DIR),
    entries,
    plain.length
      ? (tempOf, copyOf) => (summarised(doc, spans), writtenRecord(doc.dir, plain, tempOf, copyOf))
      : undefined,
    extra.meanwhile,
  );
  for (const f of outside) await writeFileAtomic(f.path, f.data).catch(() => {});
  if (extra.index === false) return;
  try {
    await indexDraft(doc, { create: false, os: extra.os, warn: extra.warn }, size);
  } catch (err) {
    extra.warn?.(`could not update the editor's draft index: ${(err as Error).message}`);
  }
}

/** What a read-modify-write returns: its result, and files to commit with the draft. */
export type Mutation<T> = (
  doc: DraftDocument,
) => Promise<{ result: T; staged?: StagedFile[]; files?: { path: string; data: string }[] }>;

/**
 * Options of a read-modify-write (`mutateDraft`). An operation's command context has both
 * members, so operations pass their context itself and none of them drops a save's warnings.
 */
export interface MutateOptions<T> {
  /** Receives warnings of the save (see `SaveOptions`). */
  warn?: (message: string) => void;
  /**
   * Told the mutation's result while its save's files are flushed, before the save has ended
   * (so a caller can render it during that wait); the result must not change afterwards, and
   * the save still fails after it. Must not throw: its failure fails the save.
   */
  resultReady?: (result: T) => void;
}

/** Runs a read-modify-write of one draft under its lock, then saves it. */
export async function mutateDraft<T>(
  roots: string[],
  draftId: string,
  fn: Mutation<T>,
  opts: MutateOptions<T> = {},
): Promise<T> {
  return await mutateDraftAt(await locateDraft(roots, draftId), fn, opts);
}

/** `mutateDraft` of a draft folder already located (`locateDraft`), without finding it again. */
export async function mutateDraftAt<T>(
  dir: string,
  fn: Mutation<T>,
  opts: MutateOptions<T> & { ownStaging?: string } = {},
): Promise<T> {
  return await withDraftLock(dir, async (lock) => {
    const doc = await loadDraft(dir, {
      sweep: lock.tookOver,
      forSave: saveReading,
      ownStaging: opts.ownStaging,
    });
    const { result, staged, files } = await fn(doc);
    const ready = opts.resultReady;
    await saveDraft(doc, {
      staged,
      files,
      warn: opts.warn,
      meanwhile: ready && (() => ready(result)),
    });
    return result;
  });
}
