/**
 * The first add of a new clip, as an agent makes it: `videos add` of one MP4, `audios add` of one
 * M4A and `images add` of one PNG (for comparison), each on a fresh copy of an empty draft with a
 * fresh cache folder (so the probe cache knows no file), as real subprocesses, against a bare
 * `deno run` of an empty script measured in the same run. Runs are interleaved (bare, then each
 * case for each --main) so a busy machine slows every case alike. Prints medians of the wall
 * time and of the CPU time (user + system of the child, from bash's `times`, i.e. getrusage),
 * and each case's cost over the bare start.
 *
 * Run: deno run -A bench/first_add.ts [--runs 11] [--main path/to/another/checkout/main.ts]…
 * Figures go into notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { denoDir } from "./deno_dir.ts";
import { flag, mainsToCompare, median, runArgs } from "./runs.ts";

const RUNS = Number(flag("--runs") ?? 11) || 11;
const mains = mainsToCompare();

const work = await Deno.makeTempDir({ prefix: "draftcli-first-add-" });
const empty = `${work}/empty.ts`;
await Deno.writeTextFile(empty, "");
const env = {
  DRAFTCLI_DRAFTS_DIR: `${work}/drafts`,
  HOME: work,
  NO_COLOR: "1",
  DENO_DIR: await denoDir(),
};
const deno = Deno.execPath();
const flags = runArgs;
let cacheRound = 0;

/** Minutes and seconds as bash's `times` prints them ("0m0.052s") in ms. */
const bashTime = (t: string) => {
  const [, m, sec] = /^(\d+)m([\d.]+)s$/.exec(t)!;
  return (Number(m) * 60 + Number(sec)) * 1000;
};

/**
 * Runs `cmd` with a fresh cache folder: its wall time, its CPU time (user + system, from bash's
 * `times` of its children, i.e. getrusage) and its stdout.
 */
async function run(cmd: string[]): Promise<{ wall: number; cpu: number; stdout: string }> {
  const cache = `${work}/cache-${cacheRound++}`;
  const t = performance.now();
  const out = await new Deno.Command("bash", {
    args: ["-c", '"$@"; s=$?; times >&2; exit $s', "_", ...cmd],
    env: { ...env, DRAFTCLI_CACHE_DIR: cache },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const wall = performance.now() - t;
  const stderr = new TextDecoder().decode(out.stderr).trim().split("\n");
  if (!out.success) throw new Error(`${cmd.slice(-4).join(" ")}: ${stderr.join("\n")}`);
  const [user, sys] = stderr[stderr.length - 1].split(" ").map(bashTime);
  await Deno.remove(cache, { recursive: true }).catch(() => {});
  return { wall, cpu: user + sys, stdout: new TextDecoder().decode(out.stdout) };
}

const fixture = (name: string) =>
  fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url));
const media = { mp4: `${work}/clip.mp4`, m4a: `${work}/sound.m4a`, png: `${work}/pic.png` };
await Deno.copyFile(fixture("video.mp4"), media.mp4);
await Deno.copyFile(fixture("audio.m4a"), media.m4a);
await Deno.copyFile(fixture("image.png"), media.png);

const created = await run([deno, ...flags(mains[0]), "draft", "create", "--name", "first"]);
const { draftId, filePath } = JSON.parse(created.stdout);
const base = `${work}/base`;
await Deno.rename(filePath, base);
const reset = async () => {
  await Deno.remove(filePath, { recursive: true }).catch(() => {});
  const cp = await new Deno.Command("cp", { args: ["-r", base, filePath] }).output();
  if (!cp.success) throw new Error("cannot copy the draft");
};

const SEC = 1_000_000;
const cases: { name: string; cmd: string[]; mutates: boolean }[] = [
  { name: "bare runtime (deno run empty.ts)", cmd: [deno, "run", "-q", empty], mutates: false },
];
for (const [k, main] of mains.entries()) {
  const tag = mains.length > 1 ? ` [${k === 0 ? "this" : main}]` : "";
  const cli = [deno, ...flags(main)];
  const add = (key: string, url: string) =>
    JSON.stringify([{ [key]: `file://${url}`, start: 0, end: SEC }]);
  cases.push(
    {
      name: `videos add (new MP4)${tag}`,
      cmd: [...cli, "videos", "add", draftId, "--video-infos", add("videoUrl", media.mp4)],
      mutates: true,
    },
    {
      name: `audios add (new M4A)${tag}`,
      cmd: [...cli, "audios", "add", draftId, "--audio-infos", add("audioUrl", media.m4a)],
      mutates: true,
    },
    {
      name: `images add (new PNG)${tag}`,
      cmd: [...cli, "images", "add", draftId, "--image-infos", add("imageUrl", media.png)],
      mutates: true,
    },
  );
}
const walls = cases.map(() => [] as number[]);
const cpus = cases.map(() => [] as number[]);
for (let r = 0; r < RUNS; r++) {
  for (const [i, c] of cases.entries()) {
    if (c.mutates) await reset();
    const { wall, cpu } = await run(c.cmd);
    walls[i].push(wall);
    cpus[i].push(cpu);
  }
}
await Deno.remove(work, { recursive: true });

const bareWall = median(walls[0]);
const bareCpu = median(cpus[0]);
console.log(`medians of ${RUNS} interleaved runs (wall / CPU = user + system):`);
for (const [i, c] of cases.entries()) {
  const [w, u] = [median(walls[i]), median(cpus[i])];
  const over = i === 0
    ? ""
    : `  (+${(w - bareWall).toFixed(0)} / +${(u - bareCpu).toFixed(0)} ms over bare)`;
  console.log(
    `  ${c.name.padEnd(44)} ${w.toFixed(0).padStart(5)} / ${u.toFixed(0).padStart(5)} ms${over}`,
  );
}
