/** Read-only views of a draft: the `draft info` summary and per-kind item lists. */
import type { DraftDocument } from "./document.ts";
import type { Material, MaterialOf, Segment, Track } from "./model.ts";

/** Summary printed by `draft info` and `draft list`. */
export interface DraftSummary {
  draftId: string;
  name: string;
  editor: string;
  editorProfile: string;
  filePath: string;
  canvas: { width: number; height: number };
  fps: number;
  duration: number;
  tracks: { trackId: string; type: string; segments: number }[];
  materials: Record<string, number>;
  modified: number;
  /** cutcli's spelling of `canvas.width`. */
  canvasWidth: number;
  /** cutcli's spelling of `canvas.height`. */
  canvasHeight: number;
  /** cutcli's spelling of `tracks`. */
  trackSummary: { id: string; type: string; segmentCount: number }[];
  /** Material counts by what they are (photos counted as images, not videos). */
  materialSummary: {
    videos: number;
    images: number;
    audios: number;
    texts: number;
    stickers: number;
    effects: number;
  };
  /** `tm_draft_create` of the draft's meta file (0 when absent). */
  createdAt: number;
  /** `tm_draft_modified` of the draft's meta file (same as `modified`). */
  modifiedAt: number;
}

/** Summarises a draft. */
export function summarise(doc: DraftDocument): DraftSummary {
  const materials: Record<string, number> = {};
  for (const [list, items] of Object.entries(doc.content.materials!)) {
    if (Array.isArray(items) && items.length) materials[list] = items.length;
  }
  return {
    draftId: doc.draftId,
    name: String(doc.meta.draft_name ?? ""),
    editor: doc.edition,
    editorProfile: doc.profile.id,
    filePath: doc.dir,
    canvas: doc.canvas,
    fps: doc.fps,
    duration: doc.duration,
    tracks: doc.tracks.map((t) => ({ trackId: t.id, type: t.type, segments: t.segments.length })),
    materials,
    modified: Number(doc.meta.tm_draft_modified) || 0,
    canvasWidth: doc.canvas.width,
    canvasHeight: doc.canvas.height,
    trackSummary: doc.tracks.map((t) => ({
      id: t.id,
      type: t.type,
      segmentCount: t.segments.length,
    })),
    materialSummary: materialSummary(doc),
    createdAt: Number(doc.meta.tm_draft_create) || 0,
    modifiedAt: Number(doc.meta.tm_draft_modified) || 0,
  };
}

function materialSummary(doc: DraftDocument): DraftSummary["materialSummary"] {
  const lists = doc.content.materials!;
  const count = (name: string, keep: (m: Material) => boolean = () => true) => {
    const items = lists[name];
    return Array.isArray(items) ? (items as Material[]).filter(keep).length : 0;
  };
  return {
    videos: count("videos", (m) => m.type !== "photo"),
    images: count("videos", (m) => m.type === "photo"),
    audios: count("audios"),
    texts: count("texts"),
    stickers: count("stickers"),
    effects: count("video_effects"),
  };
}

/** The ids and times every list item carries. */
export interface ItemBase {
  segmentId: string;
  materialId: string;
  trackId: string;
  trackIndex: number;
  start: number;
  end: number;
  /** Length on the timeline, µs (end - start). */
  duration: number;
}

/**
 * Base fields of a segment for list output. A batch that sets every item's `trackIndex` once all
 * are placed (ops/media.ts `settleTrackIndexes`) passes `trackIndex` (-1) and spares the lookup.
 */
export function itemBase(
  doc: DraftDocument,
  track: Track,
  segment: Segment,
  trackIndex: number = doc.tracksOf(track.type).indexOf(track),
): ItemBase {
  const r = segment.target_timerange;
  return {
    segmentId: segment.id,
    materialId: segment.material_id,
    trackId: track.id,
    trackIndex,
    start: r.start,
    end: r.start + r.duration,
    duration: r.duration,
  };
}

/** The segment right after `segment` on its track when they touch, if any. */
export function nextAdjacent(track: Track, segment: Segment): Segment | undefined {
  const end = segment.target_timerange.start + segment.target_timerange.duration;
  return track.segments.find((s) => s.target_timerange.start === end);
}

/** Every segment of a track kind with its material, in timeline order. */
export function segmentsOf<L extends string>(
  doc: DraftDocument,
  trackType: string,
  materialList: L,
  filter: (material: MaterialOf<L>) => boolean = () => true,
): { track: Track; segment: Segment; material: MaterialOf<L> }[] {
  const out: { track: Track; segment: Segment; material: MaterialOf<L> }[] = [];
  const byId = new Map(doc.materials(materialList).map((m) => [m.id, m]));
  for (const track of doc.tracksOf(trackType)) {
    for (const segment of track.segments) {
      const material = byId.get(segment.material_id);
      if (material && filter(material)) out.push({ track, segment, material });
    }
  }
  return out.sort((a, b) => a.segment.target_timerange.start - b.segment.target_timerange.start);
}

/** The visual transform of a segment in user units. */
export function clipFields(segment: Segment): Record<string, number> {
  const clip = segment.clip;
  if (!clip) return {};
  // a clip draftcli reads here has all of these (the editors and the builders write them)
  return {
    transformX: clip.transform!.x!,
    transformY: clip.transform!.y!,
    scaleX: clip.scale!.x!,
    scaleY: clip.scale!.y!,
    rotation: clip.rotation!,
    alpha: clip.alpha!,
  };
}
