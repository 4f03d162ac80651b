/**
 * Bad input to videos / effects / filters / sticker / masks (and image animations): documented
 * exit code, a JSON error naming the field, and the draft left byte-for-byte unchanged. In-process
 * (runApp): what is checked is the input handling, which a child process would only repeat.
 */
import { deepStrictEqual, deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** Ids of the draft the cases run against. */
interface Ctx {
  id: string;
  video: string;
  photo: string;
  text: string;
  effect: string;
}

const vid = (over: Json = {}, file = "video.mp4") =>
  JSON.stringify([{ videoUrl: fileUrl(fixture(file)), start: 0, end: 1_000_000, ...over }]);
const videos = (c: Ctx, over: Json = {}, file?: string) => [
  "videos",
  "add",
  c.id,
  "--video-infos",
  vid(over, file),
];
const effects = (c: Ctx, item: Json) => [
  "effects",
  "add",
  c.id,
  "--effect-infos",
  JSON.stringify([item]),
];
const fx = (over: Json = {}) => ({ effectTitle: "70s", start: 0, end: 1_000_000, ...over });
const filters = (c: Ctx, item: Json) => [
  "filters",
  "add",
  c.id,
  "--filter-infos",
  JSON.stringify([item]),
];
const flt = (over: Json = {}) => ({ filterTitle: "ABG", start: 0, end: 1_000_000, ...over });
const sticker = (c: Ctx, ...extra: string[]) => [
  "sticker",
  "add",
  c.id,
  "--sticker-id",
  "7213186475432824123",
  "--start",
  "0",
  "--end",
  "1000000",
  ...extra,
];
const masks = (c: Ctx, ids: string, ...extra: string[]) => [
  "masks",
  "add",
  c.id,
  "--segment-ids",
  ids,
  ...extra,
];

const CASES: {
  name: string;
  args: (c: Ctx) => string[];
  code: number;
  error: string;
  message: RegExp;
}[] = [
  // videos add
  {
    name: "video: still image",
    args: (c) => videos(c, {}, "image.png"),
    code: 5,
    error: "media_error",
    message: /videoInfos\[0\]\.videoUrl: image\.png is an? image/,
  },
  {
    name: "video: single-frame GIF",
    args: (c) => videos(c, {}, "still.gif"),
    code: 5,
    error: "media_error",
    message: /still\.gif/,
  },
  {
    name: "video: audio file",
    args: (c) => videos(c, {}, "audio.mp3"),
    code: 5,
    error: "media_error",
    message: /an audio file/,
  },
  {
    name: "video: longer than the file",
    args: (c) => videos(c, { end: 2_000_000 }),
    code: 2,
    error: "invalid_input",
    message: /needs 2000000 µs of video .* is 1000000 µs long/,
  },
  {
    name: "video: sourceStart + length beyond the file",
    args: (c) => videos(c, { sourceStart: 400_000 }),
    code: 2,
    error: "invalid_input",
    message: /sourceStart 400000 \+ 1000000 µs/,
  },
  {
    name: "video: sourceStart outside the file",
    args: (c) => videos(c, { sourceStart: 1_000_000 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.sourceStart/,
  },
  {
    name: "video: speed makes it too long",
    args: (c) => videos(c, { speed: 2 }),
    code: 2,
    error: "invalid_input",
    message: /× speed 2/,
  },
  {
    name: "video: speed out of range",
    args: (c) => videos(c, { speed: 0 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.speed/,
  },
  {
    name: "video: volume out of range",
    args: (c) => videos(c, { volume: 11 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.volume/,
  },
  {
    name: "video: fade on a silent file",
    args: (c) => videos(c, { fadeInDuration: 100_000 }, "video_noaudio.mp4"),
    code: 2,
    error: "invalid_input",
    message: /has no sound/,
  },
  {
    name: "video: fades longer than the clip",
    args: (c) => videos(c, { fadeInDuration: 600_000, fadeOutDuration: 600_000 }),
    code: 2,
    error: "invalid_input",
    message: /fades are longer/,
  },
  {
    name: "video: negative fade",
    args: (c) => videos(c, { fadeOutDuration: -1 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.fadeOutDuration/,
  },
  {
    name: "video: unknown mask",
    args: (c) => videos(c, { mask: "hexagon" }),
    code: 2,
    error: "unknown_name",
    message: /videoInfos\[0\]\.mask/,
  },
  {
    name: "video: unknown transition",
    args: (c) => videos(c, { transition: "no such transition" }),
    code: 2,
    error: "unknown_name",
    message: /videoInfos\[0\]\.transition/,
  },
  {
    name: "video: unknown exit animation",
    args: (c) => videos(c, { outAnimation: "no such thing" }),
    code: 2,
    error: "unknown_name",
    message: /videoInfos\[0\]\.outAnimation/,
  },
  {
    name: "video: combo with entrance",
    args: (c) => videos(c, { loopAnimation: "三分割", inAnimation: "渐显" }),
    code: 2,
    error: "invalid_input",
    message: /cannot be combined/,
  },
  {
    name: "video: transform out of range",
    args: (c) => videos(c, { transformX: 1000 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.transformX/,
  },
  {
    name: "video: alpha out of range",
    args: (c) => videos(c, { alpha: 1.5 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.alpha/,
  },
  {
    name: "video: --alpha out of range",
    args: (c) => [...videos(c), "--alpha", "2"],
    code: 2,
    error: "invalid_input",
    message: /alpha/,
  },
  {
    name: "video: width not an integer",
    args: (c) => videos(c, { width: 10.5 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.width/,
  },
  {
    name: "video: duration zero",
    args: (c) => videos(c, { duration: 0 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.duration/,
  },
  {
    name: "video: shorter than a frame",
    args: (c) => videos(c, { start: 0, end: 10 }),
    code: 2,
    error: "invalid_input",
    message: /shorter than one frame/,
  },
  {
    name: "video: unknown field",
    args: (c) => videos(c, { trimStart: 1 }),
    code: 2,
    error: "invalid_input",
    message: /trimStart/,
  },
  {
    name: "video: height not positive",
    args: (c) => videos(c, { height: 0 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.height/,
  },
  {
    name: "video: end not after start",
    args: (c) => videos(c, { start: 500_000, end: 500_000 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.end: end must be greater than start/,
  },
  {
    name: "video: unknown entrance animation",
    args: (c) => videos(c, { inAnimation: "no such thing" }),
    code: 2,
    error: "unknown_name",
    message: /videoInfos\[0\]\.inAnimation/,
  },
  {
    name: "video: negative combo duration",
    args: (c) => videos(c, { loopAnimation: "三分割", loopAnimationDuration: -1 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.loopAnimationDuration/,
  },
  {
    name: "video: zero transition duration",
    args: (c) => videos(c, { transition: "叠化", transitionDuration: 0 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.transitionDuration/,
  },
  {
    name: "video: zero vertical scale",
    args: (c) => videos(c, { scaleY: 0 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.scaleY/,
  },
  {
    name: "video: rotation out of range",
    args: (c) => videos(c, { rotation: 1e6 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.rotation/,
  },
  {
    name: "video: sourceStart not an integer",
    args: (c) => videos(c, { sourceStart: 0.5 }),
    code: 2,
    error: "invalid_input",
    message: /videoInfos\[0\]\.sourceStart/,
  },
  // effects add
  {
    name: "effect: unknown name",
    args: (c) => effects(c, fx({ effectTitle: "no such effect" })),
    code: 2,
    error: "unknown_name",
    message: /effectInfos\[0\]\.effectTitle/,
  },
  {
    name: "effect: name and id",
    args: (c) => effects(c, fx({ effectId: "6706773500792689165" })),
    code: 2,
    error: "invalid_input",
    message: /exactly one of effectTitle and effectId/,
  },
  {
    name: "effect: neither name nor id",
    args: (c) => effects(c, { start: 0, end: 1_000_000 }),
    code: 2,
    error: "invalid_input",
    message: /effectInfos\[0\]\.effectTitle: give exactly one/,
  },
  {
    name: "effect: unknown id",
    args: (c) => effects(c, { effectId: "123", start: 0, end: 1_000_000 }),
    code: 2,
    error: "unknown_name",
    message: /no video_effects entry with id 123/,
  },
  {
    name: "effect: malformed id",
    args: (c) => effects(c, { effectId: "seventy", start: 0, end: 1_000_000 }),
    code: 2,
    error: "invalid_input",
    message: /effectInfos\[0\]\.effectId/,
  },
  {
    name: "effect: unknown category",
    args: (c) => effects(c, fx({ category: "sticker" })),
    code: 2,
    error: "invalid_input",
    message: /effectInfos\[0\]\.category/,
  },
  {
    name: "effect: name not in that category",
    args: (c) => effects(c, fx({ category: "character" })),
    code: 2,
    error: "unknown_name",
    message: /category character/,
  },
  {
    name: "effect: no time range and no segment",
    args: (c) => effects(c, { effectTitle: "70s" }),
    code: 2,
    error: "invalid_input",
    message: /start is required unless segmentId/,
  },
  {
    name: "effect: times with a segment",
    args: (c) => effects(c, fx({ segmentId: c.video })),
    code: 2,
    error: "invalid_input",
    message: /start does not apply with segmentId/,
  },
  {
    name: "effect: end before start",
    args: (c) => effects(c, fx({ start: 2_000_000, end: 1_000_000 })),
    code: 2,
    error: "invalid_input",
    message: /end must be greater than start/,
  },
  {
    name: "effect: unknown parameter",
    args: (c) => effects(c, fx({ params: { sped: 50 } })),
    code: 2,
    error: "invalid_input",
    message: /no parameter "sped"; valid: speed/,
  },
  {
    name: "effect: parameter above 100",
    args: (c) => effects(c, fx({ params: { speed: 101 } })),
    code: 2,
    error: "invalid_input",
    message: /effectInfos\[0\]\.params\.speed/,
  },
  {
    name: "effect: unknown segment",
    args: (c) => effects(c, { effectTitle: "70s", segmentId: "NOPE" }),
    code: 3,
    error: "segment_not_found",
    message: /effectInfos\[0\]\.segmentId: no segment with id NOPE/,
  },
  {
    name: "effect: onto a text segment",
    args: (c) => effects(c, { effectTitle: "70s", segmentId: c.text }),
    code: 2,
    error: "invalid_input",
    message: /on a text track/,
  },
  {
    name: "effect: onto an effect segment",
    args: (c) => effects(c, { effectTitle: "70s", segmentId: c.effect }),
    code: 2,
    error: "invalid_input",
    message: /on an effect track/,
  },
  {
    name: "effect: params not an object",
    args: (c) => effects(c, fx({ params: [50] })),
    code: 2,
    error: "invalid_input",
    message: /effectInfos\[0\]\.params/,
  },
  // filters add
  {
    name: "filter: unknown name",
    args: (c) => filters(c, flt({ filterTitle: "no such filter" })),
    code: 2,
    error: "unknown_name",
    message: /filterInfos\[0\]\.filterTitle/,
  },
  {
    name: "filter: unknown id",
    args: (c) => filters(c, { filterId: "42", start: 0, end: 1_000_000 }),
    code: 2,
    error: "unknown_name",
    message: /no filters entry with id 42/,
  },
  {
    name: "filter: name and id",
    args: (c) => filters(c, flt({ filterId: "7127679308897832206" })),
    code: 2,
    error: "invalid_input",
    message: /exactly one of filterTitle and filterId/,
  },
  {
    name: "filter: intensity above 100",
    args: (c) => filters(c, flt({ intensity: 150 })),
    code: 2,
    error: "invalid_input",
    message: /filterInfos\[0\]\.intensity/,
  },
  {
    name: "filter: missing end",
    args: (c) => filters(c, { filterTitle: "ABG", start: 0 }),
    code: 2,
    error: "invalid_input",
    message: /filterInfos\[0\]\.end: end is required/,
  },
  {
    name: "filter: unknown segment",
    args: (c) => filters(c, { filterTitle: "ABG", segmentId: "NOPE" }),
    code: 3,
    error: "segment_not_found",
    message: /filterInfos\[0\]\.segmentId/,
  },
  {
    name: "filter: onto a text segment",
    args: (c) => filters(c, { filterTitle: "ABG", segmentId: c.text }),
    code: 2,
    error: "invalid_input",
    message: /only video and photo segments/,
  },
  {
    name: "filter: malformed id",
    args: (c) => filters(c, { filterId: "ABG", start: 0, end: 1_000_000 }),
    code: 2,
    error: "invalid_input",
    message: /filterInfos\[0\]\.filterId/,
  },
  {
    name: "filter: times with a segment",
    args: (c) => filters(c, flt({ segmentId: c.photo })),
    code: 2,
    error: "invalid_input",
    message: /does not apply with segmentId/,
  },
  // sticker add
  {
    name: "sticker: id not digits",
    args: (c) => ["sticker", "add", c.id, "--sticker-id", "abc", "--start", "0", "--end", "1000"],
    code: 2,
    error: "invalid_input",
    message: /stickerId: must be a sticker resource id/,
  },
  {
    name: "sticker: empty id",
    args: (c) => ["sticker", "add", c.id, "--sticker-id", "", "--start", "0", "--end", "1000"],
    code: 2,
    error: "invalid_input",
    message: /stickerId/,
  },
  {
    name: "sticker: missing id",
    args: (c) => ["sticker", "add", c.id, "--start", "0", "--end", "1000000"],
    code: 2,
    error: "invalid_input",
    message: /stickerId/,
  },
  {
    name: "sticker: end before start",
    args: (c) => [...sticker(c).slice(0, 7), "--end", "0"],
    code: 2,
    error: "invalid_input",
    message: /end must be greater than start/,
  },
  {
    name: "sticker: shorter than a frame",
    args: (c) => [...sticker(c).slice(0, 7), "--end", "5"],
    code: 2,
    error: "invalid_input",
    message: /shorter than one frame/,
  },
  {
    name: "sticker: scale zero",
    args: (c) => sticker(c, "--scale", "0"),
    code: 2,
    error: "invalid_input",
    message: /scale/,
  },
  {
    name: "sticker: transform not a number",
    args: (c) => sticker(c, "--transform-x", "left"),
    code: 2,
    error: "usage",
    message: /--transform-x takes a number/,
  },
  {
    name: "sticker: transform out of range",
    args: (c) => sticker(c, "--transform-y", "500"),
    code: 2,
    error: "invalid_input",
    message: /transformY/,
  },
  {
    name: "sticker: rotation out of range",
    args: (c) => sticker(c, "--rotation", "5000"),
    code: 2,
    error: "invalid_input",
    message: /rotation/,
  },
  // masks add
  {
    name: "mask: no segment ids",
    args: (c) => ["masks", "add", c.id, "--name", "circle"],
    code: 2,
    error: "invalid_input",
    message: /segmentIds/,
  },
  {
    name: "mask: unknown name",
    args: (c) => masks(c, c.video, "--name", "hexagon"),
    code: 2,
    error: "unknown_name",
    message: /name: unknown masks name "hexagon"/,
  },
  {
    name: "mask: empty id in the list",
    args: (c) => masks(c, `${c.video},,${c.photo}`),
    code: 2,
    error: "invalid_input",
    message: /segmentIds: must be segment ids separated by commas/,
  },
  {
    name: "mask: id listed twice",
    args: (c) => masks(c, `${c.video},${c.video}`),
    code: 2,
    error: "invalid_input",
    message: /listed twice/,
  },
  {
    name: "mask: unknown segment (after a good one)",
    args: (c) => masks(c, `${c.video},NOPE`),
    code: 3,
    error: "segment_not_found",
    message: /no segment with id NOPE/,
  },
  {
    name: "mask: text segment",
    args: (c) => masks(c, c.text),
    code: 2,
    error: "invalid_input",
    message: /on a text track/,
  },
  {
    name: "mask: feather above 100",
    args: (c) => masks(c, c.video, "--feather", "101"),
    code: 2,
    error: "invalid_input",
    message: /feather/,
  },
  {
    name: "mask: negative round corner",
    args: (c) => masks(c, c.video, "--round-corner", "-1"),
    code: 2,
    error: "invalid_input",
    message: /roundCorner/,
  },
  {
    name: "mask: zero width",
    args: (c) => masks(c, c.video, "--width", "0"),
    code: 2,
    error: "invalid_input",
    message: /width/,
  },
  {
    name: "mask: height too big",
    args: (c) => masks(c, c.video, "--height", "11"),
    code: 2,
    error: "invalid_input",
    message: /height/,
  },
  {
    name: "mask: centre out of range",
    args: (c) => masks(c, c.video, "--center-x", "1000"),
    code: 2,
    error: "invalid_input",
    message: /centerX/,
  },
  {
    name: "mask: centre y not a number",
    args: (c) => masks(c, c.video, "--center-y", "up"),
    code: 2,
    error: "usage",
    message: /--center-y takes a number/,
  },
  {
    name: "mask: rotation out of range",
    args: (c) => masks(c, c.video, "--rotation", "99999"),
    code: 2,
    error: "invalid_input",
    message: /rotation/,
  },
  {
    name: "mask: invert not a boolean",
    args: (c) => masks(c, c.video, "--invert=maybe"),
    code: 2,
    error: "usage",
    message: /--invert takes true or false/,
  },
  // images: exit and combo animations
  {
    name: "image: unknown exit animation",
    args: (c) => [
      "images",
      "add",
      c.id,
      "--image-infos",
      JSON.stringify([{
        imageUrl: fileUrl(fixture("image.png")),
        start: 5_000_000,
        end: 6_000_000,
        outAnimation: "nope nope",
      }]),
    ],
    code: 2,
    error: "unknown_name",
    message: /imageInfos\[0\]\.outAnimation/,
  },
  {
    name: "image: unknown combo animation",
    args: (c) => [
      "images",
      "add",
      c.id,
      "--image-infos",
      JSON.stringify([{
        imageUrl: fileUrl(fixture("image.png")),
        start: 5_000_000,
        end: 6_000_000,
        loopAnimation: "nope nope",
      }]),
    ],
    code: 2,
    error: "unknown_name",
    message: /imageInfos\[0\]\.loopAnimation/,
  },
  {
    name: "image: combo with exit",
    args: (c) => [
      "images",
      "add",
      c.id,
      "--image-infos",
      JSON.stringify([{
        imageUrl: fileUrl(fixture("image.png")),
        start: 5_000_000,
        end: 6_000_000,
        loopAnimation: "三分割",
        outAnimation: "渐隐",
      }]),
    ],
    code: 2,
    error: "invalid_input",
    message: /cannot be combined/,
  },
  {
    name: "image: negative exit duration",
    args: (c) => [
      "images",
      "add",
      c.id,
      "--image-infos",
      JSON.stringify([{
        imageUrl: fileUrl(fixture("image.png")),
        start: 5_000_000,
        end: 6_000_000,
        outAnimation: "渐隐",
        outAnimationDuration: -5,
      }]),
    ],
    code: 2,
    error: "invalid_input",
    message: /imageInfos\[0\]\.outAnimationDuration/,
  },
];

async function must(args: string[], env: Record<string, string>): Promise<Json> {
  const r = await runInProcess(args, { env });
  assertEquals(r.code, 0, r.stderr);
  return r.json as Json;
}

Deno.test("bad visual inputs fail with the documented code and leave the draft unchanged", async (t) => {
  const w = await tempWorld();
  try {
    const { draftId: id, filePath } = await must(["draft", "create"], w.env);
    const v = await must(["videos", "add", id, "--video-infos", vid()], w.env);
    const p = await must([
      "images",
      "add",
      id,
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 1e6, end: 2e6 }]),
    ], w.env);
    await must([
      "captions",
      "add",
      id,
      "--captions",
      JSON.stringify([{ text: "hi", start: 0, end: 1e6 }]),
    ], w.env);
    const text = ((await must(["captions", "list", id], w.env)) as unknown as Json[])[0].segmentId;
    const e = await must(effects({ id } as Ctx, fx()), w.env);
    const ctx: Ctx = {
      id,
      video: v.items[0].segmentId,
      photo: p.items[0].segmentId,
      text,
      effect: e.items[0].segmentId,
    };
    const before = await snapshotDir(filePath);
    for (const c of CASES) {
      await t.step(c.name, async () => {
        const r = await runInProcess(c.args(ctx), { env: w.env });
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

Deno.test("masks that need text or a drawn path are refused (CapCut catalog)", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await must(["draft", "create", "--editor", "capcut"], w.env);
    const v = await must(["videos", "add", draftId, "--video-infos", vid()], w.env);
    const before = await snapshotDir(filePath);
    for (const name of ["Text", "Pen", "Brush"]) {
      const r = await runInProcess(
        ["masks", "add", draftId, "--segment-ids", v.items[0].segmentId, "--name", name],
        { env: w.env },
      );
      assertEquals(r.code, 2, r.stderr);
      assertEquals(r.error?.code, "invalid_input");
      assert(/cannot write/.test(r.error!.message), r.error!.message);
    }
    deepStrictEqual(await snapshotDir(filePath), before);
    // the CapCut-only shapes with plain geometry work
    const ok = await runInProcess(
      ["masks", "add", draftId, "--segment-ids", v.items[0].segmentId, "--name", "Filmstrip"],
      { env: w.env },
    );
    assertEquals(ok.code, 0, ok.stderr);
    assertEquals((ok.json as Json).items[0].resourceType, "mirror");
  } finally {
    await w.cleanup();
  }
});
