/**
 * Images and videos a call builds are written from their templates (item_templates.ts): the text
 * the save writes is the text of the document's values as they are at the save.
 */
import { deepStrictEqual as equal, ok } from "node:assert/strict";
import { applyImages, planImages } from "./images.ts";
import { applyVideos, planVideos } from "./videos.ts";
import { CATALOG_VISUAL_NAMES } from "./image_names.ts";
import type { ResolvedFile } from "./media.ts";
import { saveDraft } from "../store/drafts.ts";
import { portraitDraft } from "../../test/helpers/portrait_draft.ts";
import { loadDraft } from "../store/load.ts";
import * as saveReading from "../store/save_reading.ts";
import { syncMeta } from "../store/draft_files.ts";
import { vouchAsBuilt, vouchedTemplateOf } from "../draft/item_templates.ts";
import {
  stringifyWithFloats,
  timelineFloats,
  timelinePieces,
  timelineWrite,
} from "../draft/serialize.ts";
import { writtenPieces } from "../../test/helpers/pieces.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { Edition } from "../editions/profiles.ts";
import { ImageInfo } from "../schema/media_items.ts";
import { VideoInfo } from "../schema/visual_items.ts";
import { tempDir } from "../../test/helpers/temp.ts";

/** A probed file as media resolution hands it over (`applyImages`/`applyVideos` read none). */
function file(name: string, n: number, kind: "image" | "video", hasAudio = false): ResolvedFile {
  return {
    url: `/media/${name}`,
    path: `/media/${name}`,
    materialPath: `##_draftpath_placeholder_0E685133-18CE-45ED-8CB8-2904A212EC80_##/${name}`,
    fileName: name,
    kind,
    format: kind === "image" ? "png" : name.endsWith(".gif") ? "gif" : "mp4",
    durationUs: kind === "image" ? 0 : 20_000_000 + n * 1000,
    width: 640 + n * 16,
    height: 360 + n * 9,
    hasAudio,
    hasVideo: true,
  };
}

/**
 * Adds a batch with `apply` to a fresh draft and then to it loaded again, in both editions, and
 * checks that the timeline written from the templates is the one `stringifyWithFloats` writes.
 */
async function checkWritten(
  apply: (edition: Edition, doc: DraftDocument, round: number, built: object[]) => void,
  counts: (round: number) => Record<string, number>,
): Promise<void> {
  await using tmp = await tempDir("draftcli-visual-templates-");
  for (const edition of ["jianying", "capcut"] as const) {
    const created = await portraitDraft(tmp.path, edition);
    for (const round of [0, 1]) {
      const doc = await loadDraft(created.dir, { forSave: saveReading });
      const built: object[] = [];
      apply(edition, doc, round, built);
      vouchAsBuilt(built);
      ok(vouchedTemplateOf(doc.materials("videos").at(-1)), "the last material is vouched for");
      syncMeta(doc); // numbers the render indexes, as the save does
      const written = [...timelinePieces(doc.content, timelineFloats(), doc.loaded?.content)];
      equal(written.join(""), stringifyWithFloats(doc.content, timelineFloats()), edition);
      const materials = JSON.parse(written.join("")).materials;
      for (const [list, n] of Object.entries(counts(round))) {
        equal(materials[list].length, n, `${edition} ${list}`);
      }
      await saveDraft(doc); // the next round adds to a loaded draft
    }
  }
}

/** Start and end of item `i` of round `round`: every fourth overlaps the one before. */
function times(i: number, round: number): { start: number; end: number } {
  const offset = round * 40_000_000;
  return {
    start: offset + (i % 4 === 3 ? i - 1 : i) * 1_000_000,
    end: offset + (i % 4 === 3 ? i - 0.5 : i + 1) * 1_000_000,
  };
}

Deno.test("vouched images are written as their values are at the save", async () => {
  await checkWritten((edition, doc, round, built) => {
    const byUrl = new Map<string, ResolvedFile>();
    const items = Array.from({ length: 40 }, (_, i) => {
      // one file used by most items, a few distinct ones (other sizes), some animated GIFs
      const media = i % 8 === 5
        ? file(`anim ${round} ${i}.gif`, i, "video", i % 16 === 5)
        : i % 3 === 0
        ? file(`photo "${round}" ${i} 图.png`, i, "image")
        : file(`photo ${round}.png`, 1, "image");
      byUrl.set(media.url, media);
      return ImageInfo.parse({
        imageUrl: media.url,
        ...times(i, round),
        ...(i % 5 === 1 ? { transformX: 0.25, transformY: -0.5, scaleX: 1.5 } : {}),
        ...(i % 7 === 2 ? { rotation: 30, alpha: 0.5, scaleY: 2 } : {}),
        ...(i % 6 === 4 ? { inAnimation: "渐显", outAnimation: "渐隐" } : {}),
        ...(i % 10 === 0 ? { transition: "叠化", transitionDuration: 300_000 } : {}),
      });
    });
    const plan = planImages(edition, items, "imageInfos", CATALOG_VISUAL_NAMES);
    applyImages(doc, plan, byUrl, () => {}, round ? 0.75 : undefined, undefined, built);
  }, (round) => ({
    videos: 40 * (round + 1),
    material_animations: 40 * (round + 1),
    transitions: 2 * (round + 1), // the items with a next item on their track
  }));
});

Deno.test("a save writes a large batch of one file's photo materials as bytes, as their values are", async () => {
  await using tmp = await tempDir("draftcli-visual-bytes-");
  for (const edition of ["jianying", "capcut"] as const) {
    const doc = await loadDraft((await portraitDraft(tmp.path, edition)).dir, {
      forSave: saveReading,
    });
    const media = file("photo.png", 1, "image");
    const items = Array.from(
      { length: 600 },
      (_, i) => ImageInfo.parse({ imageUrl: media.url, ...times(i, 0) }),
    );
    const plan = planImages(edition, items, "imageInfos", CATALOG_VISUAL_NAMES);
    const built: object[] = [];
    applyImages(doc, plan, new Map([[media.url, media]]), () => {}, undefined, undefined, built);
    vouchAsBuilt(built);
    syncMeta(doc);
    const { bytes, byteParts } = writtenPieces(
      timelineWrite(doc.content, timelineFloats(), undefined, { always: true }),
    );
    equal(new TextDecoder().decode(bytes), stringifyWithFloats(doc.content, timelineFloats()));
    // the photo materials after the first come from the file's template, as bytes
    ok(byteParts > 0, `${edition}: ${byteParts} pieces of bytes`);
  }
});

/**
 * Builds 40 images or videos (one file) with `apply` in a fresh draft of each edition, vouches for
 * them, then changes a member that is no hole in each segment and material without `edited`:
 * the writer takes vouched items' text from their templates, so the change must not show. (An
 * item whose template cannot be compiled, e.g. one naming a hole twice, is written as any value,
 * and the change shows.)
 */
async function checkFromTemplates(
  apply: (edition: Edition, doc: DraftDocument, built: object[]) => void,
): Promise<void> {
  await using tmp = await tempDir("draftcli-visual-from-templates-");
  for (const edition of ["jianying", "capcut"] as const) {
    const doc = await loadDraft((await portraitDraft(tmp.path, edition)).dir, {
      forSave: saveReading,
    });
    const built: object[] = [];
    apply(edition, doc, built);
    vouchAsBuilt(built);
    syncMeta(doc);
    const segments = doc.tracks.flatMap((t) => t.segments);
    equal(segments.length, 40);
    for (const s of segments) (s as Record<string, unknown>).visible = "not-a-hole";
    for (const m of doc.materials("videos")) m.category_id = "not-a-hole";
    const written = [...timelinePieces(doc.content, timelineFloats(), doc.loaded?.content)];
    equal(written.join("").includes("not-a-hole"), false, edition);
  }
}

Deno.test("vouched images are written from their templates", async () => {
  await checkFromTemplates((edition, doc, built) => {
    const media = file("photo.png", 1, "image");
    const items = Array.from(
      { length: 40 },
      (_, i) => ImageInfo.parse({ imageUrl: media.url, ...times(i, 0) }),
    );
    const plan = planImages(edition, items, "imageInfos", CATALOG_VISUAL_NAMES);
    applyImages(doc, plan, new Map([[media.url, media]]), () => {}, undefined, undefined, built);
  });
});

Deno.test("vouched videos are written from their templates", async () => {
  await checkFromTemplates((edition, doc, built) => {
    const media = file("clip.mp4", 1, "video", true);
    const items = Array.from(
      { length: 40 },
      (_, i) => VideoInfo.parse({ videoUrl: media.url, ...times(i, 0) }),
    );
    const plan = planVideos(edition, items, "videoInfos");
    applyVideos(doc, plan, new Map([[media.url, media]]), () => {}, undefined, undefined, built);
  });
});

Deno.test("vouched videos are written as their values are at the save", async () => {
  await checkWritten((edition, doc, round, built) => {
    const byUrl = new Map<string, ResolvedFile>();
    const items = Array.from({ length: 40 }, (_, i) => {
      const media = i % 3 === 0
        ? file(`clip "${round}" ${i} 视频.mp4`, i, "video", i % 2 === 0)
        : file(`clip ${round}.mp4`, 1, "video", true);
      byUrl.set(media.url, media);
      return VideoInfo.parse({
        videoUrl: media.url,
        ...times(i, round),
        ...(i % 4 === 1 ? { speed: 2, sourceStart: 1_000_000 } : {}),
        ...(i % 5 === 2 ? { volume: 0.5, speed: 0.5 } : {}),
        ...(i % 6 === 1 ? { fadeInDuration: 100_000, fadeOutDuration: 200_000 } : {}),
        ...(i % 7 === 3 ? { mask: "圆形" } : {}),
        ...(i % 5 === 1 ? { transformX: 0.25, transformY: -0.5, scaleX: 1.5 } : {}),
        ...(i % 7 === 2 ? { rotation: 30, alpha: 0.5, scaleY: 2 } : {}),
        ...(i % 6 === 4 ? { inAnimation: "渐显", outAnimation: "渐隐" } : {}),
        ...(i % 10 === 0 ? { transition: "叠化", transitionDuration: 300_000 } : {}),
      });
    });
    const plan = planVideos(edition, items, "videoInfos");
    applyVideos(doc, plan, byUrl, () => {}, round ? 0.75 : undefined, undefined, built);
  }, (round) => ({
    videos: 40 * (round + 1),
    audio_fades: 7 * (round + 1),
    transitions: 2 * (round + 1),
  }));
});
