import { deepStrictEqual as assertEquals, ok as assert, throws } from "node:assert/strict";
import { DraftcliError } from "../errors.ts";
import {
  displayUnits,
  fitVideo,
  maxUnitsFor,
  type Span,
  speechUnits,
  splitLongCaption,
  spreadEvenly,
  timeCaptionsByLength,
} from "./timing.ts";

const FRAME30 = 1e6 / 30;

/** Contiguous, covering [0,total), starts on the grid, each ≥ 1 frame. */
function checkCover(spans: Span[], total: number, fps: number): void {
  const frame = 1e6 / fps;
  assertEquals(spans[0].start, 0);
  assertEquals(spans.at(-1)!.end, total);
  spans.forEach((s, i) => {
    if (i > 0) assertEquals(s.start, spans[i - 1].end);
    assert(Number.isInteger(s.start) && Number.isInteger(s.end));
    assertEquals(
      s.start,
      Math.round(Math.round(s.start / frame) * frame),
      `start ${s.start} on grid`,
    );
    assert(s.end - s.start >= Math.floor(frame), `span ${i} at least one frame`);
  });
}

function invalid(fn: () => unknown, re: RegExp): void {
  throws(fn, (e: DraftcliError) => {
    assertEquals(e.code, "invalid_input");
    assert(re.test(e.message), e.message);
    return true;
  });
}

Deno.test("units: CJK counts three letters in speech and two in width; punctuation little", () => {
  assertEquals(speechUnits("abc"), 3);
  assertEquals(speechUnits("你好"), 6);
  assertEquals(speechUnits("こんにちは"), 15);
  assertEquals(speechUnits("a b"), 2.2);
  assertEquals(speechUnits("好，"), 3.5);
  assertEquals(displayUnits("你好ab"), 6);
  assertEquals(displayUnits("，"), 2);
});

Deno.test("captions by length: proportional, contiguous, on the grid", () => {
  const total = 10_000_000;
  const out = timeCaptionsByLength(["一二三四五六", "abcdefghijklmnopqr", "ab"], total, {
    fps: 30,
  });
  checkCover(out, total, 30);
  assertEquals(out.map((c) => c.text), ["一二三四五六", "abcdefghijklmnopqr", "ab"]);
  const d = out.map((c) => c.end - c.start);
  // 6 CJK = 18 units = 18 letters: the first two get about the same time, the third ~1/9 of it.
  assert(Math.abs(d[0] - d[1]) <= 2 * FRAME30, d.join());
  assert(d[2] < d[0] / 5, d.join());
});

Deno.test("captions by length: one caption covers everything; off-grid total ends exactly", () => {
  assertEquals(timeCaptionsByLength(["only"], 2_000_000, { fps: 25 }), [
    { text: "only", start: 0, end: 2_000_000 },
  ]);
  const out = timeCaptionsByLength(["a", "b", "c"], 1_000_123, { fps: 30 });
  checkCover(out, 1_000_123, 30);
});

Deno.test("captions by length: every caption gets a frame even when tiny", () => {
  const texts = ["a very long caption ".repeat(20), "。", "b"];
  const out = timeCaptionsByLength(texts, 1_000_000, { fps: 30 });
  checkCover(out, 1_000_000, 30);
});

Deno.test("captions by length: errors", () => {
  invalid(() => timeCaptionsByLength(["a", "  "], 1e6, { fps: 30 }), /captions\[1\] is empty/);
  invalid(() => timeCaptionsByLength([], 1e6, { fps: 30 }), /no captions/);
  invalid(
    () => timeCaptionsByLength(["a", "b", "c"], 2 * FRAME30, { fps: 30 }),
    /at least 3 frames/,
  );
  invalid(() => timeCaptionsByLength(["a"], 0, { fps: 30 }), /positive/);
});

Deno.test("spreadEvenly: equal to the frame, covering the total", () => {
  const out = spreadEvenly(4, 10_000_000, 30);
  checkCover(out, 10_000_000, 30);
  const d = out.map((s) => s.end - s.start);
  assert(Math.max(...d) - Math.min(...d) <= Math.ceil(FRAME30), d.join());
  assertEquals(spreadEvenly(1, 5_000_000, 25), [{ start: 0, end: 5_000_000 }]);
  invalid(() => spreadEvenly(0, 1e6, 30), /at least one/);
  invalid(() => spreadEvenly(31, 1e6, 30), /at least 31 frames/);
});

Deno.test("maxUnitsFor: simple, monotone model", () => {
  // 1080-wide portrait, size 8: 86.4-px glyphs → 22 half-ems (11 CJK characters).
  assertEquals(maxUnitsFor(1080, 8), 22);
  assertEquals(maxUnitsFor(1920, 8, 1080), 40);
  assert(maxUnitsFor(1080, 4) > maxUnitsFor(1080, 8));
  assertEquals(maxUnitsFor(100, 300), 4);
  invalid(() => maxUnitsFor(0, 8), /positive/);
});

Deno.test("splitLongCaption: sentence ends first, then clauses, then spaces, then width", () => {
  assertEquals(splitLongCaption("short", 20), ["short"]);
  assertEquals(splitLongCaption("今天天气很好。我们去公园吧！好不好？", 16), [
    "今天天气很好。",
    "我们去公园吧！",
    "好不好？",
  ]);
  // Short sentences are packed together again.
  assertEquals(splitLongCaption("好。是。对。今天天气很好，我们去公园散步吧", 16), [
    "好。是。对。",
    "今天天气很好，",
    "我们去公园散步吧",
  ]);
  assertEquals(
    splitLongCaption("It costs 3.14 dollars. Then 1,000 more, or so! OK", 22),
    ["It costs 3.14 dollars.", "Then 1,000 more,", "or so! OK"],
  );
  assertEquals(splitLongCaption("这是一个没有标点的很长的句子", 10), [
    "这是一个没",
    "有标点的很",
    "长的句子",
  ]);
  assertEquals(splitLongCaption("他说：“走吧。”然后离开了", 14), ["他说：“走吧。”", "然后离开了"]);
  for (
    const piece of splitLongCaption("混合 mixed 文本，with English words and 中文。".repeat(3), 12)
  ) {
    assert(displayUnits(piece) <= 12, piece);
  }
  invalid(() => splitLongCaption("  ", 10), /empty/);
  invalid(() => splitLongCaption("x", 0), /at least 1/);
});

Deno.test("fitVideo: trim one segment, or loop with the last trimmed", () => {
  assertEquals(fitVideo(10_000_000, 4_000_000), [
    { target: { start: 0, duration: 4_000_000 }, source: { start: 0, duration: 4_000_000 } },
  ]);
  const loops = fitVideo(3_000_000, 7_500_000);
  assertEquals(loops.map((p) => [p.target.start, p.target.duration, p.source.duration]), [
    [0, 3_000_000, 3_000_000],
    [3_000_000, 3_000_000, 3_000_000],
    [6_000_000, 1_500_000, 1_500_000],
  ]);
  assertEquals(fitVideo(2_000_000, 4_000_000).length, 2);
  // With fps, loops last whole frames (never more than the file) and start on the grid.
  const grid = fitVideo(1_010_000, 3_500_000, 30);
  assertEquals(grid.at(-1)!.target.start + grid.at(-1)!.target.duration, 3_500_000);
  for (const p of grid) {
    assert(p.source.duration <= 1_010_000);
    assertEquals(p.target.start, Math.round(Math.round(p.target.start / FRAME30) * FRAME30));
  }
  invalid(() => fitVideo(0, 1e6), /positive/);
  invalid(() => fitVideo(10_000, 1e6, 30), /shorter than one frame/);
});

Deno.test("fitVideo counts the repeats before building any: too many is a media_error", () => {
  const started = performance.now();
  throws(
    () => fitVideo(33_334, 86_400_000_000, 30),
    (e: unknown) =>
      e instanceof DraftcliError && e.code === "media_error" &&
      /would repeat 2592000 times .* at most 10000/.test(e.message),
  );
  assert(performance.now() - started < 1000);
  assertEquals(fitVideo(1_000_000, 10_000_000_000, 30).length, 10_000);
});
