/**
 * Every bad input: documented exit code, a JSON error that names the problem, draft unchanged.
 * The cases run in-process (runInProcess); a real process shows the exit code and stderr once.
 */
import { deepStrictEqual, deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const img = (over: Json = {}) =>
  JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000, ...over }]);

const CASES: {
  name: string;
  args: (id: string, root: string) => string[];
  code: number;
  error: string;
  message: RegExp;
}[] = [
  {
    name: "malformed JSON with position",
    args: (id) => ["images", "add", id, "--image-infos", '[{"imageUrl": }]'],
    code: 2,
    error: "invalid_json",
    message: /line 1, column \d+/,
  },
  {
    name: "wrong type",
    args: (id) => ["images", "add", id, "--image-infos", img({ start: "0" })],
    code: 2,
    error: "invalid_input",
    message: /imageInfos\[0\]\.start/,
  },
  {
    name: "unknown key names the nearest accepted one",
    args: (id) => ["images", "add", id, "--image-infos", img({ transitionDur: 500_000 })],
    code: 2,
    error: "invalid_input",
    message: /Unrecognized key: "transitionDur" \(did you mean transitionDuration\?\)/,
  },
  {
    name: "unknown key in a build spec names the nearest accepted one",
    args: () => [
      "build",
      JSON.stringify({
        audios: [{ audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1, fadeOut: 1 }],
      }),
    ],
    code: 2,
    error: "invalid_input",
    message: /audios\[0\]: Unrecognized key: "fadeOut" \(did you mean fadeOutDuration\?\)/,
  },
  {
    name: "missing field",
    args: (id) => ["images", "add", id, "--image-infos", JSON.stringify([{ start: 0, end: 1 }])],
    code: 2,
    error: "invalid_input",
    message: /imageInfos\[0\]\.imageUrl/,
  },
  {
    name: "end <= start",
    args: (id) => ["images", "add", id, "--image-infos", img({ start: 5, end: 5 })],
    code: 2,
    error: "invalid_input",
    message: /end must be greater than start/,
  },
  {
    name: "negative time",
    args: (
      id,
    ) => [
      "audios",
      "add",
      id,
      "--audio-infos",
      JSON.stringify([{ audioUrl: fileUrl(fixture("audio.mp3")), start: -1, end: 10 }]),
    ],
    code: 2,
    error: "invalid_input",
    message: /audioInfos\[0\]\.start/,
  },
  {
    name: "unknown field",
    args: (id) => ["images", "add", id, "--image-infos", img({ startTime: 1 })],
    code: 2,
    error: "invalid_input",
    message: /startTime/,
  },
  {
    name: "relative path to a missing file",
    args: (id) => ["images", "add", id, "--image-infos", img({ imageUrl: "pics/a.png" })],
    code: 5,
    error: "media_not_found",
    message: /pics\/a\.png/,
  },
  {
    name: "missing file",
    args: (
      id,
      root,
    ) => ["images", "add", id, "--image-infos", img({ imageUrl: fileUrl(`${root}/nope.png`) })],
    code: 5,
    error: "media_not_found",
    message: /imageInfos\[0\].*nope\.png/,
  },
  {
    name: "not media",
    args: (
      id,
    ) => [
      "images",
      "add",
      id,
      "--image-infos",
      img({ imageUrl: fileUrl(fixture("not_media.txt")) }),
    ],
    code: 5,
    error: "media_error",
    message: /not_media\.txt/,
  },
  {
    name: "audio file as image",
    args: (
      id,
    ) => ["images", "add", id, "--image-infos", img({ imageUrl: fileUrl(fixture("audio.mp3")) })],
    code: 5,
    error: "media_error",
    message: /audio/,
  },
  {
    name: "animated GIF longer than the GIF",
    args: (
      id,
    ) => [
      "images",
      "add",
      id,
      "--image-infos",
      img({ imageUrl: fileUrl(fixture("anim.gif")), end: 2_000_000 }),
    ],
    code: 2,
    error: "invalid_input",
    message: /animated GIF/,
  },
  {
    name: "unknown animation",
    args: (id) => ["images", "add", id, "--image-infos", img({ inAnimation: "no such thing" })],
    code: 2,
    error: "unknown_name",
    message: /imageInfos\[0\]\.inAnimation/,
  },
  {
    name: "audio that starts past its end",
    args: (
      id,
    ) => [
      "audios",
      "add",
      id,
      "--audio-infos",
      JSON.stringify([{
        audioUrl: fileUrl(fixture("audio.mp3")),
        start: 0,
        end: 5_000_000,
        sourceStart: 60_000_000,
      }]),
    ],
    code: 2,
    error: "invalid_input",
    message: /past the end/,
  },
  {
    name: "bad colour",
    args: (
      id,
    ) => [
      "captions",
      "add",
      id,
      "--captions",
      JSON.stringify([{ text: "a", start: 0, end: 1_000_000, keyword: "a", keywordColor: "red" }]),
    ],
    code: 2,
    error: "invalid_input",
    message: /colour/,
  },
  {
    name: "overlapping captions",
    args: (
      id,
    ) => [
      "captions",
      "add",
      id,
      "--captions",
      JSON.stringify([{ text: "a", start: 0, end: 1_000_000 }, {
        text: "b",
        start: 500_000,
        end: 1_500_000,
      }]),
    ],
    code: 2,
    error: "invalid_input",
    message: /overlaps/,
  },
  {
    name: "unknown option",
    args: (id) => ["captions", "add", id, "--captions", "[]", "--fontsize", "3"],
    code: 2,
    error: "usage",
    message: /--fontsize/,
  },
  {
    name: "empty array",
    args: (id) => ["captions", "add", id, "--captions", "[]"],
    code: 2,
    error: "invalid_input",
    message: /captions/,
  },
  {
    name: "unreachable URL",
    args: (
      id,
    ) => ["images", "add", id, "--image-infos", img({ imageUrl: "http://127.0.0.1:9/a.png" })],
    code: 4,
    error: "network_error",
    message: /127\.0\.0\.1:9/,
  },
  {
    name: "draft id with traversal",
    args: () => ["images", "add", "../x", "--image-infos", img()],
    code: 2,
    error: "invalid_input",
    message: /draft id/,
  },
];

Deno.test("bad inputs fail with the documented code and leave the draft unchanged", async (t) => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = (await runInProcess(["draft", "create"], { env: w.env }))
      .json as Json;
    const ok = await runInProcess(["images", "add", draftId, "--image-infos", img()], {
      env: w.env,
    });
    assertEquals(ok.code, 0, ok.stderr);
    const before = await snapshotDir(filePath);
    for (const c of CASES) {
      await t.step(c.name, async () => {
        const r = await runInProcess(c.args(draftId, w.root), { env: w.env });
        assertEquals(r.code, c.code, r.stderr);
        assert(r.error, `JSON error on stderr: ${r.stderr}`);
        assertEquals(r.error!.code, c.error, r.stderr);
        assert(c.message.test(r.error!.message), `${r.error!.message} ~ ${c.message}`);
        assertEquals(r.stdout, "");
        assert(!r.stderr.includes("    at "), "no stack trace");
        deepStrictEqual(await snapshotDir(filePath), before);
      });
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("unknown draft id → exit 3 draft_not_found", async () => {
  const w = await tempWorld();
  try {
    const r = await runCli(["captions", "list", "7B1F0C2E-5A44-4B8E-9C3D-2B6F1A9E0C11"], {
      env: w.env,
    });
    assertEquals(r.code, 3);
    assertEquals(r.error?.code, "draft_not_found");
    assert(r.error?.hint?.includes("draft list"));
  } finally {
    await w.cleanup();
  }
});
