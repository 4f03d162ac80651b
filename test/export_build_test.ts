/**
 * `draft export` prints what `build` takes: `draft export ID > s.json; build @s.json` works as
 * written; what the editor allows and build refuses is exported in a form build takes and listed
 * under `_export.adjusted`; compound clips are declared, never exported as a media URL; build
 * lists every problem at once, missing media included.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, tempWorld } from "./helpers/cli.ts";
import { everyKindSpec } from "./helpers/build_spec.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** Builds `spec` and returns the draft's id, folder and content. */
async function built(env: Record<string, string>, spec: Json) {
  const r = await runCli(["build", JSON.stringify(spec)], { env });
  assertEquals(r.code, 0, r.stderr);
  const out = r.json as Json;
  const file = `${out.filePath}/draft_content.json`;
  return { id: out.draftId as string, file, content: JSON.parse(await Deno.readTextFile(file)) };
}

/** Exports a draft into a file, as `draft export ID > file` does. */
async function exportTo(env: Record<string, string>, id: string, file: string): Promise<Json> {
  const r = await runCli(["draft", "export", id], { env });
  assertEquals(r.code, 0, r.stderr);
  await Deno.writeTextFile(file, r.stdout);
  return r.json as Json;
}

Deno.test("draft export ID > s.json; build @s.json works as written", async () => {
  const w = await tempWorld();
  try {
    const first = await built(w.env, everyKindSpec());
    const out = await exportTo(w.env, first.id, `${w.root}/s.json`);
    assertEquals(out._export.draftId, first.id);
    assertEquals(out._export.unsupported, []);
    assertEquals(out._export.adjusted, []);
    assert(Array.isArray(out.images) && out.images.length === 2, "items at top level");
    const again = await runCli(["build", `@${w.root}/s.json`], { env: w.env });
    assertEquals(again.code, 0, again.stderr);
    assert((again.json as Json).draftId !== first.id);
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft export: values build refuses are adjusted and listed; the spec builds", async () => {
  const w = await tempWorld();
  try {
    const first = await built(w.env, {
      draft: { name: "odd", editor: "capcut" },
      images: [{
        imageUrl: fileUrl(fixture("image.png")),
        start: 0,
        end: 2_000_000,
        inAnimation: "Fade In",
      }],
      audios: [{
        audioUrl: fileUrl(fixture("audio.wav")),
        start: 0,
        end: 1_000_000,
        fadeInDuration: 300_000,
        fadeOutDuration: 300_000,
      }],
    });
    // What the editor accepts: a negative animation length, fades longer than their item.
    const c = first.content;
    for (const m of c.materials.material_animations) {
      for (const a of m.animations) a.duration = -500_000;
    }
    for (const f of c.materials.audio_fades) {
      f.fade_in_duration = 800_000;
      f.fade_out_duration = 700_000;
    }
    await Deno.writeTextFile(first.file, JSON.stringify(c));
    const out = await exportTo(w.env, first.id, `${w.root}/s.json`);
    const adjusted = out._export.adjusted as Json[];
    assertEquals(
      adjusted.map((a) => [a.path, a.from, a.to]),
      [
        ["images[0].inAnimationDuration", -500_000, null],
        ["audios[0].fadeOutDuration", 700_000, 200_000],
      ],
    );
    assert(adjusted.every((a) => typeof a.why === "string" && a.why.length > 0));
    assertEquals(out.images[0].inAnimationDuration, undefined);
    assertEquals(out.audios[0].fadeInDuration + out.audios[0].fadeOutDuration, 1_000_000);
    const again = await runCli(["build", `@${w.root}/s.json`], { env: w.env });
    assertEquals(again.code, 0, again.stderr);
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft export: a compound clip is declared with its id, never a media URL", async () => {
  const w = await tempWorld();
  try {
    const first = await built(w.env, {
      draft: { name: "compound", editor: "jianying" },
      images: [
        { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 },
        { imageUrl: fileUrl(fixture("image.jpg")), start: 1_000_000, end: 2_000_000 },
      ],
    });
    // The second clip becomes a compound clip as JianYing stores one: a video material without
    // a file of its own and a nested draft in materials.drafts among its extra refs.
    const c = first.content;
    const seg = c.tracks[0].segments[1];
    const video = c.materials.videos.find((m: Json) => m.id === seg.material_id);
    video.type = "video";
    video.path = "";
    (c.materials.drafts ??= []).push({
      id: "D0000000-0000-0000-0000-000000000001",
      type: "combination",
      draft: { tracks: [{ type: "video", segments: [] }], materials: {} },
    });
    seg.extra_material_refs.push("D0000000-0000-0000-0000-000000000001");
    await Deno.writeTextFile(first.file, JSON.stringify(c));
    const out = await exportTo(w.env, first.id, `${w.root}/s.json`);
    const text = JSON.stringify(out);
    const folder = fileUrl(first.file.replace(/\/draft_content\.json$/, ""));
    assert(!text.includes(`"${folder}"`) && !text.includes(`"${folder}/"`), text);
    assertEquals(out.videos, undefined);
    assertEquals(out.images.length, 1);
    const compound = (out._export.unsupported as Json[]).find((u) => /compound/.test(u.kind));
    assertEquals(compound?.scope, "item");
    assertEquals(compound?.ids, [seg.id]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("build: a font file that is not on this machine is kept, with a warning", async () => {
  const w = await tempWorld();
  try {
    const font = "C:/Windows/Fonts/NotHereAnywhere.ttf";
    const r = await runCli([
      "build",
      JSON.stringify({
        draft: { name: "font", editor: "capcut" },
        captions: [{ text: "hi", start: 0, end: 1_000_000 }],
        captionOptions: { font },
      }),
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    assert(r.stderr.includes("NotHereAnywhere.ttf"), r.stderr);
    const c = JSON.parse(
      await Deno.readTextFile(`${(r.json as Json).filePath}/draft_content.json`),
    );
    assertEquals(c.materials.texts[0].font_path, font);
  } finally {
    await w.cleanup();
  }
});

Deno.test("build lists every problem at once: schema, names and missing media", async () => {
  const w = await tempWorld();
  try {
    const r = await runCli([
      "build",
      JSON.stringify({
        draft: { name: "faults", editor: "jianying" },
        images: [
          { imageUrl: `file://${w.root}/missing-a.png`, start: 0, end: 1_000_000 },
          { imageUrl: `file://${w.root}/missing-b.png`, start: 1_000_000, end: 2_000_000 },
        ],
        audios: [{ audioUrl: fileUrl(fixture("audio.wav")), start: 5, end: 1 }],
        captions: [{ text: "x", start: 0, end: 1_000_000, inAnimation: "no such animation" }],
      }),
    ], { env: w.env });
    assertEquals(r.code, 2, r.stderr);
    const problems = ((r.json ?? JSON.parse(r.stderr)) as Json).problems ??
      (JSON.parse(r.stderr) as Json).error?.problems;
    assert(Array.isArray(problems), r.stdout + r.stderr);
    const paths = (problems as Json[]).map((p) => p.path).sort();
    assertEquals(paths, [
      "audios[0].end",
      "captions[0].inAnimation",
      "images[0].imageUrl",
      "images[1].imageUrl",
    ]);
    assertEquals(
      (problems as Json[]).filter((p) => p.code === "media_not_found").length,
      2,
      JSON.stringify(problems),
    );
  } finally {
    await w.cleanup();
  }
});
