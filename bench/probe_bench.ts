/**
 * Benchmarks for src/media: probing 100 local files in-process vs 100 ffprobe subprocesses, and
 * downloading 100 files from a local server with the default concurrency bound (4).
 * Run: deno bench --allow-all bench/probe_bench.ts. Figures go into notes, never assertions.
 */
import { fileURLToPath } from "node:url";
import { downloadAll } from "../src/media/media_download.ts";
import { ffprobeAvailable, ffprobeFile } from "../src/media/ffprobe.ts";
import { probeFile } from "../src/media/probe.ts";

const FIXTURES = fileURLToPath(new URL("../test/fixtures/", import.meta.url));
const EXPECTED: Record<string, unknown> = JSON.parse(
  Deno.readTextFileSync(`${FIXTURES}expected.json`),
);
const names = Object.keys(EXPECTED);

// 100 local files: the fixtures copied round-robin into a temp folder.
const dir = Deno.makeTempDirSync({ prefix: "draftcli-bench-" });
const files: string[] = [];
for (let i = 0; i < 100; i++) {
  const name = names[i % names.length];
  const path = `${dir}/${String(i).padStart(3, "0")}-${name}`;
  Deno.copyFileSync(FIXTURES + name, path);
  files.push(path);
}
const totalBytes = files.reduce((n, f) => n + Deno.statSync(f).size, 0);

// A local server answering /<i>/<fixture> with the fixture's bytes.
const bodies = new Map(names.map((n) => [n, Deno.readFileSync(FIXTURES + n)]));
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
  const name = new URL(req.url).pathname.split("/").pop()!;
  const body = bodies.get(name);
  return body ? new Response(body) : new Response("no", { status: 404 });
});
server.unref();
const base = `http://127.0.0.1:${server.addr.port}`;
let round = 0;

globalThis.addEventListener("unload", () => {
  Deno.removeSync(dir, { recursive: true });
});

console.log(`100 files, ${(totalBytes / 1024).toFixed(0)} KiB, copies of ${names.length} fixtures`);

Deno.bench({
  name: "probe 100 local files in-process (sequential)",
  group: "probe",
  baseline: true,
  n: 20,
  warmup: 2,
  async fn() {
    for (const f of files) await probeFile(f, { ffprobe: false });
  },
});

Deno.bench({
  name: "probe 100 local files in-process (8 at a time)",
  group: "probe",
  n: 20,
  warmup: 2,
  async fn() {
    const queue = [...files];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await probeFile(f, { ffprobe: false });
    }));
  },
});

Deno.bench({
  name: "probe 100 local files with ffprobe subprocesses (sequential)",
  group: "probe",
  ignore: !(await ffprobeAvailable()),
  n: 3,
  warmup: 1,
  async fn() {
    for (const f of files) await ffprobeFile(f);
  },
});

Deno.bench({
  name: "download 100 files from 127.0.0.1 (concurrency 4)",
  group: "download",
  n: 10,
  warmup: 1,
  async fn(b) {
    const staging = `${dir}/staging-${round}`;
    const requests = Array.from({ length: 100 }, (_, i) => ({
      url: `${base}/${round}-${i}/${names[i % names.length]}`,
      index: i,
    }));
    round++;
    b.start();
    await downloadAll(requests, staging, { concurrency: 4 });
    b.end();
    Deno.removeSync(staging, { recursive: true });
  },
});
