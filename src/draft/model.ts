/**
 * Types of the draft documents as draftcli reads and writes them: the timeline
 * (`draft_content.json`: tracks, segments, materials) and the meta (`draft_meta_info.json`).
 * Names and sections follow the format reference (draft-format.md) and editor-saved drafts.
 *
 * Compile-time only: a loaded draft stays the parsed JSON and nothing is copied, so every key,
 * modelled or not, stays in its place through a load and save. Every object type is open
 * (`extends Json`): keys it does not name are allowed and read as `unknown`. A draft saved by an
 * editor or another tool is not checked against these types on load: fields are optional where a
 * draft may lack them, and code that reads untrusted drafts (validate's checks, export, preview)
 * still tests what it finds.
 */
import type { Json } from "../editions/profiles.ts";
import type { TimeRange } from "./time.ts";

/** Any JSON object, and the editors' `{start, duration}` µs range, for users of this module. */
export type { Json, TimeRange };

/** A point or offset `{x, y}` (clip transform and scale, keyframe handles). */
export interface XY extends Json {
  x?: number;
  y?: number;
}

/**
 * A segment's visual transform (reference §3.4): `transform` in half-canvas units (y up),
 * `scale` 1.0 = default size, `rotation` degrees clockwise, `alpha` 0..1.
 */
export interface Clip extends Json {
  alpha?: number;
  flip?: { horizontal?: boolean; vertical?: boolean } & Json;
  rotation?: number;
  scale?: XY;
  transform?: XY;
}

/** The uniform-scale lock of a visual segment (`{on, value}`; null on audio). */
export interface UniformScale extends Json {
  on?: boolean;
  value?: number;
}

/** One keyframe of a `common_keyframes` entry (reference §5); `time_offset` from the segment start. */
export interface Keyframe extends Json {
  id?: string;
  time_offset?: number;
  values?: number[];
  /** `Line`, `Hold`, `Smooth`, … */
  curveType?: string;
  graphID?: string;
  left_control?: XY;
  right_control?: XY;
  string_value?: string;
}

/** One property's keyframes on a segment (`common_keyframes[]`). */
export interface KeyframeGroup extends Json {
  id?: string;
  material_id?: string;
  /** `KFTypePositionX`, `KFTypeScaleX`, `KFTypeAlpha`, … */
  property_type?: string;
  keyframe_list?: Keyframe[];
}

/** A segment as stored (reference §3.3). */
export interface Segment extends Json {
  id: string;
  /** Id of the primary material (video, audio, text, sticker, effect, filter). */
  material_id: string;
  target_timerange: TimeRange;
  /** Slice of the source; null for text, sticker, effect and filter segments. */
  source_timerange: TimeRange | null;
  /** Ids of companion materials (speed, animations, effects, transition, fades, mask, …). */
  extra_material_refs: string[];
  render_index?: number;
  track_render_index?: number;
  speed?: number;
  volume?: number;
  reverse?: boolean;
  visible?: boolean;
  /** Null on audio segments. */
  clip?: Clip | null;
  uniform_scale?: UniformScale | null;
  common_keyframes?: KeyframeGroup[];
}

/** Track kinds the editors write (reference §3.1); `adjust` is an editor-only kind. */
export type TrackType = "video" | "audio" | "text" | "sticker" | "effect" | "filter" | "adjust";

/** A track as stored: its `type` is a `TrackType` in the drafts seen, any string in general. */
export interface Track extends Json {
  id: string;
  type: string;
  segments: Segment[];
  name?: string;
  /** Bit flags (1 = muted). */
  attribute?: number;
  flag?: number;
  is_default_name?: boolean;
}

/** What every material carries: an id unique in the draft and, mostly, a `type`. */
export interface Material extends Json {
  id?: string;
  type?: string;
  name?: string;
}

/** A catalog resource (effect, filter, transition, animation, sticker, mask, audio effect). */
export interface CatalogMaterial extends Material {
  resource_id?: string;
  effect_id?: string;
  category_id?: string;
  category_name?: string;
  platform?: string;
  source_platform?: number;
  path?: string;
}

/** A video or photo (`videos`, `type` "video" | "photo"); durations in µs. */
export interface VideoMaterial extends Material {
  path?: string;
  material_name?: string;
  duration?: number;
  width?: number;
  height?: number;
  has_audio?: boolean;
  /** Id of the meta's media-pool entry for the file. */
  local_material_id?: string;
  crop?: Crop;
}

/** A video material's crop: corners as fractions of the frame (no crop: 0, 0, 1, 1). */
export interface Crop extends Json {
  upper_left_x?: number;
  upper_left_y?: number;
  lower_right_x?: number;
  lower_right_y?: number;
}

/** An audio file (`audios`). */
export interface AudioMaterial extends Material {
  path?: string;
  duration?: number;
  local_material_id?: string;
}

/**
 * A text (`texts`): `content` is JSON text `{"text", "styles": [...]}` (see text_content.ts), or
 * markup in CapCut 1.x/2.x drafts. The other fields are the editor's copies of the first style.
 */
export interface TextMaterial extends Material {
  content?: string;
  base_content?: string;
  /** Bit flags of what the text shows: +8 stroke, +16 background, +32 shadow. */
  check_flag?: number;
  font_size?: number;
  font_path?: string;
  font_resource_id?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  bold_width?: number;
  italic_degree?: number;
  /** "#rrggbb". */
  text_color?: string;
  text_alpha?: number;
  border_color?: string;
  border_alpha?: number;
  border_width?: number;
  has_shadow?: boolean;
  shadow_color?: string;
  shadow_alpha?: number;
  shadow_angle?: number;
  shadow_distance?: number;
  shadow_smoothing?: number;
  background_color?: string;
  background_alpha?: number;
  /** 0 left, 1 centre, 2 right. */
  alignment?: number;
  animations?: Animation[];
}

/** A colour of a text style: RGB floats 0..1 and an opacity. */
export interface Solid extends Json {
  alpha?: number;
  color?: number[];
}

/** What a text style paints with (`fill`, a stroke, a shadow): a solid colour as a rule. */
export interface Paint extends Json {
  alpha?: number;
  content?: { render_type?: string; solid?: Solid } & Json;
}

/** One `styles[]` entry of a text's content: `range` `[start, end)` in UTF-16 code units. */
export interface TextStyleEntry extends Json {
  range?: number[];
  /** Editor font size (text-tool default 15). */
  size?: number;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  fill?: Paint;
  /** Font resource id and file path; absent for the editor's default font. */
  font?: { id?: string; path?: string } & Json;
  /** Outlines; width in editor units 0..0.2. */
  strokes?: (Paint & { width?: number })[];
  /** Shadows; angle in degrees, distance 0..100, diffuse 0..1/6. */
  shadows?: (Paint & { angle?: number; distance?: number; diffuse?: number })[];
}

/** A text material's `content` once parsed (when it is JSON, not markup). */
export interface TextContentJson extends Json {
  text?: string;
  styles?: TextStyleEntry[];
}

/** A sticker (`stickers`). */
export interface StickerMaterial extends CatalogMaterial {
  sticker_id?: string;
}

/**
 * A video effect (`video_effects`) or an `effects` entry (filter, text effect, adjustment):
 * `apply_target_type` 0 = on a segment, 2 = on an effect track; `value` the intensity 0..1.
 */
export interface EffectMaterial extends CatalogMaterial {
  apply_target_type?: number;
  value?: number;
  adjust_params?: EffectParam[];
}

/** One adjustable parameter of an effect (`effects_adjust_speed`, …), value 0..1 as a rule. */
export interface EffectParam extends Json {
  name?: string;
  default_value?: number;
  value?: number;
}

/** A transition (`transitions`), referenced from the left of its two segments. */
export interface TransitionMaterial extends CatalogMaterial {
  duration?: number;
  is_overlap?: boolean;
}

/** One animation of a segment: `type` "in" | "out" | "group" | "loop"; µs from the segment start. */
export interface Animation extends CatalogMaterial {
  start?: number;
  duration?: number;
}

/** A segment's animation container (`material_animations`, one per segment). */
export interface AnimationsMaterial extends Material {
  animations?: Animation[];
}

/** A segment's speed (`speeds`); `speed` equals the segment's. */
export interface SpeedMaterial extends Material {
  speed?: number;
  mode?: number;
  curve_speed?: Json | null;
}

/** A segment's background (`canvases`, `type` "canvas_color" | "canvas_blur" | "canvas_image"). */
export interface CanvasMaterial extends Material {
  color?: string;
  blur?: number;
  image?: string;
}

/** Audio fades of a segment (`audio_fades`), µs. */
export interface AudioFadeMaterial extends Material {
  fade_in_duration?: number;
  fade_out_duration?: number;
  fade_type?: number;
}

/** Mask geometry as stored (centre in half clip sizes, sizes in clip fractions, 0..1 amounts). */
export interface MaskConfig extends Json {
  centerX?: number;
  centerY?: number;
  width?: number;
  height?: number;
  aspectRatio?: number;
  rotation?: number;
  feather?: number;
  roundCorner?: number;
  invert?: boolean;
}

/** A mask (`masks` in JianYing, `common_mask` in CapCut). */
export interface MaskMaterial extends CatalogMaterial {
  resource_type?: string;
  config?: MaskConfig;
}

/** A compound clip (`drafts`): a nested timeline document. */
export interface NestedDraftMaterial extends Material {
  draft?: DraftContent | null;
}

/** A text template (`text_templates`): a group of texts. */
export interface TextTemplateMaterial extends Material {
  text_info_resources?: ({ text_material_id?: string } & Json)[];
}

/** The material kind each materials list holds, for the lists draftcli reads or writes. */
export interface MaterialKinds {
  videos: VideoMaterial;
  audios: AudioMaterial;
  texts: TextMaterial;
  stickers: StickerMaterial;
  video_effects: EffectMaterial;
  effects: EffectMaterial;
  transitions: TransitionMaterial;
  material_animations: AnimationsMaterial;
  speeds: SpeedMaterial;
  canvases: CanvasMaterial;
  sound_channel_mappings: Material;
  audio_fades: AudioFadeMaterial;
  audio_effects: CatalogMaterial;
  masks: MaskMaterial;
  common_mask: MaskMaterial;
  drafts: NestedDraftMaterial;
  text_templates: TextTemplateMaterial;
}

/** The material type of list `L` (a plain `Material` for a list not in `MaterialKinds`). */
export type MaterialOf<L extends string> = L extends keyof MaterialKinds ? MaterialKinds[L]
  : Material;

/**
 * `materials`: an object of lists (reference §4). A loaded draft may have lists draftcli does not
 * model, and nothing guarantees a value is a list: code walking every list tests each one.
 */
export type Materials = { [L in keyof MaterialKinds]?: MaterialKinds[L][] } & Json;

/** `canvas_config`: canvas size in pixels and the editor's ratio name ("original", "9:16", …). */
export interface CanvasConfig extends Json {
  width?: number;
  height?: number;
  ratio?: string;
}

/** One timeline marker (`time_marks.mark_items[]`). */
export interface MarkItem extends Json {
  id?: string;
  color?: string;
  title?: string;
  time_range?: Partial<TimeRange> & Json;
}

/** `time_marks`: the timeline markers (null in a draft that never had one). */
export interface TimeMarks extends Json {
  id?: string;
  mark_items?: MarkItem[];
}

/** The timeline document (`draft_content.json` / `draft_info.json`, reference §2). */
export interface DraftContent extends Json {
  id?: string;
  version?: number;
  new_version?: string;
  /** Timeline length, µs. */
  duration?: number;
  fps?: number;
  canvas_config?: CanvasConfig;
  /** Creator app (`app_source`, `app_version`, `os`, …). */
  platform?: Json;
  last_modified_platform?: Json;
  materials?: Materials;
  tracks?: Track[];
  time_marks?: TimeMarks | null;
}

/** One media-pool entry of the meta (`draft_materials[].value[]`). */
export interface MediaPoolEntry extends Json {
  id?: string;
  file_Path?: string;
  /** JSON text; frames CapCut made of a video carry `{"src": "<the video>", …}`. */
  extra_info?: string;
}

/** One media-pool group of the meta (`draft_materials[]`; `type` 0 holds imported media). */
export interface MediaPoolGroup extends Json {
  type?: number;
  value?: MediaPoolEntry[];
}

/** The meta document (`draft_meta_info.json`, reference §6); times in µs. */
export interface DraftMeta extends Json {
  draft_id?: string;
  draft_name?: string;
  tm_draft_create?: number;
  tm_draft_modified?: number;
  tm_duration?: number;
  draft_materials?: MediaPoolGroup[];
}
