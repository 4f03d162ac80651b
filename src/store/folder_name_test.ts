import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { MAX_FOLDER_NAME, safeFolderName, uniqueDraftFolder } from "./folder_name.ts";

Deno.test("safeFolderName drops characters illegal on Windows, macOS or Linux", () => {
  assertEquals(safeFolderName('a<b>c:d"e/f\\g|h?i*j\u0001k', "ID"), "abcdefghijk");
  assertEquals(safeFolderName("trip. . ", "ID"), "trip");
  assertEquals(safeFolderName("..hidden", "ID"), "hidden");
  assertEquals(safeFolderName("CON", "ID"), "CON_");
  assertEquals(safeFolderName("nul.txt", "ID"), "nul.txt_");
  assertEquals(safeFolderName("COM1", "ID"), "COM1_");
  assertEquals(safeFolderName("console", "ID"), "console");
  assertEquals(safeFolderName("我的视频 1", "ID"), "我的视频 1");
  assertEquals(safeFolderName("??**", "ID"), "ID");
  assertEquals([...safeFolderName("x".repeat(500), "ID")].length, MAX_FOLDER_NAME);
});

Deno.test("uniqueDraftFolder appends (2), (3) on a clash", async () => {
  const root = await Deno.makeTempDir();
  try {
    const a = await uniqueDraftFolder(root, "My: video", "ID");
    assertEquals(a, join(root, "My video"));
    await Deno.mkdir(a);
    const b = await uniqueDraftFolder(root, "My video", "ID");
    assertEquals(b, join(root, "My video (2)"));
    await Deno.mkdir(b);
    assertEquals(await uniqueDraftFolder(root, "My video?", "ID"), join(root, "My video (3)"));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
