/** Handlers of the `transitions` commands, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { TransitionsAddInput, TransitionsListInput } from "../transitions.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/transitions.ts");

/** `transitions add`. */
export async function transitionsAdd(
  input: z.infer<typeof TransitionsAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).addAutoTransitions(ctx, input.draftId, {
    name: input.auto,
    duration: input.duration,
    trackIndex: input.trackIndex,
  });
}

/** `transitions list`. */
export async function transitionsList(
  input: z.infer<typeof TransitionsListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).listDraftTransitions(ctx, input.draftId);
}
