/** `docs`: help, one group's manual, and an unknown topic. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("docs --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["docs"], ["topic"]);
});

Deno.test("docs images prints the Markdown of the images commands", async () => {
  await using w = await appWorld();
  const r = await w.run(["docs", "images"]);
  assertEquals(r.code, 0);
  assert(r.stdout.includes("images add") && r.stdout.includes("--image-infos"), r.stdout);
  assert(!r.stdout.includes("captions add"));
});

Deno.test("docs refuses an unknown topic and names the topics", async () => {
  await using w = await appWorld();
  const r = await w.run(["docs", "nope"]);
  assertEquals([r.code === 0, r.error?.code, r.error?.path], [false, "unknown_name", "topic"]);
  assert(r.error?.hint?.includes("topics:"), r.error?.hint);
});
