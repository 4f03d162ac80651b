/** `segments list` / `update` / `move` / `remove`: any segment of any draft, by id. */
import type { CommandContext } from "./context.ts";
import { mutateDraft } from "../store/commit.ts";
import { readDraft } from "../store/load.ts";
import { listSegments } from "../draft/segment_list.ts";
import { type MoveRequest, moveSegments, removeSegments } from "../draft/segment_edit.ts";
import { type UpdateRequest, updateSegments } from "../draft/segment_update.ts";

/** Every segment of the draft, of every kind (a read: the draft folder is not touched). */
export async function segmentsList(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  const segments = listSegments(doc);
  return { draftId: doc.draftId, duration: doc.duration, count: segments.length, segments };
}

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
    {
      warn: ctx.warn,
    },
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
    {
      warn: ctx.warn,
    },
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
    }), { warn: ctx.warn });
}
