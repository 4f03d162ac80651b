/**
 * Cost of writing a timeline with the editors' float spelling (src/draft/serialize.ts) against
 * plain JSON.stringify, on a 10,000-segment draft (5,000 photos + 5,000 captions with all their
 * materials, built in-process through the ops), and on the timeline of one 1,000-caption
 * `captions add` and one 1,000-image `images add` (one PNG) as their saves write them (items
 * written from their templates, item_templates.ts).
 * Run: deno bench --allow-all bench/serialize_bench.ts
 */
import { addCaptions, applyCaptions, captionNames, planCaptions } from "../src/ops/captions.ts";
import { addImages, applyImages, planImages } from "../src/ops/images.ts";
import { visualNames } from "../src/ops/visual_names.ts";
import { ImageInfo } from "../src/schema/media_items.ts";
import { readDraft } from "../src/store/drafts.ts";
import { CaptionStyle } from "../src/schema/caption_style.ts";
import { stringifyWithFloats, timelineFloats, timelinePieces } from "../src/draft/serialize.ts";
import { vouchAsBuilt } from "../src/draft/item_templates.ts";
import { loadDraft } from "../src/store/load.ts";
import * as saveReading from "../src/store/save_reading.ts";
import { syncMeta } from "../src/store/draft_files.ts";
import { benchWorld, captions, pngFile, portraitDraft } from "./world.ts";

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

// One 1,000-caption add to an empty draft, as `captions add` builds it before its save.
const empty = await portraitDraft(drafts, "jianying");
const fresh = await loadDraft(empty.dir, { forSave: saveReading });
const batch = captions(1000, 0);
const style = CaptionStyle.parse({});
const plan = planCaptions(
  fresh.edition,
  batch,
  style,
  "captions",
  undefined,
  "font",
  await captionNames(batch, style),
);
vouchAsBuilt(applyCaptions(fresh, plan, () => {}).built);
syncMeta(fresh);

Deno.bench(
  "JSON.stringify (integers as written)",
  { group: "1,000-caption add", baseline: true },
  () => {
    JSON.stringify(fresh.content);
  },
);
Deno.bench("stringifyWithFloats (one string)", { group: "1,000-caption add" }, () => {
  stringifyWithFloats(fresh.content);
});
Deno.bench("timelinePieces (as the save writes it)", { group: "1,000-caption add" }, () => {
  for (
    const _ of timelinePieces(fresh.content, timelineFloats(), fresh.loaded?.content)
  ) { /* drained */ }
});

// One 1,000-image add (one PNG) to an empty draft, as `images add` builds it before its save.
const photos = await loadDraft((await portraitDraft(drafts, "jianying")).dir, {
  forSave: saveReading,
});
const png = pngFile(`${FIXTURES}image.png`);
const pictures = Array.from(
  { length: 1000 },
  (_, i) => ImageInfo.parse({ imageUrl: png.url, start: i * 100_000, end: (i + 1) * 100_000 }),
);
const built: object[] = [];
applyImages(
  photos,
  planImages(photos.edition, pictures, "imageInfos", await visualNames(pictures)),
  new Map([[png.url, png]]),
  () => {},
  undefined,
  undefined,
  built,
);
vouchAsBuilt(built);
syncMeta(photos);

Deno.bench(
  "JSON.stringify (integers as written)",
  { group: "1,000-image add", baseline: true },
  () => {
    JSON.stringify(photos.content);
  },
);
Deno.bench("stringifyWithFloats (one string)", { group: "1,000-image add" }, () => {
  stringifyWithFloats(photos.content);
});
Deno.bench("timelinePieces (as the save writes it)", { group: "1,000-image add" }, () => {
  for (
    const _ of timelinePieces(photos.content, timelineFloats(), photos.loaded?.content)
  ) { /* drained */ }
});
