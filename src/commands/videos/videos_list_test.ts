/** `videos list`: help, the clips of a draft, and refused input. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("videos list --help names its positional and output", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["videos", "list"], ["draftId", "sourceStart"]);
});

Deno.test("videos list prints clips with source range and speed", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  assertEquals(await w.ok(["videos", "list", id]), []);
  const infos = [{ videoUrl: fixtureUrl("video.mp4"), start: 0, end: 500_000, speed: 2 }];
  await w.ok(["videos", "add", id, "--video-infos", JSON.stringify(infos)]);
  const [clip] = await w.ok(["videos", "list", id]);
  assertEquals([clip.start, clip.end, clip.speed, clip.sourceStart], [0, 500_000, 2, 0]);
});

Deno.test("videos list refuses an unknown draft and an unknown flag", async () => {
  await using w = await appWorld();
  const r = await w.run(["videos", "list", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
  const bad = await w.run(["videos", "list", "x", "--speed", "2"]);
  assertEquals([bad.code, bad.error?.code], [2, "usage"]);
});
