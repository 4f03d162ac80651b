/** `draft list`: help, the drafts of the drafts folder, and a refused flag. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft list --help describes the command", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "list"], ["draft list"]);
});

Deno.test("draft list lists the drafts created in the drafts folder", async () => {
  await using w = await appWorld();
  assertEquals(await w.ok(["draft", "list"]), []);
  const a = await w.draft();
  const b = await w.draft();
  const ids = (await w.ok(["draft", "list"])).map((d: { draftId: string }) => d.draftId);
  assertEquals(ids.toSorted(), [a, b].toSorted());
});

Deno.test("draft list refuses an unknown flag", async () => {
  await using w = await appWorld();
  const r = await w.run(["draft", "list", "--nope"]);
  assertEquals([r.code, r.error?.code], [2, "usage"]);
});
