/**
 * Every segment of a draft in one list, whatever its kind: ids, track, times, text or file, and
 * what is attached to it (effects, filters, animations, transitions, fades, masks, keyframes).
 * A read: nothing in the draft changes.
 */
import type { DraftDocument } from "./document.ts";
import type { AnimationsMaterial, Material, Segment, TextMaterial, Track } from "./model.ts";
import { materialKind, segmentKind } from "./keyframe_reading.ts";
import { realMediaPath } from "./media_path.ts";
import { DraftcliError } from "../errors.ts";

/** What a segment is: its material's kind, else its track's type. */
export function kindOf(doc: DraftDocument, track: Track, segment: Segment): string {
  const k = segmentKind(doc, segment);
  return k === "other" ? track.type : k;
}

/** The hint of a `segment_not_found` error: the command that lists this draft's segment ids. */
export function segmentIdsHint(draftId: string): string {
  const id = /^[\w.-]{1,200}$/.test(draftId) ? draftId : "<draftId>";
  return `list the segment ids with: draftcli segments list ${id}`;
}

/** The segment `segmentId` names, or a `segment_not_found` error naming the field `path`. */
export function findSegmentOrThrow(
  doc: DraftDocument,
  segmentId: string,
  path: string,
): { track: Track; segment: Segment } {
  const found = doc.findSegment(segmentId);
  if (!found) {
    throw new DraftcliError(
      "segment_not_found",
      `${path}: no segment '${segmentId}' in the draft`,
      {
        path,
        hint: segmentIdsHint(doc.draftId),
      },
    );
  }
  return found;
}

/** One segment as `segments list` prints it. */
export interface ListedSegment {
  segmentId: string;
  kind: string;
  materialId: string;
  track: { index: number; id: string; name: string; type: string };
  start: number;
  end: number;
  duration: number;
  sourceStart?: number;
  speed?: number;
  volume?: number;
  text?: string;
  file?: string;
  name?: string;
  attached: Record<string, unknown[]>;
}

const textOf = (m: TextMaterial): string => {
  const content = String(m.content ?? "");
  try {
    const c = JSON.parse(content);
    if (typeof c?.text === "string") return c.text;
  } catch { /* markup or plain */ }
  const markup = /\[([^\]]*)\]\s*$/.exec(content);
  return markup ? markup[1] : content;
};

/** A material found by id, with its list. */
type Found = { list: string; material: Material };

/** Every material by id (first of a list wins, as `findMaterial` does), in one pass. */
function materialsById(doc: DraftDocument): Map<string, Found> {
  const out = new Map<string, Found>();
  for (const [list, items] of Object.entries(doc.content.materials ?? {})) {
    if (!Array.isArray(items)) continue;
    for (const material of items as Material[]) {
      const id = material?.id;
      if (typeof id === "string" && !out.has(id)) out.set(id, { list, material });
    }
  }
  return out;
}

/** What a segment is, from its material's list and type, else its track's type. */
function kindFrom(found: Found | undefined, track: Track): string {
  return materialKind(found) ?? track.type;
}

/** The materials a segment names in `extra_material_refs`, by kind, in user terms. */
function attachedTo(byId: Map<string, Found>, segment: Segment): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const add = (key: string, v: unknown) => (out[key] ??= []).push(v);
  for (const ref of Array.isArray(segment.extra_material_refs) ? segment.extra_material_refs : []) {
    const found = byId.get(String(ref));
    if (!found) continue;
    const m = found.material;
    const named = { id: m.id, name: m.name ?? "" };
    switch (found.list) {
      case "video_effects":
        add("effects", named);
        break;
      case "effects":
        add(m.type === "filter" ? "filters" : "adjustments", named);
        break;
      case "transitions":
        add("transitions", { ...named, duration: m.duration });
        break;
      case "material_animations": {
        const animations = (m as AnimationsMaterial).animations;
        for (const a of Array.isArray(animations) ? animations : []) {
          add("animations", { type: a.type, name: a.name ?? "", duration: a.duration });
        }
        break;
      }
      case "audio_fades":
        add("fades", {
          id: m.id,
          fadeInDuration: m.fade_in_duration,
          fadeOutDuration: m.fade_out_duration,
        });
        break;
      case "audio_effects":
        add("audioEffects", named);
        break;
      case "masks":
      case "common_mask":
        add("masks", named);
        break;
    }
  }
  for (const k of (Array.isArray(segment.common_keyframes) ? segment.common_keyframes : [])) {
    const list = k.keyframe_list;
    add("keyframes", {
      property: k.property_type,
      count: Array.isArray(list) ? list.length : 0,
    });
  }
  return out;
}

/** Every segment of every track, in track order then timeline order. */
export function listSegments(doc: DraftDocument): ListedSegment[] {
  const out: ListedSegment[] = [];
  const byId = materialsById(doc);
  const perType: Record<string, number> = {};
  for (const track of doc.tracks) {
    const index = perType[track.type] = (perType[track.type] ?? -1) + 1;
    const segments = [...(track.segments ?? [])].sort((a, b) =>
      a.target_timerange.start - b.target_timerange.start
    );
    for (const segment of segments) {
      const r = segment.target_timerange;
      const item: ListedSegment = {
        segmentId: segment.id,
        kind: kindFrom(byId.get(segment.material_id), track),
        materialId: segment.material_id,
        track: { index, id: track.id, name: String(track.name ?? ""), type: track.type },
        start: r.start,
        end: r.start + r.duration,
        duration: r.duration,
      } as ListedSegment;
      const material = byId.get(segment.material_id)?.material;
      if (segment.source_timerange && item.kind !== "photo") {
        item.sourceStart = segment.source_timerange.start;
      }
      if (typeof segment.speed === "number" && item.sourceStart !== undefined) {
        item.speed = segment.speed;
      }
      if (typeof segment.volume === "number" && ["video", "audio"].includes(item.kind)) {
        item.volume = segment.volume;
      }
      if (material) {
        if (item.kind === "text") item.text = textOf(material);
        else if (typeof material.path === "string" && material.path) {
          item.file = realMediaPath(material.path, doc.dir) as string;
        }
        const name = material.name ?? material.material_name;
        if (typeof name === "string" && name && item.kind !== "text") item.name = name;
      }
      item.attached = attachedTo(byId, segment);
      out.push(item);
    }
  }
  return out;
}
