/**
 * `draft export` of text tracks: the inverse of `captions add` (src/ops/captions.ts and
 * src/draft/text_content.ts). A text track becomes one `captions add` call: its style flags
 * (`captionOptions`) come from the track's common style, each caption keeps its own size and
 * vertical position, and style runs that differ in colour, bold or size become keyword
 * highlights. What the flags cannot say (a shadow other than the default one, per-run fonts,
 * vertical text, …) is reported through `skip(kind, id)`, never dropped silently.
 */
import type { Edition } from "../editions/profiles.ts";
import type { Clip, Segment, TextMaterial } from "../draft/model.ts";
import { findByResourceId } from "../catalogs/catalog.ts";
import { hexOf, materialStyle, r6, type Run, type RunStyle, textRuns } from "../draft/text_runs.ts";
import {
  applyHighlight,
  buildTextContent,
  type Highlight,
  SHADOW_DEFAULTS,
  type TextStyle,
} from "../draft/text_content.ts";

type Item = Record<string, unknown>;

export { type Run, type RunStyle, textRuns } from "../draft/text_runs.ts";

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
  material: TextMaterial;
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
  const clip0: Clip = first.segment.clip ?? {};
  opts.transformX = r6(Number(clip0.transform?.x ?? 0));
  opts.transformY = r6(Number(clip0.transform?.y ?? 0));
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
    const clip: Clip = p.segment.clip ?? {};
    const y = r6(Number(clip.transform?.y ?? 0));
    if (y !== opts.transformY) item.transformY = y;
    if (r6(Number(clip.transform?.x ?? 0)) !== opts.transformX) {
      skip("text horizontal position differing within a track", id);
    }
    const scale = clip.scale ?? {};
    if (
      Number(scale.x ?? 1) !== 1 || Number(scale.y ?? 1) !== 1 || Number(clip.rotation ?? 0) ||
      Number(clip.alpha ?? 1) !== 1 ||
      clip.flip && (clip.flip.horizontal || clip.flip.vertical)
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
function firstStyleFontPath(m: TextMaterial): string | undefined {
  try {
    const p = JSON.parse(String(m.content))?.styles?.[0]?.font?.path;
    if (typeof p === "string" && p) return p;
  } catch { /* not JSON */ }
  return typeof m.font_path === "string" && m.font_path ? m.font_path : undefined;
}

/** The background box of a text material, if it draws one. */
function backgroundOf(m: TextMaterial) {
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
