import assert from "node:assert/strict";
import { DraftcliError } from "../errors.ts";
import {
  buildTextContent,
  expandKeywordShortForm,
  formatHexColor,
  givesHighlights,
  type Highlight,
  isHexColor,
  normalizeHexColor,
  parseHexColor,
  plainTextContent,
  SHADOW_DEFAULTS,
  shadowPoint,
  textMaterialFields,
  type TextRange,
  type TextStyle,
} from "./text_content.ts";
import realStyles from "../../test/fixtures/reference/text_styles.json" with { type: "json" };
import realMaterial from "../../test/fixtures/reference/text_material.json" with { type: "json" };

const BASE: TextStyle = {
  size: 8,
  bold: false,
  italic: false,
  underline: false,
  color: "#ffffff",
  alpha: 1,
};
const RED: Highlight = { keyword: "", color: "#ff0000" };

/** Ranges as compact tuples: [start, end] or [start, end, highlight]. */
function tuples(ranges: TextRange[]): number[][] {
  return ranges.map((r) =>
    r.highlight === undefined ? [r.start, r.end] : [r.start, r.end, r.highlight]
  );
}

function kw(...keywords: string[]): Highlight[] {
  return keywords.map((keyword) => ({ ...RED, keyword }));
}

/** Asserts the partition invariants and that content agrees with ranges. */
function assertPartition(text: string, highlights: Highlight[]) {
  const out = buildTextContent(text, BASE, highlights);
  let cursor = 0;
  for (const r of out.ranges) {
    assert.equal(r.start, cursor, `contiguous at ${cursor} in ${JSON.stringify(text)}`);
    assert.ok(r.end > r.start, "non-empty range");
    if (r.highlight !== undefined) {
      assert.equal(text.slice(r.start, r.end), highlights[r.highlight].keyword);
    }
    cursor = r.end;
  }
  assert.equal(cursor, text.length, "covers the whole text");
  const parsed = JSON.parse(out.content);
  assert.equal(parsed.text, text);
  assert.deepEqual(
    parsed.styles.map((s: { range: number[] }) => s.range),
    out.ranges.map((r) => [r.start, r.end]),
  );
  return out;
}

function assertInvalid(fn: () => unknown, path?: string, message?: RegExp) {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof DraftcliError, `expected DraftcliError, got ${err}`);
    assert.equal(err.code, "invalid_input");
    assert.equal(err.exitCode, 2);
    if (path !== undefined) assert.equal(err.path, path);
    if (message) assert.match(err.message, message);
    return true;
  });
}

// ---- colours ----------------------------------------------------------------------------------

Deno.test("parseHexColor reads #rrggbb in any case", () => {
  assert.deepEqual(parseHexColor("#ff8000"), [1, 128 / 255, 0]);
  assert.deepEqual(parseHexColor("#FF8000"), parseHexColor("#ff8000"));
  assert.deepEqual(parseHexColor("#000000"), [0, 0, 0]);
  assert.deepEqual(parseHexColor("#0A0b0C"), [10 / 255, 11 / 255, 12 / 255]);
});

Deno.test("parseHexColor rejects everything but #rrggbb, with path and hint", () => {
  for (
    const bad of [
      "#fff",
      "ff8000",
      "#ff800g",
      "#ff800080",
      "red",
      "",
      " #ff8000",
      "#ff8000 ",
      "＃ff8000",
    ]
  ) {
    assert.equal(isHexColor(bad), false, bad);
    assertInvalid(
      () => parseHexColor(bad, "keywordColor"),
      "keywordColor",
      /is not a #rrggbb colour/,
    );
  }
  try {
    parseHexColor("#fff");
  } catch (err) {
    assert.ok(err instanceof DraftcliError);
    assert.match(err.hint ?? "", /six hex digits/);
  }
});

Deno.test("formatHexColor inverts parseHexColor for every channel value", () => {
  for (let v = 0; v < 256; v++) {
    const hex = "#" +
      [v, 255 - v, (v * 7) % 256].map((c) => c.toString(16).padStart(2, "0")).join("");
    assert.equal(formatHexColor(parseHexColor(hex)), hex);
  }
  assert.equal(normalizeHexColor("#ABCDEF"), "#abcdef");
  assert.equal(formatHexColor([1, 0.74901962280273438, 0.45098039507865906]), "#ffbf73"); // real float32 colour
  assertInvalid(() => formatHexColor([1.2, 0, 0]));
  assertInvalid(() => formatHexColor([0, 0]));
  assertInvalid(() => formatHexColor([NaN, 0, 0]));
});

// ---- ranges -----------------------------------------------------------------------------------

Deno.test("ASCII: keyword splits the text into three partitions", () => {
  const out = assertPartition("Hello big world", kw("big"));
  assert.deepEqual(tuples(out.ranges), [[0, 6], [6, 9, 0], [9, 15]]);
  assert.deepEqual(out.unmatched, []);
});

Deno.test("no highlights: one base range over the whole text", () => {
  const out = assertPartition("plain", []);
  assert.deepEqual(tuples(out.ranges), [[0, 5]]);
});

Deno.test("CJK: ranges count characters (BMP: one unit each)", () => {
  const out = assertPartition("飘过一二六飘过", kw("飘过"));
  assert.deepEqual(tuples(out.ranges), [[0, 2, 0], [2, 5], [5, 7, 0]]);
  const out2 = assertPartition("庆历四年春，滕子京谪守巴陵郡。", kw("滕子京", "巴陵郡"));
  assert.deepEqual(tuples(out2.ranges), [[0, 6], [6, 9, 0], [9, 11], [11, 14, 1], [14, 15]]);
});

Deno.test("emoji count 2 units; keywords after an emoji shift by 2", () => {
  const out = assertPartition("😀 sale now", kw("sale"));
  assert.deepEqual(tuples(out.ranges), [[0, 3], [3, 7, 0], [7, 11]]);
  assert.deepEqual(tuples(assertPartition("a sale", kw("sale")).ranges), [[0, 2], [2, 6, 0]]);
  assert.deepEqual(tuples(assertPartition("x😀y😀", kw("😀")).ranges), [[0, 1], [1, 3, 0], [3, 4], [
    4,
    6,
    0,
  ]]);
  assert.deepEqual(tuples(assertPartition("𠀋字", kw("字")).ranges), [[0, 2], [2, 3, 0]]); // CJK ext-B
});

Deno.test("a keyword never splits a grapheme cluster (emoji modifiers, ZWJ, flags)", () => {
  const thumbs = assertPartition("ok 👍🏽", kw("👍"));
  assert.deepEqual(tuples(thumbs.ranges), [[0, 7]]);
  assert.deepEqual(thumbs.unmatched, [{ keyword: "👍", highlight: 0, reason: "not_found" }]);
  assert.deepEqual(tuples(assertPartition("ok 👍🏽", kw("👍🏽")).ranges), [[0, 3], [3, 7, 0]]);
  const family = "👨‍👩‍👧";
  assert.deepEqual(tuples(assertPartition(`a${family}b`, kw("👩")).ranges), [[
    0,
    2 + family.length,
  ]]);
  // a lone low surrogate can never match inside a pair
  assert.deepEqual(tuples(assertPartition("😀", kw("\uDE00")).ranges), [[0, 2]]);
});

Deno.test("combining marks: count as units and stay with their base letter", () => {
  const text = "cafe\u0301 cafe"; // decomposed é, then a plain "cafe"
  assert.equal(text.length, 10);
  const out = assertPartition(text, kw("cafe"));
  assert.deepEqual(tuples(out.ranges), [[0, 6], [6, 10, 0]]); // first "cafe" would cut é apart
  assert.deepEqual(tuples(assertPartition(text, kw("e\u0301")).ranges), [[0, 3], [3, 5, 0], [
    5,
    10,
  ]]);
  // no normalisation: precomposed é does not match decomposed é
  assert.deepEqual(assertPartition(text, kw("café")).unmatched[0]?.reason, "not_found");
  // Arabic with harakat: the word with its marks matches as a whole
  const ar = "بِسْمِ ٱللَّهِ";
  assert.deepEqual(tuples(assertPartition(ar, kw("ٱللَّهِ")).ranges), [[0, 7], [7, ar.length, 0]]);
});

Deno.test("repeated keywords: every occurrence is its own range", () => {
  assert.deepEqual(
    tuples(assertPartition("la la la", kw("la")).ranges),
    [[0, 2, 0], [2, 3], [3, 5, 0], [5, 6], [6, 8, 0]],
  );
  assert.deepEqual(tuples(assertPartition("aaaa", kw("aa")).ranges), [[0, 2, 0], [2, 4, 0]]);
  assert.deepEqual(tuples(assertPartition("aaa", kw("aa")).ranges), [[0, 2, 0], [2, 3]]);
});

Deno.test("overlaps: leftmost wins, then longest, then earlier-listed", () => {
  // longest at the same start
  const ny = assertPartition("I love New York and New Jersey", kw("New", "New York"));
  assert.deepEqual(tuples(ny.ranges), [[0, 7], [7, 15, 1], [15, 20], [20, 23, 0], [23, 30]]);
  assert.deepEqual(ny.unmatched, []);
  // leftmost beats longer-but-later
  const abcd = assertPartition("abcd", kw("bcd", "abc"));
  assert.deepEqual(tuples(abcd.ranges), [[0, 3, 1], [3, 4]]);
  assert.deepEqual(abcd.unmatched, [{ keyword: "bcd", highlight: 0, reason: "overlapped" }]);
  // crossing keywords
  const abc = assertPartition("abc", kw("ab", "bc"));
  assert.deepEqual(tuples(abc.ranges), [[0, 2, 0], [2, 3]]);
  assert.deepEqual(abc.unmatched, [{ keyword: "bc", highlight: 1, reason: "overlapped" }]);
  // same keyword twice: the earlier-listed one wins
  const dup = assertPartition("x y", [{ keyword: "x", color: "#00ff00" }, {
    keyword: "x",
    color: "#0000ff",
  }]);
  assert.deepEqual(tuples(dup.ranges), [[0, 1, 0], [1, 3]]);
  assert.deepEqual(JSON.parse(dup.content).styles[0].fill.content.solid.color, [0, 1, 0]);
  // after a chosen occurrence, scanning resumes at its end: "aa" still matches at 2 in "xaaa"
  assert.deepEqual(tuples(assertPartition("xaaa", kw("xa", "aa")).ranges), [[0, 2, 0], [2, 4, 1]]);
  // a keyword inside a longer one that starts earlier is swallowed; its other occurrences count
  const sub = assertPartition("sunflower flower", kw("flower", "sunflower"));
  assert.deepEqual(tuples(sub.ranges), [[0, 9, 1], [9, 10], [10, 16, 0]]);
});

Deno.test("keyword equal to the whole text: a single highlighted range", () => {
  const out = assertPartition("全部", kw("全部"));
  assert.deepEqual(tuples(out.ranges), [[0, 2, 0]]);
  assert.equal(JSON.parse(out.content).styles.length, 1);
});

Deno.test("keyword not found: no range, reported as unmatched", () => {
  const out = assertPartition("hello", kw("bye", "ell", "Hello"));
  assert.deepEqual(tuples(out.ranges), [[0, 1], [1, 4, 1], [4, 5]]);
  assert.deepEqual(out.unmatched, [
    { keyword: "bye", highlight: 0, reason: "not_found" },
    { keyword: "Hello", highlight: 2, reason: "not_found" }, // case-sensitive
  ]);
});

Deno.test("partitions are contiguous, non-overlapping and cover the text (random texts)", () => {
  let seed = 12345;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pieces = ["a", "b", "ab", " ", "字", "词", "😀", "👍🏽", "e\u0301", "\n", "ع", "ِ", "🇫🇷"];
  for (let round = 0; round < 400; round++) {
    let text = "";
    const len = 1 + rand(20);
    for (let i = 0; i < len; i++) text += pieces[rand(pieces.length)];
    const highlights: Highlight[] = [];
    const n = rand(4);
    for (let i = 0; i < n; i++) {
      const from = rand(text.length);
      const to = from + 1 + rand(Math.min(6, text.length - from));
      highlights.push({ keyword: text.slice(from, to), fontSize: 9 + i });
    }
    const out = assertPartition(text, highlights);
    const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
    const bounds = new Set([...segmenter.segment(text)].map((s) => s.index).concat(text.length));
    for (const r of out.ranges) {
      assert.ok(
        bounds.has(r.start) && bounds.has(r.end),
        `range on grapheme boundaries in ${JSON.stringify(text)}`,
      );
    }
    for (const u of out.unmatched) assert.ok(!out.ranges.some((r) => r.highlight === u.highlight));
  }
});

// ---- content JSON -----------------------------------------------------------------------------

Deno.test("plainTextContent writes what buildTextContent writes for a text without keywords", () => {
  const styles: TextStyle[] = [
    BASE,
    { ...BASE, size: 123456789, bold: true, alpha: 0.5, color: "#FFDE00" },
    {
      ...BASE,
      font: { id: "7", path: 'C:\\fonts\\"a".ttf' },
      stroke: { color: "#000000", width: 0.08, alpha: 1 },
      shadow: { ...SHADOW_DEFAULTS, color: "#112233" },
    },
  ];
  const texts = ["a", "Hello 世界", 'quote " back \\ slash\n', "emoji 👍🏽 \u2028", "\ud800 lone"];
  for (const style of styles) {
    const plain = plainTextContent(style);
    for (const text of texts) assert.deepEqual(plain(text), buildTextContent(text, style), text);
    assert.throws(() => plain(""), DraftcliError);
  }
  assert.throws(() => plainTextContent({ ...BASE, color: "red" }), DraftcliError);
});

Deno.test("content round-trips through JSON.parse, special characters included", () => {
  const text = 'say "hi"\\ \n\t\u2028 ok 😀';
  const out = buildTextContent(text, BASE, kw('"hi"'));
  assert.equal(typeof out.content, "string");
  const parsed = JSON.parse(out.content);
  assert.deepEqual(Object.keys(parsed), ["text", "styles"]);
  assert.equal(parsed.text, text);
  assert.deepEqual(parsed.styles.map((s: { range: number[] }) => s.range), [[0, 4], [4, 8], [
    8,
    text.length,
  ]]);
});

Deno.test("highlighted ranges override colour/size/bold and inherit the rest", () => {
  const base: TextStyle = {
    ...BASE,
    italic: true,
    alpha: 0.5,
    font: { id: "7202912523383738881", path: "C:/fonts/x.ttf" },
    stroke: { color: "#000000", width: 0.08, alpha: 1 },
    shadow: { color: "#112233", ...SHADOW_DEFAULTS },
  };
  const out = buildTextContent("a KEY b", base, [{
    keyword: "KEY",
    color: "#FF8000",
    bold: true,
    fontSize: 12,
  }]);
  const [plain, key, tail] = JSON.parse(out.content).styles;
  assert.deepEqual(key.fill.content.solid.color, [1, 128 / 255, 0]);
  assert.equal(key.size, 12);
  assert.equal(key.bold, true);
  assert.deepEqual(plain.fill.content.solid.color, [1, 1, 1]);
  assert.equal(plain.size, 8);
  assert.equal(plain.bold, false);
  for (const s of [plain, key, tail]) {
    assert.equal(s.italic, true);
    assert.equal(s.fill.content.solid.alpha, 0.5);
    assert.deepEqual(s.font, base.font);
    assert.equal(s.strokes[0].width, 0.08);
    assert.deepEqual(s.shadows[0].content.solid.color, [17 / 255, 34 / 255, 51 / 255]);
    assert.equal(s.shadows[0].angle, -45);
    assert.equal(s.useLetterColor, true);
  }
  assert.deepEqual(tail, { ...plain, range: [5, 7] });
});

Deno.test("optional blocks (font, strokes, shadows) appear only when set", () => {
  const [s] = JSON.parse(buildTextContent("x", BASE).content).styles;
  assert.deepEqual(Object.keys(s).sort(), [
    "bold",
    "fill",
    "italic",
    "range",
    "size",
    "underline",
    "useLetterColor",
  ]);
});

/** Every leaf/branch path of a JSON value with its JSON type ("[]" marks array elements). */
function shape(value: unknown, path = "", out = new Map<string, string>()): Map<string, string> {
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  if (path) out.set(path, type);
  if (Array.isArray(value)) { for (const v of value) shape(v, `${path}[]`, out); }
  else if (type === "object") {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      shape(v, path ? `${path}.${k}` : k, out);
    }
  }
  return out;
}

Deno.test("style key names and JSON types match real editor style objects", () => {
  const ours = JSON.parse(
    buildTextContent("Hello", {
      ...BASE,
      font: { id: "", path: "C:/x/en.ttf" },
      stroke: { color: "#000000", width: 0.06, alpha: 1 },
      shadow: { color: "#000000", ...SHADOW_DEFAULTS },
    }).content,
  ).styles[0];
  const oursShape = shape(ours);
  const realPaths = new Set<string>();
  for (const { source, style } of realStyles.styles) {
    for (const [path, type] of shape(style)) {
      realPaths.add(path);
      assert.equal(oursShape.get(path), type, `${path} (${source})`);
    }
  }
  // No editor sample has a shadow; its shape comes from draft-format.md §4.4.
  const unverified = [...oursShape.keys()].filter((p) => !realPaths.has(p));
  assert.deepEqual(unverified, [
    "shadows",
    "shadows[]",
    "shadows[].content",
    "shadows[].content.solid",
    "shadows[].content.solid.color",
    "shadows[].content.solid.color[]",
    "shadows[].alpha",
    "shadows[].angle",
    "shadows[].distance",
    "shadows[].diffuse",
  ]);
  assert.equal(ours.fill.content.render_type, "solid");
  assert.ok(ours.range.every(Number.isInteger));
});

Deno.test("rebuilding a real editor text reproduces its styles (plus the keys we always write)", () => {
  const real = JSON.parse(realMaterial.content);
  const style: TextStyle = {
    ...BASE,
    size: real.styles[0].size,
    color: formatHexColor(real.styles[0].fill.content.solid.color),
    font: real.styles[0].font,
  };
  const ours = JSON.parse(buildTextContent(real.text, style).content);
  assert.equal(ours.text, real.text);
  assert.equal(ours.styles.length, real.styles.length);
  const s = ours.styles[0];
  const r = real.styles[0];
  assert.deepEqual(
    [s.range, s.size, s.font, s.fill.content, s.useLetterColor],
    [
      r.range,
      r.size,
      r.font,
      { ...r.fill.content, solid: { alpha: 1, ...r.fill.content.solid } },
      r.useLetterColor,
    ],
  );
});

// ---- input errors -----------------------------------------------------------------------------

Deno.test("bad inputs are invalid_input errors naming the field", () => {
  assertInvalid(() => buildTextContent("abc", BASE, kw("")), "highlights[0].keyword", /empty/);
  assertInvalid(
    () => buildTextContent("abc", BASE, [{ keyword: "a" }, { keyword: "b", color: "blue" }]),
    "highlights[1].color",
  );
  assertInvalid(
    () => buildTextContent("abc", BASE, [{ keyword: "a", fontSize: 0 }]),
    "highlights[0].fontSize",
  );
  assertInvalid(() => buildTextContent("", BASE), "text");
  assertInvalid(() => buildTextContent("abc", { ...BASE, color: "#fff" }), "style.color");
  assertInvalid(() => buildTextContent("abc", { ...BASE, size: -1 }), "style.size");
  assertInvalid(() => buildTextContent("abc", { ...BASE, alpha: 1.5 }), "style.alpha");
  assertInvalid(
    () => buildTextContent("abc", { ...BASE, stroke: { color: "#000000", width: 40, alpha: 1 } }),
    "style.stroke.width",
  );
  assertInvalid(
    () => buildTextContent("abc", { ...BASE, shadow: { ...SHADOW_DEFAULTS, color: "black" } }),
    "style.shadow.color",
  );
});

// ---- short form -------------------------------------------------------------------------------

Deno.test("givesHighlights: a list or any field of the short form, which expansion then checks", () => {
  assert.equal(givesHighlights({}), false);
  for (
    const input of [
      { highlights: [] },
      { keyword: "a" },
      { keywordColor: "#ff0000" },
      { keywordFontSize: 9 },
    ]
  ) assert.equal(givesHighlights(input), true, JSON.stringify(input));
  // a field of the short form alone still reaches the expansion, which refuses it
  assert.throws(() => expandKeywordShortForm({ keywordColor: "#ff0000" }), DraftcliError);
});

Deno.test("expandKeywordShortForm splits on | and applies colour and size to each", () => {
  assert.deepEqual(
    expandKeywordShortForm({ keyword: "sale|free", keywordColor: "#FFDE00", keywordFontSize: 12 }),
    [
      { keyword: "sale", color: "#FFDE00", fontSize: 12 },
      { keyword: "free", color: "#FFDE00", fontSize: 12 },
    ],
  );
  assert.deepEqual(
    expandKeywordShortForm({ keyword: " big deal | 好 ", keywordColor: "#ff0000" }),
    [
      { keyword: "big deal", color: "#ff0000" },
      { keyword: "好", color: "#ff0000" },
    ],
  );
  assert.deepEqual(expandKeywordShortForm({ keyword: "one", keywordFontSize: 9 }), [{
    keyword: "one",
    fontSize: 9,
  }]);
  assert.deepEqual(expandKeywordShortForm({}), []);
  const out = buildTextContent(
    "a sale, free!",
    BASE,
    expandKeywordShortForm({ keyword: "sale|free", keywordColor: "#ff0000" }),
  );
  assert.deepEqual(tuples(out.ranges), [[0, 2], [2, 6, 0], [6, 8], [8, 12, 1], [12, 13]]);
});

Deno.test("expandKeywordShortForm rejects empty pieces and orphan options", () => {
  assertInvalid(
    () => expandKeywordShortForm({ keyword: "a||b", keywordColor: "#ff0000" }),
    "keyword",
    /piece 2/,
  );
  assertInvalid(
    () => expandKeywordShortForm({ keyword: "a|", keywordColor: "#ff0000" }),
    "keyword",
  );
  assertInvalid(() => expandKeywordShortForm({ keyword: " ", keywordColor: "#ff0000" }), "keyword");
  assertInvalid(() => expandKeywordShortForm({ keyword: "a" }), "keyword", /neither/);
  assertInvalid(() => expandKeywordShortForm({ keywordColor: "#ff0000" }), "keywordColor");
  assertInvalid(() => expandKeywordShortForm({ keywordFontSize: 10 }), "keywordFontSize");
  assertInvalid(
    () => expandKeywordShortForm({ keyword: "a", keywordColor: "#f00" }),
    "keywordColor",
  );
  assertInvalid(
    () => expandKeywordShortForm({ keyword: "a", keywordFontSize: 0 }),
    "keywordFontSize",
  );
});

function assertClose(a: { x: number; y: number }, b: { x: number; y: number }) {
  assert.ok(
    Math.abs(a.x - b.x) < 1e-12 && Math.abs(a.y - b.y) < 1e-12,
    `${JSON.stringify(a)} ≉ ${JSON.stringify(b)}`,
  );
}

// ---- material-level fields --------------------------------------------------------------------

Deno.test("textMaterialFields reproduces a real CapCut 8.1 material (background box)", () => {
  const real = realMaterial.fields;
  const fields = textMaterialFields(
    { ...BASE, size: 11, color: "#FFFFFF", font: { id: "", path: real.font_path } },
    1,
    {
      background: {
        color: "#000000",
        roundRadius: real.background_round_radius,
        width: real.background_width,
        height: real.background_height,
      },
    },
  );
  // shadow_point is trigonometry: equal to the editor's value within float noise
  const { shadow_point: point, ...rest } = fields;
  const { shadow_point: realPoint, ...realRest } = real;
  assert.deepEqual(rest, realRest);
  assertClose(point, realPoint);
  for (const key of Object.keys(fields)) {
    assert.ok(realMaterial.keys.includes(key), `${key} is an editor key`);
  }
});

Deno.test("textMaterialFields: check_flag bits, rich text, stroke and shadow mirrors", () => {
  const plain = textMaterialFields(BASE, 1);
  assert.equal(plain.check_flag, 7);
  assert.equal(plain.is_rich_text, false);
  assert.equal(plain.border_color, "");
  assert.equal(plain.has_shadow, false);
  assert.equal(plain.background_style, 0);
  assert.equal(plain.background_color, "");
  assert.equal("font_path" in plain, false);
  assert.equal(textMaterialFields(BASE, 2).is_rich_text, true);

  const stroke = textMaterialFields({
    ...BASE,
    stroke: { color: "#469DF3", width: 0.06, alpha: 0.5 },
  }, 1);
  assert.equal(stroke.check_flag, 15); // real: 15 with stroke
  assert.deepEqual([stroke.border_color, stroke.border_width, stroke.border_alpha], [
    "#469df3",
    0.06,
    0.5,
  ]);

  const shadow = textMaterialFields({
    ...BASE,
    shadow: { color: "#000000", alpha: 0.7, angle: -45, distance: 8, diffuse: 0.165 },
  }, 1);
  assert.equal(shadow.check_flag, 7 + 32);
  assert.equal(shadow.has_shadow, true);
  assert.equal(shadow.shadow_color, "#000000");
  assert.equal(shadow.shadow_smoothing, 0.99);
  // real CapCut 2.2 mac: distance 8, angle -45 → shadow_point (1.0182337649086284, -1.0182337649086284)
  assertClose(shadow.shadow_point, { x: 1.0182337649086284, y: -1.0182337649086284 });
  assertClose(shadowPoint(5, -45), { x: 0.6363961030678928, y: -0.6363961030678928 }); // editor default
  assertClose(shadowPoint(10, 90), { x: 0, y: 1.8 });

  const all = textMaterialFields(
    {
      ...BASE,
      stroke: { color: "#000000", width: 0.08, alpha: 1 },
      shadow: { color: "#000000", ...SHADOW_DEFAULTS },
    },
    3,
    { background: { color: "#000000" }, glow: true },
  );
  assert.equal(all.check_flag, 7 + 8 + 16 + 32 + 64);
});

Deno.test("textMaterialFields: alignment, spacing, opacity, vertical, background mapping", () => {
  assert.equal(textMaterialFields(BASE, 1).alignment, 1);
  assert.equal(textMaterialFields(BASE, 1, { alignment: "left" }).alignment, 0);
  assert.equal(textMaterialFields(BASE, 1, { alignment: "right" }).alignment, 2);
  const f = textMaterialFields(BASE, 1, {
    letterSpacing: 3,
    lineSpacing: 1,
    alpha: 0.8,
    vertical: true,
    background: { color: "#ABCDEF", alpha: 0.5, horizontalOffset: 1, verticalOffset: 0.25 },
  });
  assert.equal(f.letter_spacing, 0.15);
  assert.equal(f.line_spacing, 0.07);
  assert.equal(textMaterialFields(BASE, 1).line_spacing, 0.02);
  assert.equal(textMaterialFields(BASE, 1, { lineSpacing: -8 }).line_spacing, -0.38); // the real 8.1 value
  assert.equal(f.global_alpha, 0.8);
  assert.equal(f.typesetting, 1);
  assert.deepEqual(
    [
      f.background_style,
      f.background_color,
      f.background_alpha,
      f.background_horizontal_offset,
      f.background_vertical_offset,
    ],
    [1, "#abcdef", 0.5, 1, -0.5],
  );
  assert.equal(f.check_flag, 7 + 16);
  assertInvalid(
    () => textMaterialFields(BASE, 1, { background: { color: "black" } }),
    "background.color",
  );
  assertInvalid(() => textMaterialFields(BASE, 1, { alpha: 2 }), "alpha");
  // deno-lint-ignore no-explicit-any
  assertInvalid(() => textMaterialFields(BASE, 1, { alignment: "middle" as any }), "alignment");
});
