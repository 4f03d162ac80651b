import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { fieldTypes, schemaType, toJsonSchema } from "./json_schema.ts";
import { loadAllSpecs } from "../commands/registry.ts";

const COMMANDS = await loadAllSpecs();

Deno.test("fieldTypes agrees with the JSON Schema for every command's options", () => {
  for (const spec of COMMANDS) {
    const props = toJsonSchema(spec.input).properties ?? {};
    const expected = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, schemaType(v)]));
    assertEquals(fieldTypes(spec.input), expected, spec.name.join(" "));
  }
});

Deno.test("fieldTypes reads wrapped and combined zod types", () => {
  const s = z.object({
    a: z.number().int().optional(),
    b: z.number().default(1),
    c: z.union([z.literal(0), z.literal(1)]).default(1),
    d: z.enum(["x", "y"]),
    e: z.array(z.string()).min(1).optional(),
    f: z.boolean().default(false),
    g: z.string().refine(() => true),
    h: z.object({ x: z.number() }).nullable(),
    i: z.union([z.string(), z.array(z.string())]),
    j: z.string().transform((v) => v.length),
  });
  const props = toJsonSchema(s).properties ?? {};
  const expected = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, schemaType(v)]));
  assertEquals(fieldTypes(s), expected);
});
