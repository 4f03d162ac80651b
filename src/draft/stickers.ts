/**
 * Stickers (reference §4.5): a `materials.stickers` entry naming a resource of the editor's
 * sticker library, and a segment on a `sticker` track with a visual `clip` and no source range.
 *
 * Evidence: no editor-saved sticker is available; the material is the minimal object
 * pyJianYingDraft writes ([lib]), the segment starts from a real text segment (the editors'
 * other non-media visual segment: clip, uniform_scale, source_timerange null).
 */
import type { Json } from "../editions/profiles.ts";
import type { DraftDocument, Segment } from "./document.ts";
import { newId } from "./ids.ts";
import { type ClipInput, clipOf, newSegment } from "./build.ts";
import type { TimeRange } from "./time.ts";

/** Builds a sticker material + segment (not yet on a track). */
export function buildStickerSegment(
  doc: DraftDocument,
  resourceId: string,
  target: TimeRange,
  clip: ClipInput,
): Segment {
  const material: Json = {
    id: newId(),
    resource_id: resourceId,
    sticker_id: resourceId,
    source_platform: 1,
    type: "sticker",
  };
  doc.addMaterial("stickers", material);
  const seg = newSegment(doc, "segment_text", material.id as string, target, null, []);
  seg.clip = clipOf(seg.clip as Json, clip);
  const s = (seg.clip as { scale: { x: number; y: number } }).scale;
  seg.uniform_scale = { on: s.x === s.y, value: s.x };
  seg.hdr_settings = null;
  return seg;
}
