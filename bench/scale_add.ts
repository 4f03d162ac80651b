/**
 * Scale of one add: 100 captions added to drafts of 1,000, 10,000 and 50,000 caption segments,
 * both in-process (the ops function: read, parse, build, serialise, commit) and as a CLI
 * subprocess (with start-up), with the subprocess's peak RSS (VmHWM, Linux only). Targets:
 * < 600 ms at 10k, < 3 s at 50k, growing linearly; peak RSS ≤ 600 MB at 50k.
 *
 * Run: deno run -A bench/scale_add.ts [--sizes 1000,10000,50000] [--runs 3]
 *   [--keep DIR: keep the built drafts] [--from DIR: start from drafts kept earlier]
 *   [--main PATH: the CLI runs this main.ts, e.g. another checkout's; in-process stays this one]
 *   [--cjk: captions in Chinese, so the timeline's text is a two-byte string, twice the memory]
 * (also part of `deno task bench:startup`). Figures go into notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { addCaptions } from "../src/ops/captions.ts";
import { CaptionStyle } from "../src/schema/caption_style.ts";
import { denoDir } from "./deno_dir.ts";
import { V8_FLAGS } from "../scripts/compile.ts";
import { flag, median, peakRss } from "./runs.ts";
import { benchWorld, captions, copyDir, portraitDraft } from "./world.ts";
import { SOURCE_RUN_FLAGS } from "../src/setup/self_command.ts";

const SIZES = (flag("--sizes") ?? "1000,10000,50000").split(",").map(Number);
const RUNS = Number(flag("--runs") ?? 3);
const MAIN = flag("--main") ?? fileURLToPath(new URL("../main.ts", import.meta.url));
const CJK = Deno.args.includes("--cjk");
const PERMS = ["--allow-read", "--allow-write", "--allow-env", "--allow-net", "--allow-run"];

// A scratch HOME keeps the caller's config out; DENO_DIR keeps Deno's module cache.
const { root, drafts, env, ctx } = benchWorld("draftcli-scale-add-", { DENO_DIR: await denoDir() });
const style = CaptionStyle.parse({});
/** `n` back-to-back captions from the `offset`-th on, in Chinese with `--cjk`. */
const texts = (n: number, offset: number) =>
  CJK
    ? captions(n, offset).map((c, i) => ({ ...c, text: `字幕 ${offset + i}` }))
    : captions(n, offset);

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
  const { status, peak } = await peakRss(child);
  const ms = performance.now() - t0;
  if (!status.success) throw new Error(`draftcli ${cliArgs.join(" ")} failed`);
  return { ms, peak };
}

const file = `${root}/captions100.json`;
await Deno.writeTextFile(file, JSON.stringify(texts(100, 100_000)));
const rows: string[] = [];
const base = await portraitDraft(drafts);
let have = 0;
for (const size of SIZES) {
  // Grows one draft in calls of up to 10,000 captions (the schema's limit per call).
  while (have < size && !flag("--from")) {
    const n = Math.min(10_000, size - have);
    // deno-lint-ignore no-explicit-any
    await addCaptions(ctx, base.draftId, texts(n, have) as any, style);
    have += n;
  }
  const snapshot = `${root}/base-${size}`;
  copyDir(
    flag("--from") ? `${flag("--from")}/${size}` : base.dir,
    snapshot,
  );
  const mb = (await Deno.stat(`${snapshot}/draft_content.json`)).size / 1e6;
  const inProc: number[] = [];
  const sub: number[] = [];
  let peak = 0;
  for (let r = 0; r < RUNS; r++) {
    const id = crypto.randomUUID().toUpperCase();
    copyDir(snapshot, `${drafts}/${id}`);
    const t0 = performance.now();
    // deno-lint-ignore no-explicit-any
    await addCaptions(ctx, id, texts(100, 100_000) as any, style);
    inProc.push(performance.now() - t0);
    await Deno.remove(`${drafts}/${id}`, { recursive: true });

    const id2 = crypto.randomUUID().toUpperCase();
    copyDir(snapshot, `${drafts}/${id2}`);
    const run = await cli(["captions", "add", id2, "--captions", `@${file}`]);
    sub.push(run.ms);
    peak = Math.max(peak, run.peak ?? 0);
    await Deno.remove(`${drafts}/${id2}`, { recursive: true });
  }
  if (flag("--keep")) copyDir(snapshot, `${flag("--keep")}/${size}`);
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
