/** Handlers of the `keyframes` commands, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { KeyframesAddInput, KeyframesListInput } from "../keyframes.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/keyframes.ts");

/** `keyframes add`. */
export async function keyframesAdd(
  input: z.infer<typeof KeyframesAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).addKeyframes(ctx, input.draftId, input.keyframes);
}

/** `keyframes list`. */
export async function keyframesList(
  input: z.infer<typeof KeyframesListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).listKeyframes(ctx, input.draftId, input.segmentId);
}
