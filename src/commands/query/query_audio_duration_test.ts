/** `query audio-duration`: help, an audio file's length, and a file without sound. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query audio-duration --help names its flag", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "audio-duration"], ["--url"]);
});

Deno.test("query audio-duration prints an audio file's duration in µs", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "audio-duration", "--url", fixtureUrl("audio.mp3")]);
  assertEquals([out.duration > 0, out.message], [true, "ok"]);
});

Deno.test("query audio-duration of an image is a media_error on url", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "audio-duration", "--url", fixtureUrl("image.png")]);
  assertEquals([r.code === 0, r.error?.code, r.error?.path], [false, "media_error", "url"]);
});
