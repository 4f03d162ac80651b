/**
 * `draft export` of text tracks: the inverse of `captions add` (src/ops/captions.ts and
 * src/draft/text_content.ts). A text track becomes one `captions add` call: its style flags
 * (`captionOptions`) come from the track's common style, each caption keeps its own size and
 * vertical position, and style runs that differ in colour, bold or size become keyword
 * highlights. What the flags cannot say (a shadow other than the default one, per-run fonts,
 * vertical text, …) is reported through `skip(kind, id)`, never dropped silently.
 */
import type { Json } from "../editions/profiles.ts";
import type { Edition } from "../editions/profiles.ts";
import type { Segment } from "../draft/document.ts";
import { findByResourceId } from "../catalogs/catalog.ts";
import {
  applyHighlight,
  buildTextContent,
  formatHexColor,
  type Highlight,
  SHADOW_DEFAULTS,
  type TextStyle,
} from "../draft/text_content.ts";

type Item = Record<string, unknown>;

/** The style of one run, normalised (colours "#rrggbb", font as a comparable key). */
export interface RunStyle {
  size: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  color: string;
  alpha: number;
  /** "" = the editor's default font; else `id:<resource id>` or `path:<file>`. */
  font: string;
  stroke?: { color: string; alpha: number; width: number; count: number };
  shadow?: { color: string; alpha: number; angle: number; distance: number; diffuse: number };
}

/** A run of text `[start, end)` with one style. */
export interface Run {
  start: number;
  end: number;
  style: RunStyle;
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;
const r6 = (n: number) => Math.round(n * 1e6) / 1e6 + 0;

/** "#rrggbb" of editor colour floats (or a hex string), else undefined. */
function hexOf(v: unknown): string | undefined {
  if (typeof v === "string") return /^#[0-9a-fA-F]{6}$/.test(v) ? v.toLowerCase() : undefined;
  if (Array.isArray(v) && v.length >= 3) {
    const rgb = v.slice(0, 3).map(Number);
    if (rgb.every((c) => Number.isFinite(c) && c >= 0 && c <= 1)) return formatHexColor(rgb);
  }
  return undefined;
}

/** The editors' own default font files (SystemFont/…) count as "no font". */
function fontKey(id: unknown, path: unknown): string {
  const i = String(id ?? "");
  const p = String(path ?? "").replaceAll("\\", "/");
  if (i) return `id:${i}`;
  if (!p || /\/Font\/SystemFont\//i.test(p)) return "";
  return `path:${p}`;
}

/** One `styles[]` entry of a text material's content, normalised. */
function runStyleOf(s: Json, fallbackSize: number): RunStyle {
  const fill = (s.fill ?? {}) as Json;
  const solid = ((fill.content as Json)?.solid ?? {}) as Json;
  const strokes = (Array.isArray(s.strokes) ? s.strokes : []) as Json[];
  const shadows = (Array.isArray(s.shadows) ? s.shadows : []) as Json[];
  const style: RunStyle = {
    size: r3(Number(s.size ?? fallbackSize)),
    bold: s.bold === true,
    italic: s.italic === true,
    underline: s.underline === true,
    color: hexOf(solid.color) ?? "#ffffff",
    alpha: r6(Number(solid.alpha ?? 1) * Number(fill.alpha ?? 1)),
    font: fontKey((s.font as Json)?.id, (s.font as Json)?.path),
  };
  if (strokes.length) {
    const st = strokes[0];
    const sol = ((st.content as Json)?.solid ?? {}) as Json;
    style.stroke = {
      color: hexOf(sol.color) ?? "#000000",
      alpha: r6(Number(sol.alpha ?? 1)),
      width: r6(Number(st.width ?? 0.08)),
      count: strokes.length,
    };
  }
  if (shadows.length) {
    const sh = shadows[0];
    style.shadow = {
      color: hexOf(((sh.content as Json)?.solid as Json)?.color) ?? "#000000",
      alpha: r6(Number(sh.alpha ?? 1)),
      angle: r6(Number(sh.angle ?? SHADOW_DEFAULTS.angle)),
      distance: r6(Number(sh.distance ?? SHADOW_DEFAULTS.distance)),
      diffuse: r6(Number(sh.diffuse ?? SHADOW_DEFAULTS.diffuse)),
    };
  }
  return style;
}

/** The style the material-level fields describe (texts saved without style runs). */
function materialStyle(m: Json): RunStyle {
  const flag = Number(m.check_flag ?? 7);
  const style: RunStyle = {
    size: r3(Number(m.font_size ?? 15)),
    bold: m.bold === true,
    italic: m.italic === true,
    underline: m.underline === true,
    color: hexOf(m.text_color) ?? "#ffffff",
    alpha: r6(Number(m.text_alpha ?? 1)),
    font: fontKey(m.font_resource_id, m.font_path),
  };
  if (flag & 8 && hexOf(m.border_color)) {
    style.stroke = {
      color: hexOf(m.border_color)!,
      alpha: r6(Number(m.border_alpha ?? 1)),
      width: r6(Number(m.border_width ?? 0.08)),
      count: 1,
    };
  }
  if (m.has_shadow === true) {
    style.shadow = {
      color: hexOf(m.shadow_color) ?? "#000000",
      alpha: r6(Number(m.shadow_alpha ?? SHADOW_DEFAULTS.alpha)),
      angle: r6(Number(m.shadow_angle ?? SHADOW_DEFAULTS.angle)),
      distance: r6(Number(m.shadow_distance ?? SHADOW_DEFAULTS.distance)),
      diffuse: r6(Number(m.shadow_smoothing ?? 0.45) / 6),
    };
  }
  return style;
}

/**
 * CapCut 2.x's markup content: `<outline color=(r,g,b,a) width=w><size=15><color=(…)>
 * <font id="" path="…">[text]</font>…`. Returns the text and its runs, or undefined.
 */
function markupRuns(content: string, m: Json): { text: string; runs: Run[] } | undefined {
  if (!content.startsWith("<")) return undefined;
  const stack: Json[] = [];
  let text = "";
  const runs: Run[] = [];
  const re = /<\/[^>]*>|<([a-z]+)(=?[^>]*)>|\[((?:[^\]\\]|\\.)*)\]/gi;
  for (const x of content.matchAll(re)) {
    if (x[0].startsWith("</")) {
      stack.pop();
      continue;
    }
    if (x[1]) {
      stack.push({ tag: x[1].toLowerCase(), arg: x[2] });
      continue;
    }
    const piece = (x[3] ?? "").replace(/\\(.)/g, "$1");
    const style = materialStyle(m);
    for (const t of stack) {
      const nums = String(t.arg).match(/-?[\d.]+/g)?.map(Number) ?? [];
      if (t.tag === "size") style.size = r3(nums[0] ?? style.size);
      else if (t.tag === "color") style.color = hexOf(nums.slice(0, 3)) ?? style.color;
      else if (t.tag === "font") {
        const id = /id="([^"]*)"/.exec(String(t.arg))?.[1];
        const path = /path="([^"]*)"/.exec(String(t.arg))?.[1];
        style.font = fontKey(id, path);
      } else if (t.tag === "outline") {
        const color = /color=\(([^)]*)\)/.exec(String(t.arg))?.[1]?.split(",").map(Number) ?? [];
        const width = /width=([\d.]+)/.exec(String(t.arg))?.[1];
        style.stroke = {
          color: hexOf(color) ?? "#000000",
          alpha: r6(color[3] ?? 1),
          width: r6(Number(width ?? 0.08)),
          count: 1,
        };
      }
    }
    if (piece) runs.push({ start: text.length, end: text.length + piece.length, style });
    text += piece;
  }
  return text ? { text, runs } : undefined;
}

/** The text and style runs of a text material (content JSON, CapCut 2 markup, or plain text). */
export function textRuns(m: Json): { text: string; runs: Run[] } {
  const content = String(m.content ?? "");
  const fallback = Number(m.font_size ?? 15);
  try {
    const c = JSON.parse(content);
    if (typeof c?.text === "string") {
      const text = c.text as string;
      const styles = (Array.isArray(c.styles) ? c.styles : []) as Json[];
      const runs = styles
        .map((s) => {
          const range = (s.range ?? [0, text.length]) as number[];
          return { start: Number(range[0]), end: Number(range[1]), style: runStyleOf(s, fallback) };
        })
        .filter((r) => r.end > r.start)
        .sort((a, b) => a.start - b.start);
      return { text, runs: runs.length ? runs : [wholeRun(text, materialStyle(m))] };
    }
  } catch { /* not JSON */ }
  const markup = markupRuns(content, m);
  if (markup) return markup;
  const text = content || String(m.base_content ?? "");
  return { text, runs: [wholeRun(text, materialStyle(m))] };
}

const wholeRun = (text: string, style: RunStyle): Run => ({ start: 0, end: text.length, style });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Adjacent runs with equal styles merged (the editors may split a run anywhere). */
export function mergeRuns(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    const last = out[out.length - 1];
    if (last && last.end === r.start && same(last.style, r.style)) last.end = r.end;
    else out.push({ ...r });
  }
  return out;
}

/** The style fields a whole `captions add` call shares (everything but colour, bold and size). */
function fixedOf(s: RunStyle) {
  return {
    italic: s.italic,
    underline: s.underline,
    alpha: s.alpha,
    font: s.font,
    stroke: s.stroke,
    shadow: s.shadow,
  };
}

/** The most frequent value (weighted), first seen on ties. */
function mode<T>(pairs: [T, number][]): T {
  const totals = new Map<string, { v: T; n: number }>();
  for (const [v, n] of pairs) {
    const k = JSON.stringify(v);
    const t = totals.get(k) ?? { v, n: 0 };
    t.n += n;
    totals.set(k, t);
  }
  let best: { v: T; n: number } | undefined;
  for (const t of totals.values()) if (!best || t.n > best.n) best = t;
  return best!.v;
}

/** One text segment as export sees it. */
export interface TextSegmentIn {
  segment: Segment;
  material: Json;
}

/** What exportTextTrack returns: the call's flags and one caption item per segment. */
export interface TextTrackOut {
  captionOptions: Item;
  captions: Item[];
}

/** The catalog name of a font resource id, else undefined. */
function catalogFont(edition: Edition, id: string): string | undefined {
  try {
    return findByResourceId(edition, "fonts", id)?.name;
  } catch {
    return undefined;
  }
}

/**
 * Inverts `captions add` for one text track: the flags every caption shares, and per caption its
 * text, time, size, vertical position and highlights. `skip(kind, id)` lists what is lost.
 */
export function exportTextTrack(
  edition: Edition,
  items: TextSegmentIn[],
  skip: (kind: string, id: string) => void,
): TextTrackOut {
  const parsed = items.map(({ segment, material }) => {
    const { text, runs } = textRuns(material);
    return { segment, material, text, runs: mergeRuns(runs) };
  });
  const first = parsed[0];
  // A track-wide flag that cannot say something concerns every caption of the track.
  const skipAll = (kind: string) => parsed.forEach((p) => skip(kind, p.segment.id));
  const firstStyle = first.runs[0]?.style ?? materialStyle(first.material);
  const fixed = fixedOf(firstStyle);
  const m0 = first.material;
  const color = mode<string>(
    parsed.flatMap((p) => p.runs.map((r) => [r.style.color, r.end - r.start] as [string, number])),
  );
  const bold = mode<boolean>(
    parsed.flatMap((p) => p.runs.map((r) => [r.style.bold, r.end - r.start] as [boolean, number])),
  );

  // Each caption's own size: its most used size among base-coloured runs.
  const sizes = parsed.map((p) => {
    const base = p.runs.filter((r) => r.style.color === color && r.style.bold === bold);
    return mode<number>((base.length ? base : p.runs).map((r) => [r.style.size, r.end - r.start]));
  });
  const fontSize = mode<number>(sizes.map((s) => [s, 1]));

  const opts: Item = { fontSize };
  if (bold) opts.bold = true;
  if (fixed.italic) opts.italic = true;
  if (fixed.underline) opts.underline = true;
  opts.textColor = color;
  const globalAlpha = r6(Number(m0.global_alpha ?? 1));
  if (globalAlpha !== 1 || fixed.alpha !== 1) {
    opts.alpha = globalAlpha !== 1 ? globalAlpha : fixed.alpha;
    // The alpha flag sets both the letters' and the whole text's opacity.
    if (globalAlpha !== fixed.alpha) {
      skipAll("text opacity differing between the letters and the whole text");
    }
  }
  if (fixed.font.startsWith("id:")) {
    const name = catalogFont(edition, fixed.font.slice(3));
    const path = String(firstStyleFontPath(m0) ?? "");
    if (name) opts.font = name;
    else {
      if (path) opts.font = path;
      skipAll(
        `text font not in the fonts catalog (${path ? "exported as its file" : "dropped"})`,
      );
    }
  } else if (fixed.font.startsWith("path:")) opts.font = fixed.font.slice(5);
  const align = Number(m0.alignment ?? 1);
  if ([0, 1, 2].includes(align)) opts.alignment = align;
  else skipAll(`text alignment ${align}`);
  const clip0 = (first.segment.clip ?? {}) as Json;
  opts.transformX = r6(Number((clip0.transform as Json)?.x ?? 0));
  opts.transformY = r6(Number((clip0.transform as Json)?.y ?? 0));
  if (fixed.stroke) {
    opts.borderColor = fixed.stroke.color;
    opts.borderWidth = r6(Math.min(100, fixed.stroke.width * 500));
    if (fixed.stroke.alpha !== 1) skipAll("text outline opacity");
    if (fixed.stroke.count > 1) skipAll("text with several outlines");
    if (fixed.stroke.width > 0.2) skipAll("text outline wider than 100");
  }
  const letter = r6(Number(m0.letter_spacing ?? 0) / 0.05);
  const line = r6((Number(m0.line_spacing ?? 0.02) - 0.02) / 0.05);
  if (letter) opts.letterSpacing = letter;
  if (line) opts.lineSpacing = line;
  const bg = backgroundOf(m0);
  if (bg) {
    opts.backgroundColor = bg.color;
    if (bg.alpha !== 1) opts.backgroundAlpha = bg.alpha;
    if (bg.round) opts.backgroundRound = bg.round;
    if (!bg.defaultBox) skipAll("text background size or offset");
  }
  if (fixed.shadow) {
    opts.shadow = true;
    const d = { color: "#000000", ...SHADOW_DEFAULTS };
    const s = fixed.shadow;
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-3;
    if (
      s.color !== d.color || !near(s.alpha, d.alpha) || !near(s.angle, d.angle) ||
      !near(s.distance, d.distance) || !near(s.diffuse, d.diffuse)
    ) {
      skipAll("text shadow other than the default (colour, opacity, angle, distance, blur)");
    }
  }

  const base: TextStyle = {
    size: fontSize,
    bold,
    italic: fixed.italic,
    underline: fixed.underline,
    color,
    alpha: 1,
  };
  const captions = parsed.map((p, i) => {
    const id = p.segment.id;
    const m = p.material;
    const tr = p.segment.target_timerange;
    const item: Item = { ref: id, text: p.text, start: tr.start, end: tr.start + tr.duration };
    if (sizes[i] !== fontSize) item.fontSize = sizes[i];
    const clip = (p.segment.clip ?? {}) as Json;
    const y = r6(Number((clip.transform as Json)?.y ?? 0));
    if (y !== opts.transformY) item.transformY = y;
    if (r6(Number((clip.transform as Json)?.x ?? 0)) !== opts.transformX) {
      skip("text horizontal position differing within a track", id);
    }
    const scale = (clip.scale ?? {}) as Json;
    if (
      Number(scale.x ?? 1) !== 1 || Number(scale.y ?? 1) !== 1 || Number(clip.rotation ?? 0) ||
      Number(clip.alpha ?? 1) !== 1 ||
      clip.flip && ((clip.flip as Json).horizontal || (clip.flip as Json).vertical)
    ) skip("text scale, rotation, opacity or flip", id);
    if (p.runs.some((r) => !same(fixedOf(r.style), fixed))) {
      skip("text font, italic, underline, opacity, outline or shadow differing within a track", id);
    }
    if (i > 0) {
      if (!same(backgroundOf(m), bg)) skip("text background differing within a track", id);
      for (const k of ["alignment", "letter_spacing", "line_spacing", "global_alpha"]) {
        if (Number(m[k] ?? 0) !== Number(m0[k] ?? 0)) {
          skip(`text ${k.replace("_", " ")} differing within a track`, id);
        }
      }
    }
    if (Number(m.typesetting ?? 0) !== 0) skip("vertical text", id);
    if (m.type === "subtitle") skip("recognised subtitle (rebuilt as a plain text)", id);
    const highlights = highlightsOf(p.text, p.runs, { ...base, size: sizes[i] });
    if (highlights === undefined) {
      skip("text style runs that keyword highlights cannot express", id);
    } else if (highlights.length) item.highlights = highlights;
    return item;
  });
  return { captionOptions: opts, captions };
}

/** The font path the first style run (or the material) names. */
function firstStyleFontPath(m: Json): string | undefined {
  try {
    const p = JSON.parse(String(m.content))?.styles?.[0]?.font?.path;
    if (typeof p === "string" && p) return p;
  } catch { /* not JSON */ }
  return typeof m.font_path === "string" && m.font_path ? m.font_path : undefined;
}

/** The background box of a text material, if it draws one. */
function backgroundOf(m: Json) {
  const flag = m.check_flag === undefined ? 16 : Number(m.check_flag);
  const color = hexOf(m.background_color);
  if (!color || !(flag & 16) || Number(m.background_style ?? 0) === 0) return undefined;
  const w = Number(m.background_width ?? 0.14), h = Number(m.background_height ?? 0.14);
  const ho = Number(m.background_horizontal_offset ?? 0);
  const vo = Number(m.background_vertical_offset ?? 0);
  return {
    color,
    alpha: r6(Number(m.background_alpha ?? 1)),
    round: r6(Number(m.background_round_radius ?? 0) * 100),
    defaultBox: Number(m.background_style) === 1 && Math.abs(w - 0.14) < 1e-6 &&
      Math.abs(h - 0.14) < 1e-6 && Math.abs(ho) < 1e-6 && Math.abs(vo) < 1e-6,
  };
}

/**
 * Keyword highlights that rebuild `runs` over `base` (colour, bold and size only), or undefined
 * when none do (checked by building the content the way `captions add` does).
 */
function highlightsOf(text: string, runs: Run[], base: TextStyle): Highlight[] | undefined {
  const out: Highlight[] = [];
  for (const r of runs) {
    const s = r.style;
    if (s.color === base.color && s.bold === base.bold && s.size === base.size) continue;
    const h: Highlight = { keyword: text.slice(r.start, r.end) };
    if (s.color !== base.color) h.color = s.color;
    if (s.bold !== base.bold) h.bold = s.bold;
    if (s.size !== base.size) h.fontSize = s.size;
    if (!out.some((o) => same(o, h))) out.push(h);
  }
  if (!out.length) return out;
  if (out.length > 100 || out.some((h) => h.keyword.length > 200)) return undefined;
  try {
    const built = buildTextContent(text, base, out);
    const got = mergeRuns(built.ranges.map((g) => {
      const s = g.highlight === undefined ? base : applyHighlight(base, out[g.highlight]);
      return {
        start: g.start,
        end: g.end,
        style: { color: s.color, bold: s.bold, size: s.size } as unknown as RunStyle,
      };
    })).map((g) => [g.start, g.end, g.style.color, g.style.bold, g.style.size]);
    const wantMerged = mergeRuns(runs.map((r) => ({
      ...r,
      style: {
        color: r.style.color,
        bold: r.style.bold,
        size: r.style.size,
      } as unknown as RunStyle,
    }))).map((g) => [g.start, g.end, g.style.color, g.style.bold, g.style.size]);
    return same(got, wantMerged) ? out : undefined;
  } catch {
    return undefined;
  }
}
