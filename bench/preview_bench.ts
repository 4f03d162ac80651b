/**
 * Preview benchmark: builds drafts of 15 s, 60 s and 5 min (per minute: 20 photos and 4 videos on
 * the main track with transitions, 4 captions with keywords, 2 audio segments; the 60 s draft has
 * 30 segments) and times `draftcli preview` (the full render: proxy MP4 + contact sheet + SVG,
 * reported as seconds of video per second of wall time) and `preview --at` (one frame of the 60 s
 * draft), as real subprocesses; with GNU time on PATH also the peak memory of the renders (the
 * largest process, ffmpeg included) and their CPU time (user + sys of every process: steadier
 * than wall time on a busy machine).
 *
 * Run: deno task bench:preview [--runs N] [--height 640] [--lengths 15,60,300]
 *   [--main path/to/main.ts] (another checkout's main.ts, for before/after) [--keep] (the
 *   drafts and renders stay, to look at). Figures go into notes.
 */
import { fileURLToPath } from "node:url";
import { denoDir } from "./deno_dir.ts";
import { flag, median, runOk } from "./runs.ts";

const args = Deno.args;
const RUNS = Number(flag("--runs") ?? "3");
const HEIGHT = flag("--height") ?? "640";
const LENGTHS = (flag("--lengths") ?? "15,60,300").split(",").map(Number);
const MAIN = flag("--main") ?? fileURLToPath(new URL("../main.ts", import.meta.url));
const work = await Deno.makeTempDir({ prefix: "draftcli-preview-bench-" });
// A scratch HOME keeps the caller's config out; DENO_DIR keeps Deno's module cache.
const env = {
  DRAFTCLI_DRAFTS_DIR: `${work}/drafts`,
  NO_COLOR: "1",
  HOME: work,
  DENO_DIR: await denoDir(),
};

const run = (cmd: string, argv: string[]) => runOk(cmd, argv, env);
const cli = async (...a: string[]) =>
  JSON.parse((await run(Deno.execPath(), ["run", "-A", "-q", MAIN, ...a])).out);
const ff = (...a: string[]) => run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...a]);
const MIN = 60_000_000;

/** A draft of `seconds`: each minute (or part) as described above. */
async function buildDraft(seconds: number): Promise<string> {
  const id = (await cli("draft", "create", "--width", "1920", "--height", "1080")).draftId;
  const minutes = Array.from({ length: Math.ceil(seconds / 60) }, (_, m) => m * MIN);
  const end = seconds * 1e6;
  const within = <T extends { start: number; end: number }>(xs: T[]) =>
    xs.filter((x) => x.start < end).map((x) => ({ ...x, end: Math.min(x.end, end) }));
  const images = within(minutes.flatMap((m) =>
    Array.from({ length: 20 }, (_, i) => ({
      imageUrl: `file://${work}/${colors[i % colors.length]}.png`,
      start: m + i * 2_000_000,
      end: m + (i + 1) * 2_000_000,
      transition: "叠化",
      transitionDuration: 300_000,
    }))
  ));
  await cli("images", "add", id, "--image-infos", JSON.stringify(images));
  const videos = within(minutes.flatMap((m) =>
    Array.from({ length: 4 }, (_, i) => ({
      videoUrl: `file://${work}/clip.mp4`,
      start: m + 40_000_000 + i * 5_000_000,
      end: m + 40_000_000 + i * 5_000_000 + 3_000_000,
    }))
  ));
  if (videos.length) await cli("videos", "add", id, "--video-infos", JSON.stringify(videos));
  const captions = within(minutes.flatMap((m) =>
    Array.from({ length: 4 }, (_, i) => ({
      text: `第${i + 1}段 caption ${i + 1}`,
      start: m + i * 15_000_000,
      end: m + (i + 1) * 15_000_000,
      keyword: `caption ${i + 1}`,
      keywordColor: "#ffde00",
    }))
  ));
  await cli("captions", "add", id, "--captions", JSON.stringify(captions));
  const audios = within(minutes.flatMap((m) =>
    [0, 30_000_000].map((start) => ({
      audioUrl: `file://${work}/music.wav`,
      start: m + start,
      end: m + start + 30_000_000,
    }))
  ));
  await cli("audios", "add", id, "--audio-infos", JSON.stringify(audios));
  return id;
}

const colors = ["red", "green", "blue", "yellow", "purple"];
try {
  await Deno.mkdir(`${work}/drafts`);
  for (const c of colors) {
    await ff("-f", "lavfi", "-i", `color=${c}:s=1280x720`, "-frames:v", "1", `${work}/${c}.png`);
  }
  await ff(
    "-f",
    "lavfi",
    "-i",
    "testsrc2=s=1280x720:r=30:d=3",
    "-f",
    "lavfi",
    "-i",
    "sine=f=300:d=3",
    "-shortest",
    "-c:v",
    "libx264",
    "-c:a",
    "aac",
    `${work}/clip.mp4`,
  );
  await ff("-f", "lavfi", "-i", "sine=f=440:d=30", `${work}/music.wav`);
  const gnuTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);
  const measure = async (id: string, label: string, extra: string[], seconds?: number) => {
    const times: number[] = [];
    const rss: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const argv = [
        "run",
        "-A",
        "-q",
        MAIN,
        "preview",
        id,
        "--height",
        HEIGHT,
        "--out",
        `${work}/out-${label}-${i}`,
        ...extra,
      ];
      const t0 = performance.now();
      if (gnuTime) {
        const r = await run("/usr/bin/time", [
          "-f",
          "maxrss=%M cpu=%U+%S",
          Deno.execPath(),
          ...argv,
        ]);
        const m = /maxrss=(\d+) cpu=([\d.]+)\+([\d.]+)/.exec(r.err);
        if (m) {
          rss.push(Number(m[1]) / 1024);
          cpu.push(Number(m[2]) + Number(m[3]));
        }
      } else await run(Deno.execPath(), argv);
      times.push(performance.now() - t0);
    }
    const wall = median(times) / 1000;
    const speed = seconds ? `, ${(seconds / wall).toFixed(2)} s of video per s` : "";
    console.log(
      `${label.padEnd(22)} median ${wall.toFixed(2)} s over ${RUNS} runs${speed}` +
        (rss.length ? `, peak RSS of the largest process ${median(rss).toFixed(0)} MB` : "") +
        (cpu.length ? `, CPU (user+sys, all processes) ${median(cpu).toFixed(1)} s` : ""),
    );
  };
  console.log(`proxy short side ${HEIGHT}px, ${MAIN}`);
  for (const seconds of LENGTHS) {
    const id = await buildDraft(seconds);
    await measure(id, `full render, ${seconds} s`, [], seconds);
    if (seconds === 60) await measure(id, "one frame (--at), 60 s", ["--at", "45000000"]);
  }
} finally {
  if (args.includes("--keep")) console.log(`kept: ${work}`);
  else await Deno.remove(work, { recursive: true });
}
