/** `videos add`: help, a clip on the main track, and a refused source range. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("videos add --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["videos", "add"], ["--video-infos", "--alpha", "--media", "--request-id"]);
});

Deno.test("videos add puts a clip on the main track", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ videoUrl: fixtureUrl("video.mp4"), start: 0, end: 1_000_000 }];
  const out = await w.ok(["videos", "add", id, "--video-infos", JSON.stringify(infos)]);
  assertEquals(out.videoIds.length, 1);
  const [clip] = await w.ok(["videos", "list", id]);
  assertEquals([clip.start, clip.end, clip.trackIndex], [0, 1_000_000, 0]);
});

Deno.test("videos add refuses a speed out of range and adds nothing", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ videoUrl: fixtureUrl("video.mp4"), start: 0, end: 1_000_000, speed: 1000 }];
  const r = await w.run(["videos", "add", id, "--video-infos", JSON.stringify(infos)]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "videoInfos[0].speed"]);
  assertEquals(await w.ok(["videos", "list", id]), []);
});
