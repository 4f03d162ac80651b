/** `masks add`: help, a mask on a photo, and an unknown mask name. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("masks add --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["masks", "add"], ["--segment-ids", "--name", "--feather", "--invert"]);
});

Deno.test("masks add puts a circle mask on a photo", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const [seg] = (await w.image(id, 1_000_000)).segmentIds;
  await w.ok(["masks", "add", id, "--segment-ids", seg, "--name", "circle"]);
  const listed = await w.ok(["masks", "list", id, "--segment-id", seg]);
  assertEquals(listed.length, 1);
});

Deno.test("masks add refuses a mask name the catalog does not have", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const [seg] = (await w.image(id, 1_000_000)).segmentIds;
  const r = await w.run(["masks", "add", id, "--segment-ids", seg, "--name", "no-such-mask"]);
  assertEquals([r.code === 0, r.error?.path], [false, "name"]);
  assertEquals(await w.ok(["masks", "list", id]), []);
});
