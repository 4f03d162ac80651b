/**
 * Captions a call builds are written from their templates (item_templates.ts): the text the save
 * writes is the text of the document's values as they are at the save.
 */
import { deepStrictEqual as equal } from "node:assert/strict";
import { applyCaptions, planCaptions } from "./captions.ts";
import { CATALOG_NAMES } from "./caption_names.ts";
import { CaptionStyle } from "../schema/caption_style.ts";
import { createDraft, saveDraft } from "../store/drafts.ts";
import { loadDraft } from "../store/load.ts";
import { syncMeta } from "../store/draft_files.ts";
import { vouchAsBuilt } from "../draft/item_templates.ts";
import { stringifyWithFloats, TIMELINE_FLOATS, timelinePieces } from "../draft/serialize.ts";
import { findProfile } from "../editions/profiles.ts";
import { tempDir } from "../../test/helpers/temp.ts";

Deno.test("vouched captions are written as their values are at the save", async () => {
  await using tmp = await tempDir("draftcli-captions-");
  for (const edition of ["jianying", "capcut"] as const) {
    const created = await createDraft({
      root: tmp.path,
      width: 1080,
      height: 1920,
      fps: 30,
      edition,
      profile: findProfile(edition),
      os: "linux",
    });
    for (const round of [0, 1]) {
      const doc = await loadDraft(created.dir, { forSave: true });
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
      const plan = planCaptions(
        edition,
        items,
        style,
        "captions",
        undefined,
        "font",
        CATALOG_NAMES,
      );
      const { built } = applyCaptions(doc, plan, () => {});
      vouchAsBuilt(built);
      syncMeta(doc); // numbers the render indexes, as the save does
      const written = [...timelinePieces(doc.content, TIMELINE_FLOATS, doc.loaded?.content)];
      equal(written.join(""), stringifyWithFloats(doc.content, TIMELINE_FLOATS), edition);
      const texts = JSON.parse(written.join("")).materials.texts;
      equal(texts.length, 40 * (round + 1));
      await saveDraft(doc); // the next round adds to a loaded draft
    }
  }
});
