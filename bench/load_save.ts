/**
 * CPU cost of loading and saving a timeline as it was written (src/draft/spellings.ts) against
 * a plain parse and the float-rule writer alone, on drafts of 10,000 and 50,000 caption segments
 * built through the ops (the drafts of bench/scale_add.ts), and on an "editor-like" copy of each
 * whose text spells numbers the way JSON.stringify would not (every `render_index` as `n.0`,
 * every `"alpha":1.0` as `1.00`: two kept numbers per segment, the scanner's worst case).
 * A draft draftcli grew itself is not scanned at all while its files are the ones it wrote
 * (src/store/written.ts): its load costs the parse alone.
 *
 * CPU time (user + system, median of --runs, default 5), not wall time: the figures stay
 * comparable on a shared machine. Run: deno run -A bench/load_save.ts [--sizes 10000,50000]
 * Figures go into notes, never into assertions.
 */
import process from "node:process";
import { addCaptions } from "../src/ops/captions.ts";
import { CaptionStyle } from "../src/schema/caption_style.ts";
import { timelineFloats, timelinePieces } from "../src/draft/serialize.ts";
import { scanSpellings } from "../src/draft/spellings.ts";
import { flag, median } from "./runs.ts";
import { benchWorld, captions, portraitDraft } from "./world.ts";

const SIZES = (flag("--sizes") ?? "10000,50000").split(",").map(Number);
const RUNS = Number(flag("--runs") ?? 5);

const { drafts, ctx } = benchWorld("draftcli-load-save-");
const created = await portraitDraft(drafts);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Median CPU ms of RUNS calls of `f`. */
function cpuMedian(f: () => void): number {
  const xs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = cpu();
    f();
    xs.push(cpu() - t0);
  }
  return median(xs);
}
/** Consumes the writer's pieces as the commit does. */
function write(pieces: Iterable<string>): number {
  let n = 0;
  for (const p of pieces) n += p.length;
  return n;
}

let have = 0;
const rows: string[] = [];
for (const size of SIZES) {
  while (have < size) {
    const n = Math.min(10_000, size - have);
    await addCaptions(
      ctx,
      created.draftId,
      captions(n, have),
      CaptionStyle.parse({}),
    );
    have += n;
  }
  const text = Deno.readTextFileSync(`${created.dir}/draft_content.json`);
  const editorLike = text
    .replace(/"render_index":(\d+)/g, '"render_index":$1.0')
    .replace(/"alpha":1\.0/g, '"alpha":1.00');
  for (const [label, t] of [["draftcli", text], ["editor-like", editorLike]] as const) {
    const content = JSON.parse(t);
    const spellings = scanSpellings(t, content, timelineFloats());
    const parse = cpuMedian(() => JSON.parse(t));
    const scan = cpuMedian(() => scanSpellings(t, content, timelineFloats()));
    const before = cpuMedian(() => write(timelinePieces(content, timelineFloats())));
    const after = cpuMedian(() => write(timelinePieces(content, timelineFloats(), spellings)));
    rows.push(
      `  ${String(size).padStart(6)} segments, ${label.padEnd(11)} ${
        (t.length / 1e6).toFixed(1).padStart(5)
      } MB, ${String(spellings.numbers.length).padStart(6)} kept: parse ${
        parse.toFixed(0).padStart(5)
      } ms, scan ${scan.toFixed(0).padStart(5)} ms, write before ${
        before.toFixed(0).padStart(5)
      } ms, after ${after.toFixed(0).padStart(5)} ms`,
    );
    console.log(rows.at(-1));
  }
}
console.log(`CPU ms, median of ${RUNS}:\n${rows.join("\n")}`);
