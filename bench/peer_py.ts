/**
 * Side by side: draftcli building create + 1,000 images + 1,000 captions in three processes,
 * against pyJianYingDraft building the same draft in one Python process, in two cases: 1,000
 * distinct local PNGs (each one probed and placed), and one PNG used 1,000 times (probing drops
 * out, the per-item work is left). The peer is not part of this repository: pass a checkout of its public source with
 * --peer (it needs Debian's python3-pymediainfo). Prints medians of --runs runs.
 *
 * Run: deno task bench:peer --peer /path/to/pyJianYingDraft [--runs 3] [--media reference]
 *   [--python /usr/bin/python3] [--main path/to/another/checkout/main.ts]
 * Figures go into notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { V8_FLAGS } from "../scripts/compile.ts";
import { flag, median, runOk } from "./runs.ts";
import { SOURCE_RUN_FLAGS } from "../src/setup/self_command.ts";

const PEER = flag("--peer");
if (!PEER) throw new Error("pass --peer /path/to/a/pyJianYingDraft/checkout");
const RUNS = Number(flag("--runs") ?? 3);
const MEDIA = flag("--media");
/** Debian's python3 (where python3-pymediainfo is installed), unless --python says otherwise. */
const PYTHON = flag("--python") ?? "/usr/bin/python3";
/** draftcli's main.ts: this checkout's, or another's with --main (for before/after figures). */
const MAIN = flag("--main") ?? fileURLToPath(new URL("../main.ts", import.meta.url));
const PERMS = ["--allow-read", "--allow-write", "--allow-env", "--allow-net", "--allow-run"];
const N = 1000;

const work = await Deno.makeTempDir({ prefix: "draftcli-peer-" });
const png = await Deno.readFile(new URL("../test/fixtures/image.png", import.meta.url));
const pics: string[] = [];
for (let i = 0; i < N; i++) {
  const path = `${work}/pic-${String(i).padStart(4, "0")}.png`;
  // A trailing byte after IEND makes each file distinct: each one is probed (and placed).
  await Deno.writeFile(path, Uint8Array.of(...png, i & 255, i >> 8));
  pics.push(path);
}
const SEC = 1_000_000;
/** The two cases: each with its images file and the paths the peer gets. */
const cases = [
  { name: "1,000 distinct images", pics },
  { name: "one image used 1,000 times", pics: pics.map(() => pics[0]) },
].map((c, k) => ({ ...c, images: `${work}/images-${k}.json` }));
for (const c of cases) {
  await Deno.writeTextFile(
    c.images,
    JSON.stringify(
      c.pics.map((p, i) => ({ imageUrl: `file://${p}`, start: i * SEC, end: (i + 1) * SEC })),
    ),
  );
}
await Deno.writeTextFile(
  `${work}/captions.json`,
  JSON.stringify(
    pics.map((_, i) => ({ text: `caption ${i}`, start: i * SEC, end: (i + 1) * SEC })),
  ),
);
// The peer's driver: the same draft through its public API, in one process.
await Deno.writeTextFile(
  `${work}/peer.py`,
  `import sys
sys.path.insert(0, sys.argv[1])
import pyJianYingDraft as d
folder = d.DraftFolder(sys.argv[2])
script = folder.create_draft("peer", 1080, 1920, allow_replace=True)
script.add_track(d.TrackType.video).add_track(d.TrackType.text)
for i, path in enumerate(sys.argv[3:]):
    script.add_segment(d.VideoSegment(path, d.Timerange(i * ${SEC}, ${SEC})))
for i in range(len(sys.argv) - 3):
    script.add_segment(d.TextSegment("caption %d" % i, d.Timerange(i * ${SEC}, ${SEC})))
script.save()
`,
);
import { denoDir } from "./deno_dir.ts";

async function timed(cmd: string, cmdArgs: string[], env: Record<string, string>) {
  const t0 = performance.now();
  const { out } = await runOk(cmd, cmdArgs, env);
  return { ms: performance.now() - t0, stdout: out };
}

const DENO_DIR = await denoDir();
for (const [k, c] of cases.entries()) {
  const ours: number[] = [];
  const steps: number[][] = [[], [], []];
  const peer: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const drafts = `${work}/drafts-${k}-${r}`;
    // A scratch HOME keeps the caller's config out; DENO_DIR keeps Deno's module cache.
    const env = { DRAFTCLI_DRAFTS_DIR: drafts, HOME: work, NO_COLOR: "1", DENO_DIR };
    // The flags of every run from source and of the release binaries (see bench/startup.ts).
    const run = ["run", "-q", ...SOURCE_RUN_FLAGS, ...PERMS, `--v8-flags=${V8_FLAGS.join(",")}`];
    const cli = (a: string[]) => timed(Deno.execPath(), [...run, MAIN, ...a], env);
    const media = MEDIA ? ["--media", MEDIA] : [];
    const created = await cli(["draft", "create", "--name", "peer"]);
    const id = JSON.parse(created.stdout).draftId;
    const images = await cli(["images", "add", id, "--image-infos", `@${c.images}`, ...media]);
    const captions = await cli(["captions", "add", id, "--captions", `@${work}/captions.json`]);
    ours.push(created.ms + images.ms + captions.ms);
    [created, images, captions].forEach((s, i) => steps[i].push(s.ms));
    const peerDir = `${work}/peer-${k}-${r}`;
    await Deno.mkdir(peerDir);
    peer.push((await timed(PYTHON, [`${work}/peer.py`, PEER, peerDir, ...c.pics], {})).ms);
  }
  const a = median(ours);
  const b = median(peer);
  console.log(`create + ${N} images + ${N} captions (${c.name}), median of ${RUNS} runs:`);
  console.log(
    `  draftcli (3 processes${MEDIA ? `, --media ${MEDIA}` : ""})  ${a.toFixed(0).padStart(6)} ms`,
  );
  console.log(
    `    (draft create ${median(steps[0]).toFixed(0)} ms, images add ${
      median(steps[1]).toFixed(0)
    } ms, captions add ${median(steps[2]).toFixed(0)} ms)`,
  );
  console.log(`  pyJianYingDraft (1 process)    ${b.toFixed(0).padStart(6)} ms`);
  console.log(`  draftcli is ${(b / a).toFixed(2)}× as fast`);
}
await Deno.remove(work, { recursive: true });
