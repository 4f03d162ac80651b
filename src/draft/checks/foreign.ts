/**
 * Foreign values: strings a draft holds that neither its caller, the editor's fresh-draft
 * defaults nor draftcli put there — absolute paths outside the draft folder, its drafts folder
 * and the media the draft uses (another person's fonts, user folders), device hashes in a draft
 * draftcli wrote, and a `base_content` text that is not the caption's own text. Files of an
 * editor's installation (src/editions/app_files.ts) are never foreign. Pure: the caller
 * says which folders and media are the draft's and whether a file exists on this machine.
 */
import type { Json } from "../../editions/profiles.ts";
import type { DraftContent, DraftMeta, TextMaterial } from "../model.ts";
import { isEditorAppFile } from "../../editions/app_files.ts";

/** One foreign value: where (`<file>#<json path>`), the value, and why it is foreign. */
export interface ForeignValue {
  path: string;
  value: string;
  why: string;
}

/** What a draft may point at. */
export interface ForeignScope {
  /** Folders whose files a draft may name: the draft folder, its drafts folder. */
  roots: readonly string[];
  /** Files the draft uses as media (material paths, meta draft_materials). */
  media: ReadonlySet<string>;
  /** Does this file exist on this machine (a font or file the user has)? */
  exists: (path: string) => boolean;
  /** The draft was written by the editor (its platform block names a device). */
  editorMade: boolean;
}

const WINDOWS_ABS = /^[A-Za-z]:[\\/]/;
const POSIX_ABS = /^\/[^\s/\\][^\n]*\/[^\n]+$/;
const PLACEHOLDER = /^##_draftpath_placeholder_[0-9A-Fa-f-]+_##/;
const DEVICE_KEYS = ["device_id", "hard_disk_id", "mac_address"];
/** Keys naming the draft's own location: stale after a move, which meta_out_of_sync reports. */
const SELF_KEYS = new Set(["draft_fold_path", "draft_root_path", "draft_json_file", "root_path"]);

/** Is `s` an absolute file path (Windows or POSIX)? */
export function isAbsolutePath(s: string): boolean {
  return s.length < 1024 && (WINDOWS_ABS.test(s) || POSIX_ABS.test(s));
}

/** `/`-separated, no trailing slash, drive letters lowercased: for comparing paths as text. */
export function comparablePath(p: string): string {
  const s = p.replaceAll("\\", "/").replace(/\/+$/, "");
  return WINDOWS_ABS.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
}

/**
 * Is `path` inside one of the scope's folders, one of its media, an editor's own installation
 * (its bundled fonts), or on this machine?
 */
function allowedPath(path: string, scope: ForeignScope): boolean {
  if (isEditorAppFile(path)) return true;
  const p = comparablePath(path);
  if (scope.roots.some((r) => p === comparablePath(r) || p.startsWith(comparablePath(r) + "/"))) {
    return true;
  }
  for (const m of scope.media) if (comparablePath(m) === p) return true;
  return scope.exists(path);
}

/** Foreign values in one parsed JSON file of a draft (`file`: its name, for paths). */
export function findForeignValues(
  file: string,
  json: unknown,
  scope: ForeignScope,
): ForeignValue[] {
  const out: ForeignValue[] = [];
  const walk = (v: unknown, path: string, key: string) => {
    if (typeof v === "string") {
      if (PLACEHOLDER.test(v)) return;
      if (isAbsolutePath(v)) {
        if (!allowedPath(v, scope)) {
          out.push({
            path: `${file}#${path}`,
            value: v,
            why: "a path outside the draft, its drafts folder and its media, not on this machine",
          });
        }
        return;
      }
      // text contents are JSON inside a string: look inside
      if (key === "content" && v.startsWith("{")) {
        try {
          walk(JSON.parse(v), `${path}(json)`, "");
        } catch { /* reported by the text checks */ }
      }
      return;
    }
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`, key));
    if (v === null || typeof v !== "object") return;
    const o = v as Json;
    for (const [k, x] of Object.entries(o)) {
      if (!SELF_KEYS.has(k)) walk(x, path ? `${path}.${k}` : k, k);
    }
  };
  walk(json, "", "");
  if (!scope.editorMade && json && typeof json === "object") {
    const doc = json as Json;
    for (const block of ["platform", "last_modified_platform"]) {
      const b = doc[block] as Json | undefined;
      for (const k of DEVICE_KEYS) {
        const v = b?.[k];
        if (typeof v === "string" && v !== "") {
          out.push({
            path: `${file}#${block}.${k}`,
            value: v,
            why: "a device hash in a draft draftcli wrote",
          });
        }
      }
    }
  }
  const texts = (json as DraftContent | null | undefined)?.materials?.texts;
  if (Array.isArray(texts)) {
    texts.forEach((m: TextMaterial, i: number) => {
      const base = m?.base_content;
      if (typeof base !== "string" || base === "") return;
      if (base !== textOf(m.content)) {
        out.push({
          path: `${file}#materials.texts[${i}].base_content`,
          value: base,
          why: "a text the caption does not hold",
        });
      }
    });
  }
  return out;
}

/** The plain text of a text material's content (JSON `text`, or the string itself). */
function textOf(content: unknown): string {
  if (typeof content !== "string") return "";
  if (!content.startsWith("{")) return content;
  try {
    return String(JSON.parse(content).text ?? "");
  } catch {
    return content;
  }
}

/**
 * Was the draft created by an editor? draftcli creates drafts with a `platform` block whose
 * device hashes are present and blank; the editors fill them in, and old drafts lack them.
 * (`platform` names the creator; editing a draft changes only `last_modified_platform`.)
 */
export function isEditorMade(content: DraftContent): boolean {
  const b = content.platform;
  if (!b || typeof b !== "object") return true;
  return !DEVICE_KEYS.every((k) => b[k] === "");
}

/** The media files a draft uses: material paths and draft_materials file paths. */
export function mediaPaths(content: DraftContent, meta: DraftMeta): Set<string> {
  const out = new Set<string>();
  const mats = content.materials ?? {};
  for (const list of ["videos", "audios"] as const) {
    const items = mats[list];
    if (!Array.isArray(items)) continue;
    for (const m of items) if (typeof m?.path === "string" && m.path) out.add(m.path);
  }
  const groups = meta.draft_materials;
  if (Array.isArray(groups)) {
    for (const g of groups) {
      for (const v of Array.isArray(g?.value) ? g.value : []) {
        if (typeof v?.file_Path === "string" && v.file_Path) out.add(v.file_Path);
      }
    }
  }
  return out;
}
