/** Handlers of the `segments` commands, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type {
  SegmentsListInput,
  SegmentsMoveInput,
  SegmentsRemoveInput,
  SegmentsUpdateInput,
} from "../segments.ts";
import type { UpdateRequest } from "../../draft/segment_update.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/segments.ts");

/** `segments list`. */
export async function segmentsList(
  input: z.infer<typeof SegmentsListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).segmentsList(ctx, input.draftId);
}

/** `segments update`. */
export async function segmentsUpdate(
  input: z.infer<typeof SegmentsUpdateInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).segmentsUpdate(ctx, input.draftId, input.updates as UpdateRequest[]);
}

/** `segments move`. */
export async function segmentsMove(
  input: z.infer<typeof SegmentsMoveInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).segmentsMove(ctx, input.draftId, input.moves, input.ripple);
}

/** `segments remove`. */
export async function segmentsRemove(
  input: z.infer<typeof SegmentsRemoveInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).segmentsRemove(ctx, input.draftId, input.segmentIds, input.ripple);
}
