/**
 * Scale of one add: 100 captions added to drafts of 1,000, 10,000 and 50,000 caption segments,
 * both in-process (the ops function: read, parse, build, serialise, commit) and as a CLI
 * subprocess (with start-up), with the subprocess's peak RSS (VmHWM, Linux only). Targets:
 * < 600 ms at 10k, < 3 s at 50k, growing linearly; peak RSS ≤ 600 MB at 50k.
 *
 * Run: deno run -A bench/scale_add.ts [--sizes 1000,10000,50000] [--runs 3]
 *   [--keep DIR: keep the built drafts] [--from DIR: start from drafts kept earlier]
 * (also part of `deno task bench:startup`). Figures go into notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { makeContext } from "../src/commands/context.ts";
import { addCaptions } from "../src/ops/captions.ts";
import { createDraft } from "../src/store/drafts.ts";
import { findProfile } from "../src/editions/profiles.ts";
import { CaptionStyle } from "../src/schema/caption_style.ts";
import { denoDir } from "./deno_dir.ts";
import { V8_FLAGS } from "../scripts/compile.ts";
import { SOURCE_RUN_FLAGS } from "../src/setup/self_command.ts";

const args = Deno.args;
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SIZES = (flag("--sizes") ?? "1000,10000,50000").split(",").map(Number);
const RUNS = Number(flag("--runs") ?? 3);
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const PERMS = ["--allow-read", "--allow-write", "--allow-env", "--allow-net", "--allow-run"];

const root = await Deno.makeTempDir({ prefix: "draftcli-scale-add-" });
const drafts = `${root}/drafts`;
await Deno.mkdir(drafts);
// A scratch HOME keeps the caller's config out; DENO_DIR keeps Deno's module cache.
const env = { DRAFTCLI_DRAFTS_DIR: drafts, HOME: root, DENO_DIR: await denoDir() };
const ctx = makeContext({ env, warn: () => {} });
const style = CaptionStyle.parse({});

function captions(n: number, offset: number) {
  return Array.from({ length: n }, (_, i) => ({
    text: `caption ${offset + i}`,
    start: (offset + i) * 100_000,
    end: (offset + i + 1) * 100_000 - 1,
  }));
}

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyDir(`${from}/${e.name}`, `${to}/${e.name}`);
    else await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Wall time and peak RSS (VmHWM sampled from /proc) of one CLI subprocess. */
async function cli(cliArgs: string[]): Promise<{ ms: number; peak?: number }> {
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    // The flags of every run from source and of the release binaries (see bench/startup.ts).
    args: [
      "run",
      "-q",
      ...SOURCE_RUN_FLAGS,
      ...PERMS,
      `--v8-flags=${V8_FLAGS.join(",")}`,
      MAIN,
      ...cliArgs,
    ],
    env,
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  let peak = 0;
  let done = false;
  const status = child.status.then((s) => {
    done = true;
    return s;
  });
  while (!done && Deno.build.os === "linux") {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(await Deno.readTextFile(`/proc/${child.pid}/status`));
      if (m) peak = Math.max(peak, Number(m[1]) * 1024);
    } catch { /* exited */ }
    await new Promise((r) => setTimeout(r, 5));
  }
  const s = await status;
  const ms = performance.now() - t0;
  if (!s.success) throw new Error(`draftcli ${cliArgs.join(" ")} failed`);
  return { ms, peak: peak || undefined };
}

const file = `${root}/captions100.json`;
await Deno.writeTextFile(file, JSON.stringify(captions(100, 100_000)));
const rows: string[] = [];
const base = await createDraft({
  root: drafts,
  width: 1080,
  height: 1920,
  fps: 30,
  edition: "jianying",
  profile: findProfile("jianying"),
  os: "linux",
});
let have = 0;
for (const size of SIZES) {
  // Grows one draft in calls of up to 10,000 captions (the schema's limit per call).
  while (have < size && !flag("--from")) {
    const n = Math.min(10_000, size - have);
    // deno-lint-ignore no-explicit-any
    await addCaptions(ctx, base.draftId, captions(n, have) as any, style);
    have += n;
  }
  const snapshot = `${root}/base-${size}`;
  await copyDir(
    flag("--from") ? `${flag("--from")}/${size}` : base.dir,
    snapshot,
  );
  const mb = (await Deno.stat(`${snapshot}/draft_content.json`)).size / 1e6;
  const inProc: number[] = [];
  const sub: number[] = [];
  let peak = 0;
  for (let r = 0; r < RUNS; r++) {
    const id = crypto.randomUUID().toUpperCase();
    await copyDir(snapshot, `${drafts}/${id}`);
    const t0 = performance.now();
    // deno-lint-ignore no-explicit-any
    await addCaptions(ctx, id, captions(100, 100_000) as any, style);
    inProc.push(performance.now() - t0);
    await Deno.remove(`${drafts}/${id}`, { recursive: true });

    const id2 = crypto.randomUUID().toUpperCase();
    await copyDir(snapshot, `${drafts}/${id2}`);
    const run = await cli(["captions", "add", id2, "--captions", `@${file}`]);
    sub.push(run.ms);
    peak = Math.max(peak, run.peak ?? 0);
    await Deno.remove(`${drafts}/${id2}`, { recursive: true });
  }
  if (flag("--keep")) await copyDir(snapshot, `${flag("--keep")}/${size}`);
  await Deno.remove(snapshot, { recursive: true });
  rows.push(
    `  ${size.toLocaleString("en").padStart(7)} segments (${mb.toFixed(1).padStart(6)} MB)` +
      `  in-process ${median(inProc).toFixed(0).padStart(5)} ms` +
      `  CLI ${median(sub).toFixed(0).padStart(5)} ms` +
      (peak ? `  CLI peak RSS ${(peak / 1e6).toFixed(0).padStart(4)} MB` : ""),
  );
  console.log(rows.at(-1));
}
console.log(`100 captions added, median of ${RUNS} runs:\n${rows.join("\n")}`);
await Deno.remove(root, { recursive: true });
