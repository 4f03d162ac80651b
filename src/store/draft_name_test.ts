import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { archiveStem, cleanDraftName, MAX_STEM_BYTES } from "./draft_name.ts";

Deno.test("cleanDraftName drops what a draft name may not hold", () => {
  assertEquals(cleanDraftName("x/../../esc"), "x....esc");
  assertEquals(cleanDraftName('a<b>c:d"e\\f|g?h*i\u0001j'), "abcdefghij");
  assertEquals(cleanDraftName("  我的视频 1 "), "我的视频 1");
  assertEquals(cleanDraftName("//"), "");
  assertEquals([...cleanDraftName("名".repeat(500))].length, 200);
});

Deno.test("archiveStem: no separators, no dots at the ends, bytes capped", () => {
  assertEquals(archiveStem("x/../../esc", "ID"), "x....esc");
  assertEquals(archiveStem("..", "ID"), "ID");
  assertEquals(archiveStem("../..", "ID"), "ID");
  assertEquals(archiveStem(".hidden. ", "ID"), "hidden");
  assertEquals(archiveStem("CON", "ID"), "CON_");
  const long = archiveStem("视".repeat(90), "ID");
  assertEquals(new TextEncoder().encode(long).length <= MAX_STEM_BYTES, true);
  assertEquals(long, "视".repeat(66));
});
