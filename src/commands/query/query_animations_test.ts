/** `query animations`: help, text loop animations, and an unknown kind. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query animations --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "animations"], ["--kind", "--type", "--keyword", "--editor"]);
});

Deno.test("query animations reads the catalog of the kind and type asked", async () => {
  await using w = await appWorld();
  const text = await w.ok([
    "query",
    "animations",
    "--kind",
    "text",
    "--type",
    "loop",
    "--limit",
    "1",
  ]);
  assertEquals([text.kind, text.items.length], ["text_loop", 1]);
  const image = await w.ok([
    "query",
    "animations",
    "--kind",
    "video",
    "--type",
    "in",
    "--limit",
    "1",
  ]);
  assertEquals(image.kind, "video_intro");
});

Deno.test("query animations refuses an unknown kind", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "animations", "--kind", "sound", "--type", "in"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "kind"]);
});
