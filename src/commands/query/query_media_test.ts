/** `query media`: help, the facts of a local image, and a refused URL scheme. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("query media --help names its flag", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["query", "media"], ["--url"]);
});

Deno.test("query media probes a local image", async () => {
  await using w = await appWorld();
  const out = await w.ok(["query", "media", "--url", fixtureUrl("image.png")]);
  assertEquals([out.kind, out.duration, out.hasAudio], ["image", 0, false]);
  assertEquals(out.width > 0 && out.height > 0, true);
});

Deno.test("query media refuses an ftp URL", async () => {
  await using w = await appWorld();
  const r = await w.run(["query", "media", "--url", "ftp://example.com/a.png"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "url"]);
});
