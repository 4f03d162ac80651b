/** `transitions add`: help, a transition between two photos, and an unknown name. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("transitions add --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["transitions", "add"], ["--auto", "--duration", "--track-index"]);
});

Deno.test("transitions add joins adjacent photos with the named transition", async () => {
  await using w = await appWorld();
  const { id } = await w.twoPhotos();
  const out = await w.ok(["transitions", "add", id, "--auto", "fade", "--duration", "500000"]);
  assertEquals(out.items.length, 1);
  assertEquals((await w.ok(["transitions", "list", id])).length, 1);
});

Deno.test("transitions add refuses a name the catalog does not have", async () => {
  await using w = await appWorld();
  const { id } = await w.twoPhotos();
  const r = await w.run(["transitions", "add", id, "--auto", "no-such-transition"]);
  assertEquals([r.code === 0, r.error?.path], [false, "auto"]);
  assertEquals(await w.ok(["transitions", "list", id]), []);
});
