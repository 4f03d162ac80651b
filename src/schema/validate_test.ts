import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { wellFormed } from "./validate.ts";

Deno.test("wellFormed replaces lone surrogates everywhere, at any depth", () => {
  const deep: unknown[] = [];
  let at = deep;
  for (let i = 0; i < 100_000; i++) {
    const next: unknown[] = [];
    at.push(next);
    at = next;
  }
  at.push("\uD800");
  wellFormed(deep);
  assertEquals(at[0], "\uFFFD");
  const v = { a: "x\uDC00", "k\uD800": ["ok 👩‍👩‍👧", { b: "\uD83D" }] };
  assertEquals(wellFormed(v), { a: "x\uFFFD", "k\uFFFD": ["ok 👩‍👩‍👧", { b: "\uFFFD" }] });
  assertEquals(wellFormed("\uDFFFz"), "\uFFFDz");
  assertEquals(wellFormed(5), 5);
});
