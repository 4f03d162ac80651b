/**
 * The files a draft is written as: meta synced with the timeline, the timeline copies the
 * profile asks for (one serialisation for all), meta info and settings, and the media size.
 */
import { dirname, join } from "../path.ts";
import { FolderNames, nowUs } from "../files.ts";
import { type Json, timelineTargets as profileTimelineTargets } from "../editions/profiles.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { TxnEntry } from "./txn.ts";
import {
  stringifyAsLoaded,
  timelineFloats,
  timelinePieces,
  timelineWrite,
} from "../draft/serialize.ts";
import {
  checkedPieces,
  isSegmentsPath,
  type ListSpan,
  sameSummary,
  summariseSegments,
} from "../draft/verbatim.ts";
import type { StagedFile } from "./commit.ts";
import { mainTimelineId, presentNames } from "./load.ts";
import { DRAFT_PATH_PLACEHOLDER as PLACEHOLDER } from "../draft/media_path.ts";

/**
 * A loaded `draft_settings` with its last-edit time set (seconds); every other line, and a file
 * without that key, as it was.
 */
export function editedSettings(text: string, modifiedUs: number): string {
  const m = Math.floor(modifiedUs / 1e6);
  return text.replace(/^([ \t]*draft_last_edit_time[ \t]*=)[^\r\n]*/m, `$1${m}`);
}

/** The `draft_settings` of a new draft. */
export function settingsIni(createUs: number, modifiedUs: number): string {
  const c = Math.floor(createUs / 1e6);
  const m = Math.floor(modifiedUs / 1e6);
  return `[General]\ndraft_create_time=${c}\ndraft_last_edit_time=${m}\nreal_edit_keys=1\nreal_edit_seconds=${
    Math.max(0, m - c)
  }\n`;
}

/** Brings meta info in line with the timeline (duration, paths, times) — reference §6. */
export function syncMeta(doc: DraftDocument): void {
  doc.normalise();
  const m = doc.meta;
  const folder = doc.dir;
  m.tm_duration = doc.duration;
  m.draft_fold_path = folder.replaceAll("\\", "/");
  m.draft_root_path = dirname(folder).replaceAll("\\", "/");
  const modified = Math.max(nowUs(), Number(m.tm_draft_create) || 0);
  m.tm_draft_modified = modified;
  const platform = doc.content.platform as Json | undefined;
  // A new draft states the platform that last saved it; a loaded one keeps its keys.
  if (platform && !doc.content.last_modified_platform && !doc.loaded) {
    doc.content.last_modified_platform = structuredClone(platform);
  }
}

/** Paths to write this draft's timeline to (the profile decides; see `timelineTargets`). */
export async function timelineTargets(doc: DraftDocument): Promise<string[]> {
  const listed = FolderNames.of(doc.dir); // one listing answers the looks at the root
  const main = await mainTimelineId(doc.dir, listed);
  const rootFiles = await presentNames(doc.dir, [
    "draft_content.json",
    "draft_info.json",
    "template-2.tmp",
  ], listed);
  const nestedFiles = main
    ? await presentNames(join(doc.dir, "Timelines", main), [
      "draft_content.json",
      "draft_info.json",
      "template-2.tmp",
    ])
    : [];
  const targets = profileTimelineTargets(doc.profile, {
    rootFiles,
    mainTimelineId: main,
    nestedFiles,
  });
  // A loaded draft's timeline goes to the files it has (the editor that saved them reads them),
  // never to new siblings; a folder without root timeline files gets the profile's.
  const kept = doc.loaded && rootFiles.length
    ? targets.filter((parts) =>
      (parts.length > 1 && nestedFiles.length ? nestedFiles : rootFiles).includes(parts.at(-1)!)
    )
    : targets;
  return kept.map((parts) => join(doc.dir, ...parts));
}

/**
 * The entries of every file the draft is written as, into `dir`: the timeline copies
 * (`timelinePaths`, default the profile's), meta and settings. `spans` receives where the
 * timeline's item lists lie in its bytes (see src/draft/verbatim.ts) once it is written
 * (`summarised` then adds what the record keeps of each track's segments).
 */
export function draftFileEntries(
  doc: DraftDocument,
  dir: string,
  timelinePaths?: string[],
  spans?: ListSpan[],
): TxnEntry[] {
  syncMeta(doc);
  // Serialised once, in pieces written as they come (a large timeline is never one string);
  // the other copies share the data object, so the commit copies the first file. Loaded items
  // the edit kept are written from their loaded bytes.
  const loaded = doc.loaded;
  const kept = doc.keptBytes();
  const verify = verifySave();
  let pieces = timelineWrite(doc.content, timelineFloats(), loaded?.content, {
    kept,
    spans,
    lazy: loaded?.lazy,
    always: verify,
  });
  if (verify) {
    const checkUnread = doc.checkUnreadSegments();
    pieces = checkedPieces(pieces, () => {
      const full = [...timelinePieces(doc.content, timelineFloats(), loaded?.content)].join("");
      checkUnread();
      if (spans) checkSummaries(doc, summarised(doc, spans));
      return new TextEncoder().encode(full);
    });
  }
  const text = { chunks: pieces };
  const paths = timelinePaths ??
    profileTimelineTargets(doc.profile).map((parts) => join(dir, ...parts));
  const entries: TxnEntry[] = paths.map((path) => ({ path, data: text }));
  // A loaded draft gets no file it did not have: a draft without a meta file or settings stays
  // so (its media pool is the editor's business), and its settings are edited key by key.
  if (!loaded || loaded.meta) {
    entries.push({
      path: join(dir, "draft_meta_info.json"),
      data: stringifyAsLoaded(doc.meta, loaded?.meta),
    });
  }
  if (!loaded) {
    entries.push({
      path: join(dir, "draft_settings"),
      data: settingsIni(Number(doc.meta.tm_draft_create), Number(doc.meta.tm_draft_modified)),
    });
  } else if (loaded.settings !== undefined) {
    const data = editedSettings(loaded.settings, Number(doc.meta.tm_draft_modified) || nowUs());
    if (data !== loaded.settings) entries.push({ path: join(dir, "draft_settings"), data });
  }
  return entries;
}

/**
 * Once the timeline is written (its spans recorded by `draftFileEntries`), adds to each track's
 * segments span the summary of them (`DraftDocument.segmentsSummary`), for the record of the save
 * (the next load may leave those segments out of its parse); returns `spans`.
 */
export function summarised(doc: DraftDocument, spans: ListSpan[]): ListSpan[] {
  for (const span of spans) {
    if (!isSegmentsPath(span.path)) continue;
    const track = doc.tracks[span.path[1] as number];
    const summary = track && doc.segmentsSummary(track);
    if (summary) span.segments = summary;
  }
  return spans;
}

/**
 * For a save checked against a full serialisation, once that has read every list: throws unless
 * each recorded segments summary is what the track's segments, as written, make.
 */
function checkSummaries(doc: DraftDocument, spans: readonly ListSpan[]): void {
  for (const span of spans) {
    if (!isSegmentsPath(span.path)) continue;
    const segments = doc.tracks[span.path[1] as number]?.segments ?? [];
    if (!sameSummary(span.segments, summariseSegments(segments))) {
      throw new Error(
        `a save recorded a summary of track ${span.path[1]}'s segments that differs from them`,
      );
    }
  }
}

/**
 * DRAFTCLI_VERIFY_SAVE=1 (set for the test suite): every save writes the timeline in pieces,
 * whatever its size, so it records its lists' spans and writes the loaded items it kept from
 * their loaded bytes; and it also serialises the timeline in full, failing unless both give the
 * same bytes, and checks each segments summary a load relied on or the save records against the
 * segments.
 */
export function verifySave(): boolean {
  try {
    return Deno.env.get("DRAFTCLI_VERIFY_SAVE") === "1";
  } catch {
    return false; // no permission to read the environment
  }
}

/** A media path as a draft spells it, as a path on disk (draft-folder paths in `folder`). */
const onDisk = (path: string, folder: string) => path.replace(PLACEHOLDER, folder);

/** Bytes of media files as a draft spells their paths; undefined when one is not here. */
function sizeOf(
  paths: Iterable<string>,
  staged: StagedFile[],
  folder: string,
): number | undefined {
  const pending = new Map(staged.map((s) => [s.to, s]));
  let total = 0;
  for (const p of new Set([...paths].map((p) => onDisk(p, folder)))) {
    const s = pending.get(p);
    if (s?.size !== undefined) {
      total += s.size;
      continue;
    }
    try {
      total += (Deno.statSync(s?.from ?? p)).size;
    } catch {
      return undefined;
    }
  }
  return total;
}

/**
 * Bytes of the local media the timeline uses; undefined when some file is not on this machine.
 * Draft-folder paths are looked up in `folder` (default: the draft's own).
 */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function materialsSize(
  doc: DraftDocument,
  staged: StagedFile[] = [],
  folder: string = doc.dir,
): Promise<number | undefined> {
  return sizeOf(doc.mediaPaths(), staged, folder);
}

/** The meta key that records the media size. */
export const MATERIALS_SIZE_KEY = "draft_timeline_materials_size_";

/**
 * The media size a save records: while every media path the draft was loaded with is still
 * used, the size the meta records plus the bytes of the paths added since (so an add to a draft
 * of 1,000 images does not stat 1,000 files); after a removal, `materialsSize`.
 */
export function savedMaterialsSize(doc: DraftDocument, staged: StagedFile[] = []) {
  const recorded = doc.meta[MATERIALS_SIZE_KEY];
  const added = typeof recorded === "number" && recorded >= 0 ? doc.mediaAddedUnread() : undefined;
  if (added) {
    // Media lists nothing read hold what they were loaded with (not parsed to find that out).
    // Materials added to them that use files this commit places are new media: a placed file
    // takes a name no file in the folder had, so no loaded material used it (unless one named a
    // missing file, and the recorded size is an estimate either way). Any other path might be a
    // loaded one: the lists are read below.
    const placed = new Set(staged.map((s) => s.to));
    const paths = new Set(added.map((m) => onDisk(String(m.path), doc.dir)));
    if ([...paths].every((p) => placed.has(p))) {
      const size = sizeOf(paths, staged, doc.dir);
      return size === undefined ? undefined : (recorded as number) + size;
    }
  }
  const now = doc.mediaPaths();
  const before = doc.loadedMediaPaths;
  if (typeof recorded === "number" && recorded >= 0 && [...before].every((p) => now.has(p))) {
    const added = sizeOf([...now].filter((p) => !before.has(p)), staged, doc.dir);
    return added === undefined ? undefined : recorded + added;
  }
  return sizeOf(now, staged, doc.dir);
}
