/**
 * The timeline picture (pure): an SVG with one row per track, each segment a box labelled with
 * its kind, text and start–end seconds, readable by a person and, as text, by an agent; and the
 * same rows as ffmpeg drawbox filters for the strip under the contact sheet.
 */
import type { RenderPlan, TrackRow } from "./plan.ts";

/** Fill colour per track type (also used by the contact-sheet strip). */
export const TRACK_COLORS: Record<string, string> = {
  video: "#4f8bd6",
  audio: "#3fae6a",
  text: "#d9a53c",
  effect: "#a36bd6",
  filter: "#d66b9c",
  sticker: "#d6733f",
};

function color(type: string): string {
  return TRACK_COLORS[type] ?? "#888888";
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

const sec = (us: number) => `${(us / 1e6).toFixed(2)}s`;

/** Track names as the SVG shows them (`video 1`, `text 1`, …), in draft order. */
export function trackNames(tracks: readonly TrackRow[]): string[] {
  const seen = new Map<string, number>();
  return tracks.map((t) => {
    const n = (seen.get(t.type) ?? 0) + 1;
    seen.set(t.type, n);
    return `${t.type} ${n}`;
  });
}

/** The SVG of the plan's tracks and segments. */
export function timelineSvg(plan: RenderPlan): string {
  const labelW = 110;
  const width = 1200;
  const rowH = 34;
  const top = 30;
  const total = Math.max(plan.duration, 1);
  const x = (us: number) => labelW + ((width - labelW - 10) * us) / total;
  const names = trackNames(plan.tracks);
  const height = top + rowH * plan.tracks.length + 10;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>draft timeline: ${plan.tracks.length} tracks, ${sec(plan.duration)}</title>`,
    `<rect width="${width}" height="${height}" fill="#1e1e1e"/>`,
  ];
  for (let s = 0; s <= total / 1e6; s += Math.max(1, Math.ceil(total / 1e6 / 20))) {
    const px = x(s * 1e6).toFixed(1);
    out.push(`<line x1="${px}" y1="18" x2="${px}" y2="${height}" stroke="#333"/>`);
    out.push(`<text x="${px}" y="14" fill="#aaa">${s}s</text>`);
  }
  plan.tracks.forEach((t, i) => {
    const y = top + i * rowH;
    out.push(`<g class="track" data-track-id="${escapeXml(t.id)}" data-type="${t.type}">`);
    out.push(`<text x="6" y="${y + 20}" fill="#eee">${escapeXml(names[i])}</text>`);
    for (const seg of t.segments) {
      const x0 = x(seg.start);
      const w = Math.max(2, x(seg.end) - x0);
      const label = `${t.type}: ${seg.label} (${sec(seg.start)}–${sec(seg.end)})`;
      out.push(
        `<g class="segment" data-segment-id="${escapeXml(seg.id)}"><title>${
          escapeXml(label)
        }</title>` +
          `<rect x="${x0.toFixed(1)}" y="${y + 4}" width="${w.toFixed(1)}" height="${
            rowH - 8
          }" rx="3" ` +
          `fill="${color(t.type)}"/>` +
          `<text x="${(x0 + 3).toFixed(1)}" y="${y + 21}" fill="#111">${
            escapeXml(seg.label.length > 40 ? seg.label.slice(0, 39) + "…" : seg.label)
          }</text></g>`,
      );
    }
    out.push("</g>");
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}

/** ffmpeg drawbox filters drawing the tracks as a strip `width` × (rows × `rowH`) pixels. */
export function stripFilters(plan: RenderPlan, width: number, rowH: number): string[] {
  const total = Math.max(plan.duration, 1);
  const out: string[] = [];
  plan.tracks.forEach((t, i) => {
    for (const seg of t.segments) {
      const x0 = Math.floor((width * seg.start) / total);
      const w = Math.max(2, Math.floor((width * (seg.end - seg.start)) / total) - 1);
      out.push(
        `drawbox=x=${x0}:y=${i * rowH + 2}:w=${w}:h=${rowH - 4}:color=${
          color(t.type).replace("#", "0x")
        }:t=fill`,
      );
    }
  });
  return out;
}
