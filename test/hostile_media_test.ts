/**
 * End to end: media whose headers lie (generated here byte by byte) are refused with a
 * `media_error` naming the file and its claim, by every command that takes media, and leave
 * nothing behind. Peak memory on these files is measured in docs/media.md ("Bounds").
 */
import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { fixture, runCli, tempWorld } from "./helpers/cli.ts";
import { claimingPng, lyingStsz, xingMp3 } from "./helpers/hostile_media.ts";

Deno.test("hostile media: draft easy refuses an MP3 whose Xing header claims 2^32 frames", async () => {
  const w = await tempWorld();
  try {
    const lie = `${w.root}/lie.mp3`;
    await Deno.writeFile(lie, xingMp3(0xffffffff));
    for (const rest of [["--video-url", fixture("video.mp4")], ["--text", "hello"]]) {
      const r = await runCli(["draft", "easy", "--by-audio", lie, ...rest], { env: w.env });
      assertEquals(r.code, 5, r.stderr);
      assertEquals(r.error?.code, "media_error");
      assertMatch(r.error!.message, /lie\.mp3: its Xing header claims 4294967295 frames/);
      // Nothing half-made: no draft and no hidden temp folder.
      assertEquals(await Array.fromAsync(Deno.readDir(w.draftsDir)), []);
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("hostile media: images add refuses PNGs that claim pixels they do not hold", async () => {
  const w = await tempWorld();
  try {
    const created = await runCli(["draft", "create"], { env: w.env });
    const { draftId } = created.json as { draftId: string };
    const files: [string, Uint8Array, RegExp][] = [
      ["max.png", claimingPng(2147483647, 2147483647), /max\.png: its PNG header claims/],
      ["bare.png", claimingPng(30000, 30000), /bare\.png: its PNG header claims 30000×30000/],
    ];
    for (const [name, bytes, why] of files) {
      await Deno.writeFile(`${w.root}/${name}`, bytes);
      const r = await runCli([
        "images",
        "add",
        draftId,
        "--image-infos",
        JSON.stringify([{ imageUrl: `${w.root}/${name}`, start: 0, end: 1_000_000 }]),
      ], { env: w.env });
      assertEquals(r.code, 5, r.stderr);
      assertEquals(r.error?.code, "media_error");
      assertMatch(r.error!.message, why);
    }
    const info = await runCli(["draft", "info", draftId], { env: w.env });
    assertEquals((info.json as { duration: number }).duration, 0);
  } finally {
    await w.cleanup();
  }
});

Deno.test("hostile media: videos add refuses an MP4 whose stsz claims 2^32 samples", async () => {
  const w = await tempWorld();
  try {
    const { draftId } = (await runCli(["draft", "create"], { env: w.env })).json as {
      draftId: string;
    };
    const lie = `${w.root}/lie.mp4`;
    await Deno.writeFile(lie, lyingStsz(await Deno.readFile(fixture("video.mp4"))));
    const r = await runCli([
      "videos",
      "add",
      draftId,
      "--video-infos",
      JSON.stringify([{ videoUrl: lie, start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(r.code, 5, r.stderr);
    assertEquals(r.error?.code, "media_error");
    assertMatch(r.error!.message, /lie\.mp4: its stsz box claims 4294967295 samples/);
  } finally {
    await w.cleanup();
  }
});
