/**
 * Template fill on an in-memory draft: find texts and media by what a person sees (the text,
 * the file name) and replace them, touching only the fields that carry them. Pure: no I/O.
 */
import type { Json } from "../editions/profiles.ts";
import type { DraftDocument } from "./document.ts";
import { type MediaFacts, registerLocalMedia } from "./build.ts";

/** A text segment's material and its current text. */
export interface TextSlot {
  segmentId: string;
  material: Json;
  text: string;
}

/** A media material (photo, video or audio) and the names it can be matched by. */
export interface MediaSlot {
  list: "videos" | "audios";
  material: Json;
  names: string[];
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

/** Every photo/video/audio material with its name, file base name and id. */
export function mediaSlots(doc: DraftDocument): MediaSlot[] {
  const out: MediaSlot[] = [];
  for (const list of ["videos", "audios"] as const) {
    for (const material of doc.materials(list)) {
      const path = String(material.path ?? "");
      const base = path.split(/[\\/]/).pop() ?? "";
      const names = [material.material_name, material.name, base, material.id]
        .filter((n): n is string => typeof n === "string" && n.length > 0);
      out.push({ list, material, names: [...new Set(names)] });
    }
  }
  return out;
}

/**
 * Replaces a text material's text, keeping every style field: a single style run is stretched
 * over the new text; with several runs the first run's style covers it (returns true then).
 */
export function replaceText(material: Json, text: string): boolean {
  const content = JSON.parse(String(material.content));
  const styles = (content.styles ?? []) as Json[];
  const collapsed = styles.length > 1;
  content.text = text;
  content.styles = styles.length ? [{ ...styles[0], range: [0, text.length] }] : styles;
  material.content = JSON.stringify(content);
  if (typeof material.base_content === "string" && material.base_content) {
    material.base_content = text;
  }
  return collapsed;
}

/** Points a media material at a new file (path, name, size, duration, media pool entry). */
export function replaceMedia(doc: DraftDocument, slot: MediaSlot, media: MediaFacts): void {
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
}
