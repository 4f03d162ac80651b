/**
 * The first `audios add` of an audio file draftcli has not probed yet (a fresh draft and cache
 * folder) and its cached repeat, per format (MP3, WAV, FLAC, OGG), as real subprocesses, with a
 * bare `deno run` of an empty script. Runs are interleaved (bare, then each format for each
 * --main) so a busy machine slows every case alike; prints medians of wall time and of CPU time
 * (all threads: perf's task-clock, else /usr/bin/time's user + system in 10 ms steps).
 *
 * Run: deno run -A bench/audio_add.ts [--runs 11] [--main path/to/another/checkout/main.ts]…
 * Figures go into notes, never into assertions.
 */
import { denoDir } from "./deno_dir.ts";
import { flag, mainsToCompare, median, runArgs } from "./runs.ts";

const RUNS = Number(flag("--runs") ?? 11) || 11;
const FORMATS = ["mp3", "wav", "flac", "ogg"];
const mains = mainsToCompare();

const work = await Deno.makeTempDir({ prefix: "draftcli-audio-add-" });
globalThis.addEventListener("unload", () => Deno.removeSync(work, { recursive: true }));
const empty = `${work}/empty.ts`;
await Deno.writeTextFile(empty, "");
const DENO_DIR = await denoDir();
const deno = Deno.execPath();
/** What measures a child's CPU time: perf's task-clock (to the µs), else /usr/bin/time. */
const cpuMeter = (() => {
  const has = (path: string) => {
    try {
      return Deno.statSync(path).isFile;
    } catch {
      return false;
    }
  };
  if (has("/usr/bin/perf")) {
    const ok = new Deno.Command("/usr/bin/perf", {
      args: ["stat", "-x,", "-e", "task-clock", "true"],
      stdout: "null",
      stderr: "null",
    }).outputSync().success;
    if (ok) return "perf";
  }
  return has("/usr/bin/time") ? "time" : undefined;
})();
const flags = runArgs;

/** Runs `cmd` in `env`: wall ms, CPU ms (NaN when nothing measures it) and stdout. */
async function run(cmd: string[], env: Record<string, string>) {
  const timed = cpuMeter === "perf"
    ? ["/usr/bin/perf", "stat", "-x,", "-e", "task-clock", ...cmd]
    : cpuMeter === "time"
    ? ["/usr/bin/time", "-f", "%U %S", ...cmd]
    : cmd;
  const t = performance.now();
  const out = await new Deno.Command(timed[0], {
    args: timed.slice(1),
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - t;
  const err = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${cmd.slice(-4).join(" ")} failed: ${err}`);
  const last = err.trim().split("\n").pop() ?? "";
  const cpu = cpuMeter === "perf"
    ? Number(last.split(",")[0])
    : cpuMeter === "time"
    ? last.split(" ").reduce((s, x) => s + Number(x) * 1000, 0)
    : NaN;
  return { ms, cpu, stdout: new TextDecoder().decode(out.stdout) };
}

const samples = new Map<string, { ms: number[]; cpu: number[] }>();
const record = (name: string, r: { ms: number; cpu: number }) => {
  const s = samples.get(name) ?? { ms: [], cpu: [] };
  s.ms.push(r.ms);
  s.cpu.push(r.cpu);
  samples.set(name, s);
};

for (let i = 0; i < RUNS; i++) {
  record("bare deno run", await run([deno, "run", "-q", empty], { HOME: work, DENO_DIR }));
  for (const format of FORMATS) {
    for (const [m, main] of mains.entries()) {
      // A fresh world: drafts, cache and the audio file, none seen before.
      const root = `${work}/${i}-${format}-${m}`;
      await Deno.mkdir(`${root}/drafts`, { recursive: true });
      const env = {
        DRAFTCLI_DRAFTS_DIR: `${root}/drafts`,
        DRAFTCLI_CACHE_DIR: `${root}/cache`,
        HOME: root,
        NO_COLOR: "1",
        DENO_DIR,
      };
      const audio = `${root}/clip.${format}`;
      await Deno.copyFile(new URL(`../test/fixtures/audio.${format}`, import.meta.url), audio);
      const created = await run([deno, ...flags(main), "draft", "create", "--name", "a"], env);
      const { draftId } = JSON.parse(created.stdout);
      const add = (start: number) => [
        deno,
        ...flags(main),
        "audios",
        "add",
        draftId,
        "--audio-infos",
        JSON.stringify([{ audioUrl: `file://${audio}`, start, end: start + 500_000 }]),
      ];
      const label = mains.length > 1 ? ` [main ${m}]` : "";
      record(`${format} first add${label}`, await run(add(0), env));
      record(`${format} cached add${label}`, await run(add(1_000_000), env));
    }
  }
}

console.log(`${RUNS} interleaved runs; medians (ms): wall, CPU (${cpuMeter ?? "not measured"})`);
for (const [name, s] of samples) {
  console.log(
    `${name.padEnd(30)} ${median(s.ms).toFixed(1).padStart(7)} ${
      median(s.cpu).toFixed(1).padStart(7)
    }`,
  );
}
