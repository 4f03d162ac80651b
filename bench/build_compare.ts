/**
 * `build` against separate commands: the same 2,000 items (1,000 images, 800 captions, 200
 * keyframes on the images) built (a) by one `draftcli build` call and (b) by `draft create`,
 * `images add`, `captions add`, `keyframes add` (one call per add command, ids chained), and
 * (c) by one process per item for the first N items (--per-item N, default 50), extrapolated.
 * Real subprocesses, fresh drafts folder per run; prints medians in ms. Figures go into notes.
 *
 * Run: deno run -A bench/build_compare.ts [--runs N] [--per-item N]
 */
import { fileURLToPath } from "node:url";
import { denoDir } from "./deno_dir.ts";
import { flag, median } from "./runs.ts";

const RUNS = Number(flag("--runs") ?? 3);
const PER_ITEM = Number(flag("--per-item") ?? 50);
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const IMAGE = new URL("../test/fixtures/image.png", import.meta.url).href;
const CLI = [Deno.execPath(), "run", "-q", "-A", MAIN];

const images = Array.from({ length: 1000 }, (_, i) => ({
  ref: `i${i}`,
  imageUrl: IMAGE,
  start: i * 1_000_000,
  end: (i + 1) * 1_000_000,
}));
const captions = Array.from({ length: 800 }, (_, i) => ({
  text: `Caption ${i}`,
  start: i * 1_000_000,
  end: (i + 1) * 1_000_000,
}));
const keyframes = Array.from({ length: 200 }, (_, i) => ({
  ref: `i${i}`,
  property: "opacity",
  offset: 0,
  value: 0.5,
}));

async function cli(env: Record<string, string>, argv: string[], stdin?: string) {
  const child = new Deno.Command(CLI[0], {
    args: [...CLI.slice(1), ...argv],
    env: { ...env, NO_COLOR: "1" },
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(stdin));
    await w.close();
  }
  const out = await child.output();
  if (out.code !== 0) throw new Error(new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** A fresh HOME must not move the module cache (every run would start cold). */
const DENO_DIR = await denoDir();

async function timed(fn: (env: Record<string, string>) => Promise<void>): Promise<number> {
  const root = await Deno.makeTempDir({ prefix: "draftcli-build-bench-" });
  const env = { HOME: root, DRAFTCLI_DRAFTS_DIR: `${root}/drafts`, DENO_DIR };
  const t = performance.now();
  try {
    await fn(env);
    return performance.now() - t;
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

const oneCall = async (env: Record<string, string>) => {
  const spec = {
    draft: { name: "bench" },
    images,
    captions,
    keyframes: keyframes.map(({ ref, ...k }) => ({ segmentRef: ref, ...k })),
  };
  await cli(env, ["build", "-"], JSON.stringify(spec));
};

const perCommand = async (env: Record<string, string>) => {
  const { draftId } = await cli(env, ["draft", "create", "--name", "bench"]);
  const img = await cli(
    env,
    ["images", "add", draftId, "--image-infos", "@-"],
    JSON.stringify(
      images.map(({ ref: _r, ...it }) => it),
    ),
  );
  await cli(env, ["captions", "add", draftId, "--captions", "@-"], JSON.stringify(captions));
  const ids = img.items.map((x: { segmentId: string }) => x.segmentId);
  await cli(
    env,
    ["keyframes", "add", draftId, "--keyframes", "@-"],
    JSON.stringify(
      keyframes.map(({ ref, ...k }) => ({ segmentId: ids[Number(ref.slice(1))], ...k })),
    ),
  );
};

const perItem = async (env: Record<string, string>) => {
  const { draftId } = await cli(env, ["draft", "create", "--name", "bench"]);
  for (const { ref: _r, ...it } of images.slice(0, PER_ITEM)) {
    await cli(env, ["images", "add", draftId, "--image-infos", JSON.stringify([it])]);
  }
};

const results: Record<string, number> = {};
for (const [name, fn] of Object.entries({ oneCall, perCommand })) {
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await timed(fn));
  results[name] = median(times);
}
const sample = await timed(perItem);
console.log(JSON.stringify(
  {
    items: images.length + captions.length + keyframes.length,
    runs: RUNS,
    buildOneCallMs: Math.round(results.oneCall),
    fourAddCommandsMs: Math.round(results.perCommand),
    onePerItemMs: { items: PER_ITEM, ms: Math.round(sample) },
    onePerItemExtrapolatedTo2000Ms: Math.round(sample / (PER_ITEM + 1) * 2001),
  },
  null,
  2,
));
