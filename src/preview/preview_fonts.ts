/**
 * The fonts `preview` draws with, found on macOS, Windows and Linux: a CJK-capable font for the
 * captions (else Chinese, Japanese and Korean text is drawn as boxes, and the preview says so),
 * and any font file for the contact sheet's time labels.
 */
import { isFile } from "../files.ts";

/** A font for captions: its family name for libass, and the file (its folder is searched). */
export interface CaptionFont {
  name: string;
  file?: string;
  /** Does it cover CJK text? */
  cjk?: boolean;
  /** A font file for plain labels (the CJK font, else a Latin one), if any was found. */
  labelFile?: string;
}

/** Where fonts are looked for: the OS and its environment (WINDIR, LOCALAPPDATA, HOME). */
export interface FontSearch {
  os?: string;
  env?: Record<string, string | undefined>;
  /** Is `path` a file? (Injected by tests.) */
  isFile?: (path: string) => Promise<boolean>;
  /** `fc-list` output for CJK fonts, one `file: family` per line (Linux and macOS); injected by tests. */
  fcList?: () => Promise<string>;
}

/** CJK-capable fonts looked for, per OS, in order (docs/preview.md lists them). */
export function cjkFontCandidates(os: string, env: Record<string, string | undefined>) {
  if (os === "darwin") {
    return [
      { name: "PingFang SC", file: "/System/Library/Fonts/PingFang.ttc" },
      { name: "Hiragino Sans GB", file: "/System/Library/Fonts/Hiragino Sans GB.ttc" },
      { name: "STHeiti", file: "/System/Library/Fonts/STHeiti Medium.ttc" },
      { name: "Songti SC", file: "/System/Library/Fonts/Supplemental/Songti.ttc" },
      { name: "Arial Unicode MS", file: "/Library/Fonts/Arial Unicode.ttf" },
    ];
  }
  if (os === "windows") {
    const fonts = `${env.WINDIR || env.SystemRoot || "C:\\Windows"}\\Fonts`;
    const user = env.LOCALAPPDATA ? `${env.LOCALAPPDATA}\\Microsoft\\Windows\\Fonts` : undefined;
    return [
      { name: "Microsoft YaHei", file: `${fonts}\\msyh.ttc` },
      { name: "Microsoft YaHei", file: `${fonts}\\msyh.ttf` },
      { name: "DengXian", file: `${fonts}\\Deng.ttf` },
      { name: "SimHei", file: `${fonts}\\simhei.ttf` },
      { name: "SimSun", file: `${fonts}\\simsun.ttc` },
      { name: "Yu Gothic", file: `${fonts}\\YuGothM.ttc` },
      { name: "Malgun Gothic", file: `${fonts}\\malgun.ttf` },
      ...(user ? [{ name: "Noto Sans CJK SC", file: `${user}\\NotoSansCJK-Regular.ttc` }] : []),
    ];
  }
  return [
    { name: "Noto Sans CJK SC", file: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc" },
    { name: "Noto Sans CJK SC", file: "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc" },
    {
      name: "Noto Sans CJK SC",
      file: "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    },
    { name: "WenQuanYi Zen Hei", file: "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc" },
    { name: "WenQuanYi Micro Hei", file: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc" },
    {
      name: "Droid Sans Fallback",
      file: "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    },
    { name: "AR PL UMing", file: "/usr/share/fonts/truetype/arphic/uming.ttc" },
  ];
}

/** Latin fonts for the time labels when no CJK font is there. */
function labelFontCandidates(os: string, env: Record<string, string | undefined>): string[] {
  if (os === "darwin") {
    return ["/System/Library/Fonts/Helvetica.ttc", "/System/Library/Fonts/Supplemental/Arial.ttf"];
  }
  if (os === "windows") {
    return [`${env.WINDIR || env.SystemRoot || "C:\\Windows"}\\Fonts\\arial.ttf`];
  }
  return [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/liberation/LiberationSans-Regular.ttf",
  ];
}

/** `fc-list :lang=zh file family` when fontconfig is there, else "". */
async function fcListCjk(): Promise<string> {
  try {
    const out = await new Deno.Command("fc-list", {
      args: [":lang=zh", "file", "family"],
      stdout: "piped",
      stderr: "null",
      stdin: "null",
    }).output();
    return out.success ? new TextDecoder().decode(out.stdout) : "";
  } catch {
    return "";
  }
}

/**
 * The first CJK font installed here (known locations, then fontconfig's list), else a generic
 * family with `cjk: false` (libass picks a fallback that may lack CJK glyphs).
 */
export async function findCaptionFont(search: FontSearch = {}): Promise<CaptionFont> {
  const os = search.os ?? Deno.build.os;
  const env = search.env ??
    { WINDIR: Deno.env.get("WINDIR"), LOCALAPPDATA: Deno.env.get("LOCALAPPDATA") };
  const fileThere = search.isFile ?? isFile;
  for (const f of cjkFontCandidates(os, env)) {
    if (await fileThere(f.file)) return { ...f, cjk: true, labelFile: f.file };
  }
  if (os !== "windows") {
    const listed = await (search.fcList ?? fcListCjk)();
    for (const line of listed.split("\n")) {
      const m = /^(.+?\.(?:ttc|ttf|otf)):\s*([^,\n]+)/i.exec(line.trim());
      if (m && await fileThere(m[1])) {
        return { name: m[2].trim(), file: m[1], cjk: true, labelFile: m[1] };
      }
    }
  }
  for (const file of labelFontCandidates(os, env)) {
    if (await fileThere(file)) return { name: "sans-serif", cjk: false, labelFile: file };
  }
  return { name: "sans-serif", cjk: false };
}

/** The warning a preview gives when it has no CJK font and the draft has caption text. */
export const NO_CJK_FONT_WARNING = "no CJK font found on this system: Chinese, Japanese and " +
  "Korean caption text is drawn as boxes in this preview (the editor draws it right); install " +
  "one (Debian/Ubuntu: apt install fonts-noto-cjk; Fedora: google-noto-sans-cjk-fonts; Arch: " +
  "noto-fonts-cjk; macOS and Windows ship one)";
