/** Handlers of the `masks` commands, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { MasksAddInput, MasksListInput } from "../masks.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/masks.ts");

/** `masks add`. */
export async function masksAdd(
  input: z.infer<typeof MasksAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const { draftId, segmentIds, name, ...geometry } = input;
  return (await ops()).addMasks(ctx, draftId, segmentIds, name, geometry);
}

/** `masks list`. */
export async function masksList(
  input: z.infer<typeof MasksListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).listMasks(ctx, input.draftId, input.segmentId);
}
