import assert from "node:assert/strict";
import { closest, editDistance } from "./closest.ts";

Deno.test("editDistance counts code points", () => {
  assert.equal(editDistance("推移", "推近"), 1);
  assert.equal(editDistance("", "abc"), 3);
  assert.equal(editDistance("kitten", "sitting"), 3);
});

Deno.test("closest ranks by distance, containment first, ties by name, no duplicates", () => {
  assert.deepEqual(closest("--outpt", ["--in", "--output", "--force"], 1), ["--output"]);
  assert.deepEqual(closest("向上", ["向下滑动", "向上滑动", "向上"], 3), [
    "向上",
    "向上滑动",
    "向下滑动",
  ]);
  assert.deepEqual(closest("x", ["b", "a", "a"], 5), ["a", "b"]);
});

Deno.test("closest compares normalised forms when asked", () => {
  const fold = (s: string) => s.normalize("NFKC").toLowerCase().replace(/[\s_-]+/g, "");
  const names = ["Fade In", "Fade Out", "Fire", "Mix"];
  assert.notEqual(closest("ＦＡＤＥ＿ＯＵＴ", names, 1)[0], "Fade Out");
  assert.deepEqual(closest("ＦＡＤＥ＿ＯＵＴ", names, 1, { normalize: fold }), ["Fade Out"]);
});
