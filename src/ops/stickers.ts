/** `sticker add`: library stickers on sticker tracks (their list: listings.ts). */
import type { DraftDocument } from "../draft/document.ts";
import type { CommandContext } from "./context.ts";
import { mutateDraft } from "../store/commit.ts";
import { timelineRange } from "./targets.ts";
import { placeSegment } from "../draft/segment_builders.ts";
import { buildStickerSegment } from "../draft/sticker_materials.ts";
import { itemBase } from "../draft/summary.ts";

/** What `sticker add` takes (times µs, positions normalised). */
export interface StickerRequest {
  stickerId: string;
  start: number;
  end: number;
  scale?: number;
  transformX?: number;
  transformY?: number;
  rotation?: number;
  /** Sticker track, 0-based among sticker tracks (absent: the first where it fits). */
  trackIndex?: number;
}

/** Places one sticker in an in-memory draft (`field` is its input path). */
export function applySticker(doc: DraftDocument, req: StickerRequest, field = "sticker") {
  const range = timelineRange(doc, req.start, req.end, field, "end");
  const seg = buildStickerSegment(doc, req.stickerId, range, {
    scaleX: req.scale,
    scaleY: req.scale,
    transformX: req.transformX,
    transformY: req.transformY,
    rotation: req.rotation,
  });
  const track = placeSegment(doc, "sticker", seg, req.trackIndex, `${field}.trackIndex`);
  return { ...itemBase(doc, track, seg), stickerId: req.stickerId };
}

/** Adds one sticker (first sticker track where it fits, else a new one). */
export async function addSticker(ctx: CommandContext, draftId: string, req: StickerRequest) {
  return await mutateDraft(
    await ctx.searchRoots(),
    draftId,
    (doc) => Promise.resolve({ result: { draftId: doc.draftId, ...applySticker(doc, req) } }),
    ctx,
  );
}
