/**
 * `segments update`: timing, source range and speed, a caption's text and style, audio volume
 * and fades, a visual's transform, on segments of any draft. All items are checked against the
 * draft before any is applied; a value is written only where it changes.
 */
import type { DraftDocument } from "./document.ts";
import type { Material, Segment, TextContentJson, TextMaterial, Track } from "./model.ts";
import { kindOf } from "./segment_list.ts";
import {
  checkOverlaps,
  locate,
  refuseDuplicates,
  segmentIndex,
  setIfChanged,
} from "./segment_edit.ts";
import { setAudioFade } from "./audio_extras.ts";
import {
  type DroppedTransition,
  dropStaleTransitions,
  transitionLinks,
} from "./transition_materials.ts";
import { normalizeHexColor, parseHexColor } from "./text_content.ts";
import { DraftcliError } from "../errors.ts";

/** One update item (the fields of src/schema/segment_input.ts `SegmentUpdate`). */
export interface UpdateRequest {
  segmentId: string;
  start?: number;
  end?: number;
  sourceStart?: number;
  speed?: number;
  text?: string;
  fontSize?: number;
  textColor?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  alignment?: number;
  lineSpacing?: number;
  letterSpacing?: number;
  volume?: number;
  fadeInDuration?: number;
  fadeOutDuration?: number;
  transformX?: number;
  transformY?: number;
  scaleX?: number;
  scaleY?: number;
  rotation?: number;
  alpha?: number;
}

type Field = keyof UpdateRequest;

const TIMING: Field[] = ["start", "end"];
const MEDIA: Field[] = ["sourceStart", "speed"];
const SOUND: Field[] = ["volume", "fadeInDuration", "fadeOutDuration"];
const CAPTION: Field[] = [
  "text",
  "fontSize",
  "textColor",
  "bold",
  "italic",
  "underline",
  "alignment",
  "lineSpacing",
  "letterSpacing",
];
const TRANSFORM: Field[] = ["transformX", "transformY", "scaleX", "scaleY", "rotation", "alpha"];

/** The fields each segment kind takes (besides segmentId). */
const FIELDS_OF: Record<string, Field[]> = {
  video: [...TIMING, ...MEDIA, ...SOUND, ...TRANSFORM],
  photo: [...TIMING, ...TRANSFORM],
  audio: [...TIMING, ...MEDIA, ...SOUND],
  text: [...TIMING, ...CAPTION, ...TRANSFORM],
  sticker: [...TIMING, ...TRANSFORM],
};

const endOf = (s: Segment) => s.target_timerange.start + s.target_timerange.duration;

function bad(path: string, what: string, hint: string): never {
  throw new DraftcliError("invalid_input", `${path}: ${what}`, { path, hint });
}

interface Plan {
  item: UpdateRequest;
  field: string;
  track: Track;
  segment: Segment;
  kind: string;
  material?: Material;
  target: { start: number; duration: number };
  source?: { start: number; duration: number };
  speed: number;
  content?: TextContentJson & { text: string };
}

/** The parsed JSON content of a text material, or an error when the editor stored markup. */
function contentOf(material: TextMaterial, path: string): Plan["content"] {
  try {
    const c = JSON.parse(String(material.content ?? ""));
    if (c && typeof c === "object" && typeof c.text === "string") return c;
  } catch { /* below */ }
  return bad(
    path,
    "this caption stores its text as markup (CapCut 1.x/2.x), which update cannot restyle",
    "remove it ('segments remove') and add it again with 'captions add'",
  );
}

function plan(
  doc: DraftDocument,
  index: ReturnType<typeof segmentIndex>,
  item: UpdateRequest,
  i: number,
  field: string,
): Plan {
  const f = `${field}[${i}]`;
  const { track, segment } = locate(index, item.segmentId, `${f}.segmentId`, doc.draftId);
  const kind = kindOf(doc, track, segment);
  const allowed = FIELDS_OF[kind] ?? TIMING;
  for (const key of Object.keys(item) as Field[]) {
    if (key === "segmentId" || item[key] === undefined || allowed.includes(key)) continue;
    bad(
      `${f}.${key}`,
      `${key} does not apply to ${kind} segment ${segment.id}`,
      `${kind} segments take: ${allowed.join(", ")}`,
    );
  }
  const material = doc.findMaterial(segment.material_id)?.material;
  const old = segment.target_timerange;
  const start = item.start ?? old.start;
  const end = item.end ?? endOf(segment);
  if (end <= start) {
    const key = item.end !== undefined ? "end" : "start";
    bad(
      `${f}.${key}`,
      `the segment would end (${end} µs) at or before its start (${start} µs)`,
      "give an end after the start",
    );
  }
  const speed = item.speed ?? (Number(segment.speed) || 1);
  const p: Plan = {
    item,
    field: f,
    track,
    segment,
    kind,
    material,
    target: { start, duration: end - start },
    speed,
  };
  const retimed = ["start", "end", "sourceStart", "speed"].some((k) =>
    item[k as Field] !== undefined
  );
  if ((kind === "video" || kind === "audio") && segment.source_timerange && retimed) {
    const src = segment.source_timerange;
    const from = item.sourceStart ??
      src.start + (item.start === undefined ? 0 : Math.round((start - old.start) * speed));
    if (from < 0) {
      bad(
        `${f}.start`,
        `the new start reaches ${-from} µs before the beginning of the media`,
        "give a later start, or sourceStart",
      );
    }
    const duration = end - start === old.duration && item.speed === undefined
      ? src.duration
      : Math.round((end - start) * speed);
    const length = Number(material?.duration);
    // editors round source ends (a draft may play 1 µs past its file): only growth is checked
    const grows = from + duration > src.start + src.duration;
    if (grows && Number.isFinite(length) && length > 0 && from + duration > length) {
      const key = item.speed !== undefined
        ? "speed"
        : item.end !== undefined
        ? "end"
        : item.sourceStart !== undefined
        ? "sourceStart"
        : "start";
      bad(
        `${f}.${key}`,
        `segment ${segment.id} would play ${from}–${
          from + duration
        } µs of a file ${length} µs long`,
        "shorten the segment, raise the speed or start earlier in the file",
      );
    }
    p.source = { start: from, duration };
  }
  const photoSource = kind === "photo" ? segment.source_timerange : null;
  if (photoSource && photoSource.duration === old.duration && end - start !== old.duration) {
    // a photo's source range follows its length, as the editors write it
    p.source = { start: photoSource.start, duration: end - start };
  }
  const fadeIn = item.fadeInDuration ?? 0, fadeOut = item.fadeOutDuration ?? 0;
  if (fadeIn + fadeOut > end - start) {
    bad(
      `${f}.${item.fadeOutDuration !== undefined ? "fadeOutDuration" : "fadeInDuration"}`,
      `fades of ${fadeIn + fadeOut} µs are longer than the segment (${end - start} µs)`,
      "shorten the fades",
    );
  }
  if (kind === "text" && CAPTION.some((k) => item[k] !== undefined)) {
    if (!material) {
      bad(
        `${f}.segmentId`,
        `caption ${segment.id} has no text material`,
        "remove it and add it again",
      );
    }
    p.content = contentOf(material, `${f}.${CAPTION.find((k) => item[k] !== undefined)}`);
  }
  const onClip = TRANSFORM.find((k) => item[k] !== undefined && (k !== "alpha" || kind !== "text"));
  if (onClip && !segment.clip) {
    bad(
      `${f}.${onClip}`,
      `segment ${segment.id} has no transform to change`,
      "only video, photo, caption and sticker segments have one",
    );
  }
  return p;
}

/** Writes a caption's text and style fields into its content and material. */
function applyCaption(p: Plan): void {
  const { item, material, content } = p;
  if (!material || !content) return;
  let styles = Array.isArray(content.styles) ? content.styles : [];
  if (item.text !== undefined && item.text !== content.text) {
    content.text = item.text;
    styles = styles.length ? [styles[0]] : [];
    if (styles.length) styles[0].range = [0, item.text.length];
    content.styles = styles;
    if (typeof material.base_content === "string" && material.base_content) {
      material.base_content = item.text;
    }
  }
  const rgb = item.textColor !== undefined ? parseHexColor(item.textColor) : undefined;
  for (const st of styles) {
    if (item.fontSize !== undefined) st.size = item.fontSize;
    if (item.bold !== undefined) st.bold = item.bold;
    if (item.italic !== undefined) st.italic = item.italic;
    if (item.underline !== undefined) st.underline = item.underline;
    if (rgb || item.alpha !== undefined) {
      const fill = st.fill ??= { alpha: 1, content: { render_type: "solid", solid: {} } };
      const c = fill.content ??= { render_type: "solid", solid: {} };
      const solid = c.solid ??= {};
      if (rgb) solid.color = rgb;
      if (item.alpha !== undefined) solid.alpha = item.alpha;
    }
  }
  const text = JSON.stringify(content);
  if (text !== material.content) {
    // only a changed content is rewritten: an unchanged one keeps the editor's spelling
    const before = JSON.stringify(JSON.parse(String(material.content)));
    if (before !== text) material.content = text;
  }
  if (item.fontSize !== undefined) setIfChanged(material, "font_size", item.fontSize);
  if (item.textColor !== undefined && "text_color" in material) {
    setIfChanged(material, "text_color", normalizeHexColor(item.textColor));
  }
  if (item.alpha !== undefined && "text_alpha" in material) {
    setIfChanged(material, "text_alpha", item.alpha);
  }
  if (item.underline !== undefined && "underline" in material) {
    setIfChanged(material, "underline", item.underline);
  }
  if (item.alignment !== undefined) setIfChanged(material, "alignment", item.alignment);
  if (item.letterSpacing !== undefined) {
    setIfChanged(material, "letter_spacing", round6(item.letterSpacing * 0.05));
  }
  if (item.lineSpacing !== undefined) {
    setIfChanged(material, "line_spacing", round6(0.02 + item.lineSpacing * 0.05));
  }
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6 + 0;

/** Writes a visual's transform fields into its `clip`. */
function applyTransform(p: Plan): void {
  const clip = p.segment.clip;
  const { item } = p;
  if (!clip) return;
  const sub = (key: "transform" | "scale") => (clip[key] ??= {});
  if (item.transformX !== undefined) setIfChanged(sub("transform"), "x", item.transformX);
  if (item.transformY !== undefined) setIfChanged(sub("transform"), "y", item.transformY);
  if (item.scaleX !== undefined) setIfChanged(sub("scale"), "x", item.scaleX);
  if (item.scaleY !== undefined) setIfChanged(sub("scale"), "y", item.scaleY);
  if (item.rotation !== undefined) setIfChanged(clip, "rotation", item.rotation);
  if (item.alpha !== undefined && p.kind !== "text") setIfChanged(clip, "alpha", item.alpha);
  const scale = clip.scale;
  const uniform = p.segment.uniform_scale;
  if (
    (item.scaleX !== undefined || item.scaleY !== undefined) && scale && uniform &&
    uniform.on === true && scale.x !== scale.y
  ) {
    uniform.on = false;
  }
}

/** Writes timing, source range, speed, volume and fades. */
function applyTiming(doc: DraftDocument, p: Plan): void {
  const { segment, item } = p;
  setIfChanged(segment.target_timerange, "start", p.target.start);
  setIfChanged(segment.target_timerange, "duration", p.target.duration);
  if (p.source && segment.source_timerange) {
    setIfChanged(segment.source_timerange, "start", p.source.start);
    setIfChanged(segment.source_timerange, "duration", p.source.duration);
  }
  if (item.speed !== undefined) {
    setIfChanged(segment, "speed", item.speed);
    for (const id of segment.extra_material_refs ?? []) {
      const m = doc.materialIn("speeds", String(id));
      if (m) setIfChanged(m, "speed", item.speed);
    }
  }
  if (item.volume !== undefined) setIfChanged(segment, "volume", item.volume);
  if (item.fadeInDuration !== undefined || item.fadeOutDuration !== undefined) {
    const fade = (segment.extra_material_refs ?? [])
      .map((id) => doc.materialIn("audio_fades", String(id)))
      .find(Boolean);
    if (fade) {
      if (item.fadeInDuration !== undefined) {
        setIfChanged(fade, "fade_in_duration", item.fadeInDuration);
      }
      if (item.fadeOutDuration !== undefined) {
        setIfChanged(fade, "fade_out_duration", item.fadeOutDuration);
      }
    } else if ((item.fadeInDuration ?? 0) > 0 || (item.fadeOutDuration ?? 0) > 0) {
      segment.extra_material_refs ??= [];
      setAudioFade(doc, segment, item.fadeInDuration ?? 0, item.fadeOutDuration ?? 0);
    }
  }
}

/** One applied update as printed. */
export interface UpdateResult {
  segmentId: string;
  kind: string;
  start: number;
  end: number;
  updated: string[];
}

/**
 * Applies update items to an in-memory draft (all checked before any is applied). A transition
 * whose segment no longer touches a next one after a retime is detached (`transitionsDropped`).
 */
export function updateSegments(
  doc: DraftDocument,
  items: readonly UpdateRequest[],
  field = "updates",
): { items: UpdateResult[]; transitionsDropped: DroppedTransition[] } {
  const index = segmentIndex(doc);
  const links = transitionLinks(doc);
  refuseDuplicates(items.map((it) => it.segmentId), (i) => `${field}[${i}].segmentId`);
  const plans = items.map((item, i) => plan(doc, index, item, i, field));
  for (const p of plans) {
    applyTiming(doc, p);
    if (p.kind === "text") applyCaption(p);
    applyTransform(p);
  }
  const retimed = plans.filter((p) => p.item.start !== undefined || p.item.end !== undefined);
  checkOverlaps(
    doc,
    retimed.map((p) => p.track),
    new Map(
      retimed.map((
        p,
      ) => [p.segment.id, `${p.field}.${p.item.start !== undefined ? "start" : "end"}`]),
    ),
  );
  const transitionsDropped = dropStaleTransitions(doc, links);
  const results = plans.map((p) => ({
    segmentId: p.segment.id,
    kind: p.kind,
    start: p.segment.target_timerange.start,
    end: endOf(p.segment),
    updated: Object.keys(p.item).filter((k) =>
      k !== "segmentId" && p.item[k as Field] !== undefined
    ),
  }));
  return { items: results, transitionsDropped };
}
