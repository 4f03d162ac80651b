/**
 * Bulk adds as an agent makes them: `captions add` of 1,000 captions and `images add` of one
 * local PNG used 1,000 times (copy mode, the default), each on a fresh copy of the same empty
 * draft, as real subprocesses, against a bare `deno run` of an empty script measured in the same
 * run. Runs are interleaved (bare, captions, images, then the same for each --main, then this
 * checkout's two adds under DRAFTCLI_WARM=1) so a busy machine slows every case alike; prints
 * medians and the cost over the bare start. The warm rows go to a warm server started before the
 * runs and warmed up (its status file says its warm-up has ended), listening in a runtime folder
 * inside the bench's scratch folder; it is stopped at the end.
 *
 * Run: deno run -A bench/bulk_add.ts [--runs 15] [--main path/to/another/checkout/main.ts]…
 *   (`--main dist/bundle/main.js`, after `deno task bundle`: the form the release binaries run)
 * Figures go into notes, never into assertions.
 */
import {
  flag,
  mainsToCompare,
  printOverBare,
  runArgs,
  scratchEnv,
  writeOnePngImages,
} from "./runs.ts";
import { makeRuntimeDir, startWarm, stopWarm, warmEnv } from "./warm_runs.ts";

const RUNS = Number(flag("--runs") ?? 15) || 15;
const N = 1000;
const mains = mainsToCompare();

const work = await Deno.makeTempDir({ prefix: "draftcli-bulk-" });
const empty = `${work}/empty.ts`;
await Deno.writeTextFile(empty, "");
const env = await scratchEnv(work);
const deno = Deno.execPath();
const flags = runArgs;

async function run(
  cmd: string[],
  extra: Record<string, string> = {},
): Promise<{ ms: number; stdout: string }> {
  const t = performance.now();
  const out = await new Deno.Command(cmd[0], {
    args: cmd.slice(1),
    env: { ...env, ...extra },
    stdout: "piped",
  }).output();
  const ms = performance.now() - t;
  if (!out.success) throw new Error(`${cmd.slice(-4).join(" ")} failed`);
  return { ms, stdout: new TextDecoder().decode(out.stdout) };
}

const SEC = 1_000_000;
const captions = `${work}/captions.json`;
await Deno.writeTextFile(
  captions,
  JSON.stringify(Array.from({ length: N }, (_, i) => ({
    text: `caption ${i} 字幕`,
    start: i * SEC,
    end: (i + 1) * SEC,
  }))),
);
const images = await writeOnePngImages(work, N);
const created = await run([deno, ...flags(mains[0]), "draft", "create", "--name", "bulk"]);
const { draftId, filePath } = JSON.parse(created.stdout);
const base = `${work}/base`;
await Deno.rename(filePath, base);
const reset = () => run(["sh", "-c", `rm -rf "${filePath}" && cp -r "${base}" "${filePath}"`]);

const cases: { name: string; cmd: string[]; mutates: boolean; env?: Record<string, string> }[] = [
  { name: "bare runtime (deno run empty.ts)", cmd: [deno, "run", "-q", empty], mutates: false },
];
for (const [k, main] of mains.entries()) {
  const tag = mains.length > 1 ? ` [${k === 0 ? "this" : main}]` : "";
  const cli = [deno, ...flags(main)];
  cases.push(
    {
      name: `captions add ×${N}${tag}`,
      cmd: [...cli, "captions", "add", draftId, "--captions", `@${captions}`],
      mutates: true,
    },
    {
      name: `images add ×${N} (one PNG)${tag}`,
      cmd: [...cli, "images", "add", draftId, "--image-infos", `@${images}`],
      mutates: true,
    },
  );
}
// This checkout's adds under DRAFTCLI_WARM=1, answered by a server started and warmed up first.
const runtimeDir = await makeRuntimeDir(`${work}/run`);
const warm = warmEnv(runtimeDir);
for (const c of cases.slice(1, 3)) {
  cases.push({ ...c, name: `${c.name.replace(/ \[this\]$/, "")} [warm]`, env: warm });
}
const times = cases.map(() => [] as number[]);
try {
  await reset();
  const info = [deno, ...flags(mains[0]), "draft", "info", draftId];
  await startWarm(runtimeDir, () => run(info, warm), true);
  for (let r = 0; r < RUNS; r++) {
    for (const [i, c] of cases.entries()) {
      if (c.mutates) await reset();
      times[i].push((await run(c.cmd, c.env)).ms);
    }
  }
} finally {
  await stopWarm(runtimeDir);
  await Deno.remove(work, { recursive: true });
}

printOverBare(cases.map((c) => c.name), times);
