/**
 * Captions as an ASS subtitle script (pure): text, size, colour, bold/italic, position,
 * alignment, border, background card and keyword colours, drawn by libass inside ffmpeg.
 * Placeholder labels for missing media ride along as plain events.
 */
import { fontEmPixels } from "../draft/font_size.ts";
import type { CaptionItem } from "./plan.ts";
import type { ProxyFormat } from "./graph.ts";

/** A label drawn over a placeholder (missing media). */
export interface PlaceholderLabel {
  text: string;
  start: number;
  duration: number;
}

/** ASS colour `&HAABBGGRR` from `#rrggbb` and an opacity 0..1. */
export function assColor(hex: string, opacity = 1): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  const [r, g, b] = m ? [m[1], m[2], m[3]] : ["ff", "ff", "ff"];
  const a = Math.round((1 - Math.min(1, Math.max(0, opacity))) * 255).toString(16).padStart(2, "0");
  return `&H${a}${b}${g}${r}`.toUpperCase();
}

/** An override-tag colour `&HBBGGRR&` from `#rrggbb`. */
export function tagColor(hex: string): string {
  return assColor(hex).replace(/^&H[0-9A-F]{2}/, "&H") + "&";
}

function time(us: number): string {
  const cs = Math.max(0, Math.round(us / 10_000));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const sec = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}.${
    String(c).padStart(2, "0")
  }`;
}

/** Text safe inside an ASS event: no override braces, backslashes or raw newlines. */
function plain(text: string): string {
  return text.replace(/\\/g, "\u29F5").replace(/[{}]/g, (c) => (c === "{" ? "\uFF5B" : "\uFF5D"))
    .replace(/\r?\n/g, "\\N");
}

/** Pixel size of an editor font size on the proxy (src/draft/font_size.ts). */
export function fontPixels(size: number, fmt: ProxyFormat): number {
  return Math.max(6, Math.round(fontEmPixels(size, fmt.width, fmt.height)));
}

/** The ASS script for `captions` on a proxy of format `fmt`, in font `fontName`. */
export function captionsAss(
  captions: readonly CaptionItem[],
  labels: readonly PlaceholderLabel[],
  fmt: ProxyFormat,
  fontName: string,
): string {
  const head = [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${fmt.width}`,
    `PlayResY: ${fmt.height}`,
    "WrapStyle: 0",
    "ScaledBorderAndShadow: yes",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, " +
    "Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, " +
    "Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    `Style: Plain,${fontName},24,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,5,10,10,10,1`,
    `Style: Card,${fontName},24,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,3,0,0,5,10,10,10,1`,
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ];
  const events: string[] = [];
  for (const c of captions) {
    if (c.text === "") continue;
    const px = fontPixels(c.size, fmt);
    const cx = Math.round(fmt.width / 2 + (c.x * fmt.width) / 2);
    const cy = Math.round(fmt.height / 2 - (c.y * fmt.height) / 2);
    const an = c.alignment === 0 ? 4 : c.alignment === 2 ? 6 : 5;
    const tags = [`\\an${an}`, `\\pos(${cx},${cy})`, `\\fs${px}`, `\\c${tagColor(c.color)}`];
    if (c.bold) tags.push("\\b1");
    if (c.italic) tags.push("\\i1");
    let style = "Plain";
    if (c.background) {
      style = "Card";
      const alpha = assColor("#000000", c.background.alpha).slice(2, 4);
      tags.push(
        `\\3c${tagColor(c.background.color)}`,
        `\\3a&H${alpha}&`,
        `\\bord${Math.max(2, Math.round(px * 0.25))}`,
      );
    } else if (c.borderColor && c.borderWidth > 0) {
      tags.push(
        `\\3c${tagColor(c.borderColor)}`,
        `\\bord${Math.max(1, Math.round(px * c.borderWidth * 0.5))}`,
      );
    }
    let body = "";
    const runs = [...c.runs].sort((a, b) => a.start - b.start);
    let at = 0;
    for (const r of runs) {
      if (r.start > at) body += `{\\c${tagColor(c.color)}}` + plain(c.text.slice(at, r.start));
      const from = Math.max(at, r.start);
      if (r.end > from) {
        body += `{\\c${tagColor(r.color)}${r.bold ? "\\b1" : ""}${r.italic ? "\\i1" : ""}}` +
          plain(c.text.slice(from, r.end)) + `{\\b${c.bold ? 1 : 0}\\i${c.italic ? 1 : 0}}`;
        at = r.end;
      }
    }
    if (at < c.text.length) body += `{\\c${tagColor(c.color)}}` + plain(c.text.slice(at));
    events.push(
      `Dialogue: ${c.layer},${time(c.start)},${time(c.start + c.duration)},${style},,0,0,0,,{${
        tags.join("")
      }}${body}`,
    );
  }
  for (const l of labels) {
    const px = Math.max(10, Math.round(Math.min(fmt.width, fmt.height) / 20));
    events.push(
      `Dialogue: 99999,${time(l.start)},${time(l.start + l.duration)},Plain,,0,0,0,,{\\an5\\pos(${
        Math.round(fmt.width / 2)
      },${Math.round(fmt.height / 2)})\\fs${px}\\c&H00FFFFFF&\\3c&H00000000&\\bord2}${
        plain(l.text)
      }`,
    );
  }
  return [...head, ...events, ""].join("\n");
}
