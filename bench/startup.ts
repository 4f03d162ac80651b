/**
 * Start-up benchmark: the runtime's bare start (`deno run` of an empty script), `draftcli
 * --version`, `captions add` of 10 captions, `images add` of 10 local PNGs (each mutating run on
 * a fresh copy of the same draft), `draft info` (in a drafts folder of one draft, and of 200),
 * and one MCP session answering 20 tool calls, as real subprocesses, each case run from source
 * (`deno run main.ts`) and from the bundle (`deno task bundle`'s output, built afresh into the
 * scratch folder), plus a compiled binary when one is named; the `warm` row runs the source
 * under DRAFTCLI_WARM=1 with its warm server already started and warmed up (every case but MCP),
 * and the `bundle warm` row the bundle's command line the same way, with a server of its own (the
 * bundle run with `--no-config` reads no deno.json nor lock file, as a compiled release binary
 * does not: the closest stand-in for what a release user gets under DRAFTCLI_WARM=1); a last
 * table compares a first warm call (no server yet: it runs in-process and starts one) with a
 * plain call. Every case also times the bare start.
 * Uses hyperfine when it is on PATH, else a loop of `performance.now()` timings that takes the
 * bare start and the programs in turn for every run of a case (so a change of load hits them
 * alike); prints medians, each one's ratio to the bare start timed with its case, and each build's
 * ratio to the source run.
 *
 * Run: deno task bench:startup [--runs N] [--bin path/to/compiled/draftcli] [--no-bundle]
 * [--no-v8-flags] (DRAFTCLI_BIN works too). Figures go into notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { V8_FLAGS } from "../scripts/compile.ts";
import { buildBundle, BUNDLE_ENTRY } from "../scripts/bundle.ts";
import { SOURCE_RUN_FLAGS } from "../src/setup/self_command.ts";
import { PERMISSIONS } from "../src/version.ts";
import { flag, median, writeCaptions } from "./runs.ts";
import { makeRuntimeDir, startWarm, stopWarm, waitFor, warmEnv, warmStatus } from "./warm_runs.ts";

const args = Deno.args;
const RUNS = Number(flag("--runs") ?? 20);
const BIN = flag("--bin") ?? Deno.env.get("DRAFTCLI_BIN");
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const PERMS = PERMISSIONS.join(" ");
// `deno run` gets the V8 flags the release binaries have baked in (scripts/compile.ts), unless
// --no-v8-flags; the bare runtime runs without them either way.
const V8 = args.includes("--no-v8-flags") ? "" : ` --v8-flags=${V8_FLAGS.join(",")}`;

const work = await Deno.makeTempDir({ prefix: "draftcli-startup-" });
const drafts = `${work}/drafts`;
const empty = `${work}/empty.ts`;
await Deno.writeTextFile(empty, "");
// Its own cache folder: the remembered draft locations stay out of the caller's home.
const env = { DRAFTCLI_DRAFTS_DIR: drafts, DRAFTCLI_CACHE_DIR: `${work}/cache`, NO_COLOR: "1" };

const deno = Deno.execPath();
const denoRun = `${deno} run -q ${SOURCE_RUN_FLAGS.join(" ")} ${PERMS}${V8}`;
/** A program compared: its label, the command that starts it, and its own variables if any. */
interface Program {
  label: string;
  cli: string;
  env?: Record<string, string>;
  /** The cases it runs (all when absent). */
  runs?: (caseName: string) => boolean;
  /** Its warm server's XDG_RUNTIME_DIR (a warm row: the server is started before the runs). */
  runtimeDir?: string;
}
const programs: Program[] = [{ label: "source", cli: `${denoRun} ${MAIN}` }];
if (!args.includes("--no-bundle")) {
  const { dir } = await buildBundle(ROOT, `${work}/bundle`);
  programs.push({ label: "bundle", cli: `${denoRun} --no-config ${dir}/${BUNDLE_ENTRY}` });
}
if (BIN) programs.push({ label: "binary", cli: BIN });
const cli = programs[0].cli;
// Each warm row's server has a folder (XDG_RUNTIME_DIR) of its own, private to this run.
const notMcp = (name: string) => !name.includes(" mcp ");
const warmRows = [programs[0], programs.find((p) => p.label === "bundle")].filter((p) =>
  p !== undefined
);
for (const p of warmRows) {
  const label = p === programs[0] ? "warm" : `${p.label} warm`;
  const runtimeDir = await makeRuntimeDir(`${work}/run-${label.replace(" ", "-")}`);
  programs.push({ label, cli: p.cli, env: warmEnv(runtimeDir), runs: notMcp, runtimeDir });
}
/** The source's warm row: its folder, and its variables for the first-call table. */
const sourceWarm = programs.find((p) => p.label === "warm")!;
const runtimeDir = sourceWarm.runtimeDir!;
const sourceWarmEnv = sourceWarm.env!;

function split(cmd: string): string[] {
  return cmd.split(" ").filter(Boolean);
}

async function run(
  cmd: string[],
  extra: Record<string, string> = {},
): Promise<{ code: number; stdout: string }> {
  const out = await new Deno.Command(cmd[0], {
    args: cmd.slice(1),
    env: { ...env, ...extra },
    stdout: "piped",
    stderr: "inherit",
  }).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
}

// A draft to copy before each mutating run, the captions file and 10 distinct local PNGs.
const created = await run([...split(cli), "draft", "create", "--name", "startup"]);
const { draftId, filePath } = JSON.parse(created.stdout);
const base = `${work}/base`;
await Deno.rename(filePath, base);
const captions = await writeCaptions(`${work}/captions.json`, 10);
const png = await Deno.readFile(new URL("../test/fixtures/image.png", import.meta.url));
const images = `${work}/images.json`;
const imageInfos = [];
for (let i = 0; i < 10; i++) {
  // Distinct bytes per file (a trailing byte after IEND), so that each one is probed and placed.
  const path = `${work}/pic-${i}.png`;
  await Deno.writeFile(path, Uint8Array.of(...png, i));
  imageInfos.push({
    imageUrl: `file://${path}`,
    start: i * 1_000_000,
    end: (i + 1) * 1_000_000,
  });
}
await Deno.writeTextFile(images, JSON.stringify(imageInfos));
// One MCP session: initialize, then 20 tool calls (10 captions added one by one, 10 draft infos).
const session = `${work}/session.jsonl`;
const calls = [
  {
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "bench", version: "0" },
    },
  },
  { method: "notifications/initialized" },
  ...Array.from({ length: 20 }, (_, i) => ({
    method: "tools/call",
    params: i % 2 ? { name: "draft_info", arguments: { draftId } } : {
      name: "captions_add",
      arguments: {
        draftId,
        captions: [{ text: `mcp ${i}`, start: i * 1_000_000, end: (i + 1) * 1_000_000 }],
      },
    },
  })),
];
await Deno.writeTextFile(
  session,
  calls.map((c, i) =>
    JSON.stringify({
      jsonrpc: "2.0",
      ...(c.method.startsWith("notifications/") ? {} : { id: i }),
      ...c,
    })
  )
    .join("\n") + "\n",
);
const reset = ["sh", "-c", `rm -rf "${filePath}" && cp -r "${base}" "${filePath}"`];
await run(reset);
// A drafts folder of 200 drafts (copies of the base under new ids), the one asked for the oldest:
// finding a draft by id must not cost a look into every folder on every command.
const MANY = 200;
const many = `${work}/many`;
await Deno.mkdir(many);
let oldestId = "";
for (let i = 0; i < MANY; i++) {
  const dir = `${many}/draft ${i}`;
  await run(["cp", "-r", base, dir]);
  const id = crypto.randomUUID().toUpperCase();
  for (
    const [file, key] of [["draft_meta_info.json", "draft_id"], [".draftcli/state.json", "draftId"]]
  ) {
    const json = JSON.parse(await Deno.readTextFile(`${dir}/${file}`));
    json[key] = id;
    await Deno.writeTextFile(`${dir}/${file}`, JSON.stringify(json));
  }
  const age = new Date(Date.now() - (MANY - i) * 60_000);
  await Deno.utime(`${dir}/draft_content.json`, age, age);
  if (i === 0) oldestId = id;
}

/** The bare start: `deno run` of an empty script, timed in turn with every case's runs. */
const BARE = `${deno} run -q ${PERMS} ${empty}`;

/** One case: its name, its command for a program's `cli`, and the reset before each run. */
const cases: { name: string; cmd: (cli: string) => string; prepare?: string[] }[] = [
  { name: "draftcli --version", cmd: (cli) => `${cli} --version` },
  {
    name: "draftcli captions add (10 captions)",
    cmd: (cli) => `${cli} captions add ${draftId} --captions @${captions}`,
    prepare: reset,
  },
  {
    name: "draftcli images add (10 local PNGs)",
    cmd: (cli) => `${cli} images add ${draftId} --image-infos @${images}`,
    prepare: reset,
  },
  { name: "draftcli draft info", cmd: (cli) => `${cli} draft info ${draftId}` },
  {
    name: `draftcli draft info (1 of ${MANY} drafts)`,
    cmd: (cli) => `${cli} draft info ${oldestId} --drafts-dir ${many}`,
  },
  {
    name: "draftcli mcp (one session, 20 calls)",
    cmd: (cli) => `sh -c '${cli} mcp < ${session} > /dev/null'`,
    prepare: reset,
  },
];

async function hasHyperfine(): Promise<boolean> {
  try {
    return (await new Deno.Command("hyperfine", { args: ["--version"], stdout: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

/** The commands a case runs in turn: the bare start, then the case for every program. */
function runners(
  c: typeof cases[number],
): { label: string; cmd: string; env?: Record<string, string> }[] {
  return [
    { label: "bare", cmd: BARE },
    ...programs.filter((p) => p.runs?.(c.name) ?? true)
      .map((p) => ({ label: p.label, cmd: c.cmd(p.cli), env: p.env })),
  ];
}

/** CPU time (user + system, ms) of this process's waited-for children so far; 0 off Linux. */
function childrenCpu(): number {
  try {
    const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10; // cutime, cstime in 1/100 s
  } catch {
    return 0;
  }
}

// Every warm row's server, started by one warm call of its program; the runs begin once every
// warm-up has ended (a warm-up running beside the first case's runs would slow them all).
for (const p of programs) {
  if (p.runtimeDir) {
    const start = () => run([...split(p.cli), "draft", "info", draftId], p.env);
    await startWarm(p.runtimeDir, start, true);
  }
}

/** Median wall-clock ms per case name, then per program label. */
const medians: Record<string, Record<string, number>> = {};
if (await hasHyperfine()) {
  for (const c of cases) {
    const json = `${work}/hf.json`;
    const commands = runners(c);
    const hf = [
      "-N",
      "--warmup",
      "3",
      "--runs",
      String(RUNS),
      "--export-json",
      json,
      // -N splits commands into words itself: quote the shell script as one word.
      ...(c.prepare ? ["--prepare", `sh -c '${c.prepare[2]}'`] : []),
      ...commands.map((r) =>
        r.env
          ? `env ${Object.entries(r.env).map(([k, v]) => `${k}=${v}`).join(" ")} ${r.cmd}`
          : r.cmd
      ),
    ];
    const out = await new Deno.Command("hyperfine", { args: hf, env, stdout: "null" }).output();
    if (!out.success) throw new Error(`hyperfine failed for ${c.name}`);
    const results = JSON.parse(await Deno.readTextFile(json)).results as { median: number }[];
    medians[c.name] = Object.fromEntries(
      commands.map((r, i) => [r.label, results[i].median * 1000]),
    );
  }
} else {
  for (const c of cases) {
    const commands = runners(c);
    const times: number[][] = commands.map(() => []);
    for (let i = 0; i < RUNS + 3; i++) {
      for (const [k, r] of commands.entries()) {
        if (c.prepare) await run(c.prepare);
        const t0 = performance.now();
        const shell = /^sh -c '(.*)'$/.exec(r.cmd);
        const result = await run(shell ? ["sh", "-c", shell[1]] : split(r.cmd), r.env);
        const dt = performance.now() - t0;
        if (result.code !== 0) throw new Error(`${c.name} (${r.label}) failed`);
        if (i >= 3) times[k].push(dt);
      }
    }
    medians[c.name] = Object.fromEntries(commands.map((r, k) => [r.label, median(times[k])]));
  }
}

const served: Record<string, number> = {};
for (const p of programs) {
  if (!p.runtimeDir) continue;
  served[p.label] = (await warmStatus(p.runtimeDir))?.served ?? 0;
  await stopWarm(p.runtimeDir);
}

// The first warm call finds no server: it runs in-process, then starts one (not timed: the bench
// waits for it to listen and stops it before the next run). Wall-clock time (median), and on Linux
// the CPU time of the call's own process (mean), which the detached server's start is not part of.
const captionsCase = cases[1];
const first = {
  plain: { wall: [] as number[], cpu: [] as number[] },
  warm: { wall: [] as number[], cpu: [] as number[] },
};
for (let i = 0; i < RUNS + 3; i++) {
  for (const label of ["plain", "warm"] as const) {
    await run(reset);
    const c0 = childrenCpu();
    const t0 = performance.now();
    const result = await run(split(captionsCase.cmd(cli)), label === "warm" ? sourceWarmEnv : {});
    const dt = performance.now() - t0;
    const cpu = childrenCpu() - c0;
    if (result.code !== 0) throw new Error(`first warm call (${label}) failed`);
    if (i >= 3) {
      first[label].wall.push(dt);
      first[label].cpu.push(cpu);
    }
    if (label === "warm") {
      await waitFor("the warm server", async () => (await warmStatus(runtimeDir)) !== undefined);
      await stopWarm(runtimeDir);
    }
  }
}

const bares = cases.map((c) => medians[c.name].bare);
console.log(
  `start-up, median of ${RUNS} runs; ratio to the bare start timed in turn with the case ` +
    `[and to the source run]:`,
);
for (const p of programs) console.log(`  ${p.label}: ${p.cli}`);
console.log(
  `  ${"bare runtime (deno run empty.ts)".padEnd(42)} ${
    median(bares).toFixed(1).padStart(7)
  } ms  (${Math.min(...bares).toFixed(1)}–${Math.max(...bares).toFixed(1)} across cases)`,
);
for (const c of cases) {
  const row = medians[c.name];
  const cells = programs.filter((p) => row[p.label] !== undefined).map((p) => {
    const m = row[p.label];
    const vsSource = p === programs[0] ? "" : ` [${(m / row[programs[0].label]).toFixed(2)}]`;
    return `${p.label} ${m.toFixed(1).padStart(6)} ms ${(m / row.bare).toFixed(2)}×${vsSource}`;
  });
  console.log(`  ${c.name.padEnd(42)} ${cells.join("   ")}`);
}
for (const [label, n] of Object.entries(served)) {
  console.log(`  ${label}: DRAFTCLI_WARM=1 with its server started; it served ${n} calls`);
}
for (const what of ["wall", "cpu"] as const) {
  // CPU time comes in 10 ms ticks: the mean over the runs, not the median.
  const mid = (xs: number[]) =>
    what === "cpu" ? xs.reduce((a, b) => a + b, 0) / xs.length : median(xs);
  const [plain, warm] = [mid(first.plain[what]), mid(first.warm[what])];
  if (what === "cpu" && !plain) continue; // no /proc
  const sign = warm >= plain ? "+" : "−";
  console.log(
    `  first warm call (no server yet), ${captionsCase.name}, ${
      what === "cpu" ? "CPU" : "wall"
    }: ` +
      `${warm.toFixed(1)} ms vs ${plain.toFixed(1)} ms without DRAFTCLI_WARM ` +
      `(${sign}${Math.abs(warm - plain).toFixed(1)} ms)`,
  );
}
await Deno.remove(work, { recursive: true });
