/**
 * Served calls side by side: a 10-caption `captions add` and a `draft info` under DRAFTCLI_WARM=1,
 * for this checkout and each --main, each with a warm server of its own (started and warmed up
 * first, in a runtime folder of its own), against a bare `deno run` of an empty script. Runs are
 * interleaved; each checkout adds into a draft of its own, made by it and grown by its earlier
 * adds, as an agent's calls go (each add replaces files the one before wrote and flushed). Prints
 * medians, the cost over the bare start and the ratio to it; the servers are stopped at the end.
 *
 * Run: deno run -A bench/warm_add.ts [--runs 21] [--gap ms] [--main other/main.ts]…
 *   (`--gap`: a pause before each timed call, as between an agent's calls; default none)
 *   (`--main dist/bundle/main.js`, after `deno task bundle`: the form the release binaries run)
 * Figures go into notes, never into assertions.
 */
import { flag, mainsToCompare, median, runArgs, runOk, scratchEnv, writeCaptions } from "./runs.ts";
import { makeRuntimeDir, startWarm, stopWarm, warmEnv, warmStatus } from "./warm_runs.ts";

const RUNS = Number(flag("--runs") ?? 21) || 21;
/** A pause before each timed call, in ms (an agent's calls come seconds apart; 0: back to back). */
const GAP = Number(flag("--gap") ?? 0) || 0;
const mains = mainsToCompare();

const work = await Deno.makeTempDir({ prefix: "draftcli-warm-add-" });
const env = await scratchEnv(work);
const deno = Deno.execPath();
const empty = `${work}/empty.ts`;
await Deno.writeTextFile(empty, "");
const captions = await writeCaptions(`${work}/captions.json`, 10);

/** Milliseconds of one run of `args` (a failed run throws). */
async function timed(cmd: string, args: string[], extra: Record<string, string> = {}) {
  const t = performance.now();
  await runOk(cmd, args, { ...env, ...extra });
  return performance.now() - t;
}

/** One draft per checkout, made by it: each add goes into its own draft, grown by the ones before. */
const drafts: string[] = [];
for (const main of mains) {
  const { out } = await runOk(deno, [...runArgs(main), "draft", "create", "--name", "warm"], env);
  drafts.push(JSON.parse(out).draftId);
}

const servers = await Promise.all(
  mains.map((_, k) => makeRuntimeDir(`${work}/run-${k}`).then(warmEnv)),
);
const names = ["bare runtime (deno run empty.ts)"];
const runs: (() => Promise<number>)[] = [() => timed(deno, ["run", "-q", empty])];
for (const [k, main] of mains.entries()) {
  const tag = mains.length > 1 ? ` [${k === 0 ? "this" : main}]` : "";
  const cli = runArgs(main);
  names.push(`captions add (10) warm${tag}`, `draft info warm${tag}`);
  const add = [...cli, "captions", "add", drafts[k], "--captions", `@${captions}`];
  runs.push(
    () => timed(deno, add, servers[k]),
    () => timed(deno, [...cli, "draft", "info", drafts[k]], servers[k]),
  );
}
const times = runs.map(() => [] as number[]);
try {
  for (const [k, main] of mains.entries()) {
    const info = () =>
      runOk(deno, [...runArgs(main), "draft", "info", drafts[k]], { ...env, ...servers[k] });
    await startWarm(servers[k].XDG_RUNTIME_DIR, info, true);
  }
  for (let r = 0; r < RUNS; r++) {
    for (const [i, run] of runs.entries()) {
      if (GAP) await new Promise((r) => setTimeout(r, GAP));
      times[i].push(await run());
    }
  }
  // Every measured call must have been served: a call run in-process would not be a warm figure.
  for (const [k, s] of servers.entries()) {
    const status = await warmStatus(s.XDG_RUNTIME_DIR);
    console.log(`server of ${mains[k]}: served ${status?.served ?? 0} calls`);
  }
} finally {
  for (const s of servers) await stopWarm(s.XDG_RUNTIME_DIR);
  await Deno.remove(work, { recursive: true });
}
const bare = median(times[0]);
const gap = GAP ? `, ${GAP} ms apart` : "";
console.log(`medians of ${RUNS} interleaved runs${gap}, each server started and warmed up first:`);
const width = Math.max(...names.map((n) => n.length));
for (const [i, name] of names.entries()) {
  const m = median(times[i]);
  const over = i === 0 ? "" : `  +${(m - bare).toFixed(1)} ms  ${(m / bare).toFixed(2)}×`;
  console.log(`  ${name.padEnd(width)} ${m.toFixed(1).padStart(6)} ms${over}`);
}
