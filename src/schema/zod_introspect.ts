/**
 * The one place that reads zod's internals (`schema._zod`): the definition of a schema and of its
 * checks, and how it treats an absent key. The fast-validator generator, the JSON Schema helpers,
 * refinement records and error wording read schemas through these functions only, so a zod
 * upgrade that moves what they read breaks here (zod_introspect_test.ts pins the view).
 */

/**
 * A schema's definition as zod keeps it: `type` ("string", "number", "object", "optional", ...)
 * and, by type, its parts (`innerType`, `element`, `options`, `shape`, `catchall`, `values`,
 * `entries`, `keyType`, `valueType`, `defaultValue`, `in`) and its `checks`.
 */
// deno-lint-ignore no-explicit-any
export type ZodDef = { type: string; [key: string]: any };

/**
 * One check's definition: `check` names it ("min_length", "max_length", "length_equals",
 * "greater_than", "less_than", "number_format", "string_format", "overwrite", "custom") with
 * its parameters (`minimum`, `maximum`, `length`, `value`, `inclusive`, `format`, `pattern`,
 * `tx`, `fn`).
 */
// deno-lint-ignore no-explicit-any
export type ZodCheckDef = { check: string; [key: string]: any };

/** The definition of a zod schema, or undefined for anything else. */
export function defOf(schema: unknown): ZodDef | undefined {
  return (schema as { _zod?: { def?: ZodDef } } | null | undefined)?._zod?.def;
}

/** The checks (refinements, bounds, formats) of a schema, in the order they run. */
export function checksOf(schema: unknown): readonly unknown[] {
  return defOf(schema)?.checks ?? [];
}

/** The definition of one check (an element of `checksOf`). */
export function checkDefOf(check: unknown): ZodCheckDef {
  return (check as { _zod: { def: ZodCheckDef } })._zod.def;
}

/**
 * How a field treats a missing key on input: "optional" (may be absent), "defaulted" (absent
 * becomes its default) or undefined (required).
 */
export function optIn(schema: unknown): string | undefined {
  return (schema as { _zod: { optin?: string } })._zod.optin;
}

/** Whether a field's parsed value may be absent: "optional" or undefined. */
export function optOut(schema: unknown): string | undefined {
  return (schema as { _zod: { optout?: string } })._zod.optout;
}

/**
 * Is `check` zod's own `.trim()` (an "overwrite" check whose function is `(input) =>
 * input.trim()`)? The only overwrite the fast validators mirror.
 */
export function isTrimCheck(check: unknown): boolean {
  const c = checkDefOf(check);
  return c.check === "overwrite" && String(c.tx).replace(/\s+/g, "") === "(input)=>input.trim()";
}

/** The closed set of values a schema accepts (literals, enums), when zod knows it. */
export function valueSetOf(schema: unknown): ReadonlySet<unknown> | undefined {
  return (schema as { _zod: { values?: Set<unknown> } })._zod.values;
}
