/** `audios list`: help, the audio segments of a draft, and refused input. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, fixtureUrl } from "../../../test/helpers/app_world.ts";

Deno.test("audios list --help names its positional and output", async () => {
  await using w = await appWorld();
  const help = (await w.run(["audios", "list", "--help"])).stdout;
  assert(help.includes("draftId") && help.includes("sourceStart"), help);
});

Deno.test("audios list prints the audio segments with volume and speed", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  assertEquals(await w.ok(["audios", "list", id]), []);
  const infos = [{ audioUrl: fixtureUrl("audio.mp3"), start: 500_000, end: 1_000_000 }];
  await w.ok(["audios", "add", id, "--audio-infos", JSON.stringify(infos)]);
  const [a] = await w.ok(["audios", "list", id]);
  assertEquals([a.start, a.end, a.volume, a.speed], [500_000, 1_000_000, 1, 1]);
});

Deno.test("audios list refuses an unknown draft and an unknown flag", async () => {
  await using w = await appWorld();
  const r = await w.run(["audios", "list", "no-such-draft"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
  const bad = await w.run(["audios", "list", "x", "--volume", "1"]);
  assertEquals([bad.code, bad.error?.code], [2, "usage"]);
});
