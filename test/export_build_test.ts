/**
 * `draft export` prints what `build` takes: `draft export ID > s.json; build @s.json` works as
 * written; what the editor allows and build refuses is exported in a form build takes and listed
 * under `_export.adjusted`; compound clips are declared, never exported as a media URL; build
 * lists every problem at once, missing media included.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { cp } from "node:fs/promises";
import { fileUrl, fixture, runInProcess, tempWorld } from "./helpers/cli.ts";
import { everyKindSpec } from "./helpers/build_spec.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** Builds `spec` and returns the draft's id, folder and content. */
async function built(env: Record<string, string>, spec: Json) {
  const r = await runInProcess(["build", JSON.stringify(spec)], { env });
  assertEquals(r.code, 0, r.stderr);
  const out = r.json as Json;
  const file = `${out.filePath}/draft_content.json`;
  return { id: out.draftId as string, file, content: JSON.parse(await Deno.readTextFile(file)) };
}

/** Exports a draft into a file, as `draft export ID > file` does. */
async function exportTo(env: Record<string, string>, id: string, file: string): Promise<Json> {
  const r = await runInProcess(["draft", "export", id], { env });
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
    const again = await runInProcess(["build", `@${w.root}/s.json`], { env: w.env });
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
    const again = await runInProcess(["build", `@${w.root}/s.json`], { env: w.env });
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
    const r = await runInProcess([
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
    const r = await runInProcess([
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

/** Exports one editor draft of test/fixtures/corpus (copied into a test world). */
async function exportCorpus(
  name: string,
): Promise<{ out: Json; dir: string; cleanup(): Promise<void> }> {
  const w = await tempWorld();
  const dir = `${w.draftsDir}/${name}`;
  await cp(fixture(`corpus/${name}`), dir, { recursive: true });
  const r = await runInProcess(["draft", "export", name], { env: w.env });
  assertEquals(r.code, 0, r.stderr);
  return { out: r.json as Json, dir, cleanup: w.cleanup };
}

/** Every item of a spec that makes a segment, with its list. */
function segmentItems(spec: Json): Json[] {
  return ["images", "videos", "audios", "stickers", "effects", "filters", "captions"]
    .flatMap((k) => (spec[k] ?? []).map((x: Json) => ({ ...x, list: k })))
    .concat((spec.captionTracks ?? []).flatMap((t: Json) => t.captions));
}

Deno.test("draft export (CapCut 1.5): overlap transitions become transitions on one main track", async () => {
  const e = await exportCorpus("capcut1.5-win-overlap-transitions");
  try {
    const main = segmentItems(e.out).filter((x) =>
      (x.list === "videos" || x.list === "images") && x.trackIndex === 0
    ).sort((a, b) => a.start - b.start);
    assertEquals(main.length, 33);
    // Contiguous from 0: each clip ends where the next begins.
    main.forEach((x, i) => assertEquals(x.start, i ? main[i - 1].end : 0));
    const withTransition = main.filter((x) => x.transition);
    assertEquals(withTransition.length, 9);
    const overlaps = (e.out._export.adjusted as Json[]).filter((a) => /overlap/.test(a.why));
    assertEquals(overlaps.length, withTransition.length);
    assertEquals(e.out.tracks.map((t: Json) => t.type).slice(0, 6), Array(6).fill("video"));
  } finally {
    await e.cleanup();
  }
});

Deno.test("draft export (JianYing 5.4): compound clips declared, canvas ratio and audio types kept", async () => {
  const e = await exportCorpus("jianying5.4-mac-compound");
  try {
    const c = JSON.parse(await Deno.readTextFile(`${e.dir}/draft_info.json`));
    const compoundIds = (c.tracks as Json[]).flatMap((t) => t.segments as Json[])
      .filter((s) =>
        (s.extra_material_refs as string[]).some((id) =>
          (c.materials.drafts as Json[]).some((d) => d.id === id)
        )
      ).map((s) => s.id).sort();
    assertEquals(compoundIds.length, 3);
    const declared = (e.out._export.unsupported as Json[]).find((u) => /compound/.test(u.kind));
    assertEquals([...declared?.ids ?? []].sort(), compoundIds);
    const text = JSON.stringify(e.out);
    const folder = fileUrl(e.dir);
    assert(
      !text.includes(`"${folder}"`) && !text.includes(`"${folder}/"`),
      "an item plays the folder",
    );
    assertEquals(e.out.draft.ratio, "9:16");
    const types = new Set((e.out.audios as Json[]).map((a) => a.audioType ?? "extract_music"));
    assertEquals([...types].sort(), ["music", "sound"]);
  } finally {
    await e.cleanup();
  }
});

Deno.test("draft export (CapCut 3.8): markers are kept", async () => {
  const e = await exportCorpus("capcut3.8-win-keyframes");
  try {
    assertEquals(e.out.markers, [
      { start: 866666, title: "Marker 01" },
      { start: 279400000, title: "Marker 02" },
    ]);
  } finally {
    await e.cleanup();
  }
});

Deno.test("build: tracks are made in the spec's order and trackIndex places each item", async () => {
  const w = await tempWorld();
  try {
    const image = fileUrl(fixture("image.png"));
    const spec = {
      draft: { name: "layout", editor: "capcut", ratio: "9:16" },
      tracks: [{ type: "video" }, { type: "text" }, { type: "video" }, { type: "audio" }],
      images: [
        { imageUrl: image, start: 0, end: 1_000_000, trackIndex: 0 },
        { imageUrl: image, start: 0, end: 1_000_000, trackIndex: 1 },
      ],
      audios: [{
        audioUrl: fileUrl(fixture("audio.wav")),
        start: 0,
        end: 1_000_000,
        audioType: "music",
        trackIndex: 0,
      }],
      captions: [{ text: "above the first video", start: 0, end: 1_000_000 }],
      captionsTrackIndex: 0,
      markers: [{ start: 500_000, title: "half" }],
    };
    const { content } = await built(w.env, spec);
    assertEquals(content.tracks.map((t: Json) => [t.type, t.segments.length]), [
      ["video", 1],
      ["text", 1],
      ["video", 1],
      ["audio", 1],
    ]);
    assertEquals(content.canvas_config.ratio, "9:16");
    assertEquals(content.materials.audios[0].type, "music");
    assertEquals(
      content.time_marks.mark_items.map((m: Json) => [m.time_range.start, m.title]),
      [[500_000, "half"]],
    );
    // Two items on one track that overlap: an error naming the item.
    const bad = await runInProcess([
      "build",
      JSON.stringify({ ...spec, images: spec.images.map((i) => ({ ...i, trackIndex: 0 })) }),
    ], { env: w.env });
    assertEquals(bad.code, 2, bad.stderr);
    assert(/images\[1\]\.trackIndex/.test(bad.stderr), bad.stderr);
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft export: a video's audio fades come back", async () => {
  const w = await tempWorld();
  try {
    const first = await built(w.env, {
      draft: { name: "fades", editor: "jianying" },
      videos: [{
        videoUrl: fileUrl(fixture("video.mp4")),
        start: 0,
        end: 1_000_000,
        fadeInDuration: 200_000,
        fadeOutDuration: 300_000,
      }],
    });
    const out = await exportTo(w.env, first.id, `${w.root}/s.json`);
    assertEquals([out.videos[0].fadeInDuration, out.videos[0].fadeOutDuration], [200_000, 300_000]);
    assertEquals(out._export.unsupported, []);
  } finally {
    await w.cleanup();
  }
});

Deno.test("build lists every file that is not media at once", async () => {
  const w = await tempWorld();
  try {
    const bad = `${w.root}/fake.txt`;
    await Deno.writeTextFile(bad, "not an image");
    const bad2 = `${w.root}/fake2.txt`;
    await Deno.writeTextFile(bad2, "not an image either");
    const r = await runInProcess([
      "build",
      JSON.stringify({
        draft: { name: "not media", editor: "jianying" },
        images: [
          { imageUrl: fileUrl(bad), start: 0, end: 1_000_000 },
          { imageUrl: fileUrl(bad2), start: 1_000_000, end: 2_000_000 },
        ],
      }),
    ], { env: w.env });
    assert(r.code !== 0, r.stdout);
    const body = (r.json ?? JSON.parse(r.stderr)) as Json;
    const problems = (body.problems ?? body.error?.problems) as Json[];
    assert(Array.isArray(problems), r.stdout + r.stderr);
    assertEquals(problems.map((p) => p.path).sort(), ["images[0].imageUrl", "images[1].imageUrl"]);
  } finally {
    await w.cleanup();
  }
});
