/** `draft rename`: help, a new name in the editor's list, and an empty name. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft rename --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "rename"], ["draftId", "--name"]);
});

Deno.test("draft rename changes the name draft info shows", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  await w.ok(["draft", "rename", id, "--name", "Renamed"]);
  assertEquals((await w.ok(["draft", "info", id])).name, "Renamed");
});

Deno.test("draft rename refuses an empty name", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const before = (await w.ok(["draft", "info", id])).name;
  const r = await w.run(["draft", "rename", id, "--name", ""]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "name"]);
  assertEquals((await w.ok(["draft", "info", id])).name, before);
});
