/** `captions add`: help, captions from JSON and from an SRT file, and refused input. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld } from "../../../test/helpers/app_world.ts";

Deno.test("captions add --help names its flags and aliases", async () => {
  await using w = await appWorld();
  const help = (await w.run(["captions", "add", "--help"])).stdout;
  for (const flag of ["--captions", "--srt", "--font-size", "--text-color", "--bg-color"]) {
    assert(help.includes(flag), flag);
  }
});

Deno.test("captions add writes captions from JSON and from an SRT file", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const captions = [{ text: "Hello 世界", start: 0, end: 1_000_000 }];
  const out = await w.ok([
    "captions",
    "add",
    id,
    "--captions",
    JSON.stringify(captions),
    "--font-size",
    "10",
  ]);
  assertEquals(out.textIds.length, 1);
  const srt = `${w.root}/subs.srt`;
  await Deno.writeTextFile(srt, "1\n00:00:02,000 --> 00:00:03,000\nsecond\n");
  await w.ok(["captions", "add", id, "--srt", srt]);
  const listed = await w.ok(["captions", "list", id]);
  assertEquals(listed.map((c: { text: string; start: number }) => [c.text, c.start]), [
    ["Hello 世界", 0],
    ["second", 2_000_000],
  ]);
  assertEquals(listed[0].fontSize, 10);
});

Deno.test("captions add refuses both or neither of --captions and --srt, and a bad color", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const neither = await w.run(["captions", "add", id]);
  assertEquals([neither.code, neither.error?.code, neither.error?.path], [2, "usage", "captions"]);
  const color = await w.run([
    "captions",
    "add",
    id,
    "--captions",
    '[{"text":"a","start":0,"end":1}]',
    "--text-color",
    "red",
  ]);
  assertEquals([color.code, color.error?.code, color.error?.path], [
    2,
    "invalid_input",
    "textColor",
  ]);
  assertEquals(await w.ok(["captions", "list", id]), []);
});

Deno.test("captions add of a long batch (written as bytes) saves what a full save writes", async () => {
  // The suite's saves are checked byte for byte against a full save (DRAFTCLI_VERIFY_SAVE).
  await using w = await appWorld();
  const id = await w.draft();
  const batch = (from: number, n: number) =>
    JSON.stringify(Array.from({ length: n }, (_, i) => ({
      text: i % 7 ? `caption ${from + i} 字幕 😀` : `caption ${from + i} café`,
      start: (from + i) * 1_000_000,
      end: (from + i + 1) * 1_000_000,
    })));
  assertEquals(
    (await w.ok(["captions", "add", id, "--captions", batch(0, 600)])).textIds.length,
    600,
  );
  await w.ok(["captions", "add", id, "--captions", batch(600, 600)]);
  const listed = await w.ok(["captions", "list", id]);
  assertEquals(listed.length, 1200);
  assertEquals(listed[1].text, "caption 1 字幕 😀");
  assertEquals(listed[705].text, "caption 705 café");
  assertEquals(listed[1199].start, 1_199_000_000);
});
