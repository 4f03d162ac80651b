/** `query image-animations`: help, exit animations, and an unknown type. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query image-animations --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "image-animations"], ["--type", "--keyword", "--editor"]);
});

Deno.test("query image-animations --type out reads the video_outro catalog", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "image-animations", "--type", "out", "--limit", "1"]);
  assertEquals([out.kind, out.items.length], ["video_outro", 1]);
});

Deno.test("query image-animations refuses an unknown type", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "image-animations", "--type", "sideways"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "type"]);
});
