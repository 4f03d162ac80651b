/**
 * Start-up benchmark: the runtime's bare start (`deno run` of an empty script), `draftcli
 * --version` and `draftcli captions add` with 10 captions (each run on a fresh copy of the same
 * draft), as real subprocesses. Uses hyperfine when it is on PATH, else a loop of
 * `performance.now()` timings; prints medians and the ratios to the bare start.
 *
 * Run: deno run -A bench/startup.ts [--runs N] [--bin path/to/compiled/draftcli] [--no-v8-flags]
 * (DRAFTCLI_BIN works too). Figures go into notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { V8_FLAGS } from "../scripts/compile.ts";

const args = Deno.args;
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(flag("--runs") ?? 20);
const BIN = flag("--bin") ?? Deno.env.get("DRAFTCLI_BIN");
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const PERMS = "--allow-read --allow-write --allow-env --allow-net --allow-run --allow-sys";
// `deno run` gets the V8 flags the release binaries have baked in (scripts/compile.ts), unless
// --no-v8-flags; the bare runtime runs without them either way.
const V8 = args.includes("--no-v8-flags") ? "" : ` --v8-flags=${V8_FLAGS.join(",")}`;

const work = await Deno.makeTempDir({ prefix: "draftcli-startup-" });
const drafts = `${work}/drafts`;
const empty = `${work}/empty.ts`;
await Deno.writeTextFile(empty, "");
const env = { DRAFTCLI_DRAFTS_DIR: drafts, NO_COLOR: "1" };

const deno = Deno.execPath();
const cli = BIN ?? `${deno} run -q ${PERMS}${V8} ${MAIN}`;

function split(cmd: string): string[] {
  return cmd.split(" ").filter(Boolean);
}

async function run(cmd: string[]): Promise<{ code: number; stdout: string }> {
  const out = await new Deno.Command(cmd[0], {
    args: cmd.slice(1),
    env,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
}

// A draft to copy before each captions run, and the captions file.
const created = await run([...split(cli), "draft", "create", "--name", "startup"]);
const { draftId, filePath } = JSON.parse(created.stdout);
const base = `${work}/base`;
await Deno.rename(filePath, base);
const captions = `${work}/captions.json`;
await Deno.writeTextFile(
  captions,
  JSON.stringify(Array.from({ length: 10 }, (_, i) => ({
    text: `caption ${i} 字幕`,
    start: i * 1_000_000,
    end: (i + 1) * 1_000_000 - 1,
  }))),
);
const reset = ["sh", "-c", `rm -rf "${filePath}" && cp -r "${base}" "${filePath}"`];

const cases = [
  { name: "bare runtime (deno run empty.ts)", cmd: `${deno} run -q ${PERMS} ${empty}` },
  { name: "draftcli --version", cmd: `${cli} --version` },
  {
    name: "draftcli captions add (10 captions)",
    cmd: `${cli} captions add ${draftId} --captions @${captions}`,
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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const medians: Record<string, number> = {};
if (await hasHyperfine()) {
  for (const c of cases) {
    const json = `${work}/hf.json`;
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
      c.cmd,
    ];
    const out = await new Deno.Command("hyperfine", { args: hf, env, stdout: "null" }).output();
    if (!out.success) throw new Error(`hyperfine failed for ${c.name}`);
    medians[c.name] = JSON.parse(await Deno.readTextFile(json)).results[0].median * 1000;
  }
} else {
  for (const c of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      if (c.prepare) await run(c.prepare);
      const t0 = performance.now();
      const r = await run(split(c.cmd));
      const dt = performance.now() - t0;
      if (r.code !== 0) throw new Error(`${c.name} failed`);
      if (i >= 3) times.push(dt);
    }
    medians[c.name] = median(times);
  }
}

const bare = medians[cases[0].name];
console.log(
  `start-up, median of ${RUNS} runs (${BIN ? `binary ${BIN}` : `deno run${V8} main.ts`}):`,
);
for (const c of cases) {
  const m = medians[c.name];
  console.log(`  ${c.name.padEnd(40)} ${m.toFixed(1).padStart(7)} ms  ${(m / bare).toFixed(2)}×`);
}
await Deno.remove(work, { recursive: true });
