/**
 * `text-style`: the text material a caption would get, computed by the caption code itself,
 * without a draft. Lets an agent check keyword ranges and colours before writing anything.
 */
import type { Edition } from "../editions/profiles.ts";
import { expandKeywordShortForm, type Highlight } from "../draft/text_content.ts";
import { baseStyle, captionText, type TextMaterialStyle } from "./captions.ts";
import { CATALOG_NAMES } from "./caption_names.ts";

/** Inputs of `text-style` (besides the editor). */
export interface TextStyleRequest extends TextMaterialStyle {
  text: string;
  highlights?: Highlight[];
  keyword?: string;
  keywordColor?: string;
  keywordFontSize?: number;
}

/** One style partition as printed: UTF-16 `[start, end)`, its text and the keyword styling it. */
export interface PrintedRange {
  start: number;
  end: number;
  text: string;
  keyword?: string;
}

/** What `text-style` prints. */
export interface TextStyleResult {
  editor: Edition;
  /** The material's `content` string exactly as it goes into the draft. */
  content: string;
  /** `content` parsed, for reading. */
  contentJson: unknown;
  ranges: PrintedRange[];
  /** The material-level fields written next to `content` (font size, colours, flags, …). */
  material: Record<string, unknown>;
  /** Keywords that styled nothing, and why. */
  unmatchedKeywords: { keyword: string; reason: string }[];
}

/** Computes the text material of one caption for `edition`. */
export function textStyle(
  edition: Edition,
  req: TextStyleRequest,
  warn: (message: string) => void,
): TextStyleResult {
  const { text, highlights = [], keyword, keywordColor, keywordFontSize, ...style } = req;
  const all = [
    ...highlights,
    ...expandKeywordShortForm({ keyword, keywordColor, keywordFontSize }),
  ];
  const built = captionText(
    text,
    baseStyle(edition, style, CATALOG_NAMES, warn),
    all,
    style,
    warn,
    "text",
  );
  return {
    editor: edition,
    content: built.content,
    contentJson: JSON.parse(built.content),
    ranges: built.ranges.map((r) => {
      const out: PrintedRange = { start: r.start, end: r.end, text: text.slice(r.start, r.end) };
      if (r.highlight !== undefined) out.keyword = all[r.highlight].keyword;
      return out;
    }),
    material: { ...built.fields },
    unmatchedKeywords: built.unmatched.map((u) => ({ keyword: u.keyword, reason: u.reason })),
  };
}
