/**
 * Compatibility with scripts written for cutcli: command lines, flags, input files and output
 * fields as cutcli's public documentation and example scripts use them (re-typed here as test
 * data: names, flags, fields and values, not copied text), run unchanged against draftcli.
 * Remote media come from a server on 127.0.0.1; every test builds its own HOME and drafts dir.
 * Calls run in-process (runInProcess) unless they need their own working directory or `deno task`.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import {
  fixture,
  runCli,
  runInProcess,
  runsBuild,
  type TempWorld,
  tempWorld,
} from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** Media the examples download: served from fixtures under cutcli-like demo names. */
const SERVED: Record<string, string> = {
  "/assets/demo/scene-01.jpg": "image.jpg",
  "/assets/demo/scene-02.jpg": "image.jpg",
  "/assets/demo/scene-03.png": "image.png",
  "/assets/demo/bgm-light.mp3": "audio.mp3",
  "/assets/demo/clip.mp4": "video.mp4",
};

interface World extends TempWorld {
  base: string;
  /** Runs draftcli as a cutcli script would; fails the test on a non-zero exit. */
  cut(args: string[], opts?: { env?: Record<string, string>; cwd?: string }): Promise<Json>;
  /** Writes a JSON input file and returns `@path`. */
  file(name: string, data: unknown): Promise<string>;
  warnings: string[];
}

async function withWorld(fn: (w: World) => Promise<void>): Promise<void> {
  const t = await tempWorld();
  const bodies = new Map<string, Uint8Array>();
  for (const [path, name] of Object.entries(SERVED)) {
    bodies.set(path, await Deno.readFile(fixture(name)));
  }
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const body = bodies.get(new URL(req.url).pathname);
    return body ? new Response(body.slice()) : new Response("not found", { status: 404 });
  });
  const warnings: string[] = [];
  const w: World = {
    ...t,
    base: `http://127.0.0.1:${server.addr.port}`,
    warnings,
    async cut(args, opts = {}) {
      // A call with its own working directory (relative paths) runs as a real process.
      const env = { ...t.env, ...opts.env };
      const r = opts.cwd === undefined
        ? await runInProcess(args, { env })
        : await runCli(args, { env, cwd: opts.cwd });
      assertEquals(r.code, 0, `${args.join(" ")}\n${r.stderr}`);
      warnings.push(...r.stderr.split("\n").filter((l) => l.startsWith("warning:")));
      return r.json;
    },
    async file(name, data) {
      const path = `${t.root}/${name}`;
      await Deno.writeTextFile(path, JSON.stringify(data));
      return `@${path}`;
    },
  };
  try {
    await fn(w);
  } finally {
    await server.shutdown();
    await t.cleanup();
  }
}

/** `draft create` as every example starts: portrait canvas and a name. */
async function create(w: World, name: string): Promise<Json> {
  const d = await w.cut(["draft", "create", "--width", "1080", "--height", "1920", "--name", name]);
  assert(typeof d.draftId === "string" && typeof d.filePath === "string", JSON.stringify(d));
  return d;
}

async function content(filePath: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(`${filePath}/draft_content.json`));
}

Deno.test("cutcli: captions with style flags, then draft info --pretty (example 01)", async () => {
  await withWorld(async (w) => {
    const { draftId } = await create(w, "hello-caption");
    const captions = await w.file("captions.json", [
      { text: "Hello", start: 0, end: 2_000_000, inAnimation: "渐显", outAnimation: "渐隐" },
      { text: "World", start: 2_000_000, end: 4_000_000, loopAnimation: "波浪" },
    ]);
    const out = await w.cut([
      "captions",
      "add",
      draftId,
      "--captions",
      captions,
      "--font-size",
      "9",
      "--bold",
      "--text-color",
      "#FFFFFF",
      "--transform-y",
      "-0.6",
    ]);
    assertEquals(out.draftId, draftId);
    assertEquals(out.textIds.length, 2);
    assertEquals(out.segmentIds, out.items.map((i: Json) => i.segmentId));
    assertEquals(out.segmentInfos[1], {
      id: out.segmentIds[1],
      start: 2_000_000,
      end: 4_000_000,
    });
    assert(typeof out.trackId === "string");
    const info = await w.cut(["draft", "info", draftId, "--pretty"]);
    assertEquals([info.canvasWidth, info.canvasHeight], [1080, 1920]);
    assertEquals(info.trackSummary, [{ id: out.trackId, type: "text", segmentCount: 2 }]);
    assertEquals(info.materialSummary.texts, 2);
    const list = await w.cut(["captions", "list", draftId]);
    assertEquals(list.map((c: Json) => c.duration), [2_000_000, 2_000_000]);
  });
});

Deno.test("cutcli: slideshow with transitions and BGM from URLs (examples 02, 30)", async () => {
  await withWorld(async (w) => {
    const { draftId, filePath } = await create(w, "image-slideshow-bgm");
    const images = await w.file("images.json", [
      {
        imageUrl: `${w.base}/assets/demo/scene-01.jpg`,
        width: 1080,
        height: 1920,
        start: 0,
        end: 3_000_000,
        inAnimation: "轻微放大",
        transition: "叠化",
        transitionDuration: 500_000,
      },
      {
        imageUrl: `${w.base}/assets/demo/scene-02.jpg`,
        width: 1080,
        height: 1920,
        start: 3_000_000,
        end: 6_000_000,
        transition: "推移",
        transitionDuration: 500_000,
      },
      {
        imageUrl: `${w.base}/assets/demo/scene-03.png`,
        width: 1080,
        height: 1920,
        start: 6_000_000,
        end: 9_000_000,
        inAnimation: "渐显",
        inAnimationDuration: 600_000,
        transition: "向右擦除",
        transitionDuration: 500_000,
      },
    ]);
    const added = await w.cut(["images", "add", draftId, "--image-infos", images]);
    assertEquals(added.imageIds.length, 3);
    assertEquals(added.segmentIds.length, 3);
    assertEquals(added.segmentInfos.map((s: Json) => s.start), [0, 3_000_000, 6_000_000]);
    assert(w.warnings.some((m) => m.includes("推移")), w.warnings.join("\n"));

    // The BGM is 9 s long in the script; the served file is 1 s: accepted, with a warning.
    const audio = await w.file("audio.json", [
      {
        audioUrl: `${w.base}/assets/demo/bgm-light.mp3`,
        duration: 9_000_000,
        start: 0,
        end: 9_000_000,
        volume: 0.6,
      },
    ]);
    const a = await w.cut(["audios", "add", draftId, "--audio-infos", audio]);
    assertEquals(a.audioIds.length, 1);
    assert(w.warnings.some((m) => m.includes("needs 9000000 µs of audio")), w.warnings.join("\n"));

    const doc = await content(filePath);
    assertEquals(doc.materials.transitions.length, 2); // the last image has nothing after it
    const [listed] = await w.cut(["draft", "list"]);
    assert(listed.createdAt > 0 && listed.modifiedAt >= listed.createdAt, JSON.stringify(listed));
    assertEquals([listed.canvasWidth, listed.canvasHeight], [1080, 1920]);
  });
});

Deno.test("cutcli: keyword captions, border, templates with _comment (example 03, templates)", async () => {
  await withWorld(async (w) => {
    const { draftId, filePath } = await create(w, "tiktok-keyword-highlight");
    const captions = await w.file("captions.json", [
      {
        text: "这是一条测试字幕",
        start: 0,
        end: 2_000_000,
        keyword: "测试",
        keywordColor: "#FFD600",
        inAnimation: "向上滑入",
        inAnimationDuration: 300_000,
      },
    ]);
    await w.cut([
      "captions",
      "add",
      draftId,
      "--captions",
      captions,
      "--font-size",
      "9",
      "--bold",
      "--text-color",
      "#FFFFFF",
      "--border-color",
      "#000000",
      "--border-width",
      "1",
      "--transform-y",
      "-0.55",
    ]);
    assert(w.warnings.some((m) => m.includes("向上滑入")), w.warnings.join("\n"));
    // Per-caption position in snake_case, as the TikTok-style recipe writes it.
    const placed = await w.cut([
      "captions",
      "add",
      draftId,
      "--captions",
      JSON.stringify([{ text: "top", start: 0, end: 1_000_000, transform_y: 0.7 }]),
    ]);
    const seg = (await content(filePath)).tracks.flatMap((t: Json) => t.segments)
      .find((x: Json) => x.id === placed.segmentIds[0]);
    assertEquals(seg.clip.transform.y, 0.7);
    const templates = [
      [{
        _comment: "bouncy",
        text: "a",
        start: 2_000_000,
        end: 4_000_000,
        keyword: "a",
        keywordColor: "#FF3A6E",
        inAnimation: "弹入跳动",
        inAnimationDuration: 350_000,
      }],
      [{
        _comment: "ticker",
        text: "b",
        start: 4_000_000,
        end: 34_000_000,
        loopAnimation: "向左滚动",
        loopAnimationDuration: 8_000_000,
      }],
      [{
        _comment: "title",
        text: "c",
        start: 34_000_000,
        end: 39_000_000,
        inAnimation: "渐显",
        outAnimation: "渐隐",
        inAnimationDuration: 800_000,
        outAnimationDuration: 600_000,
      }],
    ];
    for (const [i, t] of templates.entries()) {
      const out = await w.cut([
        "captions",
        "add",
        draftId,
        "--captions",
        await w.file(`t${i}.json`, t),
      ]);
      assertEquals(out.textIds.length, 1);
    }
  });
});

Deno.test("cutcli: images list → keyframes add → keyframes list (example 05, templates)", async () => {
  await withWorld(async (w) => {
    const { draftId } = await create(w, "keyframe-zoom-in");
    const images = await w.file("images.json", [
      {
        imageUrl: `${w.base}/assets/demo/scene-01.jpg`,
        width: 1080,
        height: 1920,
        start: 0,
        end: 5_000_000,
      },
    ]);
    await w.cut(["images", "add", draftId, "--image-infos", images]);
    const seg = (await w.cut(["images", "list", draftId]))[0].segmentId;
    const kfs = [0, 5_000_000].flatMap((offset) =>
      ["scale_x", "scale_y"].map((property) => ({
        _comment: "Ken Burns",
        segmentId: seg,
        property,
        offset,
        value: offset ? 1.3 : 1.0,
      }))
    );
    await w.cut(["keyframes", "add", draftId, "--keyframes", JSON.stringify(kfs)]);
    const listed = await w.cut(["keyframes", "list", draftId, "--segment-id", seg]);
    assert(JSON.stringify(listed).includes("1.3"), JSON.stringify(listed));
  });
});

Deno.test("cutcli: knowledge card background flags (example 20)", async () => {
  await withWorld(async (w) => {
    const { draftId, filePath } = await create(w, "knowledge-science-card");
    const captions = await w.file("captions.json", [{ text: "知识", start: 0, end: 3_000_000 }]);
    await w.cut([
      "captions",
      "add",
      draftId,
      "--captions",
      captions,
      "--font-size",
      "9",
      "--bold",
      "--text-color",
      "#FFFFFF",
      "--bg-color",
      "#000000",
      "--bg-alpha",
      "0.55",
      "--bg-style",
      "1",
      "--bg-round",
      "8",
      "--transform-y",
      "-0.6",
    ]);
    const text = (await content(filePath)).materials.texts[0];
    assertEquals(text.background_color, "#000000");
    assertEquals(text.background_alpha, 0.55);
    assertEquals(text.background_round_radius, 0.08);
  });
});

Deno.test("cutcli: draft easy with --audio-url / --img-url / --text (example 04)", async () => {
  await withWorld(async (w) => {
    const { draftId } = await create(w, "easy-by-audio");
    await w.cut([
      "draft",
      "easy",
      draftId,
      "--audio-url",
      `${w.base}/assets/demo/bgm-light.mp3`,
      "--img-url",
      `${w.base}/assets/demo/scene-01.jpg`,
      "--text",
      "Welcome",
    ]);
    const info = await w.cut(["draft", "info", draftId]);
    assertEquals(info.materialSummary.audios, 1);
    assertEquals(info.materialSummary.images, 1);
    assertEquals(info.materialSummary.texts, 1);
  });
});

Deno.test("cutcli: effects by title, masks add / list --segment-id, queries", async () => {
  await withWorld(async (w) => {
    const { draftId } = await create(w, "effects");
    const videos = await w.file("videos.json", [
      {
        videoUrl: `${w.base}/assets/demo/clip.mp4`,
        width: 96,
        height: 54,
        duration: 1_000_000,
        start: 0,
        end: 1_000_000,
      },
    ]);
    const v = await w.cut(["videos", "add", draftId, "--video-infos", videos]);
    assertEquals(v.videoIds.length, 1);
    const e = await w.cut([
      "effects",
      "add",
      draftId,
      "--effect-infos",
      JSON.stringify([{ effectTitle: "模糊", start: 0, end: 1_000_000 }]),
    ]);
    assertEquals(e.effectIds.length, 1);
    assertEquals(e.segmentIds.length, 1);
    for (const name of ["线性", "镜面", "圆形", "矩形", "星形", "爱心"]) {
      await w.cut(["masks", "add", draftId, "--segment-ids", v.segmentIds[0], "--name", name]);
    }
    const masks = await w.cut(["masks", "list", draftId, "--segment-id", v.segmentIds[0]]);
    assertEquals(masks.length, 1);
    assertEquals(masks[0].name, "爱心");
    assert(typeof masks[0].id === "string" && typeof masks[0].config.feather === "number");
    assertEquals(await w.cut(["masks", "list", draftId, "--segment-id", "nope"]), []);

    const inAnims = await w.cut([
      "query",
      "image-animations",
      "--type",
      "in",
      "--keyword",
      "轻微放大",
    ]);
    assert(inAnims.items.some((i: Json) => i.name === "轻微放大"));
    const loops = await w.cut(["query", "text-animations", "--type", "loop", "--keyword", "心跳"]);
    assert(loops.items.some((i: Json) => i.name === "心跳"));
    const d = await w.cut([
      "query",
      "audio-duration",
      "--url",
      `${w.base}/assets/demo/bgm-light.mp3`,
    ]);
    assert(d.duration >= 1_000_000 && d.duration < 1_100_000, JSON.stringify(d));
    assertEquals(d.message, "ok");
  });
});

Deno.test("cutcli: --env-file with CUT_DRAFTS_DIR, draft names as ids, local paths", async () => {
  await withWorld(async (w) => {
    const cutDir = `${w.root}/cut-drafts`;
    await Deno.mkdir(cutDir);
    await Deno.writeTextFile(`${w.root}/.env`, `# cutcli\nCUT_DRAFTS_DIR=${cutDir}\n`);
    const env = { DRAFTCLI_DRAFTS_DIR: "" };
    const envFile = ["--env-file", `${w.root}/.env`];
    const made = await w.cut([...envFile, "draft", "create", "--name", "my promo"], { env });
    assert(made.filePath.startsWith(cutDir), made.filePath);

    // Local media: an absolute path, a ~/ path and a path relative to the caller's folder.
    await Deno.copyFile(fixture("image.png"), `${w.home}/a.png`);
    await Deno.mkdir(`${w.root}/work/pics`, { recursive: true });
    await Deno.copyFile(fixture("image.jpg"), `${w.root}/work/pics/b.jpg`);
    const images = [
      { imageUrl: fixture("image.png"), width: 64, height: 48, start: 0, end: 1_000_000 },
      { imageUrl: "~/a.png", width: 64, height: 48, start: 1_000_000, end: 2_000_000 },
      { imageUrl: "pics/b.jpg", width: 80, height: 60, start: 2_000_000, end: 3_000_000 },
    ];
    const out = await w.cut(
      [...envFile, "images", "add", "my promo", "--image-infos", JSON.stringify(images)],
      { env, cwd: `${w.root}/work` },
    );
    assertEquals(out.imageIds.length, 3);
    const info = await w.cut([...envFile, "draft", "info", "my promo"], { env });
    assertEquals(info.draftId, made.draftId);
    assertEquals(info.materialSummary.images, 3);
  });
});

Deno.test("cutcli: unknown keys name the accepted ones; unknown names say did you mean", async () => {
  await withWorld(async (w) => {
    const { draftId } = await create(w, "errors");
    const r = await runCli([
      "captions",
      "add",
      draftId,
      "--captions",
      JSON.stringify([{ text: "a", start: 0, end: 1_000_000, colour: "#fff" }]),
    ], { env: w.env });
    assertEquals(r.code, 2);
    assert(/colour/.test(r.error!.hint ?? "") && /accepted: .*text/.test(r.error!.hint ?? ""));
    const n = await runCli([
      "captions",
      "add",
      draftId,
      "--captions",
      JSON.stringify([{ text: "a", start: 0, end: 1_000_000, inAnimation: "向上滑入滑入" }]),
    ], { env: w.env });
    assertEquals(n.error?.code, "unknown_name");
    assert(/closest/.test(n.error!.message));
    assert(/draftcli query animations --kind text --type in/.test(n.error!.hint ?? ""));
  });
});

// Only a source run starts under this project's `deno task`; a binary or the bundle never does.
Deno.test({
  name: "cutcli: under deno task (cwd = the project, INIT_CWD = the caller) paths are the caller's",
  ignore: runsBuild(),
}, async () => {
  await withWorld(async (w) => {
    const { draftId } = await create(w, "task");
    await Deno.mkdir(`${w.root}/caller/pics`, { recursive: true });
    await Deno.copyFile(fixture("image.png"), `${w.root}/caller/pics/c.png`);
    await Deno.writeTextFile(
      `${w.root}/caller/images.json`,
      JSON.stringify([{ imageUrl: "pics/c.png", width: 64, height: 48, start: 0, end: 1_000_000 }]),
    );
    const project = new URL("..", import.meta.url).pathname;
    const out = await w.cut(["images", "add", draftId, "--image-infos", "@images.json"], {
      env: { INIT_CWD: `${w.root}/caller` },
      cwd: project,
    });
    assertEquals(out.imageIds.length, 1);
  });
});
