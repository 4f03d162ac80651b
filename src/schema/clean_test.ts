import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { cleanInput, markParsedClean, wellFormed } from "./clean.ts";

Deno.test("cleanInput drops one-underscore keys of objects at any depth and fixes strings in the same walk", () => {
  const v = JSON.parse(JSON.stringify({
    _comment: "top",
    __dunder: 1,
    "_": 2,
    items: [{ _note: "x", text: "a\uD800", "k\uDC00": { _c: 1, ok: ["\uDBFF", "_keep"] } }],
  }));
  assertEquals(cleanInput(v), {
    __dunder: 1,
    items: [{ text: "a\uFFFD", "k\uFFFD": { ok: ["\uFFFD", "_keep"] } }],
  });
  // a lone surrogate in a comment key: the key goes, whatever it holds
  assertEquals(cleanInput({ "_\uD800": { a: 1 }, b: 2 }), { b: 2 });
  assertEquals(cleanInput("\uDFFF"), "\uFFFD");
  assertEquals(cleanInput(null), null);
});

Deno.test("wellFormed keeps comment keys (only cleanInput drops them)", () => {
  assertEquals(wellFormed({ _comment: "\uD800", a: ["\uDC00"] }), {
    _comment: "\uFFFD",
    a: ["\uFFFD"],
  });
});

Deno.test("cleanInput walks deep input without recursion", () => {
  const deep: unknown[] = [];
  let at = deep;
  for (let i = 0; i < 100_000; i++) {
    const next: unknown[] = [{ _c: 1, x: "\uD800" }];
    at.push(next);
    at = next;
  }
  cleanInput(deep);
  assertEquals(at[0], { x: "\uFFFD" });
});

Deno.test("a value parsed from text that shows nothing to clean is skipped; any other is cleaned", () => {
  const text = '[{"a":"x","b":[1,{"c":"y 字"}]}]';
  const value = JSON.parse(text);
  markParsedClean(value, text);
  // the walk skips it: a comment key put in after the parse stays
  value[0]._late = 1;
  assertEquals(cleanInput({ items: value }), {
    items: [{ a: "x", b: [1, { c: "y 字" }], _late: 1 }],
  });
  // a comment key, an escape (which may spell `_` or a lone surrogate), a lone surrogate in the
  // text: the value is walked
  for (
    const [text, cleaned] of [
      ['[{"_c":1,"a":2}]', [{ a: 2 }]],
      ['[{"\\u005fc":1,"a":"\\u00e9"}]', [{ a: "é" }]],
      ['["\\ud800"]', ["\uFFFD"]],
      ['["\uDC00"]', ["\uFFFD"]],
      ['{"k\uD800":{"_c":1}}', { "k\uFFFD": {} }],
    ] as const
  ) {
    const value = JSON.parse(text);
    markParsedClean(value, text);
    assertEquals(cleanInput(value), cleaned, text);
  }
});
