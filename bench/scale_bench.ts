/**
 * Scale benchmarks, in-process through the ops functions (no process start-up in the figures):
 * building drafts of 1,000 and 10,000 segments in one call, adding 100 segments to drafts of
 * 1k / 5k / 10k segments (should grow linearly with the draft, and stay < 1 s at 10k),
 * `images add` of 100 distinct local images (cold and warm probe cache), and peak memory
 * (this process's RSS, and VmHWM of a CLI subprocess adding 100 captions to a 10k draft).
 *
 * Run: deno bench --allow-all bench/scale_bench.ts (or `deno task bench`). Figures go into
 * notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { addCaptions } from "../src/ops/captions.ts";
import { addImages } from "../src/ops/images.ts";
import { CaptionStyle } from "../src/schema/caption_style.ts";
import { peakRss } from "./runs.ts";
import { benchWorld, captions, copyDir, portraitDraft } from "./world.ts";

const FIXTURES = fileURLToPath(new URL("../test/fixtures/", import.meta.url));
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const { root, drafts, ctx } = benchWorld("draftcli-scale-");
const style = CaptionStyle.parse({});
const PICS = ["image.png", "image.jpg", "image.webp", "image.bmp"].map((n) =>
  `file://${FIXTURES}${n}`
);

type Kind = "captions" | "images";

function images(n: number, offset: number, urls = PICS) {
  return Array.from({ length: n }, (_, i) => ({
    imageUrl: urls[(offset + i) % urls.length],
    start: (offset + i) * 100_000,
    end: (offset + i + 1) * 100_000,
  }));
}

async function newDraft(): Promise<string> {
  const doc = await portraitDraft(drafts);
  // Its folder's name: it names the draft in commands and is where copies of it go.
  return doc.dir.split("/").pop()!;
}

async function add(kind: Kind, id: string, n: number, offset: number) {
  // deno-lint-ignore no-explicit-any
  if (kind === "captions") await addCaptions(ctx, id, captions(n, offset) as any, style);
  // deno-lint-ignore no-explicit-any
  else await addImages(ctx, id, images(n, offset) as any);
}

// Base drafts of 1k, 5k and 10k segments per kind, built once (in 1,000-item calls).
const bases: Record<string, string> = {};
for (const kind of ["captions", "images"] as Kind[]) {
  const id = await newDraft();
  let have = 0;
  for (const size of [1000, 5000, 10000]) {
    while (have < size) {
      await add(kind, id, 1000, have);
      have += 1000;
    }
    const base = `${root}/base-${kind}-${size}`;
    copyDir(`${drafts}/${id}`, base);
    bases[`${kind}-${size}`] = base;
  }
  const mb = Deno.statSync(`${drafts}/${id}/draft_content.json`).size / 1e6;
  console.log(`${kind}: 10,000-segment draft_content.json is ${mb.toFixed(1)} MB`);
}
console.log(
  `this process after building: rss ${(Deno.memoryUsage().rss / 1e6).toFixed(0)} MB, ` +
    `heap ${(Deno.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
);

/** Peak RSS (VmHWM) of a CLI subprocess, sampled from /proc until it exits (Linux only). */
async function peakOfCli(args: string[]): Promise<number | undefined> {
  if (Deno.build.os !== "linux") return undefined;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-q", "-A", MAIN, ...args],
    env: { DRAFTCLI_DRAFTS_DIR: drafts, DRAFTCLI_CACHE_DIR: `${root}/cache` },
    stdout: "null",
    stderr: "null",
  }).spawn();
  return (await peakRss(child)).peak;
}
{
  const id = crypto.randomUUID().toUpperCase();
  copyDir(bases["captions-10000"], `${drafts}/${id}`);
  const file = `${root}/captions100.json`;
  Deno.writeTextFileSync(file, JSON.stringify(captions(100, 20_000)));
  const peak = await peakOfCli(["captions", "add", id, "--captions", `@${file}`]);
  if (peak) {
    console.log(
      `CLI 'captions add' of 100 onto a 10,000-caption draft: peak RSS ${
        (peak / 1e6).toFixed(0)
      } MB`,
    );
  }
}

for (const n of [1000, 10000]) {
  for (const kind of ["captions", "images"] as Kind[]) {
    Deno.bench({
      name: `build a ${n.toLocaleString("en")}-segment draft (${kind} add, one call)`,
      group: `build ${n}`,
      n: n > 1000 ? 3 : 10,
      warmup: 1,
      async fn(b) {
        const id = await newDraft();
        b.start();
        await add(kind, id, n, 0);
        b.end();
        await Deno.remove(`${drafts}/${id}`, { recursive: true });
      },
    });
  }
}

for (const kind of ["captions", "images"] as Kind[]) {
  for (const size of [1000, 5000, 10000]) {
    Deno.bench({
      name: `add 100 ${kind} to a ${size.toLocaleString("en")}-segment draft`,
      group: `add 100 ${kind}`,
      baseline: size === 1000,
      n: 5,
      warmup: 1,
      async fn(b) {
        const id = crypto.randomUUID().toUpperCase();
        copyDir(bases[`${kind}-${size}`], `${drafts}/${id}`);
        b.start();
        await add(kind, id, 100, size);
        b.end();
        await Deno.remove(`${drafts}/${id}`, { recursive: true });
      },
    });
  }
}

// 100 distinct local images (copies of the fixtures), so each one is probed.
const pics = `${root}/pics`;
Deno.mkdirSync(pics);
const hundred = Array.from({ length: 100 }, (_, i) => {
  const name = ["image.png", "image.jpg", "image.webp", "image.bmp"][i % 4];
  const path = `${pics}/${String(i).padStart(3, "0")}-${name}`;
  Deno.copyFileSync(`${FIXTURES}${name}`, path);
  return `file://${path}`;
});

Deno.bench({
  name: "images add: 100 distinct local images, fresh draft (cold probe cache)",
  group: "images 100",
  baseline: true,
  n: 10,
  warmup: 1,
  async fn(b) {
    const id = await newDraft();
    b.start();
    // deno-lint-ignore no-explicit-any
    await addImages(ctx, id, images(100, 0, hundred) as any);
    b.end();
    await Deno.remove(`${drafts}/${id}`, { recursive: true });
  },
});

// A draft whose probe cache already knows the 100 files (the cache lives in the draft).
const warm = await newDraft();
// deno-lint-ignore no-explicit-any
await addImages(ctx, warm, images(100, 0, hundred) as any);
const warmCache = Deno.readTextFileSync(`${drafts}/${warm}/.draftcli/probe-cache.json`);
Deno.bench({
  name: "images add: the same 100 images, fresh draft (warm probe cache)",
  group: "images 100",
  n: 10,
  warmup: 1,
  async fn(b) {
    const id = await newDraft();
    Deno.writeTextFileSync(`${drafts}/${id}/.draftcli/probe-cache.json`, warmCache);
    b.start();
    // deno-lint-ignore no-explicit-any
    await addImages(ctx, id, images(100, 0, hundred) as any);
    b.end();
    await Deno.remove(`${drafts}/${id}`, { recursive: true });
  },
});
