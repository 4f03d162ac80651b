/** Caption styling flags of `captions add` (they apply to every caption of the call). */
import { FONT_SIZE_RULE } from "../draft/font_size.ts";
import { z } from "zod";
import { alpha, hexColor, position } from "./common.ts";
import { withAliases } from "./json_schema.ts";

/** Style options shared by `captions add`, `draft easy` and `text-style`. */
export const captionStyleFields = {
  fontSize: z.number().positive().max(300).default(8).describe(
    `font size: ${FONT_SIZE_RULE}; default 8`,
  ),
  bold: z.boolean().default(false).describe("bold text"),
  italic: z.boolean().default(false).describe("italic text"),
  underline: z.boolean().default(false).describe("underlined text"),
  textColor: hexColor.default("#ffffff").describe("text colour #rrggbb"),
  alpha: alpha.optional().describe("text opacity 0..1"),
  font: z.string().min(1).max(1000).optional().describe(
    "font: a name from the fonts catalog, an installed font's family name, or a font file path " +
      "(.ttf/.otf/.ttc); default: the editor's default font",
  ),
  alignment: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1).describe(
    "0 left, 1 centre, 2 right",
  ),
  transformX: position.default(0).describe("horizontal centre, -1 left … 1 right"),
  transformY: position.default(-0.8).describe("vertical centre, -1 bottom … 1 top (default -0.8)"),
  borderColor: hexColor.optional().describe("outline colour #rrggbb (enables the outline)"),
  borderWidth: z.number().min(0).max(100).default(40).describe(
    "outline width, UI 0..100 (default 40)",
  ),
  lineSpacing: z.number().min(-100).max(100).optional().describe("line spacing, UI value"),
  letterSpacing: z.number().min(-100).max(100).optional().describe("letter spacing, UI value"),
  backgroundColor: withAliases(
    hexColor.optional().describe("background box colour #rrggbb"),
    "bgColor",
  ),
  backgroundAlpha: withAliases(alpha.default(1).describe("background box opacity 0..1"), "bgAlpha"),
  backgroundStyle: withAliases(
    z.union([z.literal(0), z.literal(1)]).default(1).describe(
      "0 = no background box, 1 = a filled box (drawn when backgroundColor is given)",
    ),
    "bgStyle",
  ),
  backgroundRound: withAliases(
    z.number().min(0).max(100).optional().describe(
      "background box corner rounding, UI 0..100 (default 0)",
    ),
    "bgRound",
  ),
  shadow: z.boolean().default(false).describe("drop shadow"),
};

/** The style flags as one object schema. */
export const CaptionStyle = z.object(captionStyleFields);

/** Parsed style flags. */
export type CaptionStyleInput = z.infer<typeof CaptionStyle>;

const { transformX: _transformX, transformY: _transformY, ...materialStyleFields } =
  captionStyleFields;

/** The style flags that shape the text material itself (`text-style`): no on-canvas position. */
export const textMaterialStyleFields = materialStyleFields;
