/** `draft import`: help, a zipped draft imported as a new draft, and a missing zip. */
import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft import --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "import"], ["source", "--name"]);
});

Deno.test("draft import makes a new draft from a draft zip", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  await w.ok(["captions", "add", id, "--captions", '[{"text":"hi","start":0,"end":1000000}]']);
  await w.ok(["draft", "zip", id, "--output", `${w.root}/d.zip`]);
  const out = await w.ok(["draft", "import", `${w.root}/d.zip`, "--name", "copy"]);
  notDeepStrictEqual(out.draftId, id);
  const texts = await w.ok(["captions", "list", out.draftId]);
  assertEquals(texts.map((c: { text: string }) => c.text), ["hi"]);
});

Deno.test("draft import of a missing file fails and adds no draft", async () => {
  await using w = await appWorld();
  const r = await w.run(["draft", "import", `${w.root}/none.zip`]);
  assertEquals([r.code === 0, r.error?.path], [false, "source"]);
  assertEquals(await w.ok(["draft", "list"]), []);
});
