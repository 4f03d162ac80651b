/**
 * Captions a call builds are written from their templates (item_templates.ts): the text the save
 * writes is the text of the document's values as they are at the save.
 */
import { deepStrictEqual as equal } from "node:assert/strict";
import fc from "fast-check";
import { applyCaptions, planCaptions } from "./captions.ts";
import { CATALOG_NAMES } from "./caption_names.ts";
import { CaptionStyle, type CaptionStyleInput } from "../schema/caption_style.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { Edition } from "../editions/profiles.ts";
import { saveDraft } from "../store/drafts.ts";
import { portraitDraft } from "../../test/helpers/portrait_draft.ts";
import { loadDraft } from "../store/load.ts";
import * as saveReading from "../store/save_reading.ts";
import { syncMeta } from "../store/draft_files.ts";
import { vouchAsBuilt } from "../draft/item_templates.ts";
import {
  stringifyChunks,
  stringifyWithFloats,
  timelineFloats,
  timelinePieces,
} from "../draft/serialize.ts";
import { tempDir } from "../../test/helpers/temp.ts";

/**
 * Adds `items` to `doc` as a captions call does up to its save: planned, applied, vouched for,
 * and the render indexes numbered (as the save does).
 */
function addVouched(
  doc: DraftDocument,
  edition: Edition,
  items: Parameters<typeof planCaptions>[1],
  style: CaptionStyleInput,
): void {
  const plan = planCaptions(edition, items, style, "captions", undefined, "font", CATALOG_NAMES);
  const { built } = applyCaptions(doc, plan, () => {});
  vouchAsBuilt(built);
  syncMeta(doc);
}

Deno.test("vouched captions are written as their values are at the save", async () => {
  await using tmp = await tempDir("draftcli-captions-");
  for (const edition of ["jianying", "capcut"] as const) {
    const created = await portraitDraft(tmp.path, edition);
    for (const round of [0, 1]) {
      const doc = await loadDraft(created.dir, { forSave: saveReading });
      const items = Array.from({ length: 40 }, (_, i) => ({
        text: `caption ${i} 字幕 "quoted" \\ ${round}`,
        start: i * 500_000,
        end: (i + 1) * 500_000,
        ...(i % 5 === 1 ? { fontSize: 12 } : {}),
        ...(i % 7 === 2 ? { transformY: -0.25 } : {}),
        ...(i % 6 === 3 ? { inAnimation: "渐显", outAnimation: "渐隐" } : {}),
        ...(i % 9 === 4 ? { keyword: "字幕", keywordColor: "#ff0000" } : {}),
      }));
      const style = CaptionStyle.parse({ fontSize: 9, textColor: "#ffde00", transformY: -0.8 });
      addVouched(doc, edition, items, style);
      const written = [...timelinePieces(doc.content, timelineFloats(), doc.loaded?.content)];
      equal(written.join(""), stringifyWithFloats(doc.content, timelineFloats()), edition);
      const texts = JSON.parse(written.join("")).materials.texts;
      equal(texts.length, 40 * (round + 1));
      await saveDraft(doc); // the next round adds to a loaded draft
    }
  }
});

Deno.test("vouched captions are written from their templates", async () => {
  await using tmp = await tempDir("draftcli-captions-from-templates-");
  for (const edition of ["jianying", "capcut"] as const) {
    const doc = await loadDraft((await portraitDraft(tmp.path, edition)).dir, {
      forSave: saveReading,
    });
    const items = Array.from({ length: 40 }, (_, i) => ({
      text: `caption ${i}`,
      start: i * 500_000,
      end: (i + 1) * 500_000,
      ...(i % 3 === 1 ? { inAnimation: "渐显" } : {}),
    }));
    addVouched(doc, edition, items, CaptionStyle.parse({}));
    // A member that is no hole, changed without `edited`: the template's text is written.
    for (const s of doc.tracks.flatMap((t) => t.segments)) {
      (s as Record<string, unknown>).visible = "not-a-hole";
    }
    for (const m of doc.materials("texts")) m.category_id = "not-a-hole";
    const written = [...timelinePieces(doc.content, timelineFloats(), doc.loaded?.content)];
    equal(written.join("").includes("not-a-hole"), false, edition);
  }
});

/** The first names of one text-animation catalog of `edition`. */
async function animationNames(edition: string, kind: string): Promise<string[]> {
  const url = new URL(`../catalogs/data/${edition}/${kind}.json`, import.meta.url);
  const list = JSON.parse(await Deno.readTextFile(url)) as { name: string }[];
  return list.slice(0, 3).map((e) => e.name);
}

Deno.test("any caption batch written from templates equals the general writer's text", async () => {
  await using tmp = await tempDir("draftcli-captions-prop-");
  for (const edition of ["jianying", "capcut"] as const) {
    const created = await portraitDraft(tmp.path, edition);
    const [intro, outro, loop] = await Promise.all(
      ["text_intro", "text_outro", "text_loop"].map((k) => animationNames(edition, k)),
    );
    const color = fc.constantFrom("#ff0000", "#00ffaa", "#123456");
    const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 })
      .map((s) => s.trim() ? s : "x");
    const item = fc.record({
      text: fc.oneof(text, fc.constantFrom('a "b" \\ c', "line\nbreak", "字幕 字幕")),
      inAnimation: fc.option(fc.constantFrom(...intro), { nil: undefined }),
      inAnimationDuration: fc.option(fc.integer({ min: 100_000, max: 400_000 }), {
        nil: undefined,
      }),
      outAnimation: fc.option(fc.constantFrom(...outro), { nil: undefined }),
      loopAnimation: fc.option(fc.constantFrom(...loop), { nil: undefined }),
      fontSize: fc.option(fc.constantFrom(5, 12, 7.5), { nil: undefined }),
      transformY: fc.option(fc.constantFrom(-0.25, 0, 1), { nil: undefined }),
      keyword: fc.option(fc.constantFrom("字幕", "b", "a|c"), { nil: undefined }),
      keywordColor: fc.option(color, { nil: undefined }),
      keywordFontSize: fc.option(fc.constantFrom(10, 14.5), { nil: undefined }),
    }, { requiredKeys: ["text"] }).map((it) => {
      // As JSON input gives them: no undefined members, keyword styling only with a keyword.
      const out: Record<string, unknown> = { text: it.text };
      for (const [k, v] of Object.entries(it)) if (v !== undefined) out[k] = v;
      if (!it.keyword) delete out.keywordColor, delete out.keywordFontSize;
      else if (!it.keywordColor && !it.keywordFontSize) out.keywordColor = "#ff0000";
      return out as typeof it;
    });
    const style = fc.record({
      fontSize: fc.constantFrom(6, 8, 9.5),
      bold: fc.boolean(),
      italic: fc.boolean(),
      underline: fc.boolean(),
      textColor: color,
      alpha: fc.constantFrom(0.5, 1),
      alignment: fc.constantFrom(0, 1, 2),
      transformX: fc.constantFrom(0, 0.5),
      borderColor: color,
      borderWidth: fc.constantFrom(0, 40),
      lineSpacing: fc.constantFrom(-5, 10),
      letterSpacing: fc.constantFrom(0, 3),
      backgroundColor: color,
      backgroundAlpha: fc.constantFrom(0.3, 1),
      backgroundRound: fc.constantFrom(0, 50),
      shadow: fc.boolean(),
    }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 12 }), style, async (list, s) => {
        const doc = await loadDraft(created.dir, { forSave: saveReading });
        const items = list.map((it, i) => ({
          ...it,
          start: i * 1_000_000,
          end: (i + 1) * 1_000_000,
        }));
        addVouched(doc, edition, items, CaptionStyle.parse(s));
        // the piecewise writer, which takes vouched items from their templates at any size
        const written = [...stringifyChunks(doc.content, timelineFloats(), doc.loaded?.content)];
        equal(written.join(""), stringifyWithFloats(doc.content, timelineFloats()), edition);
      }),
      { numRuns: 40 },
    );
  }
});

Deno.test("captions on a text track nothing read: after its segments they leave it unread; both ways save the same track", async () => {
  await using tmp = await tempDir("draftcli-captions-unread-");
  const { dir } = await portraitDraft(tmp.path);
  const caption = (i: number) => ({ text: `caption ${i}`, start: i * 1e6, end: (i + 1) * 1e6 });
  /** Adds captions on text track `trackIndex`; whether that track's segments stayed unread. */
  const add = async (at: string, items: number[], trackIndex?: number) => {
    const doc = await loadDraft(at, { forSave: saveReading });
    const plan = planCaptions(
      "jianying",
      items.map(caption),
      CaptionStyle.parse({}),
      "captions",
      undefined,
      "font",
      CATALOG_NAMES,
    );
    const { built } = applyCaptions(doc, plan, () => {}, trackIndex);
    vouchAsBuilt(built);
    const track = doc.tracksOf("text")[0];
    const unread = typeof Object.getOwnPropertyDescriptor(track, "segments")?.get === "function";
    await saveDraft(doc);
    return unread;
  };
  await add(dir, [0, 1, 2, 5]);
  // A copy without draftcli's record of its last save: loads parse the whole timeline.
  const copy = `${tmp.path}/copy`;
  Deno.mkdirSync(copy);
  for (const e of Deno.readDirSync(dir)) {
    if (e.isFile) Deno.copyFileSync(`${dir}/${e.name}`, `${copy}/${e.name}`);
  }
  equal([await add(dir, [6, 7], 0), await add(copy, [6, 7], 0)], [true, false]);
  // In the gap among the loaded captions: the track is read, the caption put in order.
  equal([await add(dir, [3], 0), await add(copy, [3], 0)], [false, false]);
  /** Each track's kind and its segments' times and render indexes, and the duration. */
  const shape = (at: string) => {
    const t = JSON.parse(Deno.readTextFileSync(`${at}/draft_content.json`));
    return [
      t.duration,
      t.tracks.map((track: { type: string; segments: Record<string, unknown>[] }) => [
        track.type,
        track.segments.map((s) => [
          (s.target_timerange as { start: number }).start,
          s.track_render_index,
          s.render_index,
        ]),
      ]),
    ];
  };
  equal(shape(dir), shape(copy));
  equal((shape(dir)[1] as [string, number[][]][])[0][1].map(([start]) => start / 1e6), [
    0,
    1,
    2,
    3,
    5,
    6,
    7,
  ]);
});
