/** `query huazi`: help, the no_catalog answer, and a refused page size. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query huazi --help says it has no catalog", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "huazi"], ["no_catalog", "--keyword"]);
});

Deno.test("query huazi answers no_catalog (exit 7) with what to do instead", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "huazi", "--keyword", "x"]);
  assertEquals([r.code, r.error?.code, r.stdout], [7, "no_catalog", ""]);
  assert(r.error?.hint?.includes("draftcli"), r.error?.hint);
});

Deno.test("query huazi refuses a page size of 0", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "huazi", "--limit", "0"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "limit"]);
});
