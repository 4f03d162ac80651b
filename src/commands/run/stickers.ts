/** Handlers of the `sticker` commands, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { StickerAddInput, StickerListInput } from "../stickers.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/stickers.ts");

/** `sticker add`. */
export async function stickerAdd(
  input: z.infer<typeof StickerAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const { draftId, ...req } = input;
  return (await ops()).addSticker(ctx, draftId, req);
}

/** `sticker list`. */
export async function stickerList(
  input: z.infer<typeof StickerListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).listStickers(ctx, input.draftId);
}
