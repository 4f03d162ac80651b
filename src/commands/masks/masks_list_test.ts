/** `masks list`: help, the masks of a draft, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("masks list --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["masks", "list"], ["draftId", "--segment-id"]);
});

Deno.test("masks list prints the masks of every masked segment", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const [seg] = (await w.image(id, 1_000_000)).segmentIds;
  assertEquals(await w.ok(["masks", "list", id]), []);
  await w.ok(["masks", "add", id, "--segment-ids", seg, "--name", "circle"]);
  assertEquals(JSON.stringify(await w.ok(["masks", "list", id])).includes(seg), true);
});

Deno.test("masks list of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["masks", "list", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
});
