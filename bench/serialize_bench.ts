/**
 * Cost of writing a timeline with the editors' float spelling (src/draft/serialize.ts) against
 * plain JSON.stringify, on a 10,000-segment draft (5,000 photos + 5,000 captions with all their
 * materials, built in-process through the ops). Run: deno bench --allow-all bench/serialize_bench.ts
 */
import { addCaptions } from "../src/ops/captions.ts";
import { addImages } from "../src/ops/images.ts";
import { readDraft } from "../src/store/drafts.ts";
import { CaptionStyle } from "../src/schema/caption_style.ts";
import { stringifyWithFloats } from "../src/draft/serialize.ts";
import { benchWorld, portraitDraft } from "./world.ts";

const FIXTURES = new URL("../test/fixtures/", import.meta.url).pathname;
const { drafts, ctx } = benchWorld("draftcli-serialize-");
const created = await portraitDraft(drafts, "capcut", "9");
const N = 5_000;
await addImages(
  ctx,
  created.draftId,
  Array.from({ length: N }, (_, i) => ({
    imageUrl: `file://${FIXTURES}image.png`,
    start: i * 100_000,
    end: (i + 1) * 100_000,
  })),
);
await addCaptions(
  ctx,
  created.draftId,
  Array.from({ length: N }, (_, i) => ({
    text: `caption ${i}`,
    start: i * 100_000,
    end: (i + 1) * 100_000 - 1,
  })),
  CaptionStyle.parse({}),
);
const doc = await readDraft([drafts], created.draftId);
const content = doc.content;
const bytes = stringifyWithFloats(content).length;
console.log(
  `10,000-segment draft: ${(bytes / 1e6).toFixed(1)} MB of timeline JSON, ` +
    `${doc.tracks.reduce((n, t) => n + t.segments.length, 0)} segments`,
);

Deno.bench("JSON.stringify (integers as written)", { group: "timeline", baseline: true }, () => {
  JSON.stringify(content);
});
Deno.bench("stringifyWithFloats (editor float keys)", { group: "timeline" }, () => {
  stringifyWithFloats(content);
});
