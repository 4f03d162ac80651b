/**
 * Draft names from outside (a zip's meta) made valid, and file names derived from a draft for
 * archives. A draft's name never names its folder (that is its id); these are the only places
 * a name or id turns into a file name.
 */

/** Longest draft name (the schemas' limit). */
export const MAX_DRAFT_NAME = 200;

/** Longest archive file name stem in UTF-8 bytes (file systems allow 255 for the whole name). */
export const MAX_STEM_BYTES = 200;

const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * A draft name as the schemas accept it: without `\ / : * ? " < > |` and control characters,
 * trimmed, at most 200 characters. "" when nothing is left.
 */
export function cleanDraftName(name: string): string {
  // deno-lint-ignore no-control-regex
  const s = name.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, "").trim();
  return [...s].slice(0, MAX_DRAFT_NAME).join("").trim();
}

/**
 * A file name stem for an archive of a draft (its id, or its name): no path separators, no
 * dots or spaces at either end (so never `.`, `..` or a hidden file), none of the characters
 * Windows refuses, at most 200 UTF-8 bytes, not a name Windows reserves. `fallback` when nothing
 * is left.
 */
export function archiveStem(name: string, fallback: string): string {
  // deno-lint-ignore no-control-regex
  let s = name.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, "");
  s = s.replace(/^[.\s]+|[.\s]+$/g, "");
  const enc = new TextEncoder();
  let out = "";
  let bytes = 0;
  for (const ch of s) {
    bytes += enc.encode(ch).length;
    if (bytes > MAX_STEM_BYTES) break;
    out += ch;
  }
  out = out.replace(/[.\s]+$/, "");
  if (!out) return fallback;
  return RESERVED.test(out) ? `${out}_` : out;
}
