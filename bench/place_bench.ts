/**
 * Probing, hashing and placing 1,000 distinct local PNGs for one `images add` (copy mode), in
 * process: `resolveBatch` (src/ops/media.ts) into a fresh draft folder each run, median of
 * --runs. --src points at another checkout (its src/ops/media.ts), for before/after figures.
 *
 * Run: deno run -A bench/place_bench.ts [--runs 7] [--src /path/to/checkout]. Figures go into
 * notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { flag } from "./runs.ts";

const RUNS = Number(flag("--runs") ?? 7);
const SRC = flag("--src") ?? fileURLToPath(new URL("..", import.meta.url));
const { resolveBatch } = await import(`file://${SRC}/src/ops/media.ts`);

const work = await Deno.makeTempDir({ prefix: "draftcli-place-" });
try {
  const png = await Deno.readFile(new URL("../test/fixtures/image.png", import.meta.url));
  const requests = [];
  for (let i = 0; i < 1000; i++) {
    const path = `${work}/pic-${i}.png`;
    // A trailing byte after IEND makes each file distinct.
    await Deno.writeFile(path, Uint8Array.of(...png, i & 255, i >> 8));
    requests.push({ url: `file://${path}`, index: i, field: `imageInfos[${i}].imageUrl` });
  }
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const dir = `${work}/draft-${r}`;
    await Deno.mkdir(dir);
    const t = performance.now();
    const batch = await resolveBatch(dir, requests, { env: {} });
    times.push(performance.now() - t);
    if (batch.staged.length !== 1000) throw new Error(`staged ${batch.staged.length}`);
    await batch.cleanup();
  }
  times.sort((a, b) => a - b);
  console.log(
    `probe + hash + place 1,000 distinct PNGs (${SRC}): median ${
      times[times.length >> 1].toFixed(0)
    } ms of ${RUNS} runs (min ${times[0].toFixed(0)} ms)`,
  );
} finally {
  await Deno.remove(work, { recursive: true });
}
