/**
 * `draftcli preview` end to end with real ffmpeg: a red photo (0–2 s), a blue photo (2–4 s), a
 * caption whose keyword is yellow and a 4 s tone render to a 4 s MP4 with sound, frames of the
 * right colours, a timeline SVG naming each track, an MCP image block, and a clear error when
 * ffmpeg is missing. The drafts are set up in-process; every preview runs as a real process.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { StdioClient } from "./support/mcp_client.ts";
import {
  cliCommand,
  fileUrl,
  fixture,
  runCli,
  runInProcess,
  runOk,
  type TempWorld,
  tempWorld,
} from "./helpers/cli.ts";
import { findCaptionFont } from "../src/preview/render.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

async function has(cmd: string): Promise<boolean> {
  try {
    return (await new Deno.Command(cmd, { args: ["-version"], stdout: "null", stderr: "null" })
      .output()).success;
  } catch {
    return false;
  }
}

const FFMPEG = await has("ffmpeg") && await has("ffprobe");
const ignore = !FFMPEG;
if (ignore) console.error("preview tests skipped: ffmpeg/ffprobe not installed");

async function ffmpeg(args: string[]): Promise<Uint8Array> {
  const out = await new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-loglevel", "error", "-y", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return out.stdout;
}

/** The test draft; returns its id. */
async function makeDraft(w: TempWorld): Promise<string> {
  const media = `${w.root}/media`;
  await Deno.mkdir(media);
  await ffmpeg(["-f", "lavfi", "-i", "color=red:s=320x240", "-frames:v", "1", `${media}/red.png`]);
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "color=blue:s=320x240",
    "-frames:v",
    "1",
    `${media}/blue.png`,
  ]);
  await ffmpeg(["-f", "lavfi", "-i", "sine=f=440:d=4", `${media}/tone.wav`]);
  const run = (args: string[]) => runOk(w, args, runInProcess);
  const id = (await run(["draft", "create", "--width", "1280", "--height", "720"])).draftId;
  await run([
    "images",
    "add",
    id,
    "--image-infos",
    JSON.stringify([
      { imageUrl: fileUrl(`${media}/red.png`), start: 0, end: 2_000_000 },
      { imageUrl: fileUrl(`${media}/blue.png`), start: 2_000_000, end: 4_000_000 },
    ]),
  ]);
  await run([
    "audios",
    "add",
    id,
    "--audio-infos",
    JSON.stringify([
      { audioUrl: fileUrl(`${media}/tone.wav`), start: 0, end: 4_000_000 },
    ]),
  ]);
  await run([
    "captions",
    "add",
    id,
    "--font-size",
    "24",
    "--captions",
    JSON.stringify([
      { text: "Hello 世界", start: 0, end: 4_000_000, keyword: "世界", keywordColor: "#ffff00" },
    ]),
  ]);
  return id;
}

/** RGB pixels of a PNG (via ffmpeg), with its size. */
async function pixels(png: string): Promise<{ w: number; h: number; rgb: Uint8Array }> {
  const probe = await new Deno.Command("ffprobe", {
    args: ["-v", "error", "-show_entries", "stream=width,height", "-of", "json", png],
    stdout: "piped",
  }).output();
  const s = JSON.parse(new TextDecoder().decode(probe.stdout)).streams[0];
  const rgb = await ffmpeg(["-i", png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]);
  return { w: s.width, h: s.height, rgb };
}

function at(p: { w: number; rgb: Uint8Array }, x: number, y: number): [number, number, number] {
  const i = (y * p.w + x) * 3;
  return [p.rgb[i], p.rgb[i + 1], p.rgb[i + 2]];
}

function count(p: { rgb: Uint8Array }, test: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < p.rgb.length; i += 3) if (test(p.rgb[i], p.rgb[i + 1], p.rgb[i + 2])) n++;
  return n;
}

const isYellow = (r: number, g: number, b: number) => r > 200 && g > 200 && b < 90;

Deno.test({
  name: "preview renders a 4 s proxy with sound, a contact sheet and a timeline naming each track",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      const id = await makeDraft(w);
      const out = `${w.root}/pv`;
      const r = await runCli(["preview", id, "--out", out, "--height", "360"], { env: w.env });
      assertEquals(r.code, 0, r.stderr);
      const res = r.json as Json;
      assertEquals(res.video, `${out}/preview.mp4`);
      assertEquals(res.size, { width: 640, height: 360, fps: 30 });
      const probe = await new Deno.Command("ffprobe", {
        args: [
          "-v",
          "error",
          "-show_entries",
          "format=duration:stream=codec_type,codec_name",
          "-of",
          "json",
          res.video,
        ],
        stdout: "piped",
      }).output();
      const info = JSON.parse(new TextDecoder().decode(probe.stdout));
      const duration = Number(info.format.duration);
      assert(Math.abs(duration - 4) <= 0.25, `duration ${duration}`);
      const codecs = info.streams.map((s: Json) => `${s.codec_type}:${s.codec_name}`).sort();
      assertEquals(codecs, ["audio:aac", "video:h264"]);
      const sheet = await pixels(res.sheet);
      assert(sheet.w >= 640, `sheet width ${sheet.w}`);
      // Cells at 0 s, 2 s and the last frame (3.97 s): none black, each with its time label.
      assertEquals(sheet.w, 3 * 320);
      const font = await findCaptionFont();
      for (let cell = 0; cell < 3; cell++) {
        const [r0, g0, b0] = at(sheet, cell * 320 + 160, 90);
        assert(r0 + g0 + b0 > 150, `cell ${cell} is not black: ${[r0, g0, b0]}`);
        if (!font.labelFile) continue;
        let white = 0;
        for (let y = 4; y < 20; y++) {
          for (let x = cell * 320 + 4; x < cell * 320 + 70; x++) {
            const [r, g, b] = at(sheet, x, y);
            if (r > 200 && g > 200 && b > 200) white++;
          }
        }
        assert(white > 10, `cell ${cell} has a time label`);
      }
      // Without a CJK font the preview says that CJK text shows as boxes.
      if (font.cjk) assertEquals(res.warnings, undefined);
      else assert(/no CJK font/.test(res.warnings?.[0] ?? ""), JSON.stringify(res.warnings));
      const svg = await Deno.readTextFile(res.timeline);
      for (const name of ["video 1", "audio 1", "text 1"]) assert(svg.includes(`>${name}<`), name);
      assert(svg.includes("Hello 世界"), "caption text labels its segment");
      assert(Array.isArray(res.approximated));
      assert(typeof res.seconds === "number" && res.seconds > 0);
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test({
  name: "preview --at renders one frame: red with yellow keyword pixels at 1 s, blue at 3 s",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      const id = await makeDraft(w);
      const frameAt = async (t: number) => {
        const r = await runCli(["preview", id, "--at", String(t), "--out", `${w.root}/f`], {
          env: w.env,
        });
        assertEquals(r.code, 0, r.stderr);
        const res = r.json as Json;
        assertEquals(res.video, undefined, "no full render for a frame");
        return await pixels(res.frame);
      };
      const one = await frameAt(1_000_000);
      const [r1, g1, b1] = at(one, one.w >> 1, one.h >> 1);
      assert(r1 > 200 && g1 < 60 && b1 < 60, `centre at 1 s is red: ${[r1, g1, b1]}`);
      if ((await findCaptionFont()).file) {
        assert(count(one, isYellow) > 20, "keyword pixels are yellow");
      } else {
        console.error(
          "keyword colour check skipped: no CJK font installed (apt install fonts-noto-cjk)",
        );
      }
      const three = await frameAt(3_000_000);
      const [r3, g3, b3] = at(three, three.w >> 1, three.h >> 1);
      assert(b3 > 200 && r3 < 60 && g3 < 60, `centre at 3 s is blue: ${[r3, g3, b3]}`);
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test({
  name: "preview warns about a missing CJK font only when a caption holds CJK text",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      const run = (args: string[]) => runOk(w, args, runInProcess);
      const id = (await run(["draft", "create", "--width", "640", "--height", "360"])).draftId;
      const caption = (text: string) =>
        run(["captions", "add", id, "--captions", JSON.stringify([{ text, start: 0, end: 1e6 }])]);
      const frame = async () => {
        const r = await runCli(["preview", id, "--at", "500000", "--out", `${w.root}/f`], {
          env: w.env,
        });
        assertEquals(r.code, 0, r.stderr);
        return (r.json as Json).warnings;
      };
      await caption("Latin only");
      assertEquals(await frame(), undefined, "Latin text draws right with any font");
      await caption("世界");
      const cjk = (await findCaptionFont()).cjk;
      const warnings = await frame();
      if (cjk) assertEquals(warnings, undefined);
      else assert(/no CJK font/.test(warnings?.[0] ?? ""), JSON.stringify(warnings));
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test({
  name: "preview --at draws a photo that ffmpeg cannot decode as a placeholder",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      const id = await makeDraft(w);
      // The copies inside the draft are overwritten with bytes that are no picture.
      for await (const e of Deno.readDir(`${w.draftsDir}`)) {
        if (!e.isDirectory) continue;
        for await (const f of Deno.readDir(`${w.draftsDir}/${e.name}/resources`)) {
          if (f.name.endsWith(".png")) {
            await Deno.writeTextFile(`${w.draftsDir}/${e.name}/resources/${f.name}`, "no png");
          }
        }
      }
      const r = await runCli(["preview", id, "--at", "1000000", "--out", `${w.root}/u`], {
        env: w.env,
      });
      assertEquals(r.code, 0, r.stderr);
      const res = r.json as Json;
      assertEquals(res.placeholders.length, 1, JSON.stringify(res.placeholders));
      const frame = await pixels(res.frame);
      const [r1, g1, b1] = at(frame, frame.w >> 1, frame.h - 10);
      assert(
        Math.abs(r1 - 0x55) < 20 && Math.abs(g1 - 0x55) < 20 && Math.abs(b1 - 0x55) < 20,
        `grey placeholder: ${[r1, g1, b1]}`,
      );
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test({
  name: "preview draws missing media as a labelled placeholder instead of failing",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      const id = await makeDraft(w);
      // --media reference would keep the file outside; here the copy inside the draft is removed.
      for await (const e of Deno.readDir(`${w.draftsDir}`)) {
        if (!e.isDirectory) continue;
        for await (const f of Deno.readDir(`${w.draftsDir}/${e.name}/resources`)) {
          if (f.name.endsWith(".png")) {
            await Deno.remove(`${w.draftsDir}/${e.name}/resources/${f.name}`);
          }
        }
      }
      const r = await runCli([
        "preview",
        id,
        "--at",
        "1000000",
        "--height",
        "360",
        "--out",
        `${w.root}/m`,
      ], {
        env: w.env,
      });
      assertEquals(r.code, 0, r.stderr);
      const res = r.json as Json;
      assertEquals(res.placeholders.length, 1, JSON.stringify(res.placeholders));
      const frame = await pixels(res.frame);
      // The placeholder takes the photo's place (480×360 in the middle); its label is centred.
      const [r1, g1, b1] = at(frame, (frame.w >> 1) - 150, 20);
      assert(count(frame, (r, g, b) => r > 230 && g > 230 && b > 230) > 20, "a white label");
      assert(
        Math.abs(r1 - 0x55) < 20 && Math.abs(g1 - 0x55) < 20 && Math.abs(b1 - 0x55) < 20,
        `grey placeholder: ${[r1, g1, b1]}`,
      );
    } finally {
      await w.cleanup();
    }
  },
});

/** The files in the draft's resources/ folder whose names end with `ext`. */
async function resources(w: TempWorld, ext: string): Promise<string[]> {
  const found: string[] = [];
  for await (const e of Deno.readDir(w.draftsDir)) {
    if (!e.isDirectory) continue;
    for await (const f of Deno.readDir(`${w.draftsDir}/${e.name}/resources`)) {
      if (f.name.endsWith(ext)) found.push(`${w.draftsDir}/${e.name}/resources/${f.name}`);
    }
  }
  return found;
}

Deno.test({
  name: "preview: a damaged photo is a labelled placeholder and a video without sound renders",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      const media = `${w.root}/media`;
      await Deno.mkdir(media);
      await ffmpeg([
        "-f",
        "lavfi",
        "-i",
        "color=red:s=320x240",
        "-frames:v",
        "1",
        `${media}/a.png`,
      ]);
      await ffmpeg([
        "-f",
        "lavfi",
        "-i",
        "color=green:s=320x240:r=30:d=2",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        `${media}/mute.mp4`,
      ]);
      const run = (args: string[]) => runOk(w, args, runInProcess);
      const id = (await run(["draft", "create", "--width", "640", "--height", "360"])).draftId;
      await run([
        "videos",
        "add",
        id,
        "--video-infos",
        JSON.stringify([{ videoUrl: fileUrl(`${media}/mute.mp4`), start: 0, end: 2_000_000 }]),
      ]);
      await run([
        "images",
        "add",
        id,
        "--image-infos",
        JSON.stringify([{ imageUrl: fileUrl(`${media}/a.png`), start: 2_000_000, end: 3_000_000 }]),
      ]);
      const [png] = await resources(w, ".png");
      assert(png, "the photo was copied into resources/");
      await Deno.writeTextFile(png, "not a picture any more");
      const r = await runCli(["preview", id, "--height", "180", "--out", `${w.root}/pv`], {
        env: w.env,
      });
      assertEquals(r.code, 0, r.stderr);
      const res = r.json as Json;
      assertEquals(res.placeholders, [png]);
      const grab = async (t: string, name: string) => {
        await ffmpeg(["-ss", t, "-i", res.video, "-frames:v", "1", `${w.root}/${name}.png`]);
        return await pixels(`${w.root}/${name}.png`);
      };
      const green = await grab("1", "g");
      const [r1, g1, b1] = at(green, green.w >> 1, green.h >> 1);
      assert(g1 > 90 && r1 < 60 && b1 < 60, `the silent video shows at 1 s: ${[r1, g1, b1]}`);
      const grey = await grab("2.5", "p");
      const [r2, g2, b2] = at(grey, (grey.w >> 1) - 70, 10);
      assert(
        Math.abs(r2 - 0x55) < 20 && Math.abs(g2 - 0x55) < 20 && Math.abs(b2 - 0x55) < 20,
        `the damaged photo is a grey placeholder at 2.5 s: ${[r2, g2, b2]}`,
      );
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test({
  name: "preview: opacity keyframes are interpolated (0 → 1 over 2 s is half red at 1 s)",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      const media = `${w.root}/media`;
      await Deno.mkdir(media);
      await ffmpeg([
        "-f",
        "lavfi",
        "-i",
        "color=red:s=320x180",
        "-frames:v",
        "1",
        `${media}/r.png`,
      ]);
      const run = (args: string[]) => runOk(w, args, runInProcess);
      const id = (await run(["draft", "create", "--width", "640", "--height", "360"])).draftId;
      const added = await run([
        "images",
        "add",
        id,
        "--image-infos",
        JSON.stringify([{ imageUrl: fileUrl(`${media}/r.png`), start: 0, end: 2_000_000 }]),
      ]);
      const segmentId = (added.items as Json[])[0].segmentId;
      await run([
        "keyframes",
        "add",
        id,
        "--keyframes",
        JSON.stringify([
          { segmentId, property: "opacity", offset: 0, value: 0 },
          { segmentId, property: "opacity", offset: 2_000_000, value: 1 },
        ]),
      ]);
      const frame = async (t: number) => {
        const r = await runCli(["preview", id, "--at", String(t), "--out", `${w.root}/f`], {
          env: w.env,
        });
        assertEquals(r.code, 0, r.stderr);
        const res = r.json as Json;
        assert(!res.approximated.some((a: string) => a.includes("opacity")), res.approximated);
        const p = await pixels(res.frame);
        return at(p, p.w >> 1, p.h >> 1);
      };
      const [r1, g1] = await frame(1_000_000);
      assert(r1 > 100 && r1 < 160 && g1 < 30, `half-transparent red over black at 1 s: ${r1}`);
      const [r2] = await frame(200_000);
      assert(r2 < 50, `nearly transparent at 0.2 s: ${r2}`);
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test({
  name: "preview: a timeline longer than one render chunk joins seamlessly (12 s, red then blue)",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      const media = `${w.root}/media`;
      await Deno.mkdir(media);
      for (const c of ["red", "blue"]) {
        await ffmpeg([
          "-f",
          "lavfi",
          "-i",
          `color=${c}:s=160x90`,
          "-frames:v",
          "1",
          `${media}/${c}.png`,
        ]);
      }
      await ffmpeg(["-f", "lavfi", "-i", "sine=f=440:d=12", `${media}/tone.wav`]);
      const run = (args: string[]) => runOk(w, args, runInProcess);
      const id = (await run(["draft", "create", "--width", "640", "--height", "360"])).draftId;
      await run([
        "images",
        "add",
        id,
        "--image-infos",
        JSON.stringify([
          { imageUrl: fileUrl(`${media}/red.png`), start: 0, end: 11_000_000 },
          { imageUrl: fileUrl(`${media}/blue.png`), start: 11_000_000, end: 12_000_000 },
        ]),
      ]);
      await run([
        "audios",
        "add",
        id,
        "--audio-infos",
        JSON.stringify([{ audioUrl: fileUrl(`${media}/tone.wav`), start: 0, end: 12_000_000 }]),
      ]);
      const r = await runCli(["preview", id, "--height", "90", "--out", `${w.root}/pv`], {
        env: w.env,
      });
      assertEquals(r.code, 0, r.stderr);
      const res = r.json as Json;
      const probe = await new Deno.Command("ffprobe", {
        args: [
          "-v",
          "error",
          "-show_entries",
          "stream=codec_type,duration",
          "-of",
          "json",
          res.video,
        ],
        stdout: "piped",
      }).output();
      const streams = JSON.parse(new TextDecoder().decode(probe.stdout)).streams as Json[];
      for (const s of streams) {
        assert(Math.abs(Number(s.duration) - 12) <= 0.25, `${s.codec_type} lasts ${s.duration}`);
      }
      assertEquals(streams.map((s) => s.codec_type).sort(), ["audio", "video"]);
      const colour = async (t: string) => {
        const png = `${w.root}/at-${t}.png`;
        await ffmpeg(["-ss", t, "-i", res.video, "-frames:v", "1", png]);
        const p = await pixels(png);
        return at(p, p.w >> 1, p.h >> 1);
      };
      const [r1, , b1] = await colour("10.5"); // second chunk, still the first photo
      assert(r1 > 200 && b1 < 60, `red at 10.5 s: ${[r1, b1]}`);
      const [r2, , b2] = await colour("11.6");
      assert(b2 > 200 && r2 < 60, `blue at 11.6 s: ${[r2, b2]}`);
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test({
  name:
    "the MCP preview tool returns the frame as an image block, also after its folder is removed",
  ignore,
  async fn() {
    const w = await tempWorld();
    const { cmd, args } = cliCommand();
    try {
      const id = await makeDraft(w);
      // The agent started the server in a folder that is gone by the time preview runs ffmpeg.
      const started = `${w.root}/agent-workdir`;
      await Deno.mkdir(started);
      const client = new StdioClient(cmd, [...args, "mcp"], w.env, started);
      try {
        await client.request("initialize", {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "test", version: "0" },
        });
        await Deno.remove(started);
        const call = await client.request("tools/call", {
          name: "preview",
          arguments: { draftId: id, at: 1_000_000, out: `${w.root}/mcp` },
        });
        const result = call.result as Json;
        assertEquals(result.isError, undefined, JSON.stringify(result).slice(0, 400));
        const image = (result.content as Json[]).find((c) => c.type === "image");
        assert(image, "an image block");
        assertEquals(image.mimeType, "image/png");
        const png = Uint8Array.from(atob(image.data), (c) => c.charCodeAt(0));
        assertEquals([...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join(""), "PNG");
        assertEquals(result.structuredContent.frame, `${w.root}/mcp/frame-1000000.png`);
      } finally {
        await client.close();
      }
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test({
  name: "preview mixes sound at 43.8× beside a video's own sound (ffmpeg 5 atempo stalled)",
  ignore,
  async fn() {
    const w = await tempWorld();
    try {
      // The repository's 1 s clip (8 kHz sound) and 1 s wav: the mix that wedged ffmpeg 5.
      const run = (args: string[]) => runOk(w, args, runInProcess);
      const id = (await run(["draft", "create"])).draftId;
      const clip = { videoUrl: fileUrl(fixture("video.mp4")), start: 0, end: 1_000_000 };
      await run(["videos", "add", id, "--video-infos", JSON.stringify([clip, clip])]);
      const tone = fileUrl(fixture("audio.wav"));
      await run([
        "audios",
        "add",
        id,
        "--audio-infos",
        JSON.stringify([
          { audioUrl: tone, start: 0, end: 22_831, speed: 43.8 },
        ]),
      ]);
      const r = await runCli(["preview", id, "--out", `${w.root}/pv`, "--height", "120"], {
        env: w.env,
      });
      assertEquals(r.code, 0, r.stderr);
      const out = r.json as Json;
      assert(
        (out.approximated as string[]).some((a) => a.startsWith("sound faster than 2×")),
        JSON.stringify(out.approximated),
      );
      const probe = await new Deno.Command("ffprobe", {
        args: ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", out.video],
        stdout: "piped",
      }).output();
      const seconds = Number(new TextDecoder().decode(probe.stdout).trim());
      assert(Math.abs(seconds - 1) < 0.2, `proxy lasts ${seconds} s`);
    } finally {
      await w.cleanup();
    }
  },
});

Deno.test("preview without a working ffmpeg is ffmpeg_missing with install hints", async () => {
  const w = await tempWorld();
  try {
    const created = await runCli(["draft", "create"], { env: w.env });
    const id = (created.json as Json).draftId;
    const env = { ...w.env, PATH: `${w.root}/empty`, DRAFTCLI_FFMPEG: `${w.root}/no-ffmpeg` };
    const r = await runCli(["preview", id], { env });
    assertEquals(r.code, 7, r.stderr);
    assertEquals(r.error?.code, "ffmpeg_missing");
    assert(r.error?.message.includes("DRAFTCLI_FFMPEG="), r.error?.message);
    assert(r.error?.hint?.includes("apt-get install ffmpeg"), r.error?.hint);
    assert(r.error?.hint?.includes("brew install ffmpeg"), r.error?.hint);
    assertEquals(r.stdout, "");
  } finally {
    await w.cleanup();
  }
});
