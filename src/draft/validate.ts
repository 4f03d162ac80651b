/**
 * The draft checker behind `draft validate`: finds what makes an editor drop items, refuse a
 * draft or show media as missing (draft-format.md §3–§9), and reports it as JSON. Every check has
 * a stable code and a fixed level (`CHECKS`): errors are what the editors are known to choke on,
 * warnings are what they repair or tolerate, or what only matters on another machine.
 *
 * Also `structuralCheck`, which compares the key set and JSON types of an object we write with
 * the editor's own object of the same kind (used by the structure tests).
 */
import { join, normalize, resolve } from "node:path";
import { findByResourceId } from "../catalogs/catalog.ts";
import type { CatalogKind } from "../catalogs/catalog.ts";
import type { Edition, Json } from "../editions/profiles.ts";
import type { DraftDocument, Segment, Track } from "./document.ts";
import { PHOTO_DURATION } from "./build.ts";

/** How bad a finding is. */
export type IssueLevel = "error" | "warning";

/** Every check: its level and what it means (the docs and `draft validate --help` list these). */
export const CHECKS = {
  missing_id: { level: "error", summary: "a track, segment or material without an id" },
  duplicate_id: {
    level: "error",
    summary: "the same id used twice (tracks, segments, materials, keyframes)",
  },
  dangling_material_id: { level: "error", summary: "segment.material_id names no material" },
  dangling_extra_ref: { level: "error", summary: "an extra_material_refs id names no material" },
  dangling_local_material: {
    level: "error",
    summary: "local_material_id not registered in draft_meta_info.json draft_materials",
  },
  segment_overlap: { level: "error", summary: "two segments of one track overlap" },
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
  missing_meta: {
    level: "warning",
    summary: "no draft_meta_info.json (the editor may not list it)",
  },
} as const satisfies Record<string, { level: IssueLevel; summary: string }>;

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
const PLACEHOLDER = /^##_draftpath_placeholder_[0-9A-Fa-f-]+_##[\\/]?/;

class Collector {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];
  add(code: CheckCode, message: string, path: string): void {
    (CHECKS[code].level === "error" ? this.errors : this.warnings).push({ code, message, path });
  }
}

type Range = { start: number; duration: number };

function rangeOf(v: unknown): Range | undefined {
  const r = v as Range | null | undefined;
  return r && typeof r.start === "number" && typeof r.duration === "number" ? r : undefined;
}

/** A materials list without creating it (validation must not change the document). */
function listOf(doc: DraftDocument, name: string): Json[] {
  const items = (doc.content.materials as Record<string, unknown> | undefined)?.[name];
  return Array.isArray(items) ? items as Json[] : [];
}

function materialLists(doc: DraftDocument): [string, Json[]][] {
  const m = (doc.content.materials ?? {}) as Record<string, unknown>;
  return Object.entries(m).filter((e): e is [string, Json[]] => Array.isArray(e[1]));
}

interface Context {
  doc: DraftDocument;
  out: Collector;
  stats: ValidationStats;
  materials: Map<string, { list: string; index: number; material: Json }>;
  referenced: Set<string>;
  /** Segment that owns each material (first one), for catalog kinds of animations. */
  owner: Map<string, { track: Track; segment: Segment }>;
}

function checkIds(c: Context): void {
  const seen = new Map<string, string>();
  const note = (id: unknown, path: string, required: boolean) => {
    if (typeof id !== "string" || id === "") {
      if (required) c.out.add("missing_id", `${path} has no id`, path);
      return;
    }
    const first = seen.get(id);
    if (first) c.out.add("duplicate_id", `id ${id} is used by ${first} and ${path}`, path);
    else seen.set(id, path);
  };
  c.doc.tracks.forEach((t, ti) => {
    note(t.id, `tracks[${ti}]`, true);
    (t.segments ?? []).forEach((s, si) => {
      const sp = `tracks[${ti}].segments[${si}]`;
      note(s.id, sp, true);
      const kfs = Array.isArray(s.common_keyframes) ? s.common_keyframes as Json[] : [];
      kfs.forEach((k, ki) => {
        note(k.id, `${sp}.common_keyframes[${ki}]`, false);
        const list = Array.isArray(k.keyframe_list) ? k.keyframe_list as Json[] : [];
        list.forEach((kf, i) =>
          note(kf.id, `${sp}.common_keyframes[${ki}].keyframe_list[${i}]`, false)
        );
      });
    });
  });
  for (const [list, items] of materialLists(c.doc)) {
    items.forEach((m, i) => {
      const path = `materials.${list}[${i}]`;
      note(m?.id, path, true);
      if (typeof m?.id === "string" && m.id && !c.materials.has(m.id)) {
        c.materials.set(m.id, { list, index: i, material: m });
      }
    });
  }
}

function checkReferences(c: Context): void {
  c.doc.tracks.forEach((t, ti) => {
    (t.segments ?? []).forEach((s, si) => {
      const sp = `tracks[${ti}].segments[${si}]`;
      c.stats.references++;
      if (!c.materials.has(s.material_id)) {
        c.out.add(
          "dangling_material_id",
          `segment ${s.id} (${t.type} track ${ti}) uses material ${s.material_id}, which is in no materials list`,
          `${sp}.material_id`,
        );
      }
      c.referenced.add(s.material_id);
      if (!c.owner.has(s.material_id)) c.owner.set(s.material_id, { track: t, segment: s });
      const refs = Array.isArray(s.extra_material_refs) ? s.extra_material_refs : [];
      refs.forEach((id, ri) => {
        c.stats.references++;
        c.referenced.add(id);
        if (!c.owner.has(id)) c.owner.set(id, { track: t, segment: s });
        if (!c.materials.has(id)) {
          c.out.add(
            "dangling_extra_ref",
            `segment ${s.id} refers to material ${id}, which is in no materials list`,
            `${sp}.extra_material_refs[${ri}]`,
          );
        }
      });
      const kfs = Array.isArray(s.common_keyframes) ? s.common_keyframes as Json[] : [];
      for (const k of kfs) if (typeof k.material_id === "string") c.referenced.add(k.material_id);
    });
  });
  // Materials that point at other materials (text templates hold their texts).
  for (const { material } of c.materials.values()) {
    const infos = material.text_info_resources;
    if (Array.isArray(infos)) {
      for (const r of infos as Json[]) c.referenced.add(String(r.text_material_id ?? ""));
    }
  }
  for (const [id, { list, index }] of c.materials) {
    if (!c.referenced.has(id)) {
      c.out.add(
        "unreferenced_material",
        `${list} material ${id} is not used by any segment`,
        `materials.${list}[${index}]`,
      );
    }
  }
  // local_material_id → draft_meta_info.json draft_materials (reference §6, §8).
  const groups = c.doc.meta.draft_materials;
  if (!Array.isArray(groups)) return;
  const registered = new Set<string>();
  for (const g of groups as Json[]) {
    for (const v of (Array.isArray(g?.value) ? g.value : []) as Json[]) {
      if (typeof v?.id === "string") registered.add(v.id);
    }
  }
  for (const list of ["videos", "audios"]) {
    listOf(c.doc, list).forEach((m, i) => {
      const local = m.local_material_id;
      if (typeof local !== "string" || local === "") return;
      c.stats.references++;
      if (!registered.has(local)) {
        c.out.add(
          "dangling_local_material",
          `${list} material ${m.id} has local_material_id ${local}, which draft_meta_info.json does not register`,
          `materials.${list}[${i}].local_material_id`,
        );
      }
    });
  }
}

function checkTimeline(c: Context): void {
  const { doc, out } = c;
  let end = 0;
  const mainTrack = doc.tracksOf("video")[0];
  doc.tracks.forEach((t, ti) => {
    const segs = (t.segments ?? []).map((s, si) => ({ s, si }))
      .filter((x) => rangeOf(x.s.target_timerange))
      .sort((a, b) => a.s.target_timerange.start - b.s.target_timerange.start);
    for (let i = 0; i < segs.length; i++) {
      const { s } = segs[i];
      const r = s.target_timerange;
      end = Math.max(end, r.start + r.duration);
      const next = segs[i + 1];
      if (next && next.s.target_timerange.start < r.start + r.duration) {
        out.add(
          "segment_overlap",
          `segments ${s.id} and ${next.s.id} overlap on ${t.type} track ${ti} (${r.start}+${r.duration} > ${next.s.target_timerange.start})`,
          `tracks[${ti}].segments[${next.si}].target_timerange`,
        );
      }
    }
    if (t === mainTrack && segs.length) {
      const first = segs[0].s.target_timerange.start;
      if (first !== 0) {
        out.add(
          "main_track_not_at_zero",
          `the main video track starts at ${first} µs; the editor's magnet moves it to 0`,
          `tracks[${ti}].segments[${segs[0].si}].target_timerange.start`,
        );
      }
      for (let i = 1; i < segs.length; i++) {
        const prev = segs[i - 1].s.target_timerange;
        const gapAt = prev.start + prev.duration;
        if (segs[i].s.target_timerange.start > gapAt) {
          out.add(
            "main_track_gap",
            `gap on the main video track at ${gapAt} µs; the editor's magnet closes it`,
            `tracks[${ti}].segments[${segs[i].si}].target_timerange.start`,
          );
        }
      }
    }
  });
  if (doc.tracks.some((t) => t.segments?.length) && Number(doc.content.duration) !== end) {
    out.add(
      "duration_mismatch",
      `duration is ${doc.content.duration} µs but the last segment ends at ${end} µs`,
      "duration",
    );
  }
}

function speedOf(c: Context, s: Segment): number | undefined {
  for (const id of s.extra_material_refs ?? []) {
    const m = c.materials.get(id);
    if (m?.list === "speeds") return Number(m.material.speed);
  }
  return undefined;
}

function checkSegments(c: Context): void {
  c.doc.tracks.forEach((t, ti) => {
    (t.segments ?? []).forEach((s, si) => {
      const sp = `tracks[${ti}].segments[${si}]`;
      const mat = c.materials.get(s.material_id);
      // speed material (reference §3.3, §3.5)
      const speed = speedOf(c, s);
      if (speed !== undefined && typeof s.speed === "number" && Math.abs(speed - s.speed) > 1e-9) {
        c.out.add(
          "speed_mismatch",
          `segment ${s.id} has speed ${s.speed} but its speed material says ${speed}`,
          `${sp}.speed`,
        );
      }
      // a clip object on audio crashes CapCut (reference §3.3)
      if (t.type === "audio" && s.clip !== null && typeof s.clip === "object") {
        c.out.add(
          "audio_clip",
          `audio segment ${s.id} has a clip object (must be null)`,
          `${sp}.clip`,
        );
      }
      // source range within the media (photos have a nominal 3 h)
      const src = rangeOf(s.source_timerange);
      if (src && mat && (mat.list === "videos" || mat.list === "audios")) {
        const isPhoto = mat.material.type === "photo";
        const dur = Number(mat.material.duration);
        // Editors snap to the frame grid: real CapCut files overshoot by up to half a frame.
        const frame = Math.ceil(1_000_000 / c.doc.fps);
        if (!isPhoto && Number.isFinite(dur) && dur > 0) {
          if (src.start < 0 || src.start + src.duration > dur + frame) {
            c.out.add(
              "source_out_of_range",
              `segment ${s.id} plays ${src.start}..${
                src.start + src.duration
              } µs of a ${dur} µs ${mat.material.type} (${mat.list} ${s.material_id})`,
              `${sp}.source_timerange`,
            );
          }
        } else if (isPhoto && src.start + src.duration > PHOTO_DURATION) {
          c.out.add(
            "source_out_of_range",
            `photo segment ${s.id} is longer than a photo's nominal ${PHOTO_DURATION} µs`,
            `${sp}.source_timerange`,
          );
        }
      }
      checkKeyframes(c, s, sp);
      if (mat?.list === "texts") checkText(c, mat.material, `materials.texts[${mat.index}]`);
    });
  });
}

function checkKeyframes(c: Context, s: Segment, sp: string): void {
  const kfs = Array.isArray(s.common_keyframes) ? s.common_keyframes as Json[] : [];
  const duration = rangeOf(s.target_timerange)?.duration ?? 0;
  kfs.forEach((k, ki) => {
    const list = Array.isArray(k.keyframe_list) ? k.keyframe_list as Json[] : [];
    let prev = -Infinity;
    let sorted = true;
    list.forEach((kf, i) => {
      c.stats.keyframes++;
      const off = Number(kf.time_offset);
      if (!(off >= 0 && off <= duration)) {
        c.out.add(
          "keyframe_out_of_segment",
          `${k.property_type} keyframe at ${kf.time_offset} µs is outside segment ${s.id} (0..${duration} µs)`,
          `${sp}.common_keyframes[${ki}].keyframe_list[${i}].time_offset`,
        );
      }
      if (off < prev) sorted = false;
      prev = off;
    });
    if (!sorted) {
      c.out.add(
        "keyframes_unsorted",
        `${k.property_type} keyframes of segment ${s.id} are not sorted by time_offset`,
        `${sp}.common_keyframes[${ki}].keyframe_list`,
      );
    }
  });
}

function checkText(c: Context, m: Json, mp: string): void {
  const content = m.content;
  // Old drafts (CapCut 2.x, pre-2021) store markup or plain text; only JSON content has ranges.
  if (typeof content !== "string" || !content.trimStart().startsWith("{")) return;
  let parsed: { text?: unknown; styles?: unknown };
  try {
    parsed = JSON.parse(content);
  } catch (err) {
    c.out.add(
      "text_content_invalid",
      `text ${m.id}: content is not valid JSON (${err})`,
      `${mp}.content`,
    );
    return;
  }
  const text = typeof parsed.text === "string" ? parsed.text : "";
  const styles = Array.isArray(parsed.styles) ? parsed.styles as Json[] : [];
  styles.forEach((st, i) => {
    const r = st.range;
    if (!Array.isArray(r) || r.length !== 2) return;
    const [a, b] = r as number[];
    if (!(a >= 0 && b >= a && b <= text.length)) {
      c.out.add(
        "text_range_out_of_text",
        `text ${m.id}: style range [${a}, ${b}) is outside the text (${text.length} UTF-16 units)`,
        `${mp}.content.styles[${i}].range`,
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------
// catalog resource ids

const OTHER: Record<Edition, Edition> = { jianying: "capcut", capcut: "jianying" };

function checkResource(
  c: Context,
  kind: CatalogKind,
  id: unknown,
  what: string,
  path: string,
): void {
  if (typeof id !== "string" || id === "" || id === "0") return;
  c.stats.catalogIds++;
  const edition = c.doc.edition;
  if (findByResourceId(edition, kind, id)) return;
  const other = findByResourceId(OTHER[edition], kind, id);
  if (other) {
    c.out.add(
      "other_edition_resource",
      `${what} ${id} is a ${
        OTHER[edition]
      } ${kind} id ('${other.name}'), not a ${edition} one: the editor drops it`,
      path,
    );
  } else {
    c.out.add(
      "unknown_resource",
      `${what} ${id} is not in draftcli's ${edition} ${kind} catalog (fine if the editor put it there)`,
      path,
    );
  }
}

const VIDEO_ANIM: Record<string, CatalogKind> = {
  in: "video_intro",
  out: "video_outro",
  group: "video_group",
};
const TEXT_ANIM: Record<string, CatalogKind> = {
  in: "text_intro",
  out: "text_outro",
  loop: "text_loop",
};

function checkCatalogIds(c: Context): void {
  const { doc } = c;
  for (const [list, items] of materialLists(doc)) {
    items.forEach((m, i) => {
      const mp = `materials.${list}[${i}]`;
      switch (list) {
        case "material_animations": {
          const owner = c.owner.get(m.id as string);
          const ownerList = owner ? c.materials.get(owner.segment.material_id)?.list : undefined;
          const table = ownerList === "videos"
            ? VIDEO_ANIM
            : ownerList === "texts"
            ? TEXT_ANIM
            : undefined;
          if (!table) return; // stickers and unused containers: no catalog
          ((m.animations ?? []) as Json[]).forEach((a, ai) => {
            const kind = table[String(a.type)];
            if (kind) {
              checkResource(
                c,
                kind,
                a.resource_id,
                `${a.type} animation`,
                `${mp}.animations[${ai}].resource_id`,
              );
            }
          });
          return;
        }
        case "transitions":
          return checkResource(c, "transitions", m.resource_id, "transition", `${mp}.resource_id`);
        case "video_effects":
          return checkResource(
            c,
            "video_effects",
            m.resource_id,
            "video effect",
            `${mp}.resource_id`,
          );
        case "effects":
          if (m.type === "filter") {
            return checkResource(c, "filters", m.resource_id, "filter", `${mp}.resource_id`);
          }
          if (m.type === "mix_mode" && doc.edition === "jianying") {
            return checkResource(c, "mix_modes", m.resource_id, "mix mode", `${mp}.resource_id`);
          }
          return;
        case "masks":
        case "common_mask":
          return checkResource(c, "masks", m.resource_id, "mask", `${mp}.resource_id`);
        case "audio_effects":
          return checkResource(
            c,
            "audio_effects",
            m.resource_id,
            "audio effect",
            `${mp}.resource_id`,
          );
        case "texts":
          checkResource(c, "fonts", m.font_resource_id, "font", `${mp}.font_resource_id`);
          return checkStyleFonts(c, m, mp);
      }
    });
  }
}

function checkStyleFonts(c: Context, m: Json, mp: string): void {
  if (typeof m.content !== "string" || !m.content.trimStart().startsWith("{")) return;
  let styles: Json[] = [];
  try {
    styles = (JSON.parse(m.content).styles ?? []) as Json[];
  } catch {
    return; // reported by checkText
  }
  const seen = new Set<string>([String(m.font_resource_id ?? "")]);
  styles.forEach((st, i) => {
    const id = (st.font as Json | undefined)?.id;
    if (typeof id !== "string" || seen.has(id)) return;
    seen.add(id);
    checkResource(c, "fonts", id, "font", `${mp}.content.styles[${i}].font.id`);
  });
}

// ---------------------------------------------------------------------------------------------
// files: meta, timeline copies, media

function checkMeta(c: Context, hasMeta: boolean): void {
  const { doc, out } = c;
  if (!hasMeta) {
    out.add(
      "missing_meta",
      "draft_meta_info.json is missing: some editors do not list the draft",
      "draft_meta_info.json",
    );
    return;
  }
  const m = doc.meta;
  if ("tm_duration" in m && Number(m.tm_duration) !== Number(doc.content.duration)) {
    out.add(
      "meta_out_of_sync",
      `tm_duration is ${m.tm_duration} µs but the timeline's duration is ${doc.content.duration} µs`,
      "draft_meta_info.json#tm_duration",
    );
  }
  const fold = m.draft_fold_path;
  if (typeof fold === "string" && fold !== "" && !samePath(fold, doc.dir)) {
    out.add(
      "meta_out_of_sync",
      `draft_fold_path is ${fold} but the draft is in ${doc.dir} (moved from another place?)`,
      "draft_meta_info.json#draft_fold_path",
    );
  }
}

function samePath(a: string, b: string): boolean {
  const n = (p: string) => p.replaceAll("\\", "/").replace(/\/+$/, "");
  return n(a) === n(b);
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return undefined;
  }
}

/** Deep equality of two parsed JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ao = a as Json;
  const bo = b as Json;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  return ak.every((k) => k in bo && jsonEqual(ao[k], bo[k]));
}

async function checkTimelineCopies(c: Context): Promise<void> {
  const { doc, out } = c;
  const names = ["draft_content.json", "draft_info.json", "template-2.tmp"];
  const files: string[] = [...names];
  const projectText = await readText(join(doc.dir, "Timelines", "project.json"));
  if (projectText !== undefined) {
    try {
      const main = JSON.parse(projectText).main_timeline_id;
      if (typeof main === "string" && /^[\w-]+$/.test(main)) {
        files.push(...names.map((n) => `Timelines/${main}/${n}`));
      }
    } catch { /* not ours to judge */ }
  }
  for (const rel of files) {
    const text = await readText(join(doc.dir, rel));
    if (text === undefined) continue;
    c.stats.timelineCopies++;
    const isTemplate = rel.endsWith("template-2.tmp");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined && jsonEqual(parsed, doc.content)) continue;
    const why = parsed === undefined
      ? "is not plain JSON"
      : "differs from the timeline draftcli reads";
    out.add(
      isTemplate ? "template_copy_differs" : "timeline_copies_differ",
      `${rel} ${why}${
        isTemplate
          ? " (the editor rewrites it on save)"
          : "; editors on other systems read a different timeline"
      }`,
      rel,
    );
  }
}

/** Where a material path points: inside the draft folder, elsewhere on disk, or nowhere. */
function mediaLocation(doc: DraftDocument, path: string): { file: string; inside: boolean } {
  const m = PLACEHOLDER.exec(path);
  if (m) return { file: join(doc.dir, path.slice(m[0].length)), inside: true };
  const windows = /^[A-Za-z]:[\\/]/.test(path);
  if (!windows && !path.startsWith("/") && !path.startsWith("\\")) {
    return { file: resolve(doc.dir, path), inside: true }; // relative: inside the draft
  }
  // A Windows path cannot be on this machine unless this is Windows (and vice versa).
  if (windows !== (Deno.build.os === "windows")) return { file: path, inside: false };
  const file = normalize(path);
  const dir = normalize(doc.dir);
  const inside = file.startsWith(dir + "/") || file.startsWith(dir + "\\");
  return { file, inside };
}

async function checkMedia(c: Context): Promise<void> {
  const { doc, out } = c;
  for (const list of ["videos", "audios"]) {
    const items = listOf(doc, list);
    for (let i = 0; i < items.length; i++) {
      const m = items[i];
      const path = m.path;
      if (typeof path !== "string" || path === "") continue;
      c.stats.mediaFiles++;
      const loc = mediaLocation(doc, path);
      let exists = false;
      try {
        exists = (await Deno.stat(loc.file)).isFile;
      } catch { /* missing */ }
      if (exists) continue;
      if (loc.inside) {
        out.add(
          "missing_draft_file",
          `${list} material ${m.id}: ${path} is missing from the draft folder`,
          `materials.${list}[${i}].path`,
        );
      } else {
        out.add(
          "missing_media",
          `${list} material ${m.id}: ${path} is not on this machine (draft made elsewhere?); the editor asks to relink it`,
          `materials.${list}[${i}].path`,
        );
      }
    }
  }
}

/** Checks a loaded draft and its folder. `hasMeta`: did the folder have draft_meta_info.json? */
export async function validateDraft(
  doc: DraftDocument,
  opts: { hasMeta: boolean },
): Promise<ValidationReport> {
  const out = new Collector();
  const stats: ValidationStats = {
    edition: doc.edition,
    duration: Number(doc.content.duration) || 0,
    tracks: doc.tracks.length,
    segments: doc.tracks.reduce((n, t) => n + (t.segments?.length ?? 0), 0),
    materials: materialLists(doc).reduce((n, [, items]) => n + items.length, 0),
    keyframes: 0,
    references: 0,
    mediaFiles: 0,
    catalogIds: 0,
    timelineCopies: 0,
  };
  const c: Context = {
    doc,
    out,
    stats,
    materials: new Map(),
    referenced: new Set(),
    owner: new Map(),
  };
  checkIds(c);
  checkReferences(c);
  checkTimeline(c);
  checkSegments(c);
  checkCatalogIds(c);
  checkMeta(c, opts.hasMeta);
  await checkTimelineCopies(c);
  await checkMedia(c);
  return { ok: out.errors.length === 0, errors: out.errors, warnings: out.warnings, stats };
}

// ---------------------------------------------------------------------------------------------
// structural comparison with editor objects

/** The JSON type of a value as the structure checks see it. */
export type JsonType = "number" | "string" | "boolean" | "null" | "object" | "array";

/** The JSON type of a parsed value. */
export function jsonType(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  const t = typeof v;
  if (t === "number" || t === "string" || t === "boolean") return t;
  return "object";
}

/** One structural difference between our object and the editor's. */
export interface StructuralDifference {
  /** Dotted key path, e.g. `clip.scale`. */
  path: string;
  /** `missing`: the editor writes the key, we do not; `type`: same key, other JSON type. */
  problem: "missing" | "type";
  expected: JsonType;
  actual?: JsonType;
}

/**
 * Compares `ours` with the editor's `reference` object: every key of the reference must be in
 * ours with the same JSON type; object values are compared one level further down. Keys only
 * we write are not differences. `allowNull` lists key paths where either side may be null
 * (fields the editor itself writes as null or as an object depending on use).
 */
export function structuralCheck(
  ours: Json,
  reference: Json,
  opts: { allowNull?: readonly string[]; depth?: number } = {},
): StructuralDifference[] {
  const out: StructuralDifference[] = [];
  const allow = new Set(opts.allowNull ?? []);
  const walk = (a: Json, b: Json, prefix: string, depth: number) => {
    for (const [k, ref] of Object.entries(b)) {
      const path = prefix ? `${prefix}.${k}` : k;
      const expected = jsonType(ref);
      if (!(k in a)) {
        out.push({ path, problem: "missing", expected });
        continue;
      }
      const actual = jsonType(a[k]);
      if (actual !== expected) {
        if (allow.has(path) && (actual === "null" || expected === "null")) continue;
        out.push({ path, problem: "type", expected, actual });
        continue;
      }
      if (expected === "object" && depth > 0) walk(a[k] as Json, ref as Json, path, depth - 1);
    }
  };
  walk(ours, reference, "", opts.depth ?? 1);
  return out;
}
