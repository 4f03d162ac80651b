/**
 * Fonts installed on this machine: the folders each OS keeps them in, and the family / full
 * names a font file declares (its OpenType `name` table; TrueType, OpenType and collections).
 * Synchronous and read-only; only consulted when a font name is not in the editor's catalog.
 */
import { join } from "../path.ts";
import type { OsName } from "../store/home.ts";
import { u16be as u16, u32be as u32 } from "./bytes.ts";

/** Font file extensions the editors import. */
export const FONT_FILE = /\.(ttf|otf|ttc|otc)$/i;

/** Folders fonts are installed in on an OS (user folders first). */
export function fontDirs(os: OsName, env: Record<string, string | undefined>): string[] {
  const home = env.HOME ?? env.USERPROFILE;
  if (os === "windows") {
    const local = env.LOCALAPPDATA ?? (home ? join(home, "AppData", "Local") : undefined);
    const windir = env.WINDIR ?? env.SystemRoot ?? "C:\\Windows";
    return [
      ...(local ? [join(local, "Microsoft", "Windows", "Fonts")] : []),
      join(windir, "Fonts"),
    ];
  }
  if (os === "mac") {
    return [
      ...(home ? [join(home, "Library", "Fonts")] : []),
      "/Library/Fonts",
      "/System/Library/Fonts",
    ];
  }
  const data = env.XDG_DATA_HOME ?? (home ? join(home, ".local", "share") : undefined);
  return [
    ...(data ? [join(data, "fonts")] : []),
    ...(home ? [join(home, ".fonts")] : []),
    "/usr/local/share/fonts",
    "/usr/share/fonts",
  ];
}

/** Names (family 1/16, full 4) of the font starting at `offset` (one face of a collection). */
function faceNames(b: Uint8Array, offset: number): string[] {
  const tables = u16(b, offset + 4);
  let name = -1;
  for (let i = 0; i < tables; i++) {
    const rec = offset + 12 + i * 16;
    if (rec + 16 > b.length) return [];
    if (String.fromCharCode(b[rec], b[rec + 1], b[rec + 2], b[rec + 3]) === "name") {
      name = u32(b, rec + 8);
    }
  }
  if (name < 0 || name + 6 > b.length) return [];
  const count = u16(b, name + 2);
  const strings = name + u16(b, name + 4);
  const out = new Set<string>();
  for (let i = 0; i < count; i++) {
    const r = name + 6 + i * 12;
    if (r + 12 > b.length) break;
    const platform = u16(b, r);
    const nameId = u16(b, r + 6);
    if (nameId !== 1 && nameId !== 4 && nameId !== 16) continue;
    const len = u16(b, r + 8);
    const start = strings + u16(b, r + 10);
    if (start + len > b.length) continue;
    const bytes = b.subarray(start, start + len);
    let s = "";
    if (platform === 3 || platform === 0) {
      for (let j = 0; j + 1 < bytes.length; j += 2) s += String.fromCharCode(u16(bytes, j));
    } else if (platform === 1) s = String.fromCharCode(...bytes);
    s = s.trim();
    if (s) out.add(s);
  }
  return [...out];
}

/** The family and full names a font file declares (empty when it is not a font). */
export function fontNames(bytes: Uint8Array): string[] {
  if (bytes.length < 12) return [];
  const tag = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (tag === "ttcf") {
    const n = Math.min(u32(bytes, 8), 64);
    const out = new Set<string>();
    for (let i = 0; i < n; i++) {
      for (const s of faceNames(bytes, u32(bytes, 12 + i * 4))) out.add(s);
    }
    return [...out];
  }
  if (tag === "OTTO" || tag === "true" || u32(bytes, 0) === 0x00010000) {
    return faceNames(bytes, 0);
  }
  return [];
}

/** One installed font file and its names. */
export interface InstalledFont {
  path: string;
  names: string[];
}

/** Every font file under the OS's font folders (recursively, names read from each file). */
export function installedFonts(
  os: OsName,
  env: Record<string, string | undefined>,
): InstalledFont[] {
  const out: InstalledFont[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory && depth > 0) walk(p, depth - 1);
      else if ((e.isFile || e.isSymlink) && FONT_FILE.test(e.name)) {
        let names: string[] = [];
        try {
          names = fontNames(Deno.readFileSync(p));
        } catch { /* unreadable: skip */ }
        out.push({ path: p, names });
      }
    }
  };
  for (const d of fontDirs(os, env)) walk(d, 4);
  return out;
}
