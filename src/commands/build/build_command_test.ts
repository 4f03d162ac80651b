/** `build`: help, a draft built from one spec, and a refused spec. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("build --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["build"], ["spec", "--into", "--media"]);
});

Deno.test("build writes a new draft with every item of the spec", async () => {
  await using w = await appWorld();
  const spec = {
    captions: [{ text: "hi", start: 0, end: 1_000_000 }],
    images: [{ imageUrl: fixtureUrl("image.png"), start: 0, end: 2_000_000 }],
  };
  const out = await w.ok(["build", JSON.stringify(spec)]);
  assertEquals(out.created, true);
  assertEquals((await w.ok(["captions", "list", out.draftId])).length, 1);
  assertEquals((await w.ok(["images", "list", out.draftId])).length, 1);
});

Deno.test("build refuses an unknown item kind and writes no draft", async () => {
  await using w = await appWorld();
  const r = await w.run(["build", '{"pictures":[]}']);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "pictures"]);
  assertEquals(await w.ok(["draft", "list"]), []);
});
