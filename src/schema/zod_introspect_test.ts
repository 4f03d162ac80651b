/**
 * What the adapter reads off zod schemas, pinned for schemas of every kind the commands use: a
 * zod upgrade that moves a definition field, a check's parameters, `optin`/`optout` or the value
 * set of a literal fails here, not deep inside the fast-validator generator.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { z } from "zod";
import {
  checkDefOf,
  checksOf,
  defOf,
  isTrimCheck,
  optIn,
  optOut,
  valueSetOf,
  type ZodCheckDef,
} from "./zod_introspect.ts";

/** The checks of `schema` as `[check, parameter…]` rows. */
function checks(schema: unknown): unknown[][] {
  return checksOf(schema).map((c) => {
    const d: ZodCheckDef = checkDefOf(c);
    switch (d.check) {
      case "min_length":
        return [d.check, d.minimum];
      case "max_length":
        return [d.check, d.maximum];
      case "length_equals":
        return [d.check, d.length];
      case "greater_than":
      case "less_than":
        return [d.check, d.value, d.inclusive];
      case "number_format":
        return [d.check, d.format];
      case "string_format":
        return [d.check, d.format, String(d.pattern)];
      case "overwrite":
        return [d.check, typeof d.tx];
      case "custom":
        return [d.check, typeof d.fn];
      default:
        return [d.check];
    }
  });
}

Deno.test("strings: min, max, length, regex, trim and refine checks in order", () => {
  const s = z.string().trim().min(1).max(8).regex(/^#[0-9a-f]{6}$/i).refine((v) => v !== "x");
  assertEquals(defOf(s)?.type, "string");
  assertEquals(checks(s), [
    ["overwrite", "function"],
    ["min_length", 1],
    ["max_length", 8],
    ["string_format", "regex", "/^#[0-9a-f]{6}$/i"],
    ["custom", "function"],
  ]);
  assertEquals(checks(z.string().length(3)), [["length_equals", 3]]);
  assert(checkDefOf(checksOf(s)[0]).tx("  a ") === "a");
  assert(isTrimCheck(checksOf(s)[0]));
  assert(!isTrimCheck(checksOf(z.string().toLowerCase())[0]));
  assert(!isTrimCheck(checksOf(s)[1]));
});

Deno.test("numbers: int, bounds with and without equality", () => {
  const n = z.number().int().min(0).max(10);
  assertEquals(defOf(n)?.type, "number");
  assertEquals(checks(n), [
    ["number_format", "safeint"],
    ["greater_than", 0, true],
    ["less_than", 10, true],
  ]);
  assertEquals(checks(z.number().positive().lt(5)), [
    ["greater_than", 0, false],
    ["less_than", 5, false],
  ]);
});

Deno.test("enum, literal and their value sets", () => {
  const e = z.enum(["a", "b"]);
  assertEquals(defOf(e)?.type, "enum");
  assertEquals(Object.values(defOf(e)!.entries), ["a", "b"]);
  assertEquals([...valueSetOf(e)!], ["a", "b"]);
  const l = z.literal(30);
  assertEquals(defOf(l)?.type, "literal");
  assertEquals(defOf(l)!.values, [30]);
  assertEquals([...valueSetOf(l)!], [30]);
  assertEquals(valueSetOf(z.string()), undefined);
});

Deno.test("union options, array element and bounds, record key and value", () => {
  const u = z.union([z.string(), z.number()]);
  assertEquals(defOf(u)?.type, "union");
  assertEquals(defOf(u)!.options.map((o: unknown) => defOf(o)?.type), ["string", "number"]);
  const a = z.array(z.boolean()).min(1).max(3);
  assertEquals(defOf(a)?.type, "array");
  assertEquals(defOf(defOf(a)!.element)?.type, "boolean");
  assertEquals(checks(a), [["min_length", 1], ["max_length", 3]]);
  const r = z.record(z.string(), z.number());
  assertEquals(defOf(r)?.type, "record");
  assertEquals([defOf(defOf(r)!.keyType)?.type, defOf(defOf(r)!.valueType)?.type], [
    "string",
    "number",
  ]);
});

Deno.test("objects: shape, strict and loose catchall, optional and defaulted fields", () => {
  const o = z.object({
    req: z.string(),
    opt: z.string().optional(),
    def: z.number().default(3),
  }).strict();
  const d = defOf(o)!;
  assertEquals(d.type, "object");
  assertEquals(Object.keys(d.shape), ["req", "opt", "def"]);
  assertEquals(defOf(d.catchall)?.type, "never");
  assertEquals(defOf(defOf(z.object({}).loose())!.catchall)?.type, "unknown");
  assertEquals(defOf(z.object({}))!.catchall, undefined);
  assertEquals([optIn(d.shape.req), optOut(d.shape.req)], [undefined, undefined]);
  assertEquals([optIn(d.shape.opt), optOut(d.shape.opt)], ["optional", "optional"]);
  assertEquals([optIn(d.shape.def), optOut(d.shape.def)], ["defaulted", undefined]);
  assertEquals(defOf(d.shape.opt)?.type, "optional");
  assertEquals(defOf(defOf(d.shape.opt)!.innerType)?.type, "string");
  assertEquals(defOf(d.shape.def)?.type, "default");
  assertEquals(defOf(d.shape.def)!.defaultValue, 3);
});

Deno.test("nullable, pipe and a described schema keep their parts", () => {
  assertEquals(defOf(z.string().nullable())?.type, "nullable");
  const p = z.string().pipe(z.string().min(1));
  assertEquals(defOf(p)?.type, "pipe");
  assertEquals(defOf(defOf(p)!.in)?.type, "string");
  const described = z.string().min(2).describe("a name");
  assertEquals(described.description, "a name");
  assertEquals(checks(described), [["min_length", 2]]);
  assertEquals(defOf("not a schema"), undefined);
  assertEquals(checksOf(undefined), []);
});
