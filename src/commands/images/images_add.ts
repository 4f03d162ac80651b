/** `images add`: photo segments from image files or URLs. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `images add` (load zod). */
async function schemas() {
  const [{ z }, { addOutput }, { alpha, draftIdSchema, mediaPlacement }, { ImageInfo }] =
    await Promise.all([
      import("zod"),
      import("../../schema/add_output.ts"),
      import("../../schema/common.ts"),
      import("../../schema/media_items.ts"),
    ]);
  return {
    input: z.object({
      draftId: draftIdSchema,
      imageInfos: z.array(ImageInfo).min(1).max(10000).describe("images to add"),
      alpha: alpha.optional().describe("opacity 0..1 for every image of this call"),
      media: mediaPlacement,
    }).strict(),
    output: addOutput("imageIds"),
  };
}

/** The input of `images add`, as validated. */
export type ImagesAddInput = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `images add`. */
export const command = defineCommandFile({
  name: ["images", "add"],
  summary: "add images as photo segments (first video track where they fit, else a new one)",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    `images add "$ID" --image-infos '[{"imageUrl":"file:///abs/a.jpg","start":0,"end":3000000,"inAnimation":"渐显"}]'`,
    'images add "$ID" --image-infos @images.json',
  ],
  schemas,
  async run(input: ImagesAddInput, ctx) {
    const { addImages } = await import("../../ops/images.ts");
    return addImages(ctx, input.draftId, input.imageInfos, {
      alpha: input.alpha,
      media: input.media,
    });
  },
});
