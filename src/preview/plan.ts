/**
 * What a preview shows, read from a draft's timeline JSON alone (pure: no file system): visual
 * segments in stacking order with their timing, source trim, speed, transform and keyframes;
 * captions with their styles and keyword colours; audio with volume and fades; transitions as
 * crossfades; and the list of what a proxy render can only approximate or skips.
 */
import type {
  CanvasConfig,
  Clip,
  DraftContent,
  Json,
  Material,
  Segment,
  TextContentJson,
  TextMaterial,
  TextStyleEntry,
  TimeRange,
} from "../draft/model.ts";
import { textRuns } from "../draft/text_runs.ts";
import { DRAFT_PATH_PLACEHOLDER as PLACEHOLDER } from "../draft/media_path.ts";

/** A time-dependent value: `[µs from the segment start, value]` points, linear in between. */
export type Curve = readonly (readonly [number, number])[];

/** One photo or video segment. */
export interface VisualItem {
  segmentId: string;
  kind: "image" | "video";
  /** Media path as the draft holds it (placeholder form resolved against the draft folder). */
  file: string;
  label: string;
  /** Timeline start and duration, µs. */
  start: number;
  duration: number;
  /** Where in the media it starts, µs, and its playback speed. */
  sourceStart: number;
  speed: number;
  /** Media size in pixels (0 when unknown). */
  mediaWidth: number;
  mediaHeight: number;
  /** Normalised centre offset (x right, y up; ±1 = canvas edge), scale factors, degrees. */
  x: number;
  y: number;
  scale: number;
  rotation: number;
  alpha: number;
  /** Keyframed properties (overrides the static value while present). */
  curves: Partial<Record<"x" | "y" | "scale" | "rotation" | "alpha", Curve>>;
  /** Crossfade in from the previous segment of the same track, µs (0: none). */
  fadeIn: number;
  /** How long it stays visible after its end, under the next segment's crossfade, µs. */
  tail: number;
  /** Stacking order: higher draws on top. */
  layer: number;
}

/** One caption (text segment). */
export interface CaptionItem {
  segmentId: string;
  text: string;
  start: number;
  duration: number;
  x: number;
  y: number;
  /** Editor font size (points in the editor's units). */
  size: number;
  color: string;
  bold: boolean;
  italic: boolean;
  /** 0 left, 1 centre, 2 right. */
  alignment: number;
  borderColor?: string;
  borderWidth: number;
  background?: { color: string; alpha: number };
  /** Coloured runs in UTF-16 offsets of `text` (keyword highlights). */
  runs: { start: number; end: number; color: string; bold: boolean; italic: boolean }[];
  layer: number;
}

/** One audio segment (or the sound of a video segment). */
export interface AudioItem {
  segmentId: string;
  file: string;
  label: string;
  start: number;
  duration: number;
  sourceStart: number;
  speed: number;
  volume: number;
  fadeIn: number;
  fadeOut: number;
  /** Volume keyframes (linear gain). */
  volumeCurve?: Curve;
}

/** A row of the timeline picture. */
export interface TrackRow {
  id: string;
  type: string;
  segments: { id: string; start: number; end: number; label: string }[];
}

/** Everything a render needs. */
export interface RenderPlan {
  width: number;
  height: number;
  fps: number;
  /** µs. */
  duration: number;
  visuals: VisualItem[];
  captions: CaptionItem[];
  audios: AudioItem[];
  tracks: TrackRow[];
  /** What the proxy shows only approximately, or leaves out, one line each. */
  approximated: string[];
}

/** A material path as a file path: the placeholder form is the draft folder. */
export function materialFile(path: string, draftDir: string): string {
  if (!PLACEHOLDER.test(path)) return path;
  return draftDir.replace(/[\\/]+$/, "") + "/" +
    path.replace(PLACEHOLDER, "").replace(/^[\\/]+/, "");
}

function num(v: unknown, fallback = 0): number {
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
}

/** `obj[k0][k1]…`, or undefined where a step is not an object. */
function dig(obj: unknown, ...keys: string[]): unknown {
  let v = obj;
  for (const k of keys) {
    if (!v || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function hex(rgb: unknown, fallback: string): string {
  if (!Array.isArray(rgb) || rgb.length < 3) return fallback;
  return "#" +
    rgb.slice(0, 3).map((c) =>
      Math.round(Math.min(1, Math.max(0, num(c))) * 255).toString(16).padStart(2, "0")
    ).join("");
}

function curveOf(segment: Segment, type: string): Curve | undefined {
  const list = Array.isArray(segment.common_keyframes) ? segment.common_keyframes : [];
  const entry = list.find((e) => e.property_type === type);
  const points = (entry?.keyframe_list ?? [])
    .map((k) => [num(k.time_offset), num(k.values?.[0])] as const)
    .sort((a, b) => a[0] - b[0]);
  return points.length > 0 ? points : undefined;
}

/** The value of a curve at `t` µs from the segment start (held flat outside its points). */
export function valueAt(curve: Curve, t: number): number {
  if (t <= curve[0][0]) return curve[0][1];
  for (let i = 1; i < curve.length; i++) {
    const [t1, v1] = curve[i];
    if (t <= t1) {
      const [t0, v0] = curve[i - 1];
      return t1 === t0 ? v1 : v0 + (v1 - v0) * (t - t0) / (t1 - t0);
    }
  }
  return curve[curve.length - 1][1];
}

const LAYER_BASE: Record<string, number> = { video: 0, sticker: 14000, text: 15000 };

/**
 * Builds the render plan of a draft's timeline (`timeline`, any parsed timeline JSON: every part
 * is tested before use) whose folder is `draftDir`.
 */
export function planPreview(timeline: Json, draftDir: string): RenderPlan {
  const content: DraftContent = timeline;
  const canvas: CanvasConfig = content.canvas_config ?? {};
  const materials = content.materials ?? {};
  const byId = new Map<string, { list: string; m: Material }>();
  for (const [list, items] of Object.entries(materials)) {
    if (!Array.isArray(items)) continue;
    for (const m of items) if (m && typeof m.id === "string") byId.set(m.id, { list, m });
  }
  const plan: RenderPlan = {
    // An empty editor draft may have a 0 × 0 canvas: render it at the default size.
    width: num(canvas.width) > 0 ? num(canvas.width) : 1920,
    height: num(canvas.height) > 0 ? num(canvas.height) : 1080,
    fps: num(content.fps, 30),
    duration: num(content.duration),
    visuals: [],
    captions: [],
    audios: [],
    tracks: [],
    approximated: [],
  };
  const skipped = new Map<string, number>();
  const note = (what: string) => skipped.set(what, (skipped.get(what) ?? 0) + 1);
  const tracks = Array.isArray(content.tracks) ? content.tracks : [];
  tracks.forEach((track, trackIndex) => {
    const type = String(track.type);
    const segments = Array.isArray(track.segments) ? track.segments : [];
    const row: TrackRow = { id: String(track.id), type, segments: [] };
    plan.tracks.push(row);
    let previousTransition = 0;
    segments.forEach((seg) => {
      const range: Partial<TimeRange> = seg.target_timerange ?? {};
      const start = num(range.start);
      const duration = num(range.duration);
      const source: Partial<TimeRange> = seg.source_timerange ?? {};
      const mat = byId.get(String(seg.material_id));
      const refs = (Array.isArray(seg.extra_material_refs) ? seg.extra_material_refs : [])
        .map((id) => byId.get(String(id))).filter((r) => r !== undefined);
      const clip: Clip = seg.clip ?? {};
      const transform = clip.transform ?? {};
      const scale = clip.scale ?? {};
      const layer = (LAYER_BASE[type] ?? 1000) + trackIndex;
      let label = type;
      // The sound of this segment (a video's own, or an audio's with its fades).
      const sound = (file: string, label: string, fade?: Material) => ({
        segmentId: String(seg.id),
        file,
        label,
        start,
        duration,
        sourceStart: num(source.start),
        speed: num(seg.speed, 1) || 1,
        volume: num(seg.volume, 1),
        fadeIn: num(fade?.fade_in_duration),
        fadeOut: num(fade?.fade_out_duration),
        volumeCurve: curveOf(seg, "KFTypeVolume"),
      });
      if (type === "video" && mat?.list === "videos") {
        const m = mat.m;
        const kind = m.type === "photo" ? "image" : "video";
        const file = materialFile(String(m.path ?? ""), draftDir);
        label = String(m.material_name || baseName(file));
        const curves: VisualItem["curves"] = {};
        const kx = curveOf(seg, "KFTypePositionX");
        const ky = curveOf(seg, "KFTypePositionY");
        const ks = curveOf(seg, "KFTypeScaleX");
        const kr = curveOf(seg, "KFTypeRotation");
        const ka = curveOf(seg, "KFTypeAlpha");
        if (kx) curves.x = kx;
        if (ky) curves.y = ky;
        if (ks) curves.scale = ks;
        if (kr) curves.rotation = kr;
        if (ka) curves.alpha = ka;
        if (
          seg.common_keyframes?.some((k) =>
            (Array.isArray(k.keyframe_list) ? k.keyframe_list : []).some((p) =>
              p.curveType && p.curveType !== "Line"
            )
          )
        ) {
          note("non-linear keyframe easing (drawn as linear)");
        }
        plan.visuals.push({
          segmentId: String(seg.id),
          kind,
          file,
          label,
          start,
          duration,
          sourceStart: num(source.start),
          speed: num(seg.speed, 1) || 1,
          mediaWidth: num(m.width),
          mediaHeight: num(m.height),
          x: num(transform.x),
          y: num(transform.y),
          scale: num(scale.x, 1),
          rotation: num(clip.rotation),
          alpha: num(clip.alpha, 1),
          curves,
          fadeIn: previousTransition,
          tail: 0,
          layer,
        });
        if (previousTransition > 0) centreOnCut(plan.visuals[plan.visuals.length - 1]);
        if (kind === "video" && num(seg.volume, 1) > 0) {
          plan.audios.push(sound(file, label));
        }
      } else if (type === "audio" && mat?.list === "audios") {
        const m = mat.m;
        const file = materialFile(String(m.path ?? ""), draftDir);
        label = String(m.name || baseName(file));
        const fade = refs.find((r) => r.list === "audio_fades")?.m;
        plan.audios.push(sound(file, label, fade));
        if (refs.some((r) => r.list === "audio_effects")) note("audio effects (not applied)");
      } else if (type === "text" && mat?.list === "texts") {
        const caption = captionOf(mat.m, seg, start, duration, layer);
        label = caption.text;
        plan.captions.push(caption);
        if (caption.text === "") note("text templates or empty texts (not drawn)");
      } else if (type === "effect" || type === "filter") {
        note(`${type}s (not applied)`);
        label = String(mat?.m.name ?? type);
      } else if (type === "sticker") {
        note("stickers (not drawn)");
        label = "sticker";
      }
      const animations = refs.find((r) => r.list === "material_animations")?.m.animations;
      if (Array.isArray(animations) && animations.length > 0) note("in/out/loop animations");
      if (refs.some((r) => r.list === "masks" || r.list === "common_mask")) note("masks");
      const transition = refs.find((r) => r.list === "transitions")?.m;
      previousTransition = transition ? num(transition.duration) : 0;
      const last = plan.visuals[plan.visuals.length - 1];
      if (transition && last?.segmentId === String(seg.id)) last.tail = previousTransition / 2;
      if (transition) {
        note("transitions (drawn as crossfades of their duration, centred on the cut)");
      }
      row.segments.push({ id: String(seg.id), start, end: start + duration, label });
    });
  });
  plan.visuals.sort((a, b) => a.layer - b.layer || a.start - b.start);
  if (plan.duration <= 0) {
    for (const t of plan.tracks) {
      for (const s of t.segments) plan.duration = Math.max(plan.duration, s.end);
    }
  }
  for (const a of plan.audios) {
    if (a.speed < 0.5 || a.speed > 2) {
      note("sound faster than 2× or slower than 0.5× (pitch shifted)");
    }
  }
  plan.approximated = [...skipped].map(([what, n]) => `${what}: ${n}`);
  return plan;
}

function captionOf(
  m: TextMaterial,
  seg: Segment,
  start: number,
  duration: number,
  layer: number,
): CaptionItem {
  let content: TextContentJson | undefined;
  try {
    const parsed = JSON.parse(String(m.content ?? "{}"));
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) content = parsed;
  } catch { /* CapCut 1.x/2.x markup or plain text: see below */ }
  if (!content) return markupCaptionOf(m, seg, start, duration, layer);
  const text = String(content.text ?? "");
  const styles = Array.isArray(content.styles) ? content.styles : [];
  const clip: Clip = seg.clip ?? {};
  const transform = clip.transform ?? {};
  const first: TextStyleEntry = styles[0] ?? {};
  const colorOf = (s: TextStyleEntry) =>
    hex(dig(s, "fill", "content", "solid", "color"), String(m.text_color || "#ffffff"));
  const base = colorOf(first);
  const runs = styles.filter((s) => Array.isArray(s.range)).map((s) => ({
    start: num((s.range as number[])[0]),
    end: num((s.range as number[])[1]),
    color: colorOf(s),
    bold: s.bold === true,
    italic: s.italic === true,
  }));
  const strokes = Array.isArray(first.strokes) ? first.strokes : [];
  const stroke = strokes[0];
  const borderColor = typeof m.border_color === "string" && m.border_color !== ""
    ? m.border_color
    : stroke
    ? hex(dig(stroke, "content", "solid", "color"), "#000000")
    : undefined;
  return {
    segmentId: String(seg.id),
    text,
    start,
    duration,
    x: num(transform.x),
    y: num(transform.y),
    size: num(first.size, num(m.font_size, 15)) * num(clip.scale?.x, 1),
    color: base,
    bold: first.bold === true || num(m.bold_width) > 0,
    italic: first.italic === true || num(m.italic_degree) > 0,
    alignment: num(m.alignment, 1),
    borderColor,
    borderWidth: borderColor ? num(stroke?.width, num(m.border_width, 0.08)) : 0,
    background: backgroundOf(m),
    runs,
    layer,
  };
}

/** The background card of a text material, if it has one. */
function backgroundOf(m: TextMaterial): CaptionItem["background"] {
  return typeof m.background_color === "string" && m.background_color !== ""
    ? { color: m.background_color, alpha: num(m.background_alpha, 1) }
    : undefined;
}

/**
 * A caption whose content is not JSON: CapCut 1.x/2.x markup (`<font …><size=5.0>[text]`,
 * with colour and outline tags) or plain text, read by the parser `draft export` uses.
 */
function markupCaptionOf(
  m: TextMaterial,
  seg: Segment,
  start: number,
  duration: number,
  layer: number,
): CaptionItem {
  const { text, runs } = textRuns(m);
  const clip: Clip = seg.clip ?? {};
  const transform = clip.transform ?? {};
  const first = runs[0]?.style;
  const stroke = first?.stroke;
  return {
    segmentId: String(seg.id),
    text,
    start,
    duration,
    x: num(transform.x),
    y: num(transform.y),
    size: num(first?.size, num(m.font_size, 15)) * num(clip.scale?.x, 1),
    color: first?.color ?? "#ffffff",
    bold: first?.bold === true || num(m.bold_width) > 0,
    italic: first?.italic === true || num(m.italic_degree) > 0,
    alignment: num(m.alignment, 1),
    borderColor: stroke?.color,
    borderWidth: stroke ? stroke.width : 0,
    background: backgroundOf(m),
    runs: runs.map((r) => ({
      start: r.start,
      end: r.end,
      color: r.style.color,
      bold: r.style.bold,
      italic: r.style.italic,
    })),
    layer,
  };
}

/**
 * A transition plays centred on the cut, as the editors draw it: with duration d, the next
 * segment fades in from d/2 before its start (its media read from d/2 earlier, never before the
 * file's start) while the previous one stays on screen d/2 past its end (its `tail`). In the
 * draft the two segments stay contiguous; only the render overlaps them.
 */
function centreOnCut(v: VisualItem): void {
  const half = Math.min(v.fadeIn / 2, v.start);
  if (!(half > 0)) return;
  v.start -= half;
  v.duration += half;
  v.sourceStart = Math.max(0, v.sourceStart - half * v.speed);
  for (const key of Object.keys(v.curves) as (keyof VisualItem["curves"])[]) {
    const c = v.curves[key];
    if (c?.length) v.curves[key] = [[0, c[0][1]], ...c.map(([t, x]) => [t + half, x] as const)];
  }
}
