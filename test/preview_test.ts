/**
 * `draftcli preview` end to end with real ffmpeg: a red photo (0–2 s), a blue photo (2–4 s), a
 * caption whose keyword is yellow and a 4 s tone render to a 4 s MP4 with sound, frames of the
 * right colours, a timeline SVG naming each track, an MCP image block, and a clear error when
 * ffmpeg is missing.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { StdioClient } from "./support/mcp_client.ts";
import { cliCommand, fileUrl, runCli, type TempWorld, tempWorld } from "./helpers/cli.ts";

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
  const run = async (args: string[]) => {
    const r = await runCli(args, { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    return r.json as Json;
  };
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
      assert(count(one, isYellow) > 20, "keyword pixels are yellow");
      const three = await frameAt(3_000_000);
      const [r3, g3, b3] = at(three, three.w >> 1, three.h >> 1);
      assert(b3 > 200 && r3 < 60 && g3 < 60, `centre at 3 s is blue: ${[r3, g3, b3]}`);
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

Deno.test({
  name: "the MCP preview tool returns the frame as an image block next to the JSON",
  ignore,
  async fn() {
    const w = await tempWorld();
    const { cmd, args } = cliCommand();
    try {
      const id = await makeDraft(w);
      const client = new StdioClient(cmd, [...args, "mcp"], w.env);
      try {
        await client.request("initialize", {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "test", version: "0" },
        });
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
