/**
 * What every draft check shares: the codes and levels (`CHECKS`), the report types, the finding
 * collector and the read-only view of the draft the checks walk.
 */
import type { Edition } from "../../editions/profiles.ts";
import type { DraftDocument } from "../document.ts";
import type { Material, MaterialOf, Segment, Track } from "../model.ts";

/** How bad a finding is. */
export type IssueLevel = "error" | "warning";

/** Every check: its level and what it means (the docs and `draft validate --help` list these). */
export const CHECKS = {
  missing_id: { level: "error", summary: "a track, segment or material without an id" },
  duplicate_id: {
    level: "error",
    summary: "the same id used twice (tracks, segments, materials, keyframes)",
  },
  shared_text_effect_id: {
    level: "warning",
    summary: "two text_effect materials with one id (JianYing writes a flower text's effect so)",
  },
  dangling_material_id: { level: "error", summary: "segment.material_id names no material" },
  dangling_extra_ref: {
    level: "error",
    inOthersDraft: "warning",
    summary: "an extra_material_refs id names no material",
  },
  dangling_local_material: {
    level: "error",
    inOthersDraft: "warning",
    summary: "local_material_id not registered in draft_meta_info.json draft_materials",
  },
  over_24h: {
    level: "error",
    summary: "the timeline (its duration or a segment's end) lasts longer than 24 h",
  },
  segment_overlap: {
    level: "error",
    summary: "two segments of one track overlap (in an editor's draft: by more than the " +
      "overlap transition between them, as CapCut 1.x stores one)",
  },
  transition_without_next: {
    level: "warning",
    summary: "in a draft draftcli wrote: a transition on a segment that no next segment on its " +
      "track touches (the editors drop it)",
  },
  source_out_of_range: {
    level: "error",
    summary: "source_timerange outside the media duration by more than a frame (photos excepted)",
  },
  speed_mismatch: { level: "error", summary: "segment speed differs from its speed material" },
  audio_clip: { level: "error", summary: "a clip (visual transform) object on an audio segment" },
  keyframe_out_of_segment: {
    level: "error",
    summary: "a keyframe time_offset outside [0, segment duration]",
  },
  text_range_out_of_text: {
    level: "error",
    summary: "a text style range outside the text (UTF-16 code units)",
  },
  text_content_invalid: { level: "error", summary: "a text content that is not valid JSON" },
  missing_draft_file: { level: "error", summary: "a file inside the draft folder is missing" },
  timeline_copies_differ: {
    level: "error",
    summary: "draft_content.json, draft_info.json or Timelines/<id>/ copies differ",
  },
  other_edition_resource: {
    level: "warning",
    summary: "a catalog resource id known only for the other edition",
  },
  unknown_resource: { level: "warning", summary: "a catalog resource id draftcli does not know" },
  unreferenced_material: { level: "warning", summary: "a material no segment uses" },
  main_track_not_at_zero: { level: "warning", summary: "the main video track does not start at 0" },
  main_track_gap: { level: "warning", summary: "a gap on the main video track (magnet closes it)" },
  keyframes_unsorted: { level: "warning", summary: "keyframes not sorted by time_offset" },
  imported_external_media: {
    level: "error",
    summary:
      "a media path an imported zip named outside the draft, and a file is there: draftcli never reads it",
  },
  missing_media: {
    level: "warning",
    summary: "a media file outside the draft is not on this machine",
  },
  template_copy_differs: { level: "warning", summary: "template-2.tmp differs from the timeline" },
  duration_mismatch: { level: "warning", summary: "duration differs from the last segment end" },
  meta_out_of_sync: {
    level: "warning",
    summary: "draft_meta_info.json tm_duration or draft_fold_path out of date",
  },
  foreign_value: {
    level: "error",
    summary: "in a draft draftcli wrote: a path, device hash or text from somebody else's draft",
  },
  foreign_value_in_editor_draft: {
    level: "warning",
    summary: "in a draft draftcli did not write: one line counting the paths outside the draft " +
      "and its media that are not on this machine (the editor's bundled files are not counted)",
  },
  missing_meta: {
    level: "warning",
    summary: "no draft_meta_info.json (the editor may not list it)",
  },
} as const satisfies Record<string, CheckSpec>;

/**
 * A check's level and meaning. `inOthersDraft`: the level in a draft draftcli did not write (an
 * editor's or a peer tool's), where the editors are known to open the pattern.
 */
export interface CheckSpec {
  level: IssueLevel;
  inOthersDraft?: IssueLevel;
  summary: string;
}

/** A check code. */
export type CheckCode = keyof typeof CHECKS;

/** One finding. `path` is a JSON path in the timeline, or `<file>#<path>` for other files. */
export interface ValidationIssue {
  code: CheckCode;
  message: string;
  path: string;
}

/** Counts of what was checked. */
export interface ValidationStats {
  edition: Edition;
  duration: number;
  tracks: number;
  segments: number;
  materials: number;
  keyframes: number;
  references: number;
  mediaFiles: number;
  catalogIds: number;
  timelineCopies: number;
}

/** The JSON report of `draft validate`. */
export interface ValidationReport {
  ok: boolean;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  stats: ValidationStats;
}

/** The draft-relative path prefix the editors use for files inside a draft (reference §4.2). */
export const PLACEHOLDER = /^##_draftpath_placeholder_[0-9A-Fa-f-]+_##[\\/]?/;

/** A code's level in a draft draftcli wrote (`byDraftcli`) or in somebody else's. */
export function levelOf(code: CheckCode, byDraftcli: boolean): IssueLevel {
  const spec: CheckSpec = CHECKS[code];
  return byDraftcli ? spec.level : spec.inOthersDraft ?? spec.level;
}

/** Collects findings into errors and warnings by their code's level for the draft's author. */
export class Collector {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];
  /** `byDraftcli`: draftcli wrote the draft (else an editor or another tool did). */
  constructor(readonly byDraftcli = true) {}
  add(code: CheckCode, message: string, path: string): void {
    const level = levelOf(code, this.byDraftcli);
    (level === "error" ? this.errors : this.warnings).push({ code, message, path });
  }
}

/** A time range. */
export type Range = { start: number; duration: number };

/** A time range, if `v` is one. */
export function rangeOf(v: unknown): Range | undefined {
  const r = v as Range | null | undefined;
  return r && typeof r.start === "number" && typeof r.duration === "number" ? r : undefined;
}

/** A materials list without creating it (validation must not change the document). */
export function listOf<L extends string>(doc: DraftDocument, name: L): MaterialOf<L>[] {
  const items = doc.content.materials?.[name];
  return Array.isArray(items) ? items : [];
}

/** Every materials list of the draft. */
export function materialLists(doc: DraftDocument): [string, Material[]][] {
  const m = doc.content.materials ?? {};
  return Object.entries(m).filter((e): e is [string, Material[]] => Array.isArray(e[1]));
}

/** What the checks walk and fill. */
/**
 * What the checker may ask of the file system. The model does no I/O: the caller passes an
 * implementation (src/store/folder_reader.ts reads the real disk; tests may pass a map).
 */
export interface FolderReader {
  /** The text of the file at an absolute path, or undefined when it cannot be read. */
  readText(path: string): Promise<string | undefined>;
  /** Is there a regular file at this absolute path? */
  isFile(path: string): Promise<boolean>;
  /** `isFile`, synchronously (for checks that run inside synchronous walks). */
  isFileSync(path: string): boolean;
  /**
   * Paths (relative, `/`-separated) of the files below the folder `dir`, descending `depth`
   * folder levels and skipping hidden folders.
   */
  listFiles(dir: string, depth: number): Promise<string[]>;
}

/** What every check sees. */
export interface Context {
  doc: DraftDocument;
  /** The file system, as far as the checks may see it. */
  files: FolderReader;
  out: Collector;
  stats: ValidationStats;
  materials: Map<string, { list: string; index: number; material: Material }>;
  referenced: Set<string>;
  /** Segment that owns each material (first one), for catalog kinds of animations. */
  owner: Map<string, { track: Track; segment: Segment }>;
  /** Media paths the zip this draft was imported from named outside it (state.json). */
  importedExternal: ReadonlySet<string>;
}
