/**
 * `query …`: media facts (local and downloaded) and catalog look-ups per editor. In-process
 * (runInProcess) but for the downloads, whose temporary folder a real process makes in its TMPDIR.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const EXPECTED: Record<string, Json> = JSON.parse(
  await Deno.readTextFile(fixture("expected.json")),
);

/** Containers disagree by up to a frame or an AAC/MP3 priming block (as in probe_test.ts). */
const DURATION_TOLERANCE_US = 50_000;

function assertDuration(got: number, want: number, what: string): void {
  assert(Math.abs(got - want) <= DURATION_TOLERANCE_US, `${what}: ${got} µs, expected ~${want}`);
}

Deno.test("query media reports the facts of local files of every kind", async () => {
  const w = await tempWorld();
  try {
    for (const name of ["image.png", "anim.gif", "video_rotated.mp4", "audio.m4a"]) {
      const r = await runInProcess(["query", "media", "--url", fileUrl(fixture(name))], {
        env: w.env,
      });
      assertEquals(r.code, 0, r.stderr);
      const e = EXPECTED[name];
      const got = r.json as Json;
      assertDuration(got.duration, e.durationUs, name);
      assertEquals(got, {
        url: fileUrl(fixture(name)),
        kind: e.kind,
        format: e.format,
        duration: got.duration,
        width: e.width,
        height: e.height,
        hasAudio: e.hasAudio,
        hasVideo: e.hasVideo,
      });
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("query media / audio-duration download http URLs into a temp folder and remove it", async () => {
  const w = await tempWorld();
  const mp3 = await Deno.readFile(fixture("audio.mp3"));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    if (new URL(req.url).pathname === "/voice") return new Response(mp3);
    return new Response("nope", { status: 404 });
  });
  const tmp = w.env.TMPDIR; // each world has its own TMPDIR
  const env = w.env;
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const media = await runCli(["query", "media", "--url", `${base}/voice`], { env });
    assertEquals(media.code, 0, media.stderr);
    assertEquals((media.json as Json).kind, "audio");
    assertDuration((media.json as Json).duration, 1_000_000, "downloaded mp3");
    assertEquals([...Deno.readDirSync(tmp)], [], "temp folder removed after success");

    const dur = await runCli(["query", "audio-duration", "--url", `${base}/voice`], { env });
    assertEquals(dur.code, 0, dur.stderr);
    assertEquals(dur.json, {
      url: `${base}/voice`,
      duration: (media.json as Json).duration,
      format: "mp3",
      message: "ok",
    });

    const missing = await runCli(["query", "media", "--url", `${base}/gone.mp3`], { env });
    assertEquals(missing.code, 4, missing.stderr);
    assertEquals(missing.error?.code, "http_error");
    assertEquals(missing.error?.path, "url");
    assert(/^url: /.test(missing.error!.message), missing.error!.message);
    assertEquals(missing.stdout, "");
    assertEquals([...Deno.readDirSync(tmp)], [], "temp folder removed after a failure");
  } finally {
    await server.shutdown();
    await w.cleanup();
  }
});

Deno.test("query audio-duration: audio and videos with sound; silent files fail", async () => {
  const w = await tempWorld();
  try {
    for (const name of ["audio.wav", "video.mp4"]) {
      const r = await runInProcess(["query", "audio-duration", "--url", fileUrl(fixture(name))], {
        env: w.env,
      });
      assertEquals(r.code, 0, r.stderr);
      assertDuration((r.json as Json).duration, EXPECTED[name].durationUs, name);
    }
    for (const name of ["image.png", "video_noaudio.mp4"]) {
      const r = await runInProcess(["query", "audio-duration", "--url", fileUrl(fixture(name))], {
        env: w.env,
      });
      assertEquals(r.code, 5, r.stderr);
      assertEquals(r.error?.code, "media_error");
      assert(r.error!.message.includes("no audio"), r.error!.message);
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("query media: bad URLs fail with the documented codes", async () => {
  const w = await tempWorld();
  try {
    const cases: [string[], number, string][] = [
      [["query", "media"], 2, "invalid_input"],
      [["query", "media", "--url", "clips/a.mp4"], 5, "media_not_found"],
      [["query", "media", "--url", "ftp://example.com/a.mp4"], 2, "invalid_input"],
      [["query", "media", "--url", fileUrl(`${w.root}/nope.png`)], 5, "media_not_found"],
      [["query", "media", "--url", fileUrl(fixture("not_media.txt"))], 5, "media_error"],
      [["query", "media", "--url", "http://127.0.0.1:9/a.png"], 4, "network_error"],
      [["query", "audio-duration", "--url", fileUrl(`${w.root}/nope.mp3`)], 5, "media_not_found"],
      [
        ["query", "media", "--url", fileUrl(fixture("image.png")), "--editor", "capcut"],
        2,
        "usage",
      ],
    ];
    for (const [args, code, error] of cases) {
      const r = await runInProcess(args, { env: w.env });
      assertEquals(r.code, code, `${args.join(" ")}: ${r.stderr}`);
      assertEquals(r.error?.code, error, r.stderr);
      assertEquals(r.stdout, "");
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("query animations: per kind, type and editor", async () => {
  const w = await tempWorld();
  try {
    const q = (...args: string[]) => runInProcess(["query", "animations", ...args], { env: w.env });
    const fade = await q("--kind", "image", "--type", "in", "--keyword", "渐显");
    assertEquals(fade.code, 0, fade.stderr);
    const fj = fade.json as Json;
    assertEquals([fj.editor, fj.kind, fj.action], ["jianying", "video_intro", "search"]);
    assertEquals(fj.items[0].name, "渐显");
    assertEquals(fj.items[0].resourceId, "6798320778182922760");
    assert(fj.items[0].otherEditionNames.includes("Fade In"));
    assert(Number.isInteger(fj.items[0].defaultDurationUs));

    const cc = await q(
      "--kind",
      "video",
      "--type",
      "in",
      "--keyword",
      "渐显",
      "--editor",
      "capcut",
    );
    assertEquals(cc.code, 0, cc.stderr);
    assertEquals((cc.json as Json).editor, "capcut");
    const fadeIn = (cc.json as Json).items.find((i: Json) => i.name === "Fade In");
    assert(fadeIn, "CapCut's Fade In is found by its JianYing name");
    assertEquals(fadeIn.resourceId, fj.items[0].resourceId);

    const kinds: [string, string, string][] = [
      ["image", "out", "video_outro"],
      ["image", "loop", "video_group"],
      ["text", "in", "text_intro"],
      ["text", "out", "text_outro"],
      ["text", "loop", "text_loop"],
    ];
    for (const [kind, type, expected] of kinds) {
      const r = await q("--kind", kind, "--type", type, "--limit", "3");
      assertEquals(r.code, 0, r.stderr);
      const j = r.json as Json;
      assertEquals(j.kind, expected);
      assertEquals(j.items.length, 3);
      assert(j.total > 3);
    }

    for (
      const [args, error] of [
        [["--kind", "sticker", "--type", "in"], "invalid_input"],
        [["--kind", "image", "--type", "middle"], "invalid_input"],
        [["--kind", "image"], "invalid_input"],
        [["--kind", "image", "--type", "in", "--action", "search"], "usage"],
        [["--kind", "image", "--type", "in", "--editor", "premiere"], "invalid_input"],
      ] as [string[], string][]
    ) {
      const r = await q(...args);
      assertEquals(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assertEquals(r.error?.code, error, r.stderr);
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("catalog queries: list, search, paging, categories, VIP flags", async () => {
  const w = await tempWorld();
  try {
    const q = (...args: string[]) => runInProcess(["query", ...args], { env: w.env });
    const all = await q("transitions", "--limit", "5000");
    assertEquals(all.code, 0, all.stderr);
    const aj = all.json as Json;
    assertEquals(aj.action, "list");
    assertEquals(aj.items.length, aj.total);
    assert(aj.items.some((i: Json) => i.isVip === true), "VIP items are flagged");
    assert(aj.items.some((i: Json) => i.isVip === false));
    assert(aj.items.every((i: Json) => typeof i.isOverlap === "boolean"));

    const page = await q("transitions", "--limit", "7", "--offset", "10");
    assertEquals(page.code, 0, page.stderr);
    const pj = page.json as Json;
    assertEquals([pj.total, pj.offset, pj.limit], [aj.total, 10, 7]);
    assertEquals(pj.items, aj.items.slice(10, 17));

    const beyond = await q("transitions", "--offset", String(aj.total + 5));
    assertEquals((beyond.json as Json).items, []);

    const search = await q("transitions", "--action", "search", "--keyword", "mix");
    assertEquals(search.code, 0, search.stderr);
    assert(
      (search.json as Json).items.some((i: Json) => i.otherEditionNames.includes("Mix")),
      "searching matches the other editor's names",
    );

    const cats = await q("effects", "--action", "categories");
    assertEquals(cats.code, 0, cats.stderr);
    const cj = cats.json as Json;
    assertEquals(cj.kind, "video_effects");
    assertEquals(cj.items.map((c: Json) => c.category).sort(), ["character", "scene"]);
    const character = cj.items.find((c: Json) => c.category === "character").count;

    const chars = await q("effects", "--category", "character", "--limit", "5000");
    assertEquals((chars.json as Json).total, character);
    assert((chars.json as Json).items.every((i: Json) => i.category === "character"));

    const audio = await q("audio-effects", "--keyword", "8bit", "--limit", "1");
    assertEquals(audio.code, 0, audio.stderr);
    const bit = (audio.json as Json).items[0];
    assertEquals(bit.category, "scene");
    assert(bit.params.length > 0 && "default" in bit.params[0], "params where relevant");

    for (const kind of ["filters", "masks", "fonts", "audio-effects", "mix-modes"]) {
      const r = await q(kind, "--limit", "2");
      assertEquals(r.code, 0, `${kind}: ${r.stderr}`);
      const j = r.json as Json;
      assert(j.total > 0 && j.items.length > 0, kind);
      assert(j.items.every((i: Json) => /^\d+$/.test(i.resourceId)), kind);
    }
    const masks = await q("masks", "--editor", "jianying");
    assert((masks.json as Json).items.every((i: Json) => typeof i.resourceType === "string"));
  } finally {
    await w.cleanup();
  }
});

Deno.test("catalog queries: bad inputs are errors with the valid choices", async () => {
  const w = await tempWorld();
  try {
    const cases: [string[], number, string, RegExp][] = [
      [["transitions", "--action", "search"], 2, "usage", /needs --keyword/],
      [["transitions", "--action", "list", "--keyword", "mix"], 2, "usage", /--keyword/],
      [["effects", "--action", "categories", "--category", "scene"], 2, "usage", /--category/],
      [["effects", "--category", "magic"], 2, "unknown_name", /magic/],
      [["transitions", "--category", "scene"], 2, "invalid_input", /no categories/],
      [["mix-modes", "--editor", "capcut"], 2, "invalid_input", /mix_modes/],
      [["filters", "--limit", "0"], 2, "invalid_input", /limit/],
      [["filters", "--limit", "abc"], 2, "usage", /--limit/],
      [["filters", "--offset", "-1"], 2, "invalid_input", /offset/],
      [["fonts", "--keyword", "  "], 2, "invalid_input", /keyword/],
      [["fonts", "--action", "find"], 2, "invalid_input", /action/],
      [["masks", "--editor", "imovie"], 2, "invalid_input", /editor/],
      [
        ["transitions", "--draft-id", "7B1F0C2E-5A44-4B8E-9C3D-2B6F1A9E0C11"],
        3,
        "draft_not_found",
        /7B1F/,
      ],
      [["transitions", "--draft-id", "../up"], 2, "invalid_input", /draft id/],
      [["stickerz"], 2, "usage", /unknown command/],
    ];
    for (const [args, code, error, message] of cases) {
      const r = await runInProcess(["query", ...args], { env: w.env });
      assertEquals(r.code, code, `${args.join(" ")}: ${r.stderr}`);
      assertEquals(r.error?.code, error, r.stderr);
      assert(message.test(r.error!.message), `${r.error!.message} ~ ${message}`);
      assertEquals(r.stdout, "");
    }
    const cat = await runInProcess(["query", "effects", "--category", "magic"], { env: w.env });
    assert(/scene/.test(cat.error!.hint!) && /character/.test(cat.error!.hint!), cat.error!.hint);
    const mix = await runInProcess(["query", "mix-modes", "--editor", "capcut"], { env: w.env });
    assert(mix.error!.hint!.includes("jianying"), mix.error!.hint);
  } finally {
    await w.cleanup();
  }
});

Deno.test("queries follow the draft's editor, then config, else jianying", async () => {
  const w = await tempWorld();
  try {
    const created = await runInProcess(["draft", "create", "--editor", "capcut"], { env: w.env });
    assertEquals(created.code, 0, created.stderr);
    const { draftId, filePath } = created.json as Json;
    const before = await snapshotDir(filePath);

    const byDraft = await runInProcess([
      "query",
      "transitions",
      "--draft-id",
      draftId,
      "--limit",
      "1",
    ], {
      env: w.env,
    });
    assertEquals(byDraft.code, 0, byDraft.stderr);
    assertEquals((byDraft.json as Json).editor, "capcut");

    const clash = await runInProcess([
      "query",
      "transitions",
      "--draft-id",
      draftId,
      "--editor",
      "jianying",
    ], { env: w.env });
    assertEquals(clash.code, 2, clash.stderr);
    assertEquals(clash.error?.path, "editor");
    assertEquals(await snapshotDir(filePath), before, "queries never touch the draft");

    const plain = await runInProcess(["query", "masks", "--limit", "1"], { env: w.env });
    assertEquals((plain.json as Json).editor, "jianying");
    const set = await runInProcess(["config", "set", "editor", "capcut"], { env: w.env });
    assertEquals(set.code, 0, set.stderr);
    const fromConfig = await runInProcess(["query", "masks", "--limit", "1"], { env: w.env });
    assertEquals((fromConfig.json as Json).editor, "capcut");
    const flag = await runInProcess(["query", "masks", "--limit", "1", "--editor", "jianying"], {
      env: w.env,
    });
    assertEquals((flag.json as Json).editor, "jianying");
  } finally {
    await w.cleanup();
  }
});

Deno.test("query stickers / query huazi (cutcli's names): no_catalog, exit 7, with how to get an id", async () => {
  for (
    const [args, hint] of [
      [["query", "stickers", "--action", "search", "--keyword", "爱心"], /sticker list/],
      [["query", "huazi", "--action", "list"], /draft fill/],
    ] as const
  ) {
    const r = await runInProcess([...args], { env: { HOME: "/nonexistent" } });
    assertEquals(r.code, 7, r.stderr);
    assertEquals(r.stdout, "");
    assertEquals(r.error?.code, "no_catalog");
    assert(hint.test(r.error?.hint ?? ""), r.error?.hint);
    // The command the hint gives carries every required flag of 'sticker add'.
    if (args[1] === "stickers") {
      assert(/--sticker-id <id> --start <µs> --end <µs>/.test(r.error?.hint ?? ""), r.error?.hint);
    }
  }
});
