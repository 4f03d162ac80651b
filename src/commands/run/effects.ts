/** Handlers of the `effects` and `filters` commands, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { EffectsAddInput, FiltersAddInput, ListInput } from "../effects.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/effects.ts");

/** `effects add`. */
export async function effectsAdd(
  input: z.infer<typeof EffectsAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).addEffects(ctx, input.draftId, input.effectInfos);
}

/** `effects list`. */
export async function effectsList(
  input: z.infer<typeof ListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).listEffects(ctx, input.draftId);
}

/** `filters add`. */
export async function filtersAdd(
  input: z.infer<typeof FiltersAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).addFilters(ctx, input.draftId, input.filterInfos);
}

/** `filters list`. */
export async function filtersList(
  input: z.infer<typeof ListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).listFilters(ctx, input.draftId);
}
