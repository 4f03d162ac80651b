import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { formatPath } from "./key_path.ts";

Deno.test("formatPath joins keys with dots and puts indexes in brackets", () => {
  assertEquals(formatPath(["imageInfos", 2, "end"]), "imageInfos[2].end");
  assertEquals(formatPath([0, "a", 1, 2]), "[0].a[1][2]");
  assertEquals(formatPath([]), "");
});
