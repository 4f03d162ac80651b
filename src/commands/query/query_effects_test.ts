/** `query effects`: help, one page of the video_effects catalog, and a refused page size. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query effects --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "effects"], ["--keyword", "--editor", "--draft-id", "--limit"]);
});

Deno.test("query effects lists one page of the video_effects catalog", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "effects", "--limit", "1"]);
  assertEquals([out.editor, out.kind, out.action, out.items.length], [
    "jianying",
    "video_effects",
    "list",
    1,
  ]);
  assert(out.total >= 1 && typeof out.items[0].name === "string");
});

Deno.test("query effects refuses a page size of 0", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "effects", "--limit", "0"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "limit"]);
});
