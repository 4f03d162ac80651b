/**
 * A text material's `content` — the JSON string `{"text": …, "styles": […]}` that holds the
 * visible text and its rich styling — plus the material-level mirror fields the editor keeps next
 * to it (draft-format.md §4.4).
 *
 * Style ranges are `[start, end)` in UTF-16 code units (JavaScript string indices) and always
 * partition the whole text: contiguous, non-overlapping, covering `[0, text.length)`. Each
 * partition carries a full style entry, because overlapping "base + override" styles spread
 * per-range shadows to the whole text in JianYing (§4.4, §9).
 */
import { DraftcliError } from "../errors.ts";

/** An RGB colour as the editor stores it: three floats in 0..1. */
export type Rgb = [number, number, number];

/** A font reference as written in a style: resource id (library fonts) and file path. */
export interface FontRef {
  /** Font resource id from the editor's catalogue; "" for a plain file font. */
  id: string;
  /** Path of the font file (or a placeholder the editor resolves by `id`). */
  path: string;
}

/** A text outline (描边). */
export interface TextStroke {
  /** "#rrggbb". */
  color: string;
  /** Editor units 0..0.2 (UI 0..100 maps to 0..0.2; the editor default is 0.08). */
  width: number;
  /** Opacity 0..1. */
  alpha: number;
}

/** A drop shadow (阴影). */
export interface TextShadow {
  /** "#rrggbb". */
  color: string;
  /** Opacity 0..1. */
  alpha: number;
  /** Direction in degrees, −180..180 (editor default −45). */
  angle: number;
  /** Distance 0..100 (editor default 5). */
  distance: number;
  /** Blur: UI 0..100 stored as UI/100/6, so 0..1/6. */
  diffuse: number;
}

/** The style of one range of text (what goes into one `styles[]` entry, minus the range). */
export interface TextStyle {
  /** Editor font size (roughly a percentage of canvas height; text-tool default 15). */
  size: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** Fill colour "#rrggbb". */
  color: string;
  /** Fill opacity 0..1. */
  alpha: number;
  /** Omitted → the editor's default font. */
  font?: FontRef;
  /** Omitted → no outline. */
  stroke?: TextStroke;
  /** Omitted → no shadow. */
  shadow?: TextShadow;
}

/** A keyword to highlight: every occurrence gets the base style overridden by these fields. */
export interface Highlight {
  /** Non-empty; matched exactly (case-sensitive, no Unicode normalisation). */
  keyword: string;
  /** Fill colour "#rrggbb" for the keyword. */
  color?: string;
  /** Bold on/off for the keyword. */
  bold?: boolean;
  /** Font size for the keyword. */
  fontSize?: number;
}

/** One style partition: `[start, end)` in UTF-16 code units; `highlight` = index into highlights. */
export interface TextRange {
  start: number;
  end: number;
  /** Index of the Highlight that styles this range; absent for base-styled text. */
  highlight?: number;
}

/** A highlight that produced no range, and why. */
export interface UnmatchedKeyword {
  keyword: string;
  /** Index into the highlights list. */
  highlight: number;
  /**
   * `not_found`: the keyword does not occur in the text (on grapheme boundaries).
   * `overlapped`: it occurs, but every occurrence lost to another keyword (see buildTextContent).
   */
  reason: "not_found" | "overlapped";
}

/** What buildTextContent returns. */
export interface TextContent {
  /** The material's `content` value: a JSON string `{"text", "styles"}`. */
  content: string;
  /** The partitions, in text order, one per `styles[]` entry. */
  ranges: TextRange[];
  /** Highlights that styled nothing (for warnings). */
  unmatched: UnmatchedKeyword[];
}

/** Editor defaults for a stroke when only some fields are given (width 0.08, opaque). */
export const STROKE_DEFAULTS: Readonly<Omit<TextStroke, "color">> = { width: 0.08, alpha: 1 };

/**
 * Editor defaults for a shadow: alpha 0.9, angle −45, distance 5 are the editor's material-level
 * defaults; diffuse 0.075 is its default `shadow_smoothing` 0.45 under the UI/100/6 mapping.
 */
export const SHADOW_DEFAULTS: Readonly<Omit<TextShadow, "color">> = {
  alpha: 0.9,
  angle: -45,
  distance: 5,
  diffuse: 0.075,
};

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** True for "#rrggbb" (six hex digits, any case). For zod refinements. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** Message and hint used for a bad colour (shared with schemas). */
export const HEX_COLOR_RULE = "a colour is # followed by six hex digits, e.g. #ff8800";

/** Parses "#rrggbb" (any case) into RGB floats 0..1; anything else is `invalid_input`. */
export function parseHexColor(value: string, path?: string): Rgb {
  if (typeof value !== "string" || !HEX_COLOR.test(value)) {
    throw new DraftcliError(
      "invalid_input",
      `${path ? path + ": " : ""}${JSON.stringify(value)} is not a #rrggbb colour`,
      { hint: HEX_COLOR_RULE + " (no #rgb, no alpha, no names)", path },
    );
  }
  const n = parseInt(value.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Inverse of parseHexColor: RGB floats 0..1 → "#rrggbb" (lowercase, each channel rounded). */
export function formatHexColor(rgb: readonly number[]): string {
  if (rgb.length !== 3 || rgb.some((c) => !Number.isFinite(c) || c < 0 || c > 1)) {
    throw new DraftcliError(
      "invalid_input",
      `colour ${JSON.stringify(rgb)} is not three 0..1 floats`,
    );
  }
  return "#" + rgb.map((c) => Math.round(c * 255).toString(16).padStart(2, "0")).join("");
}

/** "#RRGGBB" → "#rrggbb" after validation (the editor writes lowercase, e.g. "#469df3"). */
export function normalizeHexColor(value: string, path?: string): string {
  return formatHexColor(parseHexColor(value, path));
}

/** The short form users write: `keyword: "a|b"` with one colour / size for all of them. */
export interface KeywordShortForm {
  /** Keywords separated by "|"; whitespace around each is trimmed. */
  keyword?: string;
  keywordColor?: string;
  keywordFontSize?: number;
}

/**
 * Does `input` give any highlight: a list, or any field of the short form (whose expansion then
 * checks them)?
 */
export function givesHighlights(input: KeywordShortForm & { highlights?: unknown }): boolean {
  return input.highlights !== undefined || input.keyword !== undefined ||
    input.keywordColor !== undefined || input.keywordFontSize !== undefined;
}

/**
 * Expands the short form into Highlights (one per "|"-separated keyword, in order). No keyword →
 * []. Empty pieces ("a||b", "a|") are an error, and so are keywordColor/keywordFontSize without a
 * keyword or a keyword with neither (it would style nothing). A literal "|" cannot be a keyword
 * here; use the full highlights list for that.
 */
export function expandKeywordShortForm(input: KeywordShortForm): Highlight[] {
  const { keyword, keywordColor, keywordFontSize } = input;
  if (keyword === undefined) {
    if (keywordColor !== undefined || keywordFontSize !== undefined) {
      const which = keywordColor !== undefined ? "keywordColor" : "keywordFontSize";
      throw new DraftcliError("invalid_input", `${which} is set but keyword is not`, {
        hint: 'add keyword, e.g. keyword "sale|free"',
        path: which,
      });
    }
    return [];
  }
  if (keywordColor === undefined && keywordFontSize === undefined) {
    throw new DraftcliError(
      "invalid_input",
      "keyword is set but neither keywordColor nor keywordFontSize",
      {
        hint: "add keywordColor (e.g. #ffde00) and/or keywordFontSize",
        path: "keyword",
      },
    );
  }
  if (keywordColor !== undefined) parseHexColor(keywordColor, "keywordColor");
  if (keywordFontSize !== undefined) checkSize(keywordFontSize, "keywordFontSize");
  return keyword.split("|").map((piece, i) => {
    const k = piece.trim();
    if (k === "") {
      throw new DraftcliError(
        "invalid_input",
        `keyword: piece ${i + 1} of ${JSON.stringify(keyword)} is empty`,
        {
          hint: 'separate keywords with single "|", e.g. "sale|free"',
          path: "keyword",
        },
      );
    }
    const h: Highlight = { keyword: k };
    if (keywordColor !== undefined) h.color = keywordColor;
    if (keywordFontSize !== undefined) h.fontSize = keywordFontSize;
    return h;
  });
}

/**
 * Builds the `content` JSON string and its style partitions.
 *
 * Matching: each keyword is searched exactly (case-sensitive, no normalisation); an occurrence
 * only counts if it starts and ends on grapheme-cluster boundaries, so a range never splits an
 * emoji (or emoji + modifier / ZWJ sequence), a surrogate pair or a letter from its combining
 * marks. Overlaps: scanning left to right, the leftmost occurrence wins; among occurrences that
 * start at the same index the longest keyword wins, then the earlier-listed one; scanning resumes
 * at the end of the chosen occurrence, so chosen occurrences never overlap. Every chosen
 * occurrence becomes its own range (even when adjacent to another of the same keyword); the text
 * between them is one base-styled range per gap.
 *
 * Errors (`invalid_input`): empty text, empty keyword, bad colours, non-positive sizes, alphas
 * outside 0..1, stroke width outside 0..0.2.
 */
export function buildTextContent(
  text: string,
  base: TextStyle,
  highlights: readonly Highlight[] = [],
): TextContent {
  if (text.length === 0) {
    throw new DraftcliError("invalid_input", "text is empty", {
      hint: "give at least one character",
      path: "text",
    });
  }
  checkStyle(base, "style");
  highlights.forEach((h, i) => checkHighlight(h, `highlights[${i}]`));

  // Only keywords need grapheme boundaries (and the segmenter costs ~8 ms to create).
  const boundaries = highlights.length > 0 ? graphemeBoundaries(text) : new Set<number>();
  const candidates: { start: number; end: number; highlight: number }[] = [];
  highlights.forEach((h, i) => {
    for (let at = text.indexOf(h.keyword); at !== -1; at = text.indexOf(h.keyword, at + 1)) {
      const end = at + h.keyword.length;
      if (boundaries.has(at) && boundaries.has(end)) {
        candidates.push({ start: at, end, highlight: i });
      }
    }
  });
  candidates.sort((a, b) => a.start - b.start || b.end - a.end || a.highlight - b.highlight);

  const ranges: TextRange[] = [];
  let cursor = 0;
  for (const c of candidates) {
    if (c.start < cursor) continue;
    if (c.start > cursor) ranges.push({ start: cursor, end: c.start });
    ranges.push(c);
    cursor = c.end;
  }
  if (cursor < text.length) ranges.push({ start: cursor, end: text.length });

  const used = new Set(ranges.map((r) => r.highlight));
  const found = new Set(candidates.map((c) => c.highlight));
  const unmatched: UnmatchedKeyword[] = [];
  highlights.forEach((h, i) => {
    if (!used.has(i)) {
      unmatched.push({
        keyword: h.keyword,
        highlight: i,
        reason: found.has(i) ? "overlapped" : "not_found",
      });
    }
  });

  const styles = ranges.map((r) =>
    styleEntry(r.highlight === undefined ? base : applyHighlight(base, highlights[r.highlight]), r)
  );
  return { content: JSON.stringify({ text, styles }), ranges, unmatched };
}

/**
 * `buildTextContent(text, base)` for texts without highlights, for a batch that writes many
 * texts in one style: the style is checked and its entry written once, each text then costs
 * only its own JSON string. Same result (and the same error for an empty text).
 */
export function plainTextContent(base: TextStyle): (text: string) => TextContent {
  checkStyle(base, "style");
  // The entry's text around its range end (the only part that depends on the text).
  const RANGE_END = 123456789;
  const parts = JSON.stringify(styleEntry(base, { start: 0, end: RANGE_END }))
    .split(`[0,${RANGE_END}]`);
  const before = `,"styles":[${parts[0]}[0,`;
  const after = `]${parts[1]}]}`;
  return (text) => {
    if (text.length === 0 || parts.length !== 2) return buildTextContent(text, base);
    return {
      content: `{"text":${JSON.stringify(text)}${before}${text.length}${after}`,
      ranges: [{ start: 0, end: text.length }],
      unmatched: [],
    };
  };
}

/** The base style with a highlight's overrides applied. */
export function applyHighlight(base: TextStyle, h: Highlight): TextStyle {
  return {
    ...base,
    color: h.color ?? base.color,
    bold: h.bold ?? base.bold,
    size: h.fontSize ?? base.size,
  };
}

/**
 * One `styles[]` entry as the editors write it: `fill` (solid colour, opacity on `solid.alpha`),
 * `font` only when set, `range`, `size`, `bold`/`italic`/`underline`, `strokes` / `shadows` only
 * when set, and `useLetterColor` true (CapCut 7.9–8.1 editor files carry it).
 */
export function styleEntry(
  style: TextStyle,
  range: { start: number; end: number },
): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    fill: {
      alpha: 1,
      content: {
        render_type: "solid",
        solid: { alpha: style.alpha, color: parseHexColor(style.color) },
      },
    },
  };
  if (style.font) entry.font = { id: style.font.id, path: style.font.path };
  entry.range = [range.start, range.end];
  entry.size = style.size;
  entry.bold = style.bold;
  entry.italic = style.italic;
  entry.underline = style.underline;
  if (style.stroke) {
    entry.strokes = [{
      content: { solid: { alpha: style.stroke.alpha, color: parseHexColor(style.stroke.color) } },
      width: style.stroke.width,
    }];
  }
  if (style.shadow) {
    const s = style.shadow;
    entry.shadows = [{
      content: { solid: { color: parseHexColor(s.color) } },
      alpha: s.alpha,
      angle: s.angle,
      distance: s.distance,
      diffuse: s.diffuse,
    }];
  }
  entry.useLetterColor = true;
  return entry;
}

/** Horizontal alignment of a text box. */
export type TextAlignment = "left" | "center" | "right";

/** `alignment` codes of the text material. */
export const ALIGNMENT_CODES: Readonly<Record<TextAlignment, 0 | 1 | 2>> = {
  left: 0,
  center: 1,
  right: 2,
};

/** A background box behind the text (material-level, not per style range). */
export interface TextBackground {
  /** "#rrggbb". */
  color: string;
  /** Opacity 0..1 (default 1). */
  alpha?: number;
  /** Corner rounding 0..1 (default 0). */
  roundRadius?: number;
  /** Box width / height as the editor stores them (default 0.14 each). */
  width?: number;
  height?: number;
  /** UI offsets 0..1 (default 0.5 = centred), stored as 2·v − 1. */
  horizontalOffset?: number;
  verticalOffset?: number;
}

/** Material-level layout options that are not part of a style range. */
export interface TextMaterialOptions {
  /** Default "center" (the editor's default). */
  alignment?: TextAlignment;
  /** Vertical typesetting (竖排); default false. */
  vertical?: boolean;
  /** UI letter spacing; stored × 0.05 (default 0). */
  letterSpacing?: number;
  /** UI line spacing; stored as 0.02 + UI × 0.05 (default 0 → 0.02). */
  lineSpacing?: number;
  /** Whole-text opacity 0..1 (`global_alpha`, default 1). */
  alpha?: number;
  background?: TextBackground;
  /** Set when the caller attaches a text-glow (`bloom`) effect: adds check_flag bit 64. */
  glow?: boolean;
}

/** The material-level key/values computed by textMaterialFields (merged into the prototype). */
export interface TextMaterialFields {
  font_size: number;
  text_color: string;
  text_alpha: number;
  underline: boolean;
  is_rich_text: boolean;
  check_flag: number;
  border_color: string;
  border_width: number;
  border_alpha: number;
  has_shadow: boolean;
  shadow_color: string;
  shadow_alpha: number;
  shadow_angle: number;
  shadow_distance: number;
  shadow_smoothing: number;
  shadow_point: { x: number; y: number };
  background_style: number;
  background_color: string;
  background_alpha: number;
  background_round_radius: number;
  background_width: number;
  background_height: number;
  background_horizontal_offset: number;
  background_vertical_offset: number;
  alignment: 0 | 1 | 2;
  typesetting: 0 | 1;
  letter_spacing: number;
  line_spacing: number;
  global_alpha: number;
  font_path?: string;
  font_resource_id?: string;
}

/** check_flag bits of a text material: 7 base, +8 stroke, +16 background, +32 shadow, +64 glow. */
export const TEXT_CHECK_FLAG = {
  base: 7,
  stroke: 8,
  background: 16,
  shadow: 32,
  glow: 64,
} as const;

/** The shadow_point the editor stores: distance × 0.18 along the angle (5, −45° → 0.636, −0.636). */
export function shadowPoint(distance: number, angleDeg: number): { x: number; y: number } {
  const rad = (angleDeg * Math.PI) / 180;
  return { x: distance * 0.18 * Math.cos(rad), y: distance * 0.18 * Math.sin(rad) };
}

/**
 * The material-level mirror values for a text whose first (base) style is `base` and whose content
 * has `stylesCount` style entries. Fields without a setting get the editor's defaults (stroke
 * width 0.08, shadow 0.9 / −45° / 5 / 0.45, background 0.14 × 0.14), so the result is complete.
 * Colours are written lowercase "#rrggbb". `font_path` / `font_resource_id` only when a font is
 * set (the `fonts` list is the caller's business).
 */
export function textMaterialFields(
  base: TextStyle,
  stylesCount: number,
  opts: TextMaterialOptions = {},
): TextMaterialFields {
  checkStyle(base, "style");
  const bg = opts.background;
  if (bg) {
    parseHexColor(bg.color, "background.color");
    if (bg.alpha !== undefined) checkUnit(bg.alpha, "background.alpha");
    if (bg.roundRadius !== undefined) checkUnit(bg.roundRadius, "background.roundRadius");
    if (bg.horizontalOffset !== undefined) {
      checkUnit(bg.horizontalOffset, "background.horizontalOffset");
    }
    if (bg.verticalOffset !== undefined) checkUnit(bg.verticalOffset, "background.verticalOffset");
  }
  if (opts.alpha !== undefined) checkUnit(opts.alpha, "alpha");
  checkFinite(opts.letterSpacing ?? 0, "letterSpacing");
  checkFinite(opts.lineSpacing ?? 0, "lineSpacing");
  const alignment = opts.alignment ?? "center";
  if (!(alignment in ALIGNMENT_CODES)) {
    throw new DraftcliError(
      "invalid_input",
      `alignment: ${JSON.stringify(alignment)} is not left, center or right`,
      {
        path: "alignment",
      },
    );
  }

  const { stroke, shadow } = base;
  const flag = TEXT_CHECK_FLAG.base |
    (stroke ? TEXT_CHECK_FLAG.stroke : 0) |
    (bg ? TEXT_CHECK_FLAG.background : 0) |
    (shadow ? TEXT_CHECK_FLAG.shadow : 0) |
    (opts.glow ? TEXT_CHECK_FLAG.glow : 0);
  const sh = shadow ?? { color: "", ...SHADOW_DEFAULTS };

  const fields: TextMaterialFields = {
    font_size: base.size,
    text_color: normalizeHexColor(base.color),
    text_alpha: base.alpha,
    underline: base.underline,
    is_rich_text: stylesCount > 1,
    check_flag: flag,
    border_color: stroke ? normalizeHexColor(stroke.color) : "",
    border_width: stroke ? stroke.width : STROKE_DEFAULTS.width,
    border_alpha: stroke ? stroke.alpha : STROKE_DEFAULTS.alpha,
    has_shadow: shadow !== undefined,
    shadow_color: shadow ? normalizeHexColor(shadow.color) : "",
    shadow_alpha: sh.alpha,
    shadow_angle: sh.angle,
    shadow_distance: sh.distance,
    shadow_smoothing: round6(sh.diffuse * 6),
    shadow_point: shadowPoint(sh.distance, sh.angle),
    background_style: bg ? 1 : 0,
    background_color: bg ? normalizeHexColor(bg.color) : "",
    background_alpha: bg?.alpha ?? 1,
    background_round_radius: bg?.roundRadius ?? 0,
    background_width: bg?.width ?? 0.14,
    background_height: bg?.height ?? 0.14,
    background_horizontal_offset: round6(2 * (bg?.horizontalOffset ?? 0.5) - 1),
    background_vertical_offset: round6(2 * (bg?.verticalOffset ?? 0.5) - 1),
    alignment: ALIGNMENT_CODES[alignment],
    typesetting: opts.vertical ? 1 : 0,
    letter_spacing: round6((opts.letterSpacing ?? 0) * 0.05),
    line_spacing: round6(0.02 + (opts.lineSpacing ?? 0) * 0.05),
    global_alpha: opts.alpha ?? 1,
  };
  if (base.font) {
    fields.font_path = base.font.path;
    fields.font_resource_id = base.font.id;
  }
  return fields;
}

/** Derived decimals rounded to 6 places (0.075 × 6 → 0.45, not 0.44999999999999996). */
function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6 + 0; // + 0 turns −0 into 0
}

// ---- validation -------------------------------------------------------------------------------

function bad(path: string, what: string, hint?: string): never {
  throw new DraftcliError("invalid_input", `${path}: ${what}`, { path, hint });
}

function checkFinite(v: number, path: string): void {
  if (typeof v !== "number" || !Number.isFinite(v)) bad(path, `${v} is not a finite number`);
}

function checkUnit(v: number, path: string): void {
  checkFinite(v, path);
  if (v < 0 || v > 1) bad(path, `${v} is outside 0..1`);
}

function checkSize(v: number, path: string): void {
  checkFinite(v, path);
  if (v <= 0) {
    bad(path, `${v} is not a positive font size`, "editor sizes are ~5–15 (text tool default 15)");
  }
}

function checkStyle(s: TextStyle, path: string): void {
  checkSize(s.size, `${path}.size`);
  parseHexColor(s.color, `${path}.color`);
  checkUnit(s.alpha, `${path}.alpha`);
  if (s.stroke) {
    parseHexColor(s.stroke.color, `${path}.stroke.color`);
    checkUnit(s.stroke.alpha, `${path}.stroke.alpha`);
    checkFinite(s.stroke.width, `${path}.stroke.width`);
    if (s.stroke.width < 0 || s.stroke.width > 0.2) {
      bad(
        `${path}.stroke.width`,
        `${s.stroke.width} is outside 0..0.2`,
        "editor units: UI 0..100 ↦ 0..0.2, default 0.08",
      );
    }
  }
  if (s.shadow) {
    parseHexColor(s.shadow.color, `${path}.shadow.color`);
    checkUnit(s.shadow.alpha, `${path}.shadow.alpha`);
    checkFinite(s.shadow.angle, `${path}.shadow.angle`);
    checkFinite(s.shadow.distance, `${path}.shadow.distance`);
    if (s.shadow.distance < 0) bad(`${path}.shadow.distance`, `${s.shadow.distance} is negative`);
    checkFinite(s.shadow.diffuse, `${path}.shadow.diffuse`);
    if (s.shadow.diffuse < 0) bad(`${path}.shadow.diffuse`, `${s.shadow.diffuse} is negative`);
  }
}

function checkHighlight(h: Highlight, path: string): void {
  if (typeof h.keyword !== "string" || h.keyword === "") {
    bad(`${path}.keyword`, "keyword is empty", "give the exact text to highlight");
  }
  if (h.color !== undefined) parseHexColor(h.color, `${path}.color`);
  if (h.fontSize !== undefined) checkSize(h.fontSize, `${path}.fontSize`);
}

let graphemes: Intl.Segmenter | undefined; // created on first use: ICU start-up is not free

/** UTF-16 indices where a grapheme cluster starts, plus text.length. */
function graphemeBoundaries(text: string): Set<number> {
  const out = new Set<number>([text.length]);
  graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  for (const seg of graphemes.segment(text)) out.add(seg.index);
  return out;
}
