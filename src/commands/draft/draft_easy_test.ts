/** `draft easy`: help, a whole draft from one audio, and a call without audio. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft easy --help names its flags and aliases", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "easy"], ["--by-audio", "--captions", "--images", "--bg-color"]);
});

Deno.test("draft easy builds a draft from an audio, captions and an image", async () => {
  await using w = await appWorld();
  const out = await w.ok([
    "draft",
    "easy",
    "--by-audio",
    fixtureUrl("audio.mp3"),
    "--captions",
    '["one.", "two."]',
    "--images",
    JSON.stringify([fixtureUrl("image.png")]),
  ]);
  assert(out.duration > 0);
  const captions = await w.ok(["captions", "list", out.draftId]);
  assertEquals(captions.map((c: { text: string }) => c.text), ["one.", "two."]);
  assertEquals((await w.ok(["images", "list", out.draftId])).length, 1);
});

Deno.test("draft easy without an audio is refused and creates no draft", async () => {
  await using w = await appWorld();
  const r = await w.run(["draft", "easy", "--captions", '["a"]']);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "usage", "byAudio"]);
  assertEquals(await w.ok(["draft", "list"]), []);
});
