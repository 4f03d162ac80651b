/** `sticker add`: add a sticker from the editor's library by resource id (sticker track). */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `sticker add` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema, endAfterStart, endAfterStartError }, { stickerFields }] =
    await Promise.all([
      import("zod"),
      import("../../schema/common.ts"),
      import("../../schema/visual_items.ts"),
    ]);
  /** Input of `sticker add`. */
  const StickerAddInput = z.object({ draftId: draftIdSchema, ...stickerFields }).strict()
    .refine(endAfterStart, endAfterStartError());
  return { input: StickerAddInput };
}

/** The input of `sticker add`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `sticker add`. */
export const command = defineCommandFile({
  name: ["sticker", "add"],
  summary: "add a sticker from the editor's library by resource id (sticker track)",
  description: "There is no sticker catalog: the id must come from the editor (e.g. a sticker's " +
    "resource_id in a draft saved by the editor). The editor downloads the sticker by id.",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    'sticker add "$ID" --sticker-id 7213186475432824123 --start 0 --end 2000000 --scale 0.5',
  ],
  schemas,
  async run(input: Input, ctx) {
    const { addSticker } = await import("../../ops/stickers.ts");
    const { draftId, ...req } = input;
    return addSticker(ctx, draftId, req);
  },
});
