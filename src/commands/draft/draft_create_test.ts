/** `draft create`: help, a new draft in the drafts folder, and a refused canvas. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft create --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "create"], ["--width", "--height", "--name", "--fps", "--editor"]);
});

Deno.test("draft create writes a draft folder with the asked canvas and name", async () => {
  await using w = await appWorld();
  const out = await w.ok(["draft", "create", "--width", "1080", "--height", "1920", "--name", "x"]);
  assert(out.filePath.startsWith(`${w.root}/drafts/`), out.filePath);
  const info = await w.ok(["draft", "info", out.draftId]);
  assertEquals([info.name, info.canvas], ["x", { width: 1080, height: 1920 }]);
});

Deno.test("draft create refuses a zero width and writes nothing", async () => {
  await using w = await appWorld();
  const r = await w.run(["draft", "create", "--width", "0"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "width"]);
  assertEquals([...Deno.readDirSync(`${w.root}/drafts`)].length, 0);
});
