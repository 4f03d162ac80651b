/**
 * Minimal path helpers (join, dirname, basename) for the platform's separator. node:path would
 * do, but importing it costs every CLI call several milliseconds of Node-compat start-up.
 */

/** The platform's path separator. */
export const SEP: string = Deno.build.os === "windows" ? "\\" : "/";

/** Joins path parts with the platform separator, without doubling separators. */
export function join(...parts: string[]): string {
  let out = "";
  for (const part of parts) {
    if (part === "") continue;
    if (out === "") out = part;
    else if (/[\\/]$/.test(out)) out += part.replace(/^[\\/]+/, "");
    else out += SEP + part.replace(/^[\\/]+/, "");
  }
  return out.length > 1 ? out.replace(/(?<=.)[\\/]+$/, "") : out;
}

/** The folder part of a path ("/a/b/c" → "/a/b"). */
export function dirname(path: string): string {
  const i = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  if (i < 0) return ".";
  if (i === 0) return path[0];
  return path.slice(0, i);
}

/** The last part of a path ("/a/b/c.exe" → "c.exe"). */
export function basename(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, "");
  return trimmed.slice(Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\")) + 1);
}
