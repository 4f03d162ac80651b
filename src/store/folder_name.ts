/**
 * Draft folder names the way the editors make them: the draft's name, made safe on Windows,
 * macOS and Linux and unique in its drafts folder.
 */
import { join } from "../path.ts";

/** Longest folder name draftcli makes (in UTF-16 units; well below every file system's 255). */
export const MAX_FOLDER_NAME = 100;

const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * A file-system safe folder name for a draft name: drops `<>:"/\|?*` and control characters,
 * trailing dots and spaces, leading dots (hidden folders), caps the length and avoids the names
 * Windows reserves (CON, NUL, COM1 …). Falls back to `fallback` when nothing is left.
 */
export function safeFolderName(name: string, fallback: string): string {
  // deno-lint-ignore no-control-regex
  let s = name.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, "").trim();
  s = s.replace(/^[.\s]+/, "");
  s = [...s].slice(0, MAX_FOLDER_NAME).join("");
  s = s.replace(/[.\s]+$/, "");
  if (!s) return fallback;
  if (RESERVED.test(s)) s = `${s}_`;
  return s;
}

async function taken(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A folder path in `root` for a draft called `name` that no entry uses yet: the safe name, else
 * the safe name with " (2)", " (3)" … appended (as the editors do for a clash).
 */
export async function uniqueDraftFolder(
  root: string,
  name: string,
  fallback: string,
): Promise<string> {
  const base = safeFolderName(name, fallback);
  for (let n = 1;; n++) {
    const candidate = n === 1 ? base : `${base} (${n})`;
    const path = join(root, candidate);
    if (!(await taken(path))) return path;
  }
}
