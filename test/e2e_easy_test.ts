/** `draft easy`: durations, coverage, caption timing, SRT import, images, video, title. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** A silent 8 kHz mono 8-bit WAV of `seconds`, written without ffmpeg. */
async function silentWav(path: string, seconds: number): Promise<void> {
  const rate = 8000;
  const n = rate * seconds;
  const buf = new Uint8Array(44 + n).fill(128);
  const v = new DataView(buf.buffer);
  const s = (o: number, t: string) => [...t].forEach((c, i) => (buf[o + i] = c.charCodeAt(0)));
  s(0, "RIFF");
  v.setUint32(4, 36 + n, true);
  s(8, "WAVEfmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate, true);
  v.setUint16(32, 1, true);
  v.setUint16(34, 8, true);
  s(36, "data");
  v.setUint32(40, n, true);
  await Deno.writeFile(path, buf);
}

async function timeline(dir: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
}

function segmentsOf(content: Json, type: string): Json[] {
  return content.tracks.filter((t: Json) => t.type === type).flatMap((t: Json) => t.segments);
}

Deno.test("easy by audio: text captions timed by length, images spread, title, duration = audio", async () => {
  const w = await tempWorld();
  try {
    const wav = `${w.root}/voice.wav`;
    await silentWav(wav, 60);
    const r = await runCli([
      "draft",
      "easy",
      "--by-audio",
      wav,
      "--captions",
      JSON.stringify([
        "第一句话很短。",
        "The second one is longer.",
        "三",
        "This last one is far too long for one caption on a phone screen, so it is split. At the full stop, and again here!",
      ]),
      "--images",
      JSON.stringify([fixture("image.png"), fileUrl(fixture("image.jpg")), fixture("image.webp")]),
      "--text",
      "Title",
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const out = r.json as Json;
    assertEquals(out.duration, 60_000_000);
    assertEquals(out.counts.images, 3);
    assertEquals(out.counts.title, 1);
    const c = await timeline(out.filePath);
    assertEquals(c.duration, 60_000_000);
    const images = segmentsOf(c, "video");
    assertEquals(images.map((s) => s.target_timerange.start), [0, 20_000_000, 40_000_000]);
    const caps = c.tracks.filter((t: Json) => t.type === "text")[0].segments;
    const texts = caps.map((s: Json) =>
      JSON.parse(c.materials.texts.find((m: Json) => m.id === s.material_id).content).text
    );
    assertEquals(texts.slice(0, 3), [
      "第一句话很短。",
      "The second one is longer.",
      "三",
    ]);
    assert(texts.length > 4, `the long caption is split: ${JSON.stringify(texts)}`);
    assertEquals(
      texts.slice(3).join(" ").replace(/\s+/g, " "),
      "This last one is far too long for one caption on a phone screen, so it is split. At the full stop, and again here!",
    );
    assertEquals(caps[0].target_timerange.start, 0);
    const last = caps.at(-1);
    assertEquals(last.target_timerange.start + last.target_timerange.duration, 60_000_000);
    for (let i = 1; i < caps.length; i++) {
      const prev = caps[i - 1].target_timerange;
      assertEquals(caps[i].target_timerange.start, prev.start + prev.duration, "contiguous");
    }
    // the long Latin caption gets more time than the 1-character one
    assert(caps[1].target_timerange.duration > caps[2].target_timerange.duration);
    const audio = segmentsOf(c, "audio");
    assertEquals(audio[0].target_timerange, { start: 0, duration: 60_000_000 });
    // The new draft's media (three images and the audio) moved in from the staging folder,
    // which is gone.
    const stored = [...Deno.readDirSync(`${out.filePath}/resources`)].map((e) => e.name);
    assertEquals(stored.length, 4, stored.join());
    const state = [...Deno.readDirSync(`${out.filePath}/.draftcli`)].map((e) => e.name);
    assert(!state.includes("staging"), state.join());
  } finally {
    await w.cleanup();
  }
});

Deno.test("easy with SRT timings clamps to the audio; bad SRT names the line", async () => {
  const w = await tempWorld();
  try {
    const srt = `${w.root}/a.srt`;
    await Deno.writeTextFile(
      srt,
      "1\n00:00:00,000 --> 00:00:00,500\nhello\n\n2\n00:00:00,500 --> 00:00:09,000\nworld\n",
    );
    const r = await runCli(["draft", "easy", "--by-audio", fixture("audio.wav"), "--srt", srt], {
      env: w.env,
    });
    assertEquals(r.code, 0, r.stderr);
    assert(r.stderr.includes("clamped"), r.stderr);
    const c = await timeline((r.json as Json).filePath);
    const caps = segmentsOf(c, "text");
    assertEquals(caps.length, 2);
    assertEquals(caps[1].target_timerange.start + caps[1].target_timerange.duration, c.duration);

    await Deno.writeTextFile(
      srt,
      "1\n00:00:00,000 --> 00:00:00,500\nok\n\n2\n00:00:01,000 -> 00:00:02,000\nbad\n",
    );
    const before = [...Deno.readDirSync(w.draftsDir)].length;
    const bad = await runCli(["draft", "easy", "--by-audio", fixture("audio.wav"), "--srt", srt], {
      env: w.env,
    });
    assertEquals(bad.code, 2, bad.stderr);
    assert(/line 6/.test(bad.error!.message), bad.error!.message);
    assertEquals([...Deno.readDirSync(w.draftsDir)].length, before, "no half-made draft left");
  } finally {
    await w.cleanup();
  }
});

Deno.test("easy fills an existing draft; a video is looped to the audio length", async () => {
  const w = await tempWorld();
  try {
    const wav = `${w.root}/voice.wav`;
    await silentWav(wav, 3);
    const { draftId, filePath } = (await runCli(["draft", "create"], { env: w.env })).json as Json;
    const r = await runCli([
      "draft",
      "easy",
      draftId,
      "--audio-url",
      fileUrl(wav),
      "--video-url",
      fixture("video.mp4"),
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    assertEquals((r.json as Json).counts.videos, 3);
    const c = await timeline(filePath);
    const videos = segmentsOf(c, "video");
    assertEquals(videos.length, 3);
    const lastVideo = videos[videos.length - 1];
    const end = lastVideo.target_timerange.start + lastVideo.target_timerange.duration;
    assertEquals(end, 3_000_000);
    assert(videos.every((v) => v.volume === 0), "looped video is muted under the audio");
  } finally {
    await w.cleanup();
  }
});

Deno.test("easy errors: no audio, both caption sources, mixed timing — draft unchanged", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = (await runInProcess(["draft", "create"], { env: w.env }))
      .json as Json;
    const before = await snapshotDir(filePath);
    const cases: [string[], number, RegExp][] = [
      [["draft", "easy", draftId], 2, /audio/],
      [
        [
          "draft",
          "easy",
          draftId,
          "--audio-url",
          fixture("audio.wav"),
          "--captions",
          '["a"]',
          "--srt",
          "x.srt",
        ],
        2,
        /not both/,
      ],
      [
        [
          "draft",
          "easy",
          draftId,
          "--audio-url",
          fixture("audio.wav"),
          "--captions",
          '[{"text":"a","start":0,"end":100000},"b"]',
        ],
        2,
        /every caption or for none/,
      ],
      [["draft", "easy", draftId, "--audio-url", fixture("image.png")], 5, /image/],
    ];
    for (const [args, code, re] of cases) {
      const r = await runInProcess(args, { env: w.env });
      assertEquals(r.code, code, r.stderr);
      assert(re.test(r.error!.message), r.error!.message);
    }
    assertEquals(await snapshotDir(filePath), before);
    assertEquals([...Deno.readDirSync(w.draftsDir)].length, 1);
  } finally {
    await w.cleanup();
  }
});
