/** `segments remove`: help, a removed caption, and an unknown segment. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("segments remove --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["segments", "remove"], ["draftId", "--segment-ids", "--ripple"]);
});

Deno.test("segments remove takes a caption off the timeline", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const added = await w.captions(id, ["a", "b"]);
  await w.ok(["segments", "remove", id, "--segment-ids", JSON.stringify([added.segmentIds[0]])]);
  const left = await w.ok(["captions", "list", id]);
  assertEquals(left.map((c: { text: string }) => c.text), ["b"]);
});

Deno.test("segments remove refuses an empty id list and keeps the draft", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["segments", "remove", id, "--segment-ids", "[]"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "segmentIds"]);
});
