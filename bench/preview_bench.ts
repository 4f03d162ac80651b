/**
 * Preview benchmark: builds a 60 s draft of 30 segments (20 photos and 4 videos on the main track
 * with transitions, 4 captions with keywords, 2 audio segments) and times `draftcli preview` (the
 * full render: proxy MP4 + contact sheet + SVG) and `preview --at` (one frame), as real
 * subprocesses; with GNU time on PATH also the peak memory of the renders (the largest process,
 * ffmpeg included) and their CPU time (user + sys of every process: steadier than wall time on
 * a busy machine).
 *
 * Run: deno run -A bench/preview_bench.ts [--runs N] [--height 640]. Figures go into notes.
 */
import { fileURLToPath } from "node:url";
import { denoDir } from "./deno_dir.ts";

const args = Deno.args;
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(flag("--runs", "3"));
const HEIGHT = flag("--height", "640");
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const work = await Deno.makeTempDir({ prefix: "draftcli-preview-bench-" });
// A scratch HOME keeps the caller's config out; DENO_DIR keeps Deno's module cache.
const env = {
  DRAFTCLI_DRAFTS_DIR: `${work}/drafts`,
  NO_COLOR: "1",
  HOME: work,
  DENO_DIR: await denoDir(),
};

async function run(cmd: string, argv: string[]): Promise<{ out: string; err: string }> {
  const o = await new Deno.Command(cmd, { args: argv, env, stdout: "piped", stderr: "piped" })
    .output();
  const out = new TextDecoder().decode(o.stdout);
  const err = new TextDecoder().decode(o.stderr);
  if (!o.success) throw new Error(`${cmd} ${argv.slice(0, 4).join(" ")}: ${err}`);
  return { out, err };
}
const cli = async (...a: string[]) =>
  JSON.parse((await run(Deno.execPath(), ["run", "-A", "-q", MAIN, ...a])).out);
const ff = (...a: string[]) => run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...a]);

try {
  await Deno.mkdir(`${work}/drafts`);
  const colors = ["red", "green", "blue", "yellow", "purple"];
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
  const id = (await cli("draft", "create", "--width", "1920", "--height", "1080")).draftId;
  const images = Array.from({ length: 20 }, (_, i) => ({
    imageUrl: `file://${work}/${colors[i % colors.length]}.png`,
    start: i * 2_000_000,
    end: (i + 1) * 2_000_000,
    transition: "叠化",
    transitionDuration: 300_000,
  }));
  await cli("images", "add", id, "--image-infos", JSON.stringify(images));
  const videos = Array.from({ length: 4 }, (_, i) => ({
    videoUrl: `file://${work}/clip.mp4`,
    start: 40_000_000 + i * 5_000_000,
    end: 40_000_000 + i * 5_000_000 + 3_000_000,
  }));
  await cli("videos", "add", id, "--video-infos", JSON.stringify(videos));
  const captions = Array.from({ length: 4 }, (_, i) => ({
    text: `第${i + 1}段 caption ${i + 1}`,
    start: i * 15_000_000,
    end: (i + 1) * 15_000_000,
    keyword: `caption ${i + 1}`,
    keywordColor: "#ffde00",
  }));
  await cli("captions", "add", id, "--captions", JSON.stringify(captions));
  const audios = [0, 30_000_000].map((start) => ({
    audioUrl: `file://${work}/music.wav`,
    start,
    end: start + 30_000_000,
  }));
  await cli("audios", "add", id, "--audio-infos", JSON.stringify(audios));

  const gnuTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);
  const measure = async (label: string, extra: string[]) => {
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
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `${label.padEnd(14)} median ${(median(times) / 1000).toFixed(2)} s over ${RUNS} runs` +
        (rss.length ? `, peak RSS of the largest process ${median(rss).toFixed(0)} MB` : "") +
        (cpu.length ? `, CPU (user+sys, all processes) ${median(cpu).toFixed(1)} s` : ""),
    );
  };
  console.log(`60 s draft, 30 segments, proxy short side ${HEIGHT}px`);
  await measure("full render", []);
  await measure("one frame", ["--at", "45000000"]);
} finally {
  await Deno.remove(work, { recursive: true });
}
