/** `images add`: help, a photo segment added to a draft, and a refused item. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, fixtureUrl } from "../../../test/helpers/app_world.ts";

Deno.test("images add --help names its flags", async () => {
  await using w = await appWorld();
  const help = (await w.run(["images", "add", "--help"])).stdout;
  for (const flag of ["--image-infos", "--alpha", "--media", "--request-id"]) {
    assert(help.includes(flag), flag);
  }
});

Deno.test("images add puts photo segments on the timeline", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ imageUrl: fixtureUrl("image.png"), start: 0, end: 2_000_000 }];
  const out = await w.ok(["images", "add", id, "--image-infos", JSON.stringify(infos)]);
  assertEquals(out.imageIds.length, 1);
  const listed = await w.ok(["images", "list", id]);
  assertEquals(listed.map((s: { start: number; end: number }) => [s.start, s.end]), [
    [0, 2_000_000],
  ]);
});

Deno.test("images add refuses an item that ends before it starts", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ imageUrl: fixtureUrl("image.png"), start: 5, end: 1 }];
  const r = await w.run(["images", "add", id, "--image-infos", JSON.stringify(infos)]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "imageInfos[0].end"]);
  assertEquals(await w.ok(["images", "list", id]), []);
});
