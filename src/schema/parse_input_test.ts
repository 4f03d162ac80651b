import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { validate, wellFormed } from "./parse_input.ts";
import { withAliases } from "./json_schema.ts";
import type { DraftcliError } from "../errors.ts";

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

Deno.test("validate: _comment keys are dropped at any depth; other unknown keys list the accepted ones", () => {
  const item = z.object({ text: z.string(), start: z.number() }).strict();
  const schema = z.object({ captions: z.array(item) }).strict();
  const ok = validate(schema, {
    _comment: "top",
    captions: [{ _comment: "a template note", text: "hi", start: 0 }],
  });
  assertEquals(ok, { captions: [{ text: "hi", start: 0 }] });
  let err: DraftcliError | undefined;
  try {
    validate(schema, { captions: [{ text: "hi", start: 0, colour: "#fff" }] });
  } catch (e) {
    err = e as DraftcliError;
  }
  assertEquals(err?.code, "invalid_input");
  assertEquals(err?.path, "captions[0]");
  assertEquals(/colour/.test(err?.hint ?? ""), true);
  assertEquals(/accepted: text, start/.test(err?.hint ?? ""), true);
  let proto: DraftcliError | undefined;
  try {
    validate(schema, JSON.parse('{"captions":[{"text":"a","start":0,"__proto__":{"x":1}}]}'));
  } catch (e) {
    proto = e as DraftcliError;
  }
  assertEquals(proto?.code, "invalid_input");
});

Deno.test("validate: a field's alias (withAliases) is renamed at any depth; the own key wins", () => {
  const item = z.object({ y: withAliases(z.number().optional(), "y_pos") }).strict();
  const schema = z.object({ items: z.array(item) }).strict();
  assertEquals(validate(schema, { items: [{ y_pos: 0.5 }, {}] }), { items: [{ y: 0.5 }, {}] });
  let err: DraftcliError | undefined;
  try {
    validate(schema, { items: [{ y: 1, y_pos: 2 }] });
  } catch (e) {
    err = e as DraftcliError;
  }
  assertEquals(err?.code, "invalid_input");
});

Deno.test("validate: an unknown key names the nearest accepted key when one is near", () => {
  const schema = z.object({
    items: z.array(z.object({ fadeOutDuration: z.number(), imageUrl: z.string() }).strict()),
  }).strict();
  const err = (value: unknown) => {
    try {
      validate(schema, value);
    } catch (e) {
      return (e as DraftcliError).message;
    }
    throw new Error("accepted");
  };
  assertEquals(
    err({ items: [{ fadeOutDuration: 1, imageUrl: "a", fadeOut: 2 }] }),
    'items[0]: Unrecognized key: "fadeOut" (did you mean fadeOutDuration?)',
  );
  assertEquals(
    err({ items: [{ fadeOutDuration: 1, imageUrl: "a", imageURL: "a" }] }).includes(
      "(did you mean imageUrl?)",
    ),
    true,
  );
  // Nothing near: zod's message as it is.
  assertEquals(err({ colour: 1, items: [] }), 'Unrecognized key: "colour"');
});
