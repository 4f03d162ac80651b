/** Handler of `draft validate`, free of zod at run time. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { DraftValidateInput } from "../validate.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/validate.ts");

/** `draft validate`. */
export async function draftValidate(
  input: z.infer<typeof DraftValidateInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await (await ops()).validateDraftById(ctx, input.draftId);
}
