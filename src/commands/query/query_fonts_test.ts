/** `query fonts`: help, one page of the fonts catalog, and a refused page size. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query fonts --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "fonts"], ["--keyword", "--editor", "--draft-id", "--limit"]);
});

Deno.test("query fonts lists one page of the fonts catalog", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "fonts", "--limit", "1"]);
  assertEquals([out.editor, out.kind, out.action, out.items.length], [
    "jianying",
    "fonts",
    "list",
    1,
  ]);
  assert(out.total >= 1 && typeof out.items[0].name === "string");
});

Deno.test("query fonts refuses a page size of 0", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "fonts", "--limit", "0"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "limit"]);
});
