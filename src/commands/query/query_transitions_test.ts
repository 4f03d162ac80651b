/** `query transitions`: help, one page of the transitions catalog, and a refused page size. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query transitions --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "transitions"], ["--keyword", "--editor", "--draft-id", "--limit"]);
});

Deno.test("query transitions lists one page of the transitions catalog", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "transitions", "--limit", "1"]);
  assertEquals([out.editor, out.kind, out.action, out.items.length], [
    "jianying",
    "transitions",
    "list",
    1,
  ]);
  assert(out.total >= 1 && typeof out.items[0].name === "string");
});

Deno.test("query transitions refuses a page size of 0", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "transitions", "--limit", "0"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "limit"]);
});
