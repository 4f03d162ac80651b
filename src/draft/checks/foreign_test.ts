import { deepStrictEqual, equal } from "node:assert/strict";
import { findForeignValues, isAbsolutePath, isEditorMade, mediaPaths } from "./foreign.ts";

const scope = (over: Partial<Parameters<typeof findForeignValues>[2]> = {}) => ({
  roots: ["/drafts/d1", "/drafts"],
  media: new Set(["/home/me/a.png"]),
  exists: (p: string) => p === "/usr/share/fonts/x.ttf",
  editorMade: false,
  ...over,
});

Deno.test("findForeignValues: paths outside the draft, its media and this machine", () => {
  const doc = {
    materials: {
      videos: [{ path: "/home/me/a.png" }, {
        path: "##_draftpath_placeholder_0E685133-18CE_##/b.png",
      }],
      texts: [{
        font_path: "C:/Users/davro/AppData/Local/CapCut/Fonts/en.ttf",
        content: JSON.stringify({ text: "hi", styles: [{ font: { path: "/Users/x/f.ttf" } }] }),
        base_content: "庆历四年春",
      }, { font_path: "/usr/share/fonts/x.ttf", content: '{"text":"ok"}', base_content: "ok" }],
    },
    draft_fold_path: "C:/elsewhere/old",
    inside: "/drafts/d1/resources/a.png",
    platform: { device_id: "abc", hard_disk_id: "", mac_address: "" },
  };
  const found = findForeignValues("draft_content.json", doc, scope());
  deepStrictEqual(found.map((f) => f.path), [
    "draft_content.json#materials.texts[0].font_path",
    "draft_content.json#materials.texts[0].content(json).styles[0].font.path",
    "draft_content.json#platform.device_id",
    "draft_content.json#materials.texts[0].base_content",
  ]);
  // an editor's own draft: its device hashes are its own
  equal(findForeignValues("f", doc, scope({ editorMade: true })).length, 3);
});

Deno.test("isAbsolutePath, isEditorMade, mediaPaths", () => {
  deepStrictEqual(
    ["C:\\x\\y", "/a/b", "/", "a/b", "hello / world", "//"].map(isAbsolutePath),
    [true, true, false, false, false, false],
  );
  equal(isEditorMade({ platform: { device_id: "", hard_disk_id: "", mac_address: "" } }), false);
  equal(isEditorMade({ platform: { device_id: "1", hard_disk_id: "", mac_address: "" } }), true);
  equal(isEditorMade({ platform: { app_version: "" } }), true);
  equal(isEditorMade({}), true);
  deepStrictEqual(
    [...mediaPaths({ materials: { audios: [{ path: "/m/a.mp3" }] } }, {
      draft_materials: [{ value: [{ file_Path: "/m/b.png" }] }],
    })],
    ["/m/a.mp3", "/m/b.png"],
  );
});

Deno.test("findForeignValues: an editor's bundled fonts are never foreign; a user's font is", () => {
  const bundled = [
    "/Applications/CapCut.app/Contents/Resources/Font/SystemFont/en.ttf",
    "/Applications/VideoFusion-macOS.app/Contents/Resources/Font/SystemFont/zh-hans.ttf",
    "C:/Users/linhl/AppData/Local/CapCut/Apps/6.9.0.2786/Resources/Font/SystemFont/en.ttf",
    "C:\\Users\\a\\AppData\\Local\\JianyingPro\\Apps\\5.9.0.11632\\Resources\\Font\\SystemFont\\zh-hans.ttf",
    "D:/Tools/CapCut Portable/App/CapCut/7.8.0.3263/Resources/Font/SystemFont/en.ttf",
    "C:/Users/hello/AppData/Local/JianyingPro/User Data/Resources/Font/SystemFont/zh-hans.ttf",
    "C:/Program Files/CapCut/Resources/Font/SystemFont/en.ttf",
  ];
  const own = "C:/Users/davro/AppData/Local/Microsoft/Windows/Fonts/Poppins-Regular.ttf";
  const doc = { materials: { texts: [...bundled, own].map((font_path) => ({ font_path })) } };
  const found = findForeignValues("draft_content.json", doc, scope());
  deepStrictEqual(found.map((f) => f.value), [own]);
});
