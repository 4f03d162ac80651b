/**
 * The preview draws the captions of real drafts that store them as markup: CapCut 2.1 (text in
 * brackets, `<font …><size=…>[text]`) and JianYing 3.3 (text bare between the tags).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { planPreview } from "../src/preview/plan.ts";
import { textRuns } from "../src/draft/text_runs.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const corpus = (path: string): Json =>
  JSON.parse(Deno.readTextFileSync(new URL(`./fixtures/corpus/${path}`, import.meta.url)));

for (
  const path of [
    "capcut2.1-win-markup-captions/draft_content.json",
    "jianying3.3-win-captions/draft_content.json",
  ]
) {
  Deno.test(`preview plan of ${path.split("/")[0]}: every markup caption is drawn with its text`, () => {
    const content = corpus(path);
    const texts = content.materials.texts as Json[];
    assert(texts.length > 100 && texts.every((m) => String(m.content).startsWith("<")));
    const plan = planPreview(content, "/nowhere");
    const segments = content.tracks.filter((t: Json) => t.type === "text")
      .flatMap((t: Json) => t.segments);
    assertEquals(plan.captions.length, segments.length);
    for (const c of plan.captions) {
      assert(c.text.trim() !== "" && !c.text.includes("<"), c.text);
      assert(c.size > 0, `${c.segmentId} size ${c.size}`);
    }
    const first = texts.find((m) => m.id === segments[0].material_id);
    assertEquals(
      plan.captions.find((c) => c.segmentId === segments[0].id)!.text,
      textRuns(first).text,
    );
    assert(!plan.approximated.some((a) => a.includes("not drawn")), plan.approximated.join("; "));
  });
}
