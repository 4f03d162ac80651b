/** `draft delete`: help, a deleted draft, and a delete without --yes. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft delete --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "delete"], ["draftId", "--yes"]);
});

Deno.test("draft delete --yes removes the draft folder", async () => {
  await using w = await appWorld();
  const { draftId, filePath } = await w.ok(["draft", "create"]);
  await w.ok(["draft", "delete", draftId, "--yes"]);
  assertEquals(await Deno.stat(filePath).then(() => true, () => false), false);
  assertEquals(await w.ok(["draft", "list"]), []);
});

Deno.test("draft delete without --yes refuses and keeps the draft", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["draft", "delete", id]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "usage", "yes"]);
  assertEquals((await w.ok(["draft", "list"])).length, 1);
});
