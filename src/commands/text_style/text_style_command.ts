/** `text-style`: the text material a caption would get, without a draft. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { editionFor } from "../query/query_catalog.ts";

/** The schemas of `text-style` (load zod). */
async function schemas() {
  const [{ z }, { editionFields }, { textMaterialStyleFields }, { CaptionInfo }] = await Promise
    .all([
      import("zod"),
      import("../../schema/query_input.ts"),
      import("../../schema/caption_style.ts"),
      import("../../schema/media_items.ts"),
    ]);
  /** The input of `text-style`: one caption's text and style fields. */
  const TextStyleInput = z.object({
    text: CaptionInfo.shape.text,
    highlights: CaptionInfo.shape.highlights,
    keyword: CaptionInfo.shape.keyword,
    keywordColor: CaptionInfo.shape.keywordColor,
    keywordFontSize: CaptionInfo.shape.keywordFontSize,
    ...textMaterialStyleFields,
    ...editionFields,
  }).strict();
  return { input: TextStyleInput };
}

/** The input of `text-style`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `text-style`. */
export const command = defineCommandFile({
  name: ["text-style"],
  summary: "print the text material (content JSON, style ranges) a caption would get; no draft",
  description: "Runs the same code as 'captions add' for one text and prints " +
    '{"editor","content","contentJson","ranges","material","unmatchedKeywords"}: content is ' +
    "the material's content string as written into the draft, ranges are its style " +
    "partitions in UTF-16 code units, material the fields stored next to it. Nothing is written.",
  // A look at one caption's material for people debugging styles; not a tool an agent needs.
  mcp: false,
  examples: [
    "text-style --text '限时 特价 今天' --keyword '特价|今天' --keyword-color '#ffde00' --font-size 10",
    "text-style --text 'Hello' --bold --text-color '#ff0000' --editor capcut",
  ],
  schemas,
  async run(input: Input, ctx) {
    const { textStyle } = await import("../../ops/text_style.ts");
    const { draftId, editor, ...req } = input;
    return textStyle(
      await editionFor({ draftId, editor }, ctx),
      req,
      ctx.warn,
    );
  },
});
