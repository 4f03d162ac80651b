/** `query text-animations`: help, exit animations, and an unknown type. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query text-animations --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "text-animations"], ["--type", "--keyword", "--editor"]);
});

Deno.test("query text-animations --type out reads the text_outro catalog", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "text-animations", "--type", "out", "--limit", "1"]);
  assertEquals([out.kind, out.items.length], ["text_outro", 1]);
});

Deno.test("query text-animations refuses an unknown type", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "text-animations", "--type", "sideways"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "type"]);
});
