import { deepStrictEqual as assertEquals, ok as assert, throws } from "node:assert/strict";
import { parseSrt } from "./srt.ts";
import type { DraftcliError } from "../errors.ts";

Deno.test("srt: standard file with multi-line text", () => {
  const text = [
    "1",
    "00:00:01,000 --> 00:00:03,500",
    "Hello",
    "world",
    "",
    "2",
    "00:00:04,250 --> 00:01:02,007",
    "你好，世界",
    "",
  ].join("\n");
  assertEquals(parseSrt(text), [
    { index: 1, start: 1_000_000, end: 3_500_000, text: "Hello\nworld" },
    { index: 2, start: 4_250_000, end: 62_007_000, text: "你好，世界" },
  ]);
});

Deno.test("srt: BOM, CRLF, '.' separator, no index lines, hours left out, position tags", () => {
  const text = "\uFEFF00:00:01.5 --> 00:00:02.25 X1:10 X2:20\r\nfirst\r\n\r\n" +
    "00:03,000 --> 00:04,000\r\nsecond\r\n\r\n\r\n" +
    "1:00:00,000 --> 1:00:01,000\rthird\r";
  assertEquals(parseSrt(text), [
    { index: 1, start: 1_500_000, end: 2_250_000, text: "first" },
    { index: 2, start: 3_000_000, end: 4_000_000, text: "second" },
    { index: 3, start: 3_600_000_000, end: 3_601_000_000, text: "third" },
  ]);
});

Deno.test("srt: a missing blank line between cues, numbered or not", () => {
  const text = "1\n00:00:00,000 --> 00:00:01,000\nA\n2\n00:00:01,000 --> 00:00:02,000\nB\n" +
    "00:00:02,000 --> 00:00:03,000\nC";
  assertEquals(parseSrt(text).map((c) => [c.index, c.text]), [[1, "A"], [2, "B"], [3, "C"]]);
});

Deno.test("srt: cues without text are dropped; a text line that is a number is kept", () => {
  const text = "1\n00:00:00,000 --> 00:00:01,000\n\n2\n00:00:01,000 --> 00:00:02,000\n42\n";
  assertEquals(parseSrt(text), [{ index: 2, start: 1_000_000, end: 2_000_000, text: "42" }]);
});

function failsAt(text: string, line: number, re: RegExp): void {
  throws(() => parseSrt(text), (e: DraftcliError) => {
    assertEquals(e.code, "invalid_input");
    assert(e.message.startsWith(`SRT line ${line}: `), e.message);
    assert(re.test(e.message), e.message);
    return true;
  });
}

Deno.test("srt: malformed input names the line", () => {
  const good = "1\n00:00:00,000 --> 00:00:01,000\nok\n\n";
  // Lines 1–4 are a good cue; the bad time line is line 6.
  failsAt(good + "2\n00:00:0x,000 --> 00:00:02,000\nbad\n", 6, /expected a time line/);
  failsAt(good + "2\n00:00:03,000 --> 00:00:02,000\nbad\n", 6, /ends .* before it starts/);
  failsAt(good + "2\n00:00:01,000 --> 00:00:61,000\nbad\n", 6, /below 60/);
  failsAt(good + "just text\n", 5, /expected a time line.*'just text'/);
  failsAt(good + "7\n\n", 6, /cue 7 has no time line/);
});

Deno.test("srt: empty or blank text is an error", () => {
  for (const t of ["", "\uFEFF", "\n\n  \n"]) {
    throws(() => parseSrt(t), (e: DraftcliError) => /no captions/.test(e.message));
  }
});
