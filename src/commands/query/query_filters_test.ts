/** `query filters`: help, one page of the filters catalog, and a refused page size. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query filters --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "filters"], ["--keyword", "--editor", "--draft-id", "--limit"]);
});

Deno.test("query filters lists one page of the filters catalog", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "filters", "--limit", "1"]);
  assertEquals([out.editor, out.kind, out.action, out.items.length], [
    "jianying",
    "filters",
    "list",
    1,
  ]);
  assert(out.total >= 1 && typeof out.items[0].name === "string");
});

Deno.test("query filters refuses a page size of 0", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "filters", "--limit", "0"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "limit"]);
});
