/**
 * Builders for segments and their materials, starting from the editor's own object prototypes
 * (src/editions/data) so every key the editor writes is present with the editor's JSON types.
 */
import { EDITION_FACTS, type Json } from "../editions/profiles.ts";
import {
  copier,
  type ProtoName,
  prototype,
  prototypeMaker,
  sharedMembersCopier,
  sharedMembersMaker,
} from "../editions/prototypes.ts";
import type { DraftDocument } from "./document.ts";
import type { Animation, Clip, Segment, Track, TrackType, UniformScale } from "./model.ts";
import { newId, newLocalId } from "./ids.ts";
import { overlaps, type TimeRange } from "./time.ts";
import { DraftcliError } from "../errors.ts";
import {
  builtFrom,
  edited,
  type ItemTemplate,
  itemTemplate,
  memberAt,
  shareMembers,
} from "./item_templates.ts";

/** What the builders need to know about a media file. */
export interface MediaFacts {
  /** Absolute path on this machine. */
  path: string;
  /** How the timeline names the file when not by `path` (the draft-folder placeholder form). */
  materialPath?: string;
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

/** A companion material list of a segment kind and the maker of its fresh objects. */
interface Companion {
  list: string;
  make: () => Json;
  /** Their template, made on first use by a batch that collects what it built. */
  template?: ItemTemplate;
}

/** The companion lists of `kind` that this draft's edition has, with their makers. */
function companionsOf(doc: DraftDocument, kind: keyof typeof COMPANIONS): Companion[] {
  return COMPANIONS[kind].filter((list) => doc.hasList(list)) // the edition's template has it
    .map((list) => ({ list, make: prototypeMaker(doc.profile, list as ProtoName) }));
}

/**
 * Adds one fresh material to each companion list; returns their ids (the segment's refs). The
 * materials go into `built` when given (see `builtFrom`).
 */
function addCompanions(
  doc: DraftDocument,
  companions: Companion[],
  speed: number,
  built?: object[],
): string[] {
  const refs: string[] = [];
  for (let k = 0; k < companions.length; k++) {
    const c = companions[k];
    const m = c.make();
    if (built) {
      c.template ??= itemTemplate(m, c.list === "speeds" ? ["id", "speed"] : ["id"]);
      builtFrom(m, c.template, built);
    }
    const id = m.id = newId();
    if (c.list === "speeds") m.speed = speed;
    doc.addMaterial(c.list, m);
    refs.push(id);
  }
  return refs;
}

/** Puts animations into a segment's container material (replacing those of the same type). */
export function setAnimations(doc: DraftDocument, segment: Segment, anims: AnimationInput[]) {
  let container = segment.extra_material_refs
    .map((id) => doc.materialIn("material_animations", id))
    .find(Boolean);
  if (!container) {
    container = prototype(doc.profile, "material_animations");
    const id = container.id = newId();
    doc.addMaterial("material_animations", container);
    segment.extra_material_refs.push(id);
  }
  edited(container);
  const list = container.animations ??= [];
  for (const a of anims) {
    const at = list.findIndex((x) => x.type === a.type);
    const entry: Animation = {
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
  const groups = doc.meta.draft_materials ??= [];
  let group0 = groups.find((g) => g.type === 0);
  if (!group0) {
    group0 = { type: 0, value: [] };
    groups.unshift(group0);
  }
  const value = group0.value!;
  const path = editorPath(media.path);
  const existing = poolEntry(value, path);
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

/** The media pool's entries by `file_Path`, per pool list (see `poolEntry`). */
const pools = new WeakMap<Json[], { indexed: number; last?: Json; byPath: Map<unknown, Json> }>();

/**
 * The first entry of a media pool list with `path`, in O(1) amortised: the index follows appends
 * and is rebuilt when the list shrank or shifted (its last indexed entry moved) or a hit no longer
 * has the path. (An entry whose path is rewritten in place, as `draft zip` does, is not searched
 * for again: those rewrites happen on a document no file is added to afterwards.)
 */
function poolEntry(value: Json[], path: string): Json | undefined {
  let ix = pools.get(value);
  if (ix && (ix.indexed > value.length || (ix.indexed && value[ix.indexed - 1] !== ix.last))) {
    ix = undefined;
  }
  for (let pass = 0; pass < 2; pass++) {
    if (!ix) pools.set(value, ix = { indexed: 0, byPath: new Map() });
    for (; ix.indexed < value.length; ix.indexed++) {
      const v = value[ix.indexed];
      if (!ix.byPath.has(v?.file_Path)) ix.byPath.set(v?.file_Path, v);
    }
    ix.last = value[ix.indexed - 1];
    const hit = ix.byPath.get(path);
    if (!hit || hit.file_Path === path) return hit;
    ix = undefined;
  }
  return value.find((v) => v?.file_Path === path);
}

/**
 * A segment `clip` object: `base`'s keys with the transform of `c` (defaults: identity). `base`
 * (a fresh prototype's clip, owned by the caller) is filled in place.
 */
export function clipOf(base: Clip | null | undefined, c: ClipInput): Clip {
  const clip: Clip = base ?? {};
  clip.alpha = c.alpha ?? 1.0;
  clip.flip = { horizontal: false, vertical: false };
  clip.rotation = c.rotation ?? 0.0;
  clip.scale = scaleOf(c);
  clip.transform = { x: c.transformX ?? 0.0, y: c.transformY ?? 0.0 };
  return clip;
}

/** The `clip.scale` of a clip input (y follows x unless given). */
function scaleOf(c: ClipInput): { x: number; y: number } {
  return { x: c.scaleX ?? 1.0, y: c.scaleY ?? c.scaleX ?? 1.0 };
}

/** The `uniform_scale` lock for a clip input: on when x and y scale alike. */
export function uniformScaleOf(c: ClipInput): UniformScale {
  const s = scaleOf(c);
  return { on: s.x === s.y, value: s.x };
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
  return fillSegment(prototype(doc.profile, protoName), materialId, target, source, refs);
}

/** Gives a fresh copy of a segment prototype its id, material, times and refs. */
function fillSegment(
  proto: Json,
  materialId: string,
  target: TimeRange,
  source: TimeRange | null,
  refs: string[],
): Segment {
  const s = proto as Segment;
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
  /** Length of the slice of the media played (default target × speed, rounded). */
  sourceDuration?: number;
  speed?: number;
  volume?: number;
  clip?: ClipInput;
}

/** Builds a photo/video material + its companions + segment (not yet on a track). */
export function buildVisualSegment(doc: DraftDocument, input: VisualSegmentInput): Segment {
  return visualSegmentBuilder(doc)(input);
}

/** Members of a text material set per item (see `reuse`). */
const TEXT_HOLES = ["content", "id"] as const;
/**
 * Members of a segment set per item (see `reuse`), and the render indexes the save numbers
 * (DraftDocument.normalise).
 */
const SEGMENT_HOLES = [
  "id",
  "material_id",
  "target_timerange.duration",
  "target_timerange.start",
  "extra_material_refs",
  "render_index",
  "track_render_index",
] as const;
/** Members of a photo/video material set per item (see item_templates.ts). */
const VISUAL_MATERIAL_HOLES = [
  "id",
  "path",
  "material_name",
  "duration",
  "width",
  "height",
  "has_audio",
  "local_material_id",
] as const;
/** Members of a photo/video segment that follow its item's clip, speed and volume. */
const LOOK_HOLES = [
  "speed",
  "volume",
  "clip.alpha",
  "clip.rotation",
  "clip.scale.x",
  "clip.scale.y",
  "clip.transform.x",
  "clip.transform.y",
  "uniform_scale.on",
  "uniform_scale.value",
] as const;
/**
 * Members of a photo/video segment set per item (see item_templates.ts) when its look is that of
 * the batch's first segment (`LOOK_HOLES` then are written as the template holds them).
 */
const SAME_LOOK_SEGMENT_HOLES = [
  ...SEGMENT_HOLES,
  "source_timerange.duration",
  "source_timerange.start",
] as const;
/** Members of a photo/video segment set per item: a segment's holes too. */
const VISUAL_SEGMENT_HOLES = [...SAME_LOOK_SEGMENT_HOLES, ...LOOK_HOLES] as const;

/**
 * Media files of a call whose materials get a template of their own (`visualSegmentBuilder`):
 * each costs one compile at the save, so a batch of many files, each used a few times, compiles
 * no more than these.
 */
const SAME_MEDIA_TEMPLATES = 8;

/** `LOOK_HOLES` as key paths. */
const LOOK_PATHS = LOOK_HOLES.map((hole) => hole.split("."));

/** A photo/video segment's values at `LOOK_HOLES`, in that order. */
function lookOf(seg: Segment): unknown[] {
  const look: unknown[] = new Array(LOOK_PATHS.length);
  for (let i = 0; i < LOOK_PATHS.length; i++) look[i] = memberAt(seg, LOOK_PATHS[i]);
  return look;
}

/** A clip input that gives nothing. */
const NO_CLIP: ClipInput = {};

/**
 * Do two photo/video inputs give the same values of what makes a segment's look (`LOOK_HOLES`:
 * its speed, volume and clip)? A segment built from either then has the other's look.
 */
function sameLookInputs(a: VisualSegmentInput, b: VisualSegmentInput): boolean {
  return a.speed === b.speed && a.volume === b.volume &&
    sameClip(a.clip ?? NO_CLIP, b.clip ?? NO_CLIP);
}

/** Do two clip inputs give the same values? */
function sameClip(a: ClipInput, b: ClipInput): boolean {
  return a.transformX === b.transformX && a.transformY === b.transformY &&
    a.scaleX === b.scaleX && a.scaleY === b.scaleY && a.rotation === b.rotation &&
    a.alpha === b.alpha;
}

/** Has a photo/video segment the values of `look` (`lookOf`)? */
function hasLook(seg: Segment, look: unknown[]): boolean {
  for (let i = 0; i < LOOK_PATHS.length; i++) {
    if (memberAt(seg, LOOK_PATHS[i]) !== look[i]) return false;
  }
  return true;
}

/**
 * Builds the photo/video segments of one call, each as `buildVisualSegment` would: the makers of
 * the material, its companions and the segment are looked up once for the batch. Each segment
 * and its photo/video material go into `built` when given, remembered with one template per kind
 * for the call (see item_templates.ts `vouchAsBuilt`).
 */
export function visualSegmentBuilder(
  doc: DraftDocument,
  built?: object[],
): (input: VisualSegmentInput) => Segment {
  const facts = EDITION_FACTS[doc.edition];
  // A batch that vouches for its items changes nothing below their top level but a segment's
  // clip (`clipOf`): their other object members are shared (one copy of each for the call).
  const maker = (name: "videos_photo" | "videos_video" | "segment_video", own: string[] = []) =>
    built
      ? sharedMembersMaker(doc.profile, name, own, shareMembers)
      : prototypeMaker(doc.profile, name);
  let photo: (() => Json) | undefined;
  let video: (() => Json) | undefined;
  const segment = maker("segment_video", ["clip"]);
  const companions = companionsOf(doc, "visual");
  const templates: { photo?: ItemTemplate; video?: ItemTemplate; segment?: ItemTemplate } = {};
  // Materials of one media file differ only in their ids: from the second item of a file on
  // (most batches use one file throughout), they are written from a template of its material
  // with that one hole (`sameMedia`: the file's, or undefined while only its first item is built).
  const sameMedia = new Map<MediaFacts, ItemTemplate | undefined>();
  const materialTemplate = (material: Json, media: MediaFacts, kind: "photo" | "video") => {
    const own = sameMedia.get(media);
    if (own) return own;
    if (sameMedia.has(media)) {
      const template = itemTemplate(material, ["id"]);
      sameMedia.set(media, template);
      return template;
    }
    if (sameMedia.size < SAME_MEDIA_TEMPLATES) sameMedia.set(media, undefined);
    return templates[kind] ??= itemTemplate(material, VISUAL_MATERIAL_HOLES);
  };
  // The media pool's id of the file of the item before (a batch mostly uses one file throughout).
  let pooled: { media: MediaFacts; id: string } | undefined;
  // Most batches give every item the same clip, speed and volume (often none): their segments are
  // written from a template of the first one's, with 10 holes fewer.
  let firstLook:
    | { look: unknown[]; input: VisualSegmentInput; template: ItemTemplate }
    | undefined;
  const segmentTemplate = (seg: Segment, input: VisualSegmentInput): ItemTemplate => {
    firstLook ??= {
      look: lookOf(seg),
      input,
      template: itemTemplate(seg, SAME_LOOK_SEGMENT_HOLES),
    };
    // the same look inputs make the same look; other inputs may still (1 and undefined, …)
    return sameLookInputs(input, firstLook.input) || hasLook(seg, firstLook.look)
      ? firstLook.template
      : templates.segment ??= itemTemplate(seg, VISUAL_SEGMENT_HOLES);
  };
  return (input) => {
    const isPhoto = input.media.kind === "image";
    const speed = input.speed ?? 1.0;
    const material = isPhoto
      ? (photo ??= maker("videos_photo"))()
      : (video ??= maker("videos_video"))();
    material.id = newId();
    material.type = isPhoto ? "photo" : "video";
    material.path = input.media.materialPath ?? editorPath(input.media.path);
    material.material_name = input.media.fileName;
    material.duration = isPhoto ? PHOTO_DURATION : input.media.durationUs;
    material.width = input.media.width;
    material.height = input.media.height;
    material.has_audio = !isPhoto && input.media.hasAudio;
    material.check_flag = isPhoto ? facts.checkFlags.photo : facts.checkFlags.video;
    if (pooled?.media !== input.media) {
      pooled = { media: input.media, id: registerLocalMedia(doc, input.media) };
    }
    material.local_material_id = pooled.id;
    material.category_name = "local";
    const materialId = doc.addMaterial("videos", material);
    // Its companions are small: written as any value, they cost less than vouching for them.
    const refs = addCompanions(doc, companions, speed);
    const source = {
      start: isPhoto ? 0 : input.sourceStart ?? 0,
      duration: input.sourceDuration ?? Math.round(input.target.duration * speed),
    };
    const seg = fillSegment(segment(), materialId, input.target, source, refs);
    seg.speed = speed;
    seg.volume = input.volume ?? 1.0;
    seg.clip = clipOf(seg.clip, input.clip ?? {});
    seg.uniform_scale = uniformScaleOf(input.clip ?? {});
    if (built) {
      const kind = isPhoto ? "photo" : "video";
      builtFrom(material, materialTemplate(material, input.media, kind), built);
      builtFrom(seg, segmentTemplate(seg, input), built);
    }
    return seg;
  };
}

/** Input of an audio segment. */
export interface AudioSegmentInput {
  media: MediaFacts;
  target: TimeRange;
  sourceStart?: number;
  /** Length of the slice of the media played (default target × speed, rounded). */
  sourceDuration?: number;
  speed?: number;
  volume?: number;
  /** `materials.audios[].type` (default extract_music: audio taken from a file). */
  audioType?: string;
}

/** Builds an audio material + companions + segment (not yet on a track). */
export function buildAudioSegment(doc: DraftDocument, input: AudioSegmentInput): Segment {
  const facts = EDITION_FACTS[doc.edition];
  const speed = input.speed ?? 1.0;
  const material = prototype(doc.profile, "audios");
  material.id = newId();
  material.type = input.audioType ?? "extract_music";
  material.name = input.media.fileName;
  material.path = input.media.materialPath ?? editorPath(input.media.path);
  material.duration = input.media.durationUs;
  material.check_flag = facts.checkFlags.audio;
  material.music_id = newLocalId();
  material.local_material_id = registerLocalMedia(doc, input.media);
  material.category_name = "local";
  const materialId = doc.addMaterial("audios", material);
  const refs = addCompanions(doc, companionsOf(doc, "audio"), speed);
  const source = {
    start: input.sourceStart ?? 0,
    duration: input.sourceDuration ?? Math.round(input.target.duration * speed),
  };
  const seg = newSegment(doc, "segment_audio", materialId, input.target, source, refs);
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
  /**
   * Material-level fields (font_size, colours …) merged into the prototype. A batch passes the
   * same object for every item that shares them (see `textSegmentBuilder`).
   */
  materialFields: Json;
  /** The material's `content` (the text and its styles), when not among `materialFields`. */
  content?: string;
  clip?: ClipInput;
  /** "text" or "subtitle" (captions). */
  materialType?: "text" | "subtitle";
}

/** Builds a text material + animation container + segment (not yet on a track). */
export function buildTextSegment(doc: DraftDocument, input: TextSegmentInput): Segment {
  return textSegmentBuilder(doc)(input);
}

/**
 * Builds the text segments of one call, each as `buildTextSegment` would. The material (the
 * prototype with the item's fields set) and the segment (with its clip) that several items
 * share (the same fields object, the same clip) are compiled once (`copier`) and copied per item,
 * which then gets only its ids, content and times. Every object built (segments and materials)
 * goes into `built` when given (see item_templates.ts `vouchAsBuilt`).
 */
export function textSegmentBuilder(
  doc: DraftDocument,
  built?: object[],
): (input: TextSegmentInput) => Segment {
  const materials = new Map<Json, Map<string, Reuse>>();
  const segments = new Map<string, Reuse>();
  let lastClip: ClipInput | undefined;
  let clipKey = "";
  const companions = companionsOf(doc, "text");
  return (input) => {
    const type = input.materialType ?? "subtitle";
    let byType = materials.get(input.materialFields);
    if (!byType) materials.set(input.materialFields, byType = new Map());
    const material = reuse(byType, type, TEXT_HOLES, built, () => {
      const m = prototype(doc.profile, "texts");
      Object.assign(m, input.materialFields);
      if (input.content !== undefined) m.content = "";
      m.id = "";
      m.type = type;
      return m;
    }, true); // a text material is changed only in its holes, or replaced
    if (input.content !== undefined) material.content = input.content;
    material.id = newId();
    doc.addMaterial("texts", material);
    const refs = addCompanions(doc, companions, 1, built);
    const clip = input.clip ?? NO_CLIP;
    // the item before's key when the clip gives the same values (most batches)
    if (!lastClip || !sameClip(clip, lastClip)) {
      clipKey = [
        clip.transformX,
        clip.transformY,
        clip.scaleX,
        clip.scaleY,
        clip.rotation,
        clip.alpha,
      ].join("|");
    }
    lastClip = clip;
    const seg = reuse(segments, clipKey, SEGMENT_HOLES, built, () => {
      const s = newSegment(doc, "segment_text", "", { start: 0, duration: 0 }, null, []);
      s.clip = clipOf(s.clip as Json, clip);
      return s as unknown as Json;
    }) as unknown as Segment;
    seg.id = newId();
    seg.material_id = material.id as string;
    seg.target_timerange = { duration: input.target.duration, start: input.target.start };
    seg.extra_material_refs = refs;
    return seg;
  };
}

/**
 * An object built for a key: its template (the first build, before the caller filled it in) and,
 * from a second use on, the compiled copier of that build.
 */
type Reuse = { template: ItemTemplate; copy?: () => Json };

/**
 * A fresh object for `key`: built by `build` on the first use (nothing compiled for an object
 * used once), copied from a compiled copy of that build afterwards. With `built`, it is
 * remembered as built from the build's template, whose `holes` the caller fills in per object,
 * and added to `built`. The build must depend on nothing but the key. With `share` (and
 * `built`), the copies share their object members (see editions `sharedMembersMaker`).
 */
function reuse<K>(
  cache: Map<K, Reuse>,
  key: K,
  holes: readonly string[],
  built: object[] | undefined,
  build: () => Json,
  share = false,
): Json {
  const seen = cache.get(key);
  if (!seen) {
    const made = build();
    // its text now, before the caller fills the object in
    const template = itemTemplate(made, holes);
    cache.set(key, { template });
    return builtFrom(made, template, built);
  }
  seen.copy ??= share && built
    ? sharedMembersCopier(JSON.parse(seen.template.text), shareMembers)
    : copier(JSON.parse(seen.template.text));
  return builtFrom(seen.copy(), seen.template, built);
}

/**
 * What placement needs to know about a track, cached per track while its segment list is
 * unchanged by others (same array, same length): whether it is sorted by start and free of
 * overlaps ("clean"), and its gaps (only computed when asked, for the main track). Placing many
 * segments is then O(log n) per segment instead of O(n).
 */
interface TrackIndex {
  segs: Segment[];
  length: number;
  clean: boolean;
  /** Gaps from 0 to the last end, in order (clean tracks only); undefined until asked. */
  gaps?: TimeRange[];
}

const trackIndexes = new WeakMap<Track, TrackIndex>();

function endOf(r: TimeRange): number {
  return r.start + r.duration;
}

/** Sorts a track by start when it is not (the file keeps that order anyway, see normalise). */
function indexOf(track: Track): TrackIndex {
  const cached = trackIndexes.get(track);
  const segs = track.segments;
  if (cached && cached.segs === segs && cached.length === segs.length) return cached;
  for (let i = 1; i < segs.length; i++) {
    if (segs[i].target_timerange.start < segs[i - 1].target_timerange.start) {
      segs.sort((a, b) => a.target_timerange.start - b.target_timerange.start);
      break;
    }
  }
  let clean = true;
  for (let i = 1; i < segs.length && clean; i++) {
    clean = endOf(segs[i - 1].target_timerange) <= segs[i].target_timerange.start;
  }
  const fresh: TrackIndex = { segs, length: segs.length, clean };
  trackIndexes.set(track, fresh);
  return fresh;
}

function gapsOf(ix: TrackIndex): TimeRange[] {
  if (!ix.gaps) {
    const gaps: TimeRange[] = [];
    let t = 0;
    for (const s of ix.segs) {
      const r = s.target_timerange;
      if (r.start > t) gaps.push({ start: t, duration: r.start - t });
      t = endOf(r);
    }
    ix.gaps = gaps;
  }
  return ix.gaps;
}

/** First index whose segment starts at or after `start` (`after`: strictly after). */
function searchStart(segs: Segment[], start: number, after = false): number {
  let lo = 0;
  let hi = segs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const s = segs[mid].target_timerange.start;
    if (s < start || (after && s === start)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Does a segment fit on a track without overlapping its segments? */
export function fitsOn(track: Track, range: TimeRange): boolean {
  const ix = indexOf(track);
  if (!ix.clean) return !track.segments.some((s) => overlaps(s.target_timerange, range));
  const segs = ix.segs;
  // after the last one (a batch's next item, mostly): on a clean track no segment ends later
  if (!segs.length || range.start >= endOf(segs[segs.length - 1].target_timerange)) return true;
  const i = searchStart(segs, range.start);
  if (i > 0 && overlaps(segs[i - 1].target_timerange, range)) return false;
  // Those starting inside the range (usually none or one; more only with empty segments).
  const end = endOf(range);
  for (let j = i; j < segs.length && segs[j].target_timerange.start < end; j++) {
    if (overlaps(segs[j].target_timerange, range)) return false;
  }
  return true;
}

/**
 * Would the main video track stay valid (contiguous from 0, as the editor's magnet keeps it)
 * with this range added?
 */
export function keepsMainTrackContiguous(track: Track, range: TimeRange): boolean {
  const ix = indexOf(track);
  if (ix.clean) {
    const gaps = gapsOf(ix);
    if (gaps.length === 0) {
      const end = ix.segs.length ? endOf(ix.segs[ix.segs.length - 1].target_timerange) : 0;
      return range.start === end;
    }
    if (gaps.length > 1) return false;
    return range.start === gaps[0].start && range.duration === gaps[0].duration;
  }
  // Overlapping segments: check the sorted list with the range merged in, as it is.
  const at = searchStart(ix.segs, range.start, true); // after equal starts, like a stable sort
  let t = 0;
  for (let i = 0; i <= ix.segs.length; i++) {
    if (i === at) {
      if (range.start !== t) return false;
      t = endOf(range);
    }
    if (i === ix.segs.length) break;
    const r = ix.segs[i].target_timerange;
    if (r.start !== t) return false;
    t = endOf(r);
  }
  return true;
}

/** The `index`-th track of `type` (0-based), adding tracks of that kind up to it. */
export function nthTrack(doc: DraftDocument, type: TrackType, index: number): Track {
  let tracks = doc.tracksOf(type);
  while (tracks.length <= index) {
    doc.addTrack(type);
    tracks = doc.tracksOf(type);
  }
  return tracks[index];
}

/**
 * Adds empty tracks of these kinds after every existing track, in this order (a spec's track
 * layout: the editors keep tracks in any order, e.g. an overlay video track above text).
 */
export function appendTracks(doc: DraftDocument, types: readonly string[]): void {
  for (const type of types) {
    const track = doc.addTrack(type);
    const all = doc.tracks;
    all.splice(all.indexOf(track), 1);
    all.push(track);
  }
}

/** Puts a segment that fits (see fitsOn) into a track at its place in start order. */
function insertByStart(track: Track, segment: Segment): void {
  const ix = indexOf(track);
  const segs = ix.segs;
  const r = segment.target_timerange;
  const last = segs.length ? segs[segs.length - 1].target_timerange : undefined;
  let at = segs.length;
  if (!last || last.start <= r.start) {
    segs.push(segment);
    if (ix.gaps) {
      const end = last ? endOf(last) : 0;
      if (r.start > end) ix.gaps.push({ start: end, duration: r.start - end });
    }
  } else {
    at = searchStart(segs, r.start, true);
    segs.splice(at, 0, segment);
    ix.gaps = undefined; // recomputed when next asked
  }
  ix.length = segs.length; // still sorted by start
  // Still clean unless an empty segment now sits inside a neighbour's span.
  const prev = segs[at - 1]?.target_timerange;
  const next = segs[at + 1]?.target_timerange;
  if ((prev && endOf(prev) > r.start) || (next && endOf(r) > next.start)) ix.clean = false;
}

/**
 * Places a segment on the first track of `type` where it overlaps nothing (for the main video
 * track: where it also keeps the track contiguous from 0), else on a new track above. Segments
 * are kept in start order, so each placement costs O(log n) to find room (O(n) to insert). A
 * track whose segments nothing has read (left out of the load's parse) takes a segment that
 * starts where they end or later without reading them (`DraftDocument.appendSegment`): the
 * segment then overlaps none of them and goes after them, as it would in the read list.
 */
export function placeSegment(
  doc: DraftDocument,
  type: TrackType,
  segment: Segment,
  trackIndex?: number,
  field = "trackIndex",
): Track {
  const range = segment.target_timerange;
  if (trackIndex !== undefined) {
    const track = nthTrack(doc, type, trackIndex);
    if (doc.appendSegment(track, segment)) return track;
    if (!fitsOn(track, range)) {
      throw new DraftcliError(
        "invalid_input",
        `${field}: the item overlaps another on ${type} track ${trackIndex}`,
        { path: field, hint: "give it another trackIndex, or leave trackIndex out" },
      );
    }
    insertByStart(track, segment);
    return track;
  }
  // the tracks of `type` in order (`tracksOf` without making its list for each segment)
  const tracks = doc.tracks;
  for (let j = 0, i = -1; j < tracks.length; j++) {
    const track = tracks[j];
    if (track.type !== type) continue;
    i++;
    const unread = doc.unreadEnd(track);
    if (unread && range.start >= unread.last) {
      // a main track stays contiguous only if it was and the segment starts where it ends
      const main = type === "video" && i === 0;
      if (main && !(unread.contiguous && range.start === unread.last)) continue;
      if (doc.appendSegment(track, segment)) return track;
    }
    if (!fitsOn(track, range)) continue;
    if (type === "video" && i === 0 && !keepsMainTrackContiguous(track, range)) continue;
    insertByStart(track, segment);
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
