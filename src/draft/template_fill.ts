/**
 * Template fill on an in-memory draft: find texts and media by what a person sees (the text,
 * the file name) and replace them, touching only the fields that carry them. A replaced file is
 * replaced wherever the draft names it, compound clips' nested drafts included, and what the
 * editor derived from the old file (reversed copies, stabilisation data, separated vocals…) is
 * cleared so the editor derives it again. Pure: no I/O.
 */
import type { Json } from "../editions/profiles.ts";
import { DraftDocument } from "./document.ts";
import type {
  AudioMaterial,
  DraftContent,
  Material,
  MaterialOf,
  MediaPoolEntry,
  TextContentJson,
  TextMaterial,
  VideoMaterial,
} from "./model.ts";
import { type MediaFacts, registerLocalMedia } from "./segment_builders.ts";
import { comparablePath } from "./checks/foreign.ts";

/** A text segment's material and its current text. */
export interface TextSlot {
  segmentId: string;
  material: TextMaterial;
  text: string;
}

/** A media material (photo, video or audio) and the names it can be matched by. */
export interface MediaSlot {
  list: "videos" | "audios";
  material: VideoMaterial | AudioMaterial;
  names: string[];
  /** The draft whose tracks play it: the draft itself or a compound clip's nested draft. */
  scope: DraftDocument;
}

/** One value cleared because the editor derived it from a replaced file. */
export interface ClearedDerivation {
  /** The material holding it (the media material, or a companion of a segment playing it). */
  materialId: string;
  /** Its key, dotted below the material (`reverse_path`, `stable.matrix_path`). */
  key: string;
  /** The value it had (a path; a URL with its secrets masked). */
  was: string;
}

/** Nested drafts deeper than this are not followed (the editors nest a few levels at most). */
const MAX_NESTING = 16;

/**
 * The draft and every compound clip's nested draft in it (`materials.drafts[].draft`, followed
 * recursively), each as a document sharing the draft's folder and meta.
 */
export function draftScopes(doc: DraftDocument): DraftDocument[] {
  const out: DraftDocument[] = [doc];
  const visit = (content: DraftContent, depth: number) => {
    const drafts = content.materials?.drafts;
    if (!Array.isArray(drafts) || depth >= MAX_NESTING) return;
    for (const d of drafts) {
      const nested = d?.draft;
      if (!nested || typeof nested !== "object" || !Array.isArray(nested.tracks)) continue;
      out.push(
        new DraftDocument({
          dir: doc.dir,
          draftId: doc.draftId,
          edition: doc.edition,
          profile: doc.profile,
          content: nested,
          meta: doc.meta,
        }),
      );
      visit(nested, depth + 1);
    }
  };
  visit(doc.content, 0);
  return out;
}

/** A materials list of a document without creating it. */
function listIn<L extends string>(content: DraftContent, list: L): MaterialOf<L>[] {
  const items = content.materials?.[list];
  return Array.isArray(items) ? items : [];
}

/** Every text segment with its text (content JSON `text`). */
export function textSlots(doc: DraftDocument): TextSlot[] {
  const out: TextSlot[] = [];
  for (const track of doc.tracksOf("text")) {
    for (const segment of track.segments) {
      const material = doc.materialIn("texts", segment.material_id);
      if (!material) continue;
      try {
        const text = JSON.parse(String(material.content))?.text;
        if (typeof text === "string") out.push({ segmentId: segment.id, material, text });
      } catch { /* not JSON content: not fillable */ }
    }
  }
  return out;
}

/**
 * Every photo/video/audio material, compound clips' included, with its name, file base name
 * and id.
 */
export function mediaSlots(doc: DraftDocument): MediaSlot[] {
  const out: MediaSlot[] = [];
  for (const scope of draftScopes(doc)) {
    for (const list of ["videos", "audios"] as const) {
      for (const material of listIn(scope.content, list)) {
        const path = String(material.path ?? "");
        const base = path.split(/[\\/]/).pop() ?? "";
        const names = [material.material_name, material.name, base, material.id]
          .filter((n): n is string => typeof n === "string" && n.length > 0);
        out.push({ list, material, names: [...new Set(names)], scope });
      }
    }
  }
  return out;
}

/** A material's file path as comparable text, or undefined when it has none. */
function fileOf(material: VideoMaterial | AudioMaterial): string | undefined {
  const path = material.path;
  const file = typeof path === "string" ? comparablePath(path) : "";
  return file !== "" ? file : undefined;
}

/**
 * The media slots a fill key replaces: those it names (material name, file base name, id) and
 * every other material, at any nesting level, that plays the same file.
 */
export function mediaUses(doc: DraftDocument, key: string): MediaSlot[] {
  const all = mediaSlots(doc);
  const named = all.filter((s) => s.names.includes(key));
  const files = new Set(named.map((s) => fileOf(s.material)).filter((f) => f !== undefined));
  return all.filter((s) => named.includes(s) || files.has(fileOf(s.material) ?? "\0"));
}

/** Keys of a video/audio material naming a file the editor derived from its media. */
const DERIVED_KEYS: readonly string[] = [
  "reverse_path",
  "intensifies_path",
  "reverse_intensifies_path",
  "intensifies_audio_path",
  "cartoon_path",
  "live_photo_cover_path",
  "stable.matrix_path",
  "matting.path",
  "matting.mask_video_path",
  "video_algorithm.path",
];

/** Companion lists (`extra_material_refs`) whose keys name files derived from the media. */
const DERIVED_COMPANION_KEYS: Readonly<Record<string, readonly string[]>> = {
  vocal_separations: ["production_path"],
  beats: [
    "ai_beats.beats_path",
    "ai_beats.melody_path",
    "ai_beats.beats_url",
    "ai_beats.melody_url",
  ],
};

/** Clears `key` (dotted) of `m` when it holds a non-empty string; returns what it held. */
function clearKey(m: Material, key: string): string | undefined {
  const parts = key.split(".");
  let holder: Json | undefined = m;
  for (const p of parts.slice(0, -1)) {
    const next: unknown = holder?.[p];
    holder = next && typeof next === "object" && !Array.isArray(next) ? next as Json : undefined;
  }
  const last = parts[parts.length - 1];
  const was = holder?.[last];
  if (!holder || typeof was !== "string" || was === "") return undefined;
  holder[last] = "";
  return was;
}

/**
 * Clears what the editor derived from a slot's old file, on the material and on the companions
 * of the segments that play it, so the editor derives it again from the new file.
 */
export function clearDerived(slot: MediaSlot): ClearedDerivation[] {
  const out: ClearedDerivation[] = [];
  const note = (m: Material, key: string) => {
    const was = clearKey(m, key);
    if (was !== undefined) out.push({ materialId: String(m.id), key, was });
  };
  for (const key of DERIVED_KEYS) note(slot.material, key);
  const id = slot.material.id;
  for (const track of slot.scope.tracks) {
    for (const seg of track.segments ?? []) {
      if (seg.material_id !== id || !Array.isArray(seg.extra_material_refs)) continue;
      for (const [list, keys] of Object.entries(DERIVED_COMPANION_KEYS)) {
        const items = listIn(slot.scope.content, list);
        for (const ref of seg.extra_material_refs) {
          const m = items.find((x) => x?.id === ref);
          if (m) { for (const key of keys) note(m, key); }
        }
      }
    }
  }
  return out;
}

/**
 * The file a media-pool entry was derived from: CapCut keeps frames it made of a video (e.g. an
 * HLG still, group type 6) with `extra_info` `{"src": "<the video>", …}`.
 */
function derivedFrom(entry: MediaPoolEntry): string | undefined {
  const info = entry?.extra_info;
  if (typeof info !== "string" || !info.startsWith("{") || info.length > 65536) return undefined;
  try {
    const src = JSON.parse(info)?.src;
    return typeof src === "string" && src ? comparablePath(src) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes from the meta's media pool (`draft_materials`) the entries of replaced files that no
 * material names any more (by path or `local_material_id`), and the entries the editor derived
 * from them; returns their ids and paths.
 */
export function dropUnusedPoolEntries(
  doc: DraftDocument,
  oldFiles: ReadonlySet<string>,
): { id: string; was: string }[] {
  const groups = doc.meta.draft_materials;
  if (!Array.isArray(groups)) return [];
  const usedIds = new Set<string>();
  const usedFiles = new Set<string>();
  for (const slot of mediaSlots(doc)) {
    const local = slot.material.local_material_id;
    if (typeof local === "string" && local) usedIds.add(local);
    const file = fileOf(slot.material);
    if (file) usedFiles.add(file);
  }
  const out: { id: string; was: string }[] = [];
  for (const g of groups) {
    if (!Array.isArray(g?.value)) continue;
    const keep = g.value.filter((v) => {
      const file = typeof v?.file_Path === "string" ? comparablePath(v.file_Path) : "";
      const src = derivedFrom(v);
      if (src !== undefined && oldFiles.has(src) && !usedFiles.has(src)) {
        out.push({ id: String(v.id), was: String(v.file_Path) });
        return false;
      }
      if (!oldFiles.has(file) || usedFiles.has(file) || usedIds.has(String(v.id))) return true;
      out.push({ id: String(v.id), was: String(v.file_Path) });
      return false;
    });
    if (keep.length !== g.value.length) g.value = keep;
  }
  return out;
}

/**
 * Removes from the proxy settings (`draft_agency_config.json`, whose `marterials` list the source
 * files the editor made proxies for) the entries of replaced files no material plays any more;
 * returns their paths. The editor makes a proxy of the new file again if it is set to.
 */
export function dropUnusedProxyEntries(
  doc: DraftDocument,
  config: Json,
  oldFiles: ReadonlySet<string>,
): string[] {
  const list = config.marterials;
  if (!Array.isArray(list)) return [];
  const used = filesOf(mediaSlots(doc));
  const out: string[] = [];
  const keep = (list as Json[]).filter((e) => {
    const file = typeof e?.source_path === "string" ? comparablePath(e.source_path) : "";
    if (!oldFiles.has(file) || used.has(file)) return true;
    out.push(String(e.source_path));
    return false;
  });
  if (out.length) config.marterials = keep;
  return out;
}

/**
 * JSON paths of every string in the timeline and meta that still names one of `files` (also
 * inside a longer string, e.g. JSON kept as text).
 */
export function remainingReferences(doc: DraftDocument, files: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const forms = [...files].filter((f) => f !== "")
    .flatMap((f) => [f, f[0].toUpperCase() + f.slice(1)]);
  const walk = (v: unknown, path: string, depth: number) => {
    if (typeof v === "string") {
      const text = v.length < 65536 ? v.replaceAll("\\", "/") : "";
      if (forms.some((f) => text.includes(f))) out.push(path);
      return;
    }
    if (!v || typeof v !== "object" || depth > 200) return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`, depth + 1));
    for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, depth + 1);
  };
  walk(doc.content, "", 0);
  walk(doc.meta, "draft_meta_info.json#", 0);
  return out;
}

/** The comparable file paths of slots (what `remainingReferences` looks for). */
export function filesOf(slots: readonly MediaSlot[]): Set<string> {
  return new Set(slots.map((s) => fileOf(s.material)).filter((f) => f !== undefined));
}

/**
 * Replaces a text material's text, keeping every style field: a single style run is stretched
 * over the new text; with several runs the first run's style covers it (returns true then).
 */
export function replaceText(material: TextMaterial, text: string): boolean {
  const content: TextContentJson = JSON.parse(String(material.content));
  const styles = content.styles ?? [];
  const collapsed = styles.length > 1;
  content.text = text;
  content.styles = styles.length ? [{ ...styles[0], range: [0, text.length] }] : styles;
  material.content = JSON.stringify(content);
  if (typeof material.base_content === "string" && material.base_content) {
    material.base_content = text;
  }
  return collapsed;
}

/**
 * Points a media material at a new file (path, name, size, duration, media pool entry; `doc`
 * holds the meta) and clears what the editor derived from the old file (`clearDerived`).
 */
export function replaceMedia(
  doc: DraftDocument,
  slot: MediaSlot,
  media: MediaFacts,
): ClearedDerivation[] {
  const cleared = clearDerived(slot);
  const m = slot.material;
  m.path = media.materialPath ?? media.path;
  if ("material_name" in m) m.material_name = media.fileName;
  if (slot.list === "audios" && "name" in m) m.name = media.fileName;
  if (m.type !== "photo") m.duration = media.durationUs;
  if ("width" in m) m.width = media.width;
  if ("height" in m) m.height = media.height;
  if ("has_audio" in m) m.has_audio = media.hasAudio;
  const localId = registerLocalMedia(doc, media);
  if ("local_material_id" in m) m.local_material_id = localId;
  return cleared;
}
