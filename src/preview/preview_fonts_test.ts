import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { findCaptionFont } from "./preview_fonts.ts";
import { sheetFrames } from "./render.ts";

const only = (...files: string[]) => (path: string) => Promise.resolve(files.includes(path));

Deno.test("findCaptionFont: a CJK font on macOS, Windows (WINDIR) and Linux, then fontconfig", async () => {
  const mac = await findCaptionFont({
    os: "darwin",
    env: {},
    isFile: only("/System/Library/Fonts/Hiragino Sans GB.ttc"),
  });
  assertEquals([mac.name, mac.cjk], ["Hiragino Sans GB", true]);
  const win = await findCaptionFont({
    os: "windows",
    env: { WINDIR: "D:\\Win" },
    isFile: only("D:\\Win\\Fonts\\simhei.ttf"),
  });
  assertEquals([win.name, win.file, win.cjk], ["SimHei", "D:\\Win\\Fonts\\simhei.ttf", true]);
  const fc = await findCaptionFont({
    os: "linux",
    env: {},
    isFile: only("/opt/fonts/SourceHanSans.otf"),
    fcList: () => Promise.resolve("/opt/fonts/SourceHanSans.otf: Source Han Sans SC,思源黑体\n"),
  });
  assertEquals([fc.name, fc.file, fc.cjk], [
    "Source Han Sans SC",
    "/opt/fonts/SourceHanSans.otf",
    true,
  ]);
});

Deno.test("findCaptionFont: none → cjk false, with a Latin font for labels when there is one", async () => {
  const none = await findCaptionFont({
    os: "linux",
    env: {},
    isFile: only("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    fcList: () => Promise.resolve(""),
  });
  assertEquals(none, {
    name: "sans-serif",
    cjk: false,
    labelFile: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  });
});

Deno.test("sheetFrames: one frame every step, the last cell the last frame, never past it", () => {
  assertEquals(sheetFrames(4_000_000, 2, 30), [0, 60, 119]);
  assertEquals(sheetFrames(12_500_000, 2, 30), [0, 60, 120, 180, 240, 300, 360, 374]);
  assertEquals(sheetFrames(12_000_000, 2, 30), [0, 60, 120, 180, 240, 300, 359]);
  assertEquals(sheetFrames(500_000, 2, 30), [0, 14]);
});
