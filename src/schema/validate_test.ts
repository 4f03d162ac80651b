import { deepStrictEqual as assertEquals, throws as assertThrows } from "node:assert/strict";
import { z } from "zod";
import { DraftcliError } from "../errors.ts";
import { validate, wellFormed } from "./validate.ts";

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

Deno.test("keys beginning with _ are dropped at any depth; other unknown keys still fail", () => {
  const Item = z.object({ text: z.string() }).strict();
  const Input = z.object({ items: z.array(Item) }).strict();
  const got = validate(Input, { _note: 1, items: [{ _comment: "x", text: "a" }] });
  assertEquals(got, { items: [{ text: "a" }] });
  assertThrows(
    () => validate(Input, { items: [{ comment: "x", text: "a" }] }),
    (e: unknown) => e instanceof DraftcliError && e.message.includes("comment"),
  );
});
