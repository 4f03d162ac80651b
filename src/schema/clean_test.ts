import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { cleanInput, wellFormed } from "./clean.ts";

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
