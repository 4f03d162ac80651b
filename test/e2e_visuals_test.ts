/** In-process (runInProcess): videos, effects, filters, stickers, masks, and image exit/combo animations. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runInProcess, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

async function content(dir: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
}

function segmentById(c: Json, id: string): Json {
  return c.tracks.flatMap((t: Json) => t.segments).find((s: Json) => s.id === id);
}

function trackOf(c: Json, segmentId: string): Json {
  return c.tracks.find((t: Json) => t.segments.some((s: Json) => s.id === segmentId));
}

function refsIn(c: Json, list: string, seg: Json): Json[] {
  return (c.materials[list] as Json[]).filter((m) => seg.extra_material_refs.includes(m.id));
}

async function ok(args: string[], env: Record<string, string>) {
  const r = await runInProcess(args, { env });
  assertEquals(r.code, 0, r.stderr);
  return r;
}

async function newDraft(env: Record<string, string>, editor = "jianying") {
  const r = await ok(["draft", "create", "--editor", editor], env);
  return r.json as { draftId: string; filePath: string };
}

Deno.test("videos add: trims, speed, placement, fades, animations, transition, mask; videos list", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env);
    const infos = [
      {
        // 0.5 s of timeline from 0.25 s into the file, with sound fades and an entrance
        videoUrl: fileUrl(fixture("video.mp4")),
        start: 0,
        end: 500_000,
        sourceStart: 250_000,
        volume: 0.4,
        fadeInDuration: 100_000,
        fadeOutDuration: 200_000,
        inAnimation: "渐显",
        outAnimation: "渐隐",
        transition: "叠化",
        transitionDuration: 200_000,
        width: 1920, // wrong on purpose: the file wins
      },
      {
        // speed 2: 0.5 s on the timeline uses the whole 1 s file
        videoUrl: fileUrl(fixture("video_noaudio.mp4")),
        start: 500_000,
        end: 1_000_000,
        speed: 2,
        mask: "circle",
        transformX: 0.25,
        scaleX: 0.5,
      },
      {
        // animated GIF after a gap: a video material on an overlay track
        videoUrl: fileUrl(fixture("anim.gif")),
        start: 2_000_000,
        end: 2_800_000,
        loopAnimation: "fade",
      },
    ];
    // "fade" is not a combo animation name: refused before anything is written
    const refused = await runInProcess(
      ["videos", "add", draftId, "--video-infos", JSON.stringify(infos)],
      { env: w.env },
    );
    assertEquals(refused.code, 2);
    assertEquals(refused.error?.path, "videoInfos[2].loopAnimation");
    delete (infos[2] as Json).loopAnimation;

    const r = await ok(
      ["videos", "add", draftId, "--video-infos", JSON.stringify(infos), "--alpha", "0.8"],
      w.env,
    );
    assert(r.stderr.includes("width 1920 differs from the file (96)"), r.stderr);
    assert(!r.stderr.includes("ignore masks"), "JianYing 5.x shows masks: no warning");
    const items = (r.json as Json).items as Json[];
    assertEquals(items.map((i) => [i.start, i.end, i.trackIndex]), [
      [0, 500_000, 0],
      [500_000, 1_000_000, 0],
      [2_000_000, 2_800_000, 1],
    ]);
    assertEquals(items.map((i) => [i.width, i.height, i.hasAudio]), [
      [96, 54, true],
      [112, 64, false],
      [48, 32, false],
    ]);

    const c = await content(filePath);
    const [s1, s2, s3] = items.map((i) => segmentById(c, i.segmentId));
    assertEquals(s1.source_timerange, { duration: 500_000, start: 250_000 });
    assertEquals(s2.source_timerange, { duration: 1_000_000, start: 0 });
    assertEquals(s2.speed, 2);
    assertEquals(refsIn(c, "speeds", s2)[0].speed, 2);
    assertEquals(s1.volume, 0.4);
    assertEquals([s1.clip.alpha, s2.clip.alpha], [0.8, 0.8]);
    assertEquals(s2.clip.transform, { x: 0.25, y: 0 });
    assertEquals(s2.clip.scale, { x: 0.5, y: 0.5 });
    const mats = new Map((c.materials.videos as Json[]).map((m) => [m.id, m]));
    const gif = mats.get(s3.material_id)!;
    assertEquals([gif.type, gif.duration, gif.has_audio], ["video", 800_000, false]);
    assertEquals(mats.get(s1.material_id)!.has_audio, true);
    // fades
    const fade = refsIn(c, "audio_fades", s1)[0];
    assertEquals([fade.fade_in_duration, fade.fade_out_duration], [100_000, 200_000]);
    // in at 0, out at the end
    const anims = refsIn(c, "material_animations", s1)[0].animations as Json[];
    assertEquals(anims.map((a) => [a.type, a.start + a.duration <= 500_000]), [
      ["in", true],
      ["out", true],
    ]);
    assertEquals(anims[1].start + anims[1].duration, 500_000);
    // transition on the left clip
    const tr = refsIn(c, "transitions", s1)[0];
    assertEquals([tr.resource_id, tr.duration], ["6724845717472416269", 200_000]);
    // mask: JianYing list, circle keeps its shape on a 112×64 clip
    assertEquals("common_mask" in c.materials, false);
    const mask = refsIn(c, "masks", s2)[0];
    assertEquals([mask.type, mask.resource_type, mask.name], ["mask", "circle", "圆形"]);
    assertEquals(mask.config.height, 0.5);
    assert(Math.abs(mask.config.width * 112 - mask.config.height * 64) < 1e-9);

    // a photo next to them: videos list shows clips only, images list photos only
    await ok([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{
        imageUrl: fileUrl(fixture("image.png")),
        start: 1_000_000,
        end: 2_000_000,
      }]),
    ], w.env);
    const vl = (await ok(["videos", "list", draftId], w.env)).json as Json[];
    assertEquals(vl.map((v) => v.segmentId), items.map((i) => i.segmentId));
    assertEquals(vl.map((v) => [v.sourceStart, v.speed]), [[250_000, 1], [0, 2], [0, 1]]);
    assertEquals(vl[1].mask, "圆形");
    assertEquals(vl[0].volume, 0.4);
    const il = (await ok(["images", "list", draftId], w.env)).json as Json[];
    assertEquals(il.length, 1);
    // the photo continues the main track (contiguous 0..2 s); the GIF stays on the overlay
    const c2 = await content(filePath);
    const main = c2.tracks.find((t: Json) => t.type === "video");
    assertEquals(main.segments.length, 3);
  } finally {
    await w.cleanup();
  }
});

Deno.test("videos add on CapCut: mask in common_mask; end within a frame of the file is trimmed", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env, "capcut");
    const r = await ok([
      "videos",
      "add",
      draftId,
      "--video-infos",
      JSON.stringify([{
        videoUrl: fileUrl(fixture("video.mp4")),
        start: 0,
        end: 1_020_000, // grid 1 033 333 µs; file 1 000 000 µs: one frame over at most
        mask: "矩形",
      }]),
    ], w.env);
    const item = ((r.json as Json).items as Json[])[0];
    const c = await content(filePath);
    const seg = segmentById(c, item.segmentId);
    assertEquals(seg.target_timerange.duration, 1_000_000);
    assertEquals(seg.source_timerange.duration, 1_000_000);
    assertEquals("masks" in c.materials, false);
    assertEquals(refsIn(c, "common_mask", seg)[0].resource_type, "rectangle");
  } finally {
    await w.cleanup();
  }
});

Deno.test("effects add: effect tracks like the editor (overlaps → new track), params, clip-attached", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env);
    const v = await ok([
      "videos",
      "add",
      draftId,
      "--video-infos",
      JSON.stringify([{ videoUrl: fileUrl(fixture("video.mp4")), start: 0, end: 1_000_000 }]),
    ], w.env);
    const clipId = ((v.json as Json).items as Json[])[0].segmentId;
    const r = await ok([
      "effects",
      "add",
      draftId,
      "--effect-infos",
      JSON.stringify([
        { effectTitle: "70s", start: 0, end: 2_000_000, params: { speed: 50 } },
        // overlaps the first: its own track
        { effectTitle: "银杏飘落", start: 1_000_000, end: 3_000_000 },
        // after the first: shares its track
        { effectId: "6981791065204331044", start: 2_000_000, end: 3_000_000 },
        // name in both categories: category picks the character one
        { effectTitle: "梦境", category: "character", segmentId: clipId },
        { effectTitle: "1998", segmentId: clipId, params: { effects_adjust_filter: 25 } },
      ]),
    ], w.env);
    const items = (r.json as Json).items as Json[];
    assertEquals(items.map((i) => [i.applyTo, i.trackIndex]), [
      ["track", 0],
      ["track", 1],
      ["track", 0],
      ["segment", 0],
      ["segment", 0],
    ]);
    assertEquals(items[2].name, "1998");
    assertEquals(items[0].params, { speed: 50 });
    const c = await content(filePath);
    const effectTracks = c.tracks.filter((t: Json) => t.type === "effect");
    assertEquals(effectTracks.map((t: Json) => t.segments.length), [2, 1]);
    // editor order: video tracks, then effect tracks
    assertEquals(c.tracks.map((t: Json) => t.type), ["video", "effect", "effect"]);
    const byId = new Map((c.materials.video_effects as Json[]).map((m) => [m.id, m]));
    const s0 = segmentById(c, items[0].segmentId);
    assertEquals([s0.source_timerange, s0.extra_material_refs, s0.render_index], [null, [], 11000]);
    assertEquals(segmentById(c, items[1].segmentId).render_index, 11001);
    const m0 = byId.get(s0.material_id)!;
    assertEquals([m0.type, m0.apply_target_type, m0.resource_id], [
      "video_effect",
      2,
      "6706773500792689165",
    ]);
    assertEquals(m0.adjust_params, [{
      default_value: 0.33,
      name: "effects_adjust_speed",
      value: 0.5,
    }]);
    // a catalog default below its range (speed 0 in 0.1..1) is clamped
    const ginkgo = byId.get(segmentById(c, items[1].segmentId).material_id)!;
    const speed = (ginkgo.adjust_params as Json[]).find((p) => p.name === "effects_adjust_speed")!;
    assertEquals([speed.default_value, speed.value], [0.1, 0.1]);
    // attached ones: referenced from the clip, apply_target_type 0
    const clip = segmentById(c, clipId);
    const attached = refsIn(c, "video_effects", clip);
    assertEquals(attached.map((m) => [m.name, m.type, m.apply_target_type]), [
      ["梦境", "face_effect", 0],
      ["1998", "video_effect", 0],
    ]);
    assertEquals(
      (attached[1].adjust_params as Json[]).map((p) => [p.name, p.value]),
      [["effects_adjust_filter", 0.25], ["effects_adjust_texture", 1]],
    );
    const list = (await ok(["effects", "list", draftId], w.env)).json as Json[];
    assertEquals(list.length, 5);
    const listed = list.find((e) => e.name === "梦境")!;
    assertEquals([listed.applyTo, listed.segmentId, listed.category], [
      "segment",
      clipId,
      "character",
    ]);
    assertEquals(list.find((e) => e.name === "70s")!.params, { speed: 50 });
  } finally {
    await w.cleanup();
  }
});

Deno.test("effects add on CapCut uses the CapCut catalog", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env, "capcut");
    await ok([
      "effects",
      "add",
      draftId,
      "--effect-infos",
      JSON.stringify([{ effectTitle: "Blur", start: 0, end: 1_000_000, params: { blur: 100 } }]),
    ], w.env);
    const c = await content(filePath);
    const m = c.materials.video_effects[0];
    assertEquals([m.name, m.resource_id, m.adjust_params[0].value], [
      "Blur",
      "6739752823140913675",
      1,
    ]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("filters add: filter track or one per clip (a second replaces the first); filters list", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env);
    const v = await ok([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.jpg")), start: 0, end: 1_000_000 }]),
    ], w.env);
    const photoId = ((v.json as Json).items as Json[])[0].segmentId;
    const r = await ok([
      "filters",
      "add",
      draftId,
      "--filter-infos",
      JSON.stringify([
        { filterTitle: "ABG", start: 0, end: 2_000_000, intensity: 80 },
        { filterId: "7127819154018536741", segmentId: photoId },
      ]),
    ], w.env);
    const items = (r.json as Json).items as Json[];
    assertEquals(items.map((i) => [i.applyTo, i.name, i.intensity]), [
      ["track", "ABG", 80],
      ["segment", "KE1", 100],
    ]);
    const again = await ok([
      "filters",
      "add",
      draftId,
      "--filter-infos",
      JSON.stringify([{ filterTitle: "Ditto", segmentId: photoId, intensity: 30 }]),
    ], w.env);
    assert(again.stderr.includes('replaced filter "KE1"'), again.stderr);
    const c = await content(filePath);
    assertEquals(c.tracks.map((t: Json) => t.type), ["video", "filter"]);
    const fseg = c.tracks[1].segments[0];
    assertEquals([fseg.source_timerange, fseg.target_timerange], [null, {
      duration: 2_000_000,
      start: 0,
    }]);
    const filters = c.materials.effects as Json[];
    assertEquals(filters.map((m) => [m.name, m.type, m.value, m.apply_target_type]), [
      ["ABG", "filter", 0.8, 2],
      ["Ditto", "filter", 0.3, 0],
    ]);
    assertEquals(fseg.material_id, filters[0].id);
    const photo = segmentById(c, photoId);
    assertEquals(refsIn(c, "effects", photo).map((m) => m.name), ["Ditto"]);
    const list = (await ok(["filters", "list", draftId], w.env)).json as Json[];
    assertEquals(list.map((f) => [f.applyTo, f.name, f.intensity]), [
      ["segment", "Ditto", 30],
      ["track", "ABG", 80],
    ]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("sticker add / list: sticker track, material by resource id, transform", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env);
    const args = (start: number, end: number) => [
      "sticker",
      "add",
      draftId,
      "--sticker-id",
      "7213186475432824123",
      "--start",
      String(start),
      "--end",
      String(end),
      "--scale",
      "0.5",
      "--transform-x",
      "-0.5",
      "--transform-y",
      "0.25",
    ];
    const a = await ok(args(0, 1_000_000), w.env);
    const b = await ok(args(500_000, 1_500_000), w.env); // overlaps: second sticker track
    const c = await content(filePath);
    assertEquals(c.tracks.map((t: Json) => t.type), ["sticker", "sticker"]);
    const seg = segmentById(c, (a.json as Json).segmentId);
    assertEquals(seg.source_timerange, null);
    assertEquals(seg.clip.scale, { x: 0.5, y: 0.5 });
    assertEquals(seg.clip.transform, { x: -0.5, y: 0.25 });
    assertEquals(seg.render_index, 14000);
    const m = c.materials.stickers.find((s: Json) => s.id === seg.material_id);
    assertEquals([m.type, m.resource_id, m.sticker_id], [
      "sticker",
      "7213186475432824123",
      "7213186475432824123",
    ]);
    assertEquals(trackOf(c, (b.json as Json).segmentId).id !== trackOf(c, seg.id).id, true);
    const list = (await ok(["sticker", "list", draftId], w.env)).json as Json[];
    assertEquals(list.map((s) => [s.stickerId, s.trackIndex, s.scaleX]), [
      ["7213186475432824123", 0, 0.5],
      ["7213186475432824123", 1, 0.5],
    ]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("masks add: config in clip units, one mask per segment, profile list name; masks list", async () => {
  for (const editor of ["jianying", "capcut"]) {
    const w = await tempWorld();
    try {
      const { draftId, filePath } = await newDraft(w.env, editor);
      const v = await ok([
        "videos",
        "add",
        draftId,
        "--video-infos",
        JSON.stringify([{ videoUrl: fileUrl(fixture("video.mp4")), start: 0, end: 1_000_000 }]),
      ], w.env);
      const p = await ok([
        "images",
        "add",
        draftId,
        "--image-infos",
        JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 1_000_000, end: 2e6 }]),
      ], w.env);
      const videoId = ((v.json as Json).items as Json[])[0].segmentId;
      const photoId = ((p.json as Json).items as Json[])[0].segmentId;
      const r = await ok([
        "masks",
        "add",
        draftId,
        "--segment-ids",
        `${videoId}, ${photoId}`,
        "--name",
        "rectangle",
        "--center-x",
        "0.2",
        "--center-y",
        "-0.1",
        "--width",
        "0.8",
        "--height",
        "0.4",
        "--feather",
        "20",
        "--rotation",
        "15",
        "--round-corner",
        "30",
        "--invert",
      ], w.env);
      assert(
        !r.stderr.includes("ignore masks"),
        `no mask warning on ${editor} 5.x/7.x: ${r.stderr}`,
      );
      const list = editor === "jianying" ? "masks" : "common_mask";
      assertEquals((r.json as Json).maskList, list);
      let c = await content(filePath);
      const mask = refsIn(c, list, segmentById(c, videoId))[0];
      assertEquals(mask.config, {
        aspectRatio: (0.8 * 96) / (0.4 * 54),
        centerX: 0.2,
        centerY: -0.1,
        feather: 0.2,
        height: 0.4,
        invert: true,
        rotation: 15,
        roundCorner: 0.3,
        width: 0.8,
      });
      assertEquals([mask.name, mask.resource_type, mask.type], ["矩形", "rectangle", "mask"]);
      // a second mask replaces the first
      const again = await ok(
        ["masks", "add", draftId, "--segment-ids", videoId, "--name", "爱心"],
        w.env,
      );
      assert(again.stderr.includes('replaced mask "矩形"'), again.stderr);
      c = await content(filePath);
      assertEquals(c.materials[list].length, 2);
      assertEquals(refsIn(c, list, segmentById(c, videoId)).map((m) => m.name), ["爱心"]);
      const listed = (await ok(["masks", "list", draftId], w.env)).json as Json[];
      assertEquals(listed.map((m) => [m.segmentId, m.name, m.feather, m.roundCorner, m.invert]), [
        [videoId, "爱心", 0, 0, false],
        [photoId, "矩形", 20, 30, true],
      ]);
    } finally {
      await w.cleanup();
    }
  }
});

Deno.test("images add: exit and combo animations are placed like video ones", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env);
    const r = await ok([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([
        {
          imageUrl: fileUrl(fixture("image.png")),
          start: 0,
          end: 2_000_000,
          outAnimation: "渐隐",
          outAnimationDuration: 600_000,
        },
        {
          imageUrl: fileUrl(fixture("image.jpg")),
          start: 2_000_000,
          end: 5_000_000,
          loopAnimation: "三分割",
        },
      ]),
      "--alpha",
      "0.5",
    ], w.env);
    const [a, b] = ((r.json as Json).items as Json[]).map((i) => i.segmentId);
    const c = await content(filePath);
    const outAnim = refsIn(c, "material_animations", segmentById(c, a))[0].animations as Json[];
    assertEquals(outAnim.map((x) => [x.type, x.start, x.duration, x.resource_id]), [
      ["out", 1_400_000, 600_000, "6798320902548230669"],
    ]);
    const loop = refsIn(c, "material_animations", segmentById(c, b))[0].animations as Json[];
    assertEquals(loop.map((x) => [x.type, x.start, x.duration, x.material_type]), [
      ["group", 0, 3_000_000, "video"],
    ]);
    assertEquals(segmentById(c, a).clip.alpha, 0.5);
  } finally {
    await w.cleanup();
  }
});

Deno.test("masks on JianYing 8.5+: a warning naming the version and a workaround; 10+ uses common_mask", async () => {
  const w = await tempWorld();
  try {
    for (
      const [version, list, named] of [
        ["8.7", "masks", "JianYing 8.5–9.x"],
        ["10.8", "common_mask", "JianYing 10.x–11.x"],
      ] as const
    ) {
      const c = await ok(
        ["draft", "create", "--editor", "jianying", "--editor-version", version],
        w.env,
      );
      const { draftId, filePath } = c.json as { draftId: string; filePath: string };
      const r = await ok([
        "videos",
        "add",
        draftId,
        "--video-infos",
        JSON.stringify([{
          videoUrl: fileUrl(fixture("video.mp4")),
          start: 0,
          end: 1_000_000,
          mask: "circle",
        }]),
      ], w.env);
      assert(r.stderr.includes(named) && r.stderr.includes("in the editor"), r.stderr);
      const cc = await content(filePath);
      assertEquals(cc.materials[list].length, 1, `${version}: mask in ${list}`);
    }
    // CapCut: never that warning
    const cap =
      (await ok(["draft", "create", "--editor", "capcut", "--editor-version", "9"], w.env))
        .json as { draftId: string };
    const r = await ok([
      "videos",
      "add",
      cap.draftId,
      "--video-infos",
      JSON.stringify([{
        videoUrl: fileUrl(fixture("video.mp4")),
        start: 0,
        end: 1_000_000,
        mask: "circle",
      }]),
    ], w.env);
    assert(!r.stderr.includes("mask"), r.stderr);
  } finally {
    await w.cleanup();
  }
});
