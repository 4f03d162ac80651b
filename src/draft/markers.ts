/**
 * Timeline markers: `time_marks` of the timeline document, `{id, mark_items: [{color, id,
 * time_range: {duration, start}, title}]}` (null when the draft never had one).
 */
import type { DraftDocument } from "./document.ts";
import type { MarkItem } from "./model.ts";
import { newId } from "./ids.ts";

/** One marker in user units. */
export interface Marker {
  start: number;
  duration?: number;
  title?: string;
  color?: string;
}

/** The marker colour the editors give a new marker. */
const DEFAULT_COLOR = "#00c1cd";

/** The markers of a draft, in timeline order. */
export function readMarkers(doc: DraftDocument): Marker[] {
  const marks = doc.content.time_marks;
  const items: MarkItem[] = Array.isArray(marks?.mark_items) ? marks.mark_items : [];
  return items.map((m) => {
    const range = m.time_range ?? {};
    const out: Marker = { start: Number(range.start ?? 0) };
    if (Number(range.duration)) out.duration = Number(range.duration);
    if (typeof m.title === "string" && m.title) out.title = m.title;
    if (typeof m.color === "string" && m.color.toLowerCase() !== DEFAULT_COLOR) {
      out.color = m.color;
    }
    return out;
  }).sort((a, b) => a.start - b.start);
}

/** Adds markers to a draft (after the ones it has). */
export function addMarkers(doc: DraftDocument, markers: readonly Marker[]): void {
  if (!markers.length) return;
  let marks = doc.content.time_marks;
  let items = marks?.mark_items;
  if (!marks || typeof marks !== "object" || !Array.isArray(items)) {
    items = [];
    marks = { id: newId(), mark_items: items };
    doc.content.time_marks = marks;
  }
  for (const m of markers) {
    items.push({
      color: m.color ?? DEFAULT_COLOR,
      id: newId(),
      time_range: { duration: m.duration ?? 0, start: m.start },
      title: m.title ?? "",
    });
  }
}
