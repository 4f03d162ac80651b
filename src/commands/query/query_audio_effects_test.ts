/** `query audio-effects`: help, one page of the audio_effects catalog, and a refused page size. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query audio-effects --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "audio-effects"], [
    "--keyword",
    "--editor",
    "--draft-id",
    "--limit",
  ]);
});

Deno.test("query audio-effects lists one page of the audio_effects catalog", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "audio-effects", "--limit", "1"]);
  assertEquals([out.editor, out.kind, out.action, out.items.length], [
    "jianying",
    "audio_effects",
    "list",
    1,
  ]);
  assert(out.total >= 1 && typeof out.items[0].name === "string");
});

Deno.test("query audio-effects refuses a page size of 0", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "audio-effects", "--limit", "0"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "limit"]);
});
