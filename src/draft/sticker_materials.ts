/**
 * Stickers (reference §4.5): a `materials.stickers` entry naming a resource of the editor's
 * sticker library, and a segment on a `sticker` track with a visual `clip` and no source range.
 *
 * Evidence: no editor-saved sticker is available; the material is the minimal object
 * pyJianYingDraft writes ([lib]), the segment starts from a real text segment (the editors'
 * other non-media visual segment: clip, uniform_scale, source_timerange null).
 */
import type { DraftDocument } from "./document.ts";
import type { Segment, StickerMaterial } from "./model.ts";
import { newId } from "./ids.ts";
import { type ClipInput, clipOf, newSegment, uniformScaleOf } from "./segment_builders.ts";
import type { TimeRange } from "./time.ts";

/** Builds a sticker material + segment (not yet on a track). */
export function buildStickerSegment(
  doc: DraftDocument,
  resourceId: string,
  target: TimeRange,
  clip: ClipInput,
): Segment {
  const id = newId();
  const material: StickerMaterial = {
    id,
    resource_id: resourceId,
    sticker_id: resourceId,
    source_platform: 1,
    type: "sticker",
  };
  doc.addMaterial("stickers", material);
  const seg = newSegment(doc, "segment_text", id, target, null, []);
  seg.clip = clipOf(seg.clip, clip);
  seg.uniform_scale = uniformScaleOf(clip);
  seg.hdr_settings = null;
  return seg;
}
