/** Strict decimal number parsing for command-line values. */

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses a plain decimal number ("12", "-0.5", "1e6"); undefined for anything else, including
 * what `Number()` would quietly accept ("0x10", "0b1", " 5 ", "") and values that are not finite
 * ("1e999").
 */
export function parseDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
