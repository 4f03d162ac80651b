/**
 * Media paths inside draft files: the draft-folder placeholder token (reference §4.2), which
 * files of a draft hold a timeline, and walking the `path` of every material.
 */
import type { Json } from "../editions/profiles.ts";

/** The constant token editors use for "this draft's folder" in material paths. */
export const DRAFT_PLACEHOLDER = "##_draftpath_placeholder_0E685133-18CE-45ED-8CB8-2904A212EC80_##";

/** Prefix of the zip archive comment carrying draftcli's record of the draft's edition. */
export const ZIP_COMMENT_PREFIX = "draftcli:";

/** File names that hold a copy of the timeline (reference §1.2). */
export const TIMELINE_NAMES: ReadonlySet<string> = new Set([
  "draft_content.json",
  "draft_info.json",
  "template-2.tmp",
]);

/** Is this draft-relative path (forward slashes) a timeline file: at the root or Timelines/x/? */
export function isTimelineFile(rel: string): boolean {
  const parts = rel.split("/");
  if (parts.length === 1) return TIMELINE_NAMES.has(parts[0]);
  return parts.length === 3 && parts[0] === "Timelines" && TIMELINE_NAMES.has(parts[2]);
}

/** The placeholder form of a draft-relative path (`resources/a.mp3` → `##_…_##/resources/a.mp3`). */
export function toPlaceholder(rel: string): string {
  return `${DRAFT_PLACEHOLDER}/${rel.replace(/^\/+/, "")}`;
}

/** The draft-relative part of a placeholder path, or undefined when it is not one. */
export function fromPlaceholder(path: string): string | undefined {
  if (!path.startsWith(DRAFT_PLACEHOLDER)) return undefined;
  return path.slice(DRAFT_PLACEHOLDER.length).replace(/^[\\/]+/, "").replaceAll("\\", "/");
}

/** Is this an absolute path on some OS (`/x`, `C:/x`, `C:\x`, `\\server\x`)? */
export function isAbsoluteAnyOs(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\");
}

/** A material object with a non-empty string `path`, and the list it sits in. */
export interface MaterialPathRef {
  list: string;
  material: Json;
  path: string;
}

/** Every material of a timeline whose top-level `path` is a non-empty string. */
export function materialPaths(content: Json): MaterialPathRef[] {
  const out: MaterialPathRef[] = [];
  const materials = content.materials;
  if (!materials || typeof materials !== "object") return out;
  for (const [list, items] of Object.entries(materials as Json)) {
    if (!Array.isArray(items)) continue;
    for (const m of items) {
      if (m && typeof m === "object" && typeof (m as Json).path === "string" && (m as Json).path) {
        out.push({ list, material: m as Json, path: (m as Json).path as string });
      }
    }
  }
  return out;
}

/** Type-0 media-pool entries of draft_meta_info.json that have a `file_Path` (reference §6). */
export function poolEntries(meta: Json): Json[] {
  const groups = meta.draft_materials;
  if (!Array.isArray(groups)) return [];
  const out: Json[] = [];
  for (const g of groups) {
    if (!g || typeof g !== "object" || !Array.isArray((g as Json).value)) continue;
    for (const v of (g as Json).value as unknown[]) {
      if (v && typeof v === "object" && typeof (v as Json).file_Path === "string") {
        out.push(v as Json);
      }
    }
  }
  return out;
}

/** Rewrites material paths and pool `file_Path`s with `map` (undefined keeps a path). */
export function rewritePaths(
  content: Json | undefined,
  meta: Json | undefined,
  map: (path: string) => string | undefined,
): number {
  let n = 0;
  for (const ref of content ? materialPaths(content) : []) {
    const to = map(ref.path);
    if (to !== undefined && to !== ref.path) {
      ref.material.path = to;
      n++;
    }
  }
  for (const e of meta ? poolEntries(meta) : []) {
    const to = map(e.file_Path as string);
    if (to !== undefined && to !== e.file_Path) {
      e.file_Path = to;
      n++;
    }
  }
  return n;
}
