/** `draft validate`: help, a clean report, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft validate --help lists the checks", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "validate"], ["draftId", "Checks:"]);
});

Deno.test("draft validate reports a fresh draft as ok", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const report = await w.ok(["draft", "validate", id]);
  assertEquals([report.ok, report.errors], [true, []]);
});

Deno.test("draft validate of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["draft", "validate", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
});
