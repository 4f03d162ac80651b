/** `sticker list`: list sticker segments. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `sticker list` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `sticker list`. */
  const StickerListInput = z.object({ draftId: draftIdSchema }).strict();
  return { input: StickerListInput };
}

/** The input of `sticker list`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `sticker list`. */
export const command = defineCommandFile({
  name: ["sticker", "list"],
  summary: "list sticker segments",
  positionals: ["draftId"],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { listStickers } = await import("../../ops/stickers.ts");
    return listStickers(ctx, input.draftId);
  },
});
