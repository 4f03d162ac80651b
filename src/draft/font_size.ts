/**
 * What the editors' text size (`font_size`, `styles[].size`) means, in one place: about one
 * percent of the canvas's shorter side per unit (size 8 on a 1080-px side ≈ 86-px glyphs).
 *
 * Evidence: captions the editors made themselves on 1920×1080 canvases use 5–6 (JianYing 5.9
 * and CapCut 7.8 drafts in the reference set), titles 11–15 (CapCut 8.1; the text tool's
 * default is 15); cutcli suggests 6–12 (7–10 portrait), which fits a portrait canvas only when
 * the unit follows the shorter side; the format notes give "≈ CSS px ÷ 10.8 on a 1080-high
 * canvas" (reference §4.4, marked uncertain). `draft easy` wraps lines and `preview` draws text
 * by this rule.
 */

/** The rule as the help, the skill and the MCP tools state it. */
export const FONT_SIZE_RULE = "about 1 % of the canvas's shorter side per unit (subtitles " +
  "5–8, large captions 12, titles 15)";

/** A size for big, easy-to-read captions. */
export const LARGE_CAPTION_SIZE = 12;

/** The em size in pixels of editor size `size` on a `width`×`height` canvas or frame. */
export function fontEmPixels(size: number, width: number, height: number): number {
  return (size / 100) * Math.min(width, height);
}
