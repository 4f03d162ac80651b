/** `editors`: help, what it reports, and a refused flag. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("editors --help describes the command", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["editors"], ["editors"]);
});

Deno.test("editors reports the OS and the editor new drafts are made for", async () => {
  await using w = await appWorld();
  const out = await w.ok(["editors"]);
  assertEquals(out.os, Deno.build.os);
  assert(["jianying", "capcut"].includes(out.newDrafts.editor), JSON.stringify(out.newDrafts));
});

Deno.test("editors refuses an unknown flag", async () => {
  await using w = await appWorld();
  const r = await w.run(["editors", "--all"]);
  assertEquals([r.code, r.error?.code], [2, "usage"]);
});
