/** End to end through the CLI: create → images → audios → captions, then read the folder back. */
import { deepStrictEqual, deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, snapshotDir, tempWorld } from "./helpers/cli.ts";

const PLACEHOLDER = "##_draftpath_placeholder_0E685133-18CE-45ED-8CB8-2904A212EC80_##";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

async function readJson(path: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(path));
}

Deno.test("create → images add → audios add → captions add builds a consistent draft", async () => {
  const w = await tempWorld();
  try {
    const created = await runCli([
      "draft",
      "create",
      "--name",
      "e2e",
      "--width",
      "1080",
      "--height",
      "1920",
    ], { env: w.env });
    assertEquals(created.code, 0, created.stderr);
    const { draftId, filePath } = created.json as Json;
    assertEquals(filePath, `${w.draftsDir}/${draftId}`); // named by the draft's id

    const images = [
      // caller's width is wrong on purpose: the file wins, with a warning
      {
        imageUrl: fileUrl(fixture("image.png")),
        width: 999,
        height: 48,
        start: 0,
        end: 2_000_000,
        inAnimation: "渐显",
      },
      {
        imageUrl: fileUrl(fixture("image.jpg")),
        start: 2_000_000,
        end: 4_000_000,
        transformX: 0.5,
        transformY: -0.25,
        scaleX: 1.5,
        rotation: 90,
        alpha: 0.5,
      },
      { imageUrl: fileUrl(fixture("image.webp")), start: 6_000_000, end: 7_000_000 }, // gap → overlay track
    ];
    const img = await runCli(["images", "add", draftId, "--image-infos", JSON.stringify(images)], {
      env: w.env,
    });
    assertEquals(img.code, 0, img.stderr);
    assert(img.stderr.includes("width 999 differs"), img.stderr);
    const imgItems = (img.json as Json).items as Json[];
    assertEquals(imgItems.length, 3);
    assertEquals(imgItems[0].trackId, imgItems[1].trackId);
    assert(imgItems[2].trackId !== imgItems[0].trackId, "gap item goes to an overlay track");

    const aud = await runCli([
      "audios",
      "add",
      draftId,
      "--audio-infos",
      JSON.stringify([
        { audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1_000_000, volume: 0.5 },
        { audioUrl: fileUrl(fixture("audio.wav")), start: 500_000, end: 1_000_000 },
      ]),
    ], { env: w.env });
    assertEquals(aud.code, 0, aud.stderr);
    const audItems = (aud.json as Json).items as Json[];
    assert(audItems[0].trackId !== audItems[1].trackId, "overlapping audio goes to a second track");

    const cap = await runCli([
      "captions",
      "add",
      draftId,
      "--captions",
      JSON.stringify([
        {
          text: "你好 world 😀 world",
          start: 0,
          end: 1_500_000,
          keyword: "world",
          keywordColor: "#ff0000",
        },
        { text: "second", start: 1_500_000, end: 3_000_000 },
      ]),
      "--font-size",
      "12",
      "--bold",
    ], { env: w.env });
    assertEquals(cap.code, 0, cap.stderr);

    const dir = filePath as string;
    const contentText = await Deno.readTextFile(`${dir}/draft_content.json`);
    assertEquals(
      await Deno.readTextFile(`${dir}/draft_info.json`),
      contentText,
      "both timeline files hold the same bytes",
    );
    const content = JSON.parse(contentText);
    const meta = await readJson(`${dir}/draft_meta_info.json`);
    for (
      const f of ["draft_settings", "draft_cover.jpg", "cover.jpg", "draft_agency_config.json"]
    ) {
      await Deno.stat(`${dir}/${f}`);
    }
    const jpeg = await Deno.readFile(`${dir}/cover.jpg`);
    assertEquals([jpeg[0], jpeg[1]], [0xff, 0xd8], "cover is a JPEG");

    // duration and meta sync
    assertEquals(content.duration, 7_000_000);
    assertEquals(meta.tm_duration, content.duration);
    assertEquals(meta.draft_fold_path, dir);
    assertEquals(meta.draft_name, "e2e");
    assert(meta.tm_draft_modified >= meta.tm_draft_create);
    assertEquals(content.platform.app_source, "lv");
    assertEquals(content.last_modified_platform, content.platform);

    // every reference resolves
    const ids = new Map<string, string>();
    for (const [list, items] of Object.entries(content.materials as Record<string, Json[]>)) {
      for (const m of items) {
        assert(!ids.has(m.id), `duplicate id ${m.id}`);
        ids.set(m.id, list);
      }
    }
    const pool = new Map(
      (meta.draft_materials.find((g: Json) => g.type === 0).value as Json[]).map((v) => [v.id, v]),
    );
    for (const t of content.tracks) {
      let prevEnd = -1;
      for (const s of t.segments) {
        assert(ids.has(s.material_id), `segment ${s.id} material ${s.material_id}`);
        for (const r of s.extra_material_refs) assert(ids.has(r), `dangling ref ${r}`);
        assert(s.target_timerange.start >= prevEnd, "no overlap on a track");
        prevEnd = s.target_timerange.start + s.target_timerange.duration;
      }
    }
    for (const m of [...content.materials.videos, ...content.materials.audios]) {
      const entry = pool.get(m.local_material_id);
      assert(entry, `local_material_id ${m.local_material_id} registered in meta`);
      // the timeline names in-draft media in the editor's draft-folder form; the media pool
      // registers the absolute path, as the editors do for imported files
      assertEquals(entry!.file_Path, m.path.replace(PLACEHOLDER, filePath));
    }
    // main track starts at 0
    const video = content.tracks.filter((t: Json) => t.type === "video");
    assertEquals(video[0].segments[0].target_timerange.start, 0);
    // probe results used: the png is 64x48 whatever the caller said
    const png = content.materials.videos.find((m: Json) => m.material_name === "image.png");
    assertEquals([png.width, png.height, png.type], [64, 48, "photo"]);
    // transform of the second image
    const seg2 = content.tracks.flatMap((t: Json) => t.segments).find((s: Json) =>
      s.id === imgItems[1].segmentId
    );
    deepStrictEqual(seg2.clip.transform, { x: 0.5, y: -0.25 });
    assertEquals(seg2.clip.rotation, 90);
    assertEquals(seg2.clip.alpha, 0.5);
    // animation written into the first image's container
    const seg1 = content.tracks.flatMap((t: Json) => t.segments).find((s: Json) =>
      s.id === imgItems[0].segmentId
    );
    const container = content.materials.material_animations.find((m: Json) =>
      seg1.extra_material_refs.includes(m.id)
    );
    assertEquals(container.animations[0].type, "in");
    assertEquals(container.animations[0].resource_id, "6798320778182922760");
    // audio volume and a text highlight at UTF-16 ranges
    const aseg = content.tracks.flatMap((t: Json) => t.segments).find((s: Json) =>
      s.id === audItems[0].segmentId
    );
    assertEquals(aseg.volume, 0.5);
    assertEquals(aseg.clip, null);
    const text = JSON.parse(content.materials.texts[0].content);
    assertEquals(text.text, "你好 world 😀 world");
    const red = text.styles.filter((s: Json) =>
      s.fill.content.solid.color[1] === 0 && s.fill.content.solid.color[0] === 1
    );
    deepStrictEqual(red.map((s: Json) => s.range), [[3, 8], [12, 17]]);
    assert(text.styles.every((s: Json) => s.bold === true && (s.size === 12)));

    // list commands expose the ids agents chain
    const list = await runCli(["captions", "list", draftId], { env: w.env });
    assertEquals((list.json as Json[]).map((c) => c.text), ["你好 world 😀 world", "second"]);
    const il = await runCli(["images", "list", draftId], { env: w.env });
    assertEquals(
      (il.json as Json[]).map((c) => c.segmentId).sort(),
      imgItems.map((i) => i.segmentId).sort(),
    );
    const info = await runCli(["draft", "info", draftId], { env: w.env });
    assertEquals((info.json as Json).duration, 7_000_000);
  } finally {
    await w.cleanup();
  }
});

Deno.test("JSON options accept @file and @- (stdin)", async () => {
  const w = await tempWorld();
  try {
    const { draftId } = (await runCli(["draft", "create"], { env: w.env })).json as Json;
    const file = `${w.root}/caps.json`;
    await Deno.writeTextFile(
      file,
      JSON.stringify([{ text: "from file", start: 0, end: 1_000_000 }]),
    );
    const a = await runCli(["captions", "add", draftId, "--captions", `@${file}`], { env: w.env });
    assertEquals(a.code, 0, a.stderr);
    const b = await runCli(["captions", "add", draftId, "--captions", "@-"], {
      env: w.env,
      stdin: JSON.stringify([{ text: "from stdin", start: 0, end: 1_000_000 }]),
    });
    assertEquals(b.code, 0, b.stderr);
    const list = await runCli(["captions", "list", draftId], { env: w.env });
    assertEquals((list.json as Json[]).map((c) => c.text).sort(), ["from file", "from stdin"]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("remote media is downloaded once into resources/ with a hashed, sniffed name", async () => {
  const w = await tempWorld();
  const png = await Deno.readFile(fixture("image.png"));
  let hits = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    hits++;
    if (new URL(req.url).pathname === "/pic") return new Response(png);
    return new Response("nope", { status: 404 });
  });
  try {
    const url = `http://127.0.0.1:${server.addr.port}/pic`;
    const { draftId, filePath } = (await runCli(["draft", "create"], { env: w.env })).json as Json;
    const r = await runCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([
        { imageUrl: url, start: 0, end: 1_000_000 },
        { imageUrl: url, start: 1_000_000, end: 2_000_000 },
      ]),
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    assertEquals(hits, 1, "same URL fetched once");
    const files = [...Deno.readDirSync(`${filePath}/resources`)].map((e) => e.name);
    assertEquals(files.length, 1);
    assert(/^[0-9a-f]{16}\.png$/.test(files[0]), files[0]);
    const content = await readJson(`${filePath}/draft_content.json`);
    assertEquals(content.materials.videos[0].path, `${PLACEHOLDER}/resources/${files[0]}`);
    // List commands print the real path: the editors' prefix is the draft folder.
    const listed = await runCli(["images", "list", draftId], { env: w.env });
    const paths = (listed.json as { path: string }[]).map((i) => i.path);
    assertEquals(paths, [1, 2].map(() => `${filePath}/resources/${files[0]}`));
    // 404 → network exit code, draft unchanged
    const before = await snapshotDir(filePath);
    const bad = await runCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([
        { imageUrl: `http://127.0.0.1:${server.addr.port}/missing.png`, start: 0, end: 1_000_000 },
      ]),
    ], { env: w.env });
    assertEquals(bad.code, 4, bad.stderr);
    deepStrictEqual(await snapshotDir(filePath), before);
  } finally {
    await server.shutdown();
    await w.cleanup();
  }
});
