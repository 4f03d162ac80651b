/**
 * Builders for segments and their materials, starting from the editor's own object prototypes
 * (src/editions/data) so every key the editor writes is present with the editor's JSON types.
 */
import { EDITION_FACTS, prototype } from "../editions/profiles.ts";
import type { Json } from "../editions/profiles.ts";
import type { DraftDocument, Segment, Track } from "./document.ts";
import { newId, newLocalId } from "./ids.ts";
import { overlaps, type TimeRange } from "./time.ts";

/** What the builders need to know about a media file. */
export interface MediaFacts {
  /** Absolute path on this machine. */
  path: string;
  fileName: string;
  kind: "image" | "video" | "audio";
  durationUs: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Visual transform of a segment (reference §3.4). */
export interface ClipInput {
  transformX?: number;
  transformY?: number;
  scaleX?: number;
  scaleY?: number;
  rotation?: number;
  alpha?: number;
}

/** One animation to put in a segment's animation container. */
export interface AnimationInput {
  type: "in" | "out" | "loop" | "group";
  name: string;
  resourceId: string;
  effectId: string;
  start: number;
  duration: number;
  /** "video" for video/photo segments, "sticker" for text and stickers (reference §4.7). */
  materialType: "video" | "sticker";
}

/** Photo materials have a nominal 3-hour duration (reference §3.5). */
export const PHOTO_DURATION = 10_800_000_000;

/** Companion material lists for each segment kind, in the editor's order (reference §4.1). */
const COMPANIONS: Readonly<Record<string, readonly string[]>> = {
  visual: [
    "speeds",
    "placeholder_infos",
    "canvases",
    "material_animations",
    "sound_channel_mappings",
    "material_colors",
    "loudnesses",
    "vocal_separations",
  ],
  audio: [
    "speeds",
    "placeholder_infos",
    "beats",
    "sound_channel_mappings",
    "loudnesses",
    "vocal_separations",
  ],
  text: ["material_animations"],
};

/** Editor-style path: forward slashes (Windows paths as the editors store them). */
export function editorPath(path: string): string {
  return path.replaceAll("\\", "/");
}

function addCompanions(
  doc: DraftDocument,
  kind: keyof typeof COMPANIONS,
  speed: number,
): { refs: string[]; animationId?: string } {
  const refs: string[] = [];
  let animationId: string | undefined;
  for (const list of COMPANIONS[kind]) {
    if (!doc.hasList(list)) continue; // this edition's template does not have it
    const m = prototype(doc.profile, list as never);
    m.id = newId();
    if (list === "speeds") m.speed = speed;
    if (list === "material_animations") animationId = m.id as string;
    doc.addMaterial(list, m);
    refs.push(m.id as string);
  }
  return { refs, animationId };
}

/** Puts animations into a segment's container material (replacing those of the same type). */
export function setAnimations(doc: DraftDocument, segment: Segment, anims: AnimationInput[]) {
  let container = segment.extra_material_refs
    .map((id) => doc.materials("material_animations").find((m) => m.id === id))
    .find(Boolean);
  if (!container) {
    container = prototype(doc.profile, "material_animations");
    container.id = newId();
    doc.addMaterial("material_animations", container);
    segment.extra_material_refs.push(container.id as string);
  }
  const list = (container.animations ??= []) as Json[];
  for (const a of anims) {
    const at = list.findIndex((x) => x.type === a.type);
    const entry: Json = {
      anim_adjust_params: null,
      category_id: "",
      category_name: "",
      duration: a.duration,
      id: a.effectId,
      material_type: a.materialType,
      name: a.name,
      panel: a.materialType === "video" ? "video" : "",
      path: "",
      platform: "all",
      request_id: "",
      resource_id: a.resourceId,
      start: a.start,
      type: a.type,
    };
    if (at >= 0) list[at] = entry;
    else list.push(entry);
  }
  const order = ["in", "group", "loop", "out"];
  list.sort((x, y) => order.indexOf(String(x.type)) - order.indexOf(String(y.type)));
}

/** Registers a local file in draft_meta_info's media pool (once per path); returns its id. */
export function registerLocalMedia(doc: DraftDocument, media: MediaFacts): string {
  const groups = (doc.meta.draft_materials ??= []) as Json[];
  let group0 = groups.find((g) => g.type === 0);
  if (!group0) {
    group0 = { type: 0, value: [] };
    groups.unshift(group0);
  }
  const value = group0.value as Json[];
  const path = editorPath(media.path);
  const existing = value.find((v) => v.file_Path === path);
  if (existing) return existing.id as string;
  const metetype = media.kind === "image" ? "photo" : media.kind === "audio" ? "music" : "video";
  const duration = media.kind === "image" ? 5_000_000 : media.durationUs;
  const id = newLocalId();
  value.push({
    ai_group_type: "",
    create_time: 0,
    duration,
    extra_info: media.fileName,
    file_Path: path,
    height: media.height,
    id,
    import_time: 0,
    import_time_ms: 0,
    item_source: 1,
    md5: "",
    metetype,
    roughcut_time_range: metetype === "music"
      ? { duration, start: 0 }
      : { duration: -1, start: -1 },
    sub_time_range: { duration: -1, start: -1 },
    type: 0,
    width: media.width,
  });
  return id;
}

/** A segment `clip` object: `base`'s keys with the transform of `c` (defaults: identity). */
export function clipOf(base: Json, c: ClipInput): Json {
  const clip = structuredClone(base ?? {}) as Json;
  clip.alpha = c.alpha ?? 1.0;
  clip.flip = { horizontal: false, vertical: false };
  clip.rotation = c.rotation ?? 0.0;
  clip.scale = { x: c.scaleX ?? 1.0, y: c.scaleY ?? c.scaleX ?? 1.0 };
  clip.transform = { x: c.transformX ?? 0.0, y: c.transformY ?? 0.0 };
  return clip;
}

/** A fresh segment from an editor prototype, pointing at `materialId`, with its own id. */
export function newSegment(
  doc: DraftDocument,
  protoName: "segment_video" | "segment_audio" | "segment_text" | "segment_effect",
  materialId: string,
  target: TimeRange,
  source: TimeRange | null,
  refs: string[],
): Segment {
  const s = prototype(doc.profile, protoName) as Segment;
  s.id = newId();
  s.material_id = materialId;
  s.target_timerange = { duration: target.duration, start: target.start };
  s.source_timerange = source ? { duration: source.duration, start: source.start } : null;
  s.extra_material_refs = refs;
  s.common_keyframes = [];
  return s;
}

/** Input of a photo or video segment. */
export interface VisualSegmentInput {
  media: MediaFacts;
  target: TimeRange;
  /** Start inside the media (video only). */
  sourceStart?: number;
  speed?: number;
  volume?: number;
  clip?: ClipInput;
}

/** Builds a photo/video material + its companions + segment (not yet on a track). */
export function buildVisualSegment(doc: DraftDocument, input: VisualSegmentInput): Segment {
  const facts = EDITION_FACTS[doc.edition];
  const isPhoto = input.media.kind === "image";
  const speed = input.speed ?? 1.0;
  const material = prototype(doc.profile, isPhoto ? "videos_photo" : "videos_video");
  material.id = newId();
  material.type = isPhoto ? "photo" : "video";
  material.path = editorPath(input.media.path);
  material.material_name = input.media.fileName;
  material.duration = isPhoto ? PHOTO_DURATION : input.media.durationUs;
  material.width = input.media.width;
  material.height = input.media.height;
  material.has_audio = !isPhoto && input.media.hasAudio;
  material.check_flag = isPhoto ? facts.checkFlags.photo : facts.checkFlags.video;
  material.local_material_id = registerLocalMedia(doc, input.media);
  material.category_name = "local";
  doc.addMaterial("videos", material);
  const { refs } = addCompanions(doc, "visual", speed);
  const source = {
    start: isPhoto ? 0 : input.sourceStart ?? 0,
    duration: Math.round(input.target.duration * speed),
  };
  const seg = newSegment(doc, "segment_video", material.id as string, input.target, source, refs);
  seg.speed = speed;
  seg.volume = input.volume ?? 1.0;
  seg.clip = clipOf(seg.clip as Json, input.clip ?? {});
  const sx = (seg.clip as { scale: { x: number; y: number } }).scale;
  seg.uniform_scale = { on: sx.x === sx.y, value: sx.x };
  return seg;
}

/** Input of an audio segment. */
export interface AudioSegmentInput {
  media: MediaFacts;
  target: TimeRange;
  sourceStart?: number;
  speed?: number;
  volume?: number;
}

/** Builds an audio material + companions + segment (not yet on a track). */
export function buildAudioSegment(doc: DraftDocument, input: AudioSegmentInput): Segment {
  const facts = EDITION_FACTS[doc.edition];
  const speed = input.speed ?? 1.0;
  const material = prototype(doc.profile, "audios");
  material.id = newId();
  material.type = "extract_music";
  material.name = input.media.fileName;
  material.path = editorPath(input.media.path);
  material.duration = input.media.durationUs;
  material.check_flag = facts.checkFlags.audio;
  material.music_id = newLocalId();
  material.local_material_id = registerLocalMedia(doc, input.media);
  material.category_name = "local";
  doc.addMaterial("audios", material);
  const { refs } = addCompanions(doc, "audio", speed);
  const source = {
    start: input.sourceStart ?? 0,
    duration: Math.round(input.target.duration * speed),
  };
  const seg = newSegment(doc, "segment_audio", material.id as string, input.target, source, refs);
  seg.speed = speed;
  seg.volume = input.volume ?? 1.0;
  seg.clip = null;
  seg.uniform_scale = null;
  seg.hdr_settings = null;
  return seg;
}

/** Input of a text segment: the material fields are computed by the text-content module. */
export interface TextSegmentInput {
  target: TimeRange;
  /** Material-level fields (content, font_size, colours …) merged into the prototype. */
  materialFields: Json;
  clip?: ClipInput;
  /** "text" or "subtitle" (captions). */
  materialType?: "text" | "subtitle";
}

/** Builds a text material + animation container + segment (not yet on a track). */
export function buildTextSegment(doc: DraftDocument, input: TextSegmentInput): Segment {
  const material = prototype(doc.profile, "texts");
  Object.assign(material, input.materialFields);
  material.id = newId();
  material.type = input.materialType ?? "subtitle";
  doc.addMaterial("texts", material);
  const { refs } = addCompanions(doc, "text", 1.0);
  const seg = newSegment(doc, "segment_text", material.id as string, input.target, null, refs);
  seg.clip = clipOf(seg.clip as Json, input.clip ?? {});
  return seg;
}

/** Does a segment fit on a track without overlapping its segments? */
export function fitsOn(track: Track, range: TimeRange): boolean {
  return !track.segments.some((s) => overlaps(s.target_timerange, range));
}

/**
 * Would the main video track stay valid (contiguous from 0, as the editor's magnet keeps it)
 * with this range added?
 */
export function keepsMainTrackContiguous(track: Track, range: TimeRange): boolean {
  const ranges = [...track.segments.map((s) => s.target_timerange), range]
    .sort((a, b) => a.start - b.start);
  let t = 0;
  for (const r of ranges) {
    if (r.start !== t) return false;
    t = r.start + r.duration;
  }
  return true;
}

/**
 * Places a segment on the first track of `type` where it overlaps nothing (for the main video
 * track: where it also keeps the track contiguous from 0), else on a new track above.
 */
export function placeSegment(doc: DraftDocument, type: string, segment: Segment): Track {
  const range = segment.target_timerange;
  const tracks = doc.tracksOf(type);
  for (const [i, track] of tracks.entries()) {
    if (!fitsOn(track, range)) continue;
    if (type === "video" && i === 0 && !keepsMainTrackContiguous(track, range)) continue;
    track.segments.push(segment);
    return track;
  }
  const track = doc.addTrack(type);
  if (type === "video" && doc.tracksOf("video")[0] === track && range.start !== 0) {
    // A main track must start at 0; an empty main track stays as the bottom layer.
    const overlay = doc.addTrack(type);
    overlay.segments.push(segment);
    return overlay;
  }
  track.segments.push(segment);
  return track;
}

/** Removes a segment and its companion materials (not shared ones). */
export function segmentMaterialIds(segment: Segment): string[] {
  return [segment.material_id, ...segment.extra_material_refs];
}
