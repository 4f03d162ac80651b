import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { realMediaPath } from "./media_path.ts";

Deno.test("realMediaPath: the editors' draft-folder prefix becomes the draft's folder", () => {
  const ph = "##_draftpath_placeholder_0E685133-18CE-45ED-8CB8-2904A212EC80_##";
  assertEquals(realMediaPath(`${ph}/resources/a.png`, "/d/Draft"), "/d/Draft/resources/a.png");
  assertEquals(
    realMediaPath(`${ph}\\resources\\a.png`, "C:\\D\\Draft"),
    "C:\\D\\Draft\\resources\\a.png",
  );
  assertEquals(realMediaPath("/abs/a.png", "/d/Draft"), "/abs/a.png");
  assertEquals(realMediaPath(ph, "/d/Draft"), "/d/Draft");
});
