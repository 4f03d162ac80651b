/**
 * The text and style runs of an editor's text material, whichever way the editor stored it:
 * content JSON (`{"text","styles":[…]}`), CapCut 1.x/2.x markup
 * (`<font …><size=5.0><color=(…)>[text]</font>`) or plain text. Read by `draft export` and by
 * the preview. Pure.
 */
import type { TextContentJson, TextMaterial, TextStyleEntry } from "./model.ts";
import { formatHexColor, SHADOW_DEFAULTS } from "./text_content.ts";

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
/** Rounded to 6 decimals, -0 as 0. */
export const r6 = (n: number) => Math.round(n * 1e6) / 1e6 + 0;

/** "#rrggbb" of editor colour floats (or a hex string), else undefined. */
export function hexOf(v: unknown): string | undefined {
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
function runStyleOf(s: TextStyleEntry, fallbackSize: number): RunStyle {
  const fill = s.fill ?? {};
  const solid = fill.content?.solid ?? {};
  const strokes = Array.isArray(s.strokes) ? s.strokes : [];
  const shadows = Array.isArray(s.shadows) ? s.shadows : [];
  const style: RunStyle = {
    size: r3(Number(s.size ?? fallbackSize)),
    bold: s.bold === true,
    italic: s.italic === true,
    underline: s.underline === true,
    color: hexOf(solid.color) ?? "#ffffff",
    alpha: r6(Number(solid.alpha ?? 1) * Number(fill.alpha ?? 1)),
    font: fontKey(s.font?.id, s.font?.path),
  };
  if (strokes.length) {
    const st = strokes[0];
    const sol = st.content?.solid ?? {};
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
      color: hexOf(sh.content?.solid?.color) ?? "#000000",
      alpha: r6(Number(sh.alpha ?? 1)),
      angle: r6(Number(sh.angle ?? SHADOW_DEFAULTS.angle)),
      distance: r6(Number(sh.distance ?? SHADOW_DEFAULTS.distance)),
      diffuse: r6(Number(sh.diffuse ?? SHADOW_DEFAULTS.diffuse)),
    };
  }
  return style;
}

/** The style the material-level fields describe (texts saved without style runs). */
export function materialStyle(m: TextMaterial): RunStyle {
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

/** Markup tokens: a closing tag, an opening tag (name, argument), a text piece. */
const BRACKETED = /<\/[^>]*>|<([a-z]+)(=?[^>]*)>|\[((?:[^\]\\]|\\.)*)\]/gi;
const RAW = /<\/[^>]*>|<([a-z]+)(=?[^>]*)>|([^<]+)/gi;

/**
 * The markup content of CapCut 1.x/2.x and JianYing 3.x: tags around the text, which CapCut
 * puts in brackets (`<outline color=(r,g,b,a) width=w><size=15><color=(…)>
 * <font id="" path="…">[text]</font>…`) and JianYing 3.x writes bare (`<font …><color=(…)>
 * <size=5.000000>text</size></color></font>`). Returns the text and its runs, or undefined.
 */
function markupRuns(
  content: string,
  m: TextMaterial,
): { text: string; runs: Run[] } | undefined {
  if (!content.startsWith("<")) return undefined;
  const stack: { tag: string; arg: string }[] = [];
  let text = "";
  const runs: Run[] = [];
  const bracketed = /^(?:<[^>]*>\s*)+\[/.test(content);
  for (const x of content.matchAll(bracketed ? BRACKETED : RAW)) {
    if (x[0].startsWith("</")) {
      stack.pop();
      continue;
    }
    if (x[1]) {
      stack.push({ tag: x[1].toLowerCase(), arg: x[2] });
      continue;
    }
    const piece = bracketed ? (x[3] ?? "").replace(/\\(.)/g, "$1") : x[3] ?? "";
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
export function textRuns(m: TextMaterial): { text: string; runs: Run[] } {
  const content = String(m.content ?? "");
  const fallback = Number(m.font_size ?? 15);
  try {
    const c: TextContentJson | null = JSON.parse(content);
    if (typeof c?.text === "string") {
      const text = c.text;
      const styles = Array.isArray(c.styles) ? c.styles : [];
      const runs = styles
        .map((s) => {
          const range = s.range ?? [0, text.length];
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
