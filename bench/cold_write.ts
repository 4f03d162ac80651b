/**
 * The save's writing of a 1,000-caption and a 1,000-image (one PNG) timeline as one CLI call pays
 * for it: once, in a fresh process (code not yet optimised), unlike `serialize_bench.ts`, whose
 * warm loop measures optimised code. Each run is a subprocess that builds the batch in-process on
 * an empty draft (as the add command does, items vouched for), then times the build, the writer's
 * pieces (`timelineWrite`, as a save makes them) and their encoding as the commit encodes them,
 * and the CPU time of those two (see `cpuMs`). Runs are interleaved across checkouts
 * (`--main <other checkout>/main.ts`, e.g. /work/base/main.ts) and kinds; prints medians.
 * Nothing is saved: the draft is only read.
 *
 * Run: deno run -A bench/cold_write.ts [--runs 15] [--main path/to/another/checkout/main.ts]…
 * Figures go into notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { dirname, join } from "../src/path.ts";
import { V8_FLAGS } from "../scripts/compile.ts";
import { SOURCE_RUN_FLAGS } from "../src/setup/self_command.ts";
import { flag, median } from "./runs.ts";

const CHILD = "--child";
const N = 1000;

/**
 * CPU time so far (ms) of this thread and of all the process's threads (V8's compilers and
 * collector work beside it), from Linux's per-thread scheduler stats; NaN elsewhere. On a busy
 * machine the wall-clock times include waits for a core, which these do not.
 */
function cpuMs(): { main: number; all: number } {
  const ran = (path: string) => Number(Deno.readTextFileSync(path).split(" ")[0]) / 1e6;
  try {
    let all = 0;
    for (const t of Deno.readDirSync("/proc/self/task")) {
      all += ran(`/proc/self/task/${t.name}/schedstat`);
    }
    return { main: ran("/proc/thread-self/schedstat"), all };
  } catch {
    return { main: NaN, all: NaN };
  }
}

/** In a subprocess: builds one batch from the checkout at `root`, times its write once. */
async function child(root: string, kind: string, draftDir: string): Promise<void> {
  const at = (path: string) => import(join(root, path));
  const [captions, images, names, captionStyle, mediaItems, serialize, templates, load, files] =
    await Promise.all([
      at("src/ops/captions.ts"),
      at("src/ops/images.ts"),
      at("src/ops/visual_names.ts"),
      at("src/schema/caption_style.ts"),
      at("src/schema/media_items.ts"),
      at("src/draft/serialize.ts"),
      at("src/draft/item_templates.ts"),
      at("src/store/load.ts"),
      at("src/store/draft_files.ts"),
    ]);
  // What a load for a save reads (a checkout before save_reading.ts took `true`).
  const saveReading = await at("src/store/save_reading.ts").catch(() => true);
  const doc = await load.loadDraft(draftDir, { forSave: saveReading });
  const sec = 1_000_000;
  // Input as validated (zod, which the CLI does not load for it) before the clock starts.
  const texts = Array.from(
    { length: N },
    (_, i) => ({ text: `caption ${i} 字幕`, start: i * sec, end: (i + 1) * sec }),
  );
  const style = captionStyle.CaptionStyle.parse({});
  const png = (await import("./world.ts")).pngFile("/bench/pic.png");
  const pictures = Array.from(
    { length: N },
    (_, i) => mediaItems.ImageInfo.parse({ imageUrl: png.url, start: i * sec, end: (i + 1) * sec }),
  );
  const t0 = performance.now();
  // the very list the builder filled, as the commands pass it on
  let built: object[] = [];
  if (kind === "captions") {
    const items = texts;
    const plan = captions.planCaptions(
      doc.edition,
      items,
      style,
      "captions",
      undefined,
      "font",
      await captions.captionNames(items, style),
    );
    built = captions.applyCaptions(doc, plan, () => {}).built;
  } else {
    const items = pictures;
    const plan = images.planImages(
      doc.edition,
      items,
      "imageInfos",
      await names.visualNames(items),
    );
    images.applyImages(doc, plan, new Map([[png.url, png]]), () => {}, undefined, undefined, built);
  }
  templates.vouchAsBuilt(built);
  files.syncMeta(doc);
  const cpu0 = cpuMs();
  const t1 = performance.now();
  // As the commit encodes them (txn.ts writePieces), into one reused buffer.
  const encoder = new TextEncoder();
  const buf = new Uint8Array(1 << 20);
  let pieces = 0;
  let encoding = 0;
  let tick = performance.now();
  const floats = serialize.timelineFloats?.() ?? serialize.TIMELINE_FLOATS;
  // The pieces a save writes (`timelineWrite`, in a checkout before it `timelinePieces`).
  const written = serialize.timelineWrite?.(doc.content, floats, undefined, {}) ??
    serialize.timelinePieces(doc.content, floats, undefined);
  for (const piece of written) {
    const start = performance.now();
    pieces += start - tick;
    if (typeof piece === "string") {
      let rest = piece;
      while (rest.length) rest = rest.slice(encoder.encodeInto(rest, buf).read);
    } else if (piece instanceof Uint8Array && piece.length < 1 << 16) {
      // the writer copies short bytes into its buffer, and writes longer ones as they are
      buf.set(piece);
    }
    tick = performance.now();
    encoding += tick - start;
  }
  const cpu1 = cpuMs();
  console.log(JSON.stringify({
    build: t1 - t0,
    pieces,
    encoding,
    mainCpu: cpu1.main - cpu0.main,
    allCpu: cpu1.all - cpu0.all,
  }));
}

if (Deno.args[0] === CHILD) {
  const [, root, kind, draftDir] = Deno.args;
  await child(root, kind, draftDir);
  Deno.exit(0);
}

const RUNS = Number(flag("--runs") ?? 15) || 15;
const roots = [dirname(fileURLToPath(new URL("../main.ts", import.meta.url)))];
Deno.args.forEach((a, i) => a === "--main" && roots.push(dirname(Deno.args[i + 1])));

const { portraitDraft } = await import("./world.ts");
const work = await Deno.makeTempDir({ prefix: "draftcli-cold-write-" });
try {
  const { dir } = await portraitDraft(work, "jianying");
  const self = fileURLToPath(import.meta.url);
  type Times = Record<"build" | "pieces" | "encoding" | "mainCpu" | "allCpu", number>;
  const times = new Map<string, Times[]>();
  for (let r = 0; r < RUNS; r++) {
    for (const kind of ["captions", "images"]) {
      for (const root of roots) {
        const out = await new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "-q",
            "-A",
            ...SOURCE_RUN_FLAGS,
            `--v8-flags=${V8_FLAGS.join(",")}`,
            "--config",
            join(root, "deno.json"),
            self,
            CHILD,
            root,
            kind,
            dir,
          ],
          stdout: "piped",
        }).output();
        if (!out.success) throw new Error(`${kind} in ${root} failed`);
        const key = `${kind} ×${N}${roots.length > 1 ? ` [${root}]` : ""}`;
        times.set(key, [...times.get(key) ?? [], JSON.parse(new TextDecoder().decode(out.stdout))]);
      }
    }
  }
  console.log(`medians of ${RUNS} interleaved fresh processes (ms):`);
  for (const [key, runs] of times) {
    const m = (k: keyof Times) => median(runs.map((x) => x[k])).toFixed(1);
    console.log(
      `  ${key.padEnd(48)} build ${m("build")}  pieces ${m("pieces")}  encoding ${m("encoding")}` +
        `  CPU of pieces+encoding: main thread ${m("mainCpu")}, all threads ${m("allCpu")}`,
    );
  }
} finally {
  await Deno.remove(work, { recursive: true });
}
