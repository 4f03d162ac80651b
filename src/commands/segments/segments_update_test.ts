/** `segments update`: help, a caption's new text, and a refused update. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("segments update --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["segments", "update"], ["draftId", "--updates"]);
});

Deno.test("segments update changes a caption's text", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const added = await w.captions(id, ["old"]);
  const updates = [{ segmentId: added.segmentIds[0], text: "new" }];
  await w.ok(["segments", "update", id, "--updates", JSON.stringify(updates)]);
  assertEquals((await w.ok(["captions", "list", id]))[0].text, "new");
});

Deno.test("segments update refuses an empty list of updates", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["segments", "update", id, "--updates", "[]"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "updates"]);
});
