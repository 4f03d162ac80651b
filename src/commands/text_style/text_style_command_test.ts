/** `text-style`: help, a caption's text material, and a refused colour. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("text-style --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["text-style"], ["--text", "--keyword", "--keyword-color", "--editor"]);
});

Deno.test("text-style prints the material a caption would get, writing no draft", async () => {
  await using w = await appWorld();
  const out = await w.ok([
    "text-style",
    "--text",
    "限时 特价",
    "--keyword",
    "特价",
    "--keyword-color",
    "#ffde00",
  ]);
  assertEquals(out.editor, "jianying");
  assert(out.content.includes("限时 特价"), out.content);
  assert(out.ranges.length >= 1);
  assertEquals(await w.ok(["draft", "list"]), []);
});

Deno.test("text-style refuses a colour that is not #rrggbb", async () => {
  await using w = await appWorld();
  const r = await w.run(["text-style", "--text", "a", "--text-color", "red"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "textColor"]);
});
