/** `draft fill`: help, a copy with a text replaced, and a refused fit mode. */
import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft fill --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "fill"], ["--texts", "--media", "--allow-missing", "--fit"]);
});

Deno.test("draft fill copies a draft and replaces a caption's text in the copy", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  await w.captions(id, ["old"]);
  const out = await w.ok(["draft", "fill", id, "--texts", '{"old":"new"}']);
  notDeepStrictEqual(out.draftId, id);
  const texts = (id: string) =>
    w.ok(["captions", "list", id]).then((l) => l.map((c: { text: string }) => c.text));
  assertEquals(await texts(out.draftId), ["new"]);
  assertEquals(await texts(id), ["old"]);
});

Deno.test("draft fill refuses an unknown fit mode and copies nothing", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["draft", "fill", id, "--texts", "{}", "--fit", "squash"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "fit"]);
  assertEquals((await w.ok(["draft", "list"])).length, 1);
});
