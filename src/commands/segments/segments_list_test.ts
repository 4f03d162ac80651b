/** `segments list`: help, every segment of every kind, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("segments list --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["segments", "list"], ["draftId"]);
});

Deno.test("segments list lists photo and text segments together", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const images = [{ imageUrl: fixtureUrl("image.png"), start: 0, end: 1_000_000 }];
  const photo = await w.ok(["images", "add", id, "--image-infos", JSON.stringify(images)]);
  const text = await w.captions(id, ["hi"]);
  const listed = await w.ok(["segments", "list", id]);
  const ids = JSON.stringify(listed);
  for (const seg of [...photo.segmentIds, ...text.segmentIds]) {
    assertEquals(ids.includes(seg), true, seg);
  }
});

Deno.test("segments list of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["segments", "list", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
});
