/** Handler of `draft easy`, free of zod at run time. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { DraftEasyInput } from "../../schema/easy.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/easy.ts");

/** `draft easy`. */
export async function draftEasy(
  input: z.infer<typeof DraftEasyInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await (await ops()).draftEasy(ctx, input);
}
