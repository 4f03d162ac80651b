/** `audios add`: help, an audio segment added to a draft, and a refused item. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, fixtureUrl } from "../../../test/helpers/app_world.ts";

Deno.test("audios add --help names its flags", async () => {
  await using w = await appWorld();
  const help = (await w.run(["audios", "add", "--help"])).stdout;
  for (const flag of ["--audio-infos", "--media", "--request-id"]) {
    assert(help.includes(flag), flag);
  }
});

Deno.test("audios add puts an audio segment on the timeline", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ audioUrl: fixtureUrl("audio.mp3"), start: 0, end: 1_000_000, volume: 0.5 }];
  const out = await w.ok(["audios", "add", id, "--audio-infos", JSON.stringify(infos)]);
  assertEquals(out.audioIds.length, 1);
  const [listed] = await w.ok(["audios", "list", id]);
  assertEquals([listed.start, listed.end, listed.volume], [0, 1_000_000, 0.5]);
});

Deno.test("audios add refuses a negative volume", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ audioUrl: fixtureUrl("audio.mp3"), start: 0, end: 1_000_000, volume: -1 }];
  const r = await w.run(["audios", "add", id, "--audio-infos", JSON.stringify(infos)]);
  assertEquals([r.code, r.error?.code, r.error?.path], [
    2,
    "invalid_input",
    "audioInfos[0].volume",
  ]);
  assertEquals(await w.ok(["audios", "list", id]), []);
});
