/** `query mix-modes`: help, one page of the mix_modes catalog, and a refused page size. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query mix-modes --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "mix-modes"], ["--keyword", "--editor", "--draft-id", "--limit"]);
});

Deno.test("query mix-modes lists one page of the mix_modes catalog", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "mix-modes", "--limit", "1"]);
  assertEquals([out.editor, out.kind, out.action, out.items.length], [
    "jianying",
    "mix_modes",
    "list",
    1,
  ]);
  assert(out.total >= 1 && typeof out.items[0].name === "string");
});

Deno.test("query mix-modes refuses a page size of 0", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "mix-modes", "--limit", "0"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "limit"]);
});
