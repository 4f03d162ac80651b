/** `segments update` / `move` / `remove`: any segment of any draft, by id (`segments list`: listings.ts). */
import type { CommandContext } from "./context.ts";
import { mutateDraft } from "../store/commit.ts";
import { type MoveRequest, moveSegments, removeSegments } from "../draft/segment_edit.ts";
import { type UpdateRequest, updateSegments } from "../draft/segment_update.ts";

/** Applies update items (all checked before the draft is written). */
export async function segmentsUpdate(
  ctx: CommandContext,
  draftId: string,
  updates: UpdateRequest[],
) {
  return await mutateDraft(
    await ctx.searchRoots(),
    draftId,
    (doc) => Promise.resolve({ result: { draftId: doc.draftId, ...updateSegments(doc, updates) } }),
    ctx,
  );
}

/** Moves segments to a new start and/or track. */
export async function segmentsMove(
  ctx: CommandContext,
  draftId: string,
  moves: MoveRequest[],
  ripple: boolean,
) {
  return await mutateDraft(
    await ctx.searchRoots(),
    draftId,
    (doc) =>
      Promise.resolve({
        result: { draftId: doc.draftId, ripple, ...moveSegments(doc, moves, ripple) },
      }),
    ctx,
  );
}

/** Removes segments with what only they used. */
export async function segmentsRemove(
  ctx: CommandContext,
  draftId: string,
  segmentIds: string[],
  ripple: boolean,
) {
  return await mutateDraft(await ctx.searchRoots(), draftId, (doc) =>
    Promise.resolve({
      result: { draftId: doc.draftId, ripple, ...removeSegments(doc, segmentIds, ripple) },
    }), ctx);
}
