/** `draft fill`: a copy of an editor-made draft with exactly the named text and media replaced. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { cp } from "node:fs/promises";
import { fixture, runCli, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { jsonDiff as diff } from "./helpers/json_diff.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const SAMPLE = new URL("./fixtures/real-drafts/capcut7.9-base/", import.meta.url).pathname;

Deno.test("draft fill: replaces exactly the named text and media in a copy; the source is untouched", async () => {
  const w = await tempWorld();
  try {
    await cp(SAMPLE, `${w.draftsDir}/sample`, { recursive: true });
    const before = await snapshotDir(`${w.draftsDir}/sample`);
    const source = JSON.parse(await Deno.readTextFile(`${SAMPLE}draft_content.json`));
    const old = "Mehribon va rahmli \nAllohning nomi bilan boshlayman";
    const r = await runCli([
      "draft",
      "fill",
      "sample",
      "--name",
      "Filled",
      "--texts",
      JSON.stringify({ [old]: "Hello 世界" }),
      "--media",
      JSON.stringify({ "BG.png": fixture("image.png") }),
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const out = r.json as Json;
    assertEquals(out.replaced, { texts: 1, media: 1 });
    assertEquals(await snapshotDir(`${w.draftsDir}/sample`), before);

    const filled = JSON.parse(await Deno.readTextFile(`${out.filePath}/draft_content.json`));
    const textIndex = source.materials.texts.findIndex((t: Json) =>
      JSON.parse(t.content).text === old
    );
    const changed = diff(source, filled).filter((p) => !/^\/(update_time|modified_time)$/.test(p));
    const allowed = new RegExp(
      `^/materials/(texts/${textIndex}/content|videos/0/(path|material_name|width|height|local_material_id))$`,
    );
    assertEquals(changed.filter((p) => !allowed.test(p)), []);
    assert(changed.includes(`/materials/texts/${textIndex}/content`), changed.join());
    const content = JSON.parse(filled.materials.texts[textIndex].content);
    assertEquals(content.text, "Hello 世界");
    const style = JSON.parse(source.materials.texts[textIndex].content).styles[0];
    assertEquals(content.styles, [{ ...style, range: [0, "Hello 世界".length] }]);
    assertEquals(filled.materials.videos[0].width, 64);

    const v = await runCli(["draft", "validate", out.draftId], { env: w.env });
    assert(
      !(v.json as Json).errors?.some((e: Json) => /media|missing/i.test(e.code ?? "")),
      v.stdout,
    );
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft fill: keys that match nothing are all reported with what would match; no copy", async () => {
  const w = await tempWorld();
  try {
    await cp(SAMPLE, `${w.draftsDir}/sample`, { recursive: true });
    const before = await snapshotDir(w.draftsDir);
    const r = await runCli([
      "draft",
      "fill",
      "sample",
      "--texts",
      JSON.stringify({ "no such text": "x" }),
      "--media",
      JSON.stringify({ "nothing.png": fixture("image.png") }),
    ], { env: w.env });
    assertEquals(r.code, 2, r.stderr);
    assertEquals(r.stdout, "");
    const problems = r.error!.problems as Json[];
    assertEquals(problems.map((p) => p.path), ["texts.no such text", "media.nothing.png"]);
    assert(problems[1].hint.includes("BG.png"), problems[1].hint);
    assertEquals(await snapshotDir(w.draftsDir), before);

    const lenient = await runCli([
      "draft",
      "fill",
      "sample",
      "--allow-missing",
      "--texts",
      JSON.stringify({ "no such text": "x" }),
    ], { env: w.env });
    assertEquals(lenient.code, 0, lenient.stderr);
    assert(lenient.stderr.includes("matches nothing"), lenient.stderr);
    assertEquals((lenient.json as Json).replaced, { texts: 0, media: 0 });
  } finally {
    await w.cleanup();
  }
});
