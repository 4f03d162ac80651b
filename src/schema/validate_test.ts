import { deepStrictEqual as assertEquals, throws as assertThrows } from "node:assert/strict";
import { z } from "zod";
import { DraftcliError } from "../errors.ts";
import { validate, wellFormed } from "./validate.ts";
import { localPathToUrl, mediaUrl } from "./common.ts";

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

Deno.test("media locations: absolute and ~/ paths become file:// URLs; relative text is refused", () => {
  assertEquals(localPathToUrl("/a b/c.jpg"), "file:///a%20b/c.jpg");
  assertEquals(localPathToUrl("C:\\media\\c.jpg"), "file:///C:/media/c.jpg");
  assertEquals(localPathToUrl("https://x/y.jpg"), "https://x/y.jpg");
  const home = Deno.env.get("HOME");
  if (home) assertEquals(localPathToUrl("~/c.jpg"), localPathToUrl(`${home}/c.jpg`));
  assertEquals(validate(mediaUrl, "/tmp/x.png"), "file:///tmp/x.png");
  assertThrows(() => validate(mediaUrl, "x.png"), DraftcliError);
});
