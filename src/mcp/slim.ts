/**
 * The compact JSON Schema `tools/list` carries. tools/list is loaded whole into the model's
 * context on every conversation, so it keeps what a model needs to form a call (names, types,
 * enums, required keys) and leaves the rest (every field's prose, bounds, defaults, aliases) to
 * the `docs` tool, which renders the full schema of any tool. Validation still uses the full zod
 * schema, so a value outside a dropped bound gets the same worded error.
 */
import type { JsonSchema } from "../schema/json_schema.ts";

/** Keys dropped from every node: bounds and CLI details the validator words when they matter. */
const DROPPED = new Set([
  "description",
  "aliases",
  "default",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "pattern",
  "format",
  "propertyNames",
  "$schema",
]);

/**
 * Fields whose meaning a model cannot guess from the name and type (units the server
 * instructions do not give, codes, a choice between forms): they keep the first clause of their
 * description.
 */
const NOTED = new Set([
  "fontSize",
  "alignment",
  "backgroundStyle",
  "property",
  "easing",
  "params",
  "trackIndex",
  "texts",
  "auto",
  "segmentIds",
  "centerX",
  "centerY",
  "sheetEvery",
]);

/** The first clause of a description, for a noted field. */
export function firstClause(text: string): string {
  const cut = text.split(/; |(?<!e\.g|i\.e)\. | \(default[^)]*\)/)[0].trim();
  return cut.length > 90 ? cut.slice(0, 89).trimEnd() + "…" : cut;
}

/** A union of constants (`anyOf: [{const: 0}, {const: 1}]`) as one `enum`. */
function constUnion(alts: JsonSchema[]): JsonSchema | undefined {
  if (!alts.every((a) => "const" in a && (a.type === undefined || typeof a.type === "string"))) {
    return undefined;
  }
  const types = new Set(alts.map((a) => a.type));
  const node: JsonSchema = { enum: alts.map((a) => a.const) };
  if (types.size === 1 && [...types][0] !== undefined) node.type = [...types][0];
  return node;
}

/**
 * The compact form of one schema node: `name` is its property name, if any; `nested` is false
 * only for the top (whose `type: "object"` MCP requires).
 */
export function slimSchema(node: JsonSchema, name?: string, nested = false): JsonSchema {
  const alts = node.anyOf ?? node.oneOf;
  const merged = alts ? constUnion(alts) : undefined;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key)) continue;
    if (merged && (key === "anyOf" || key === "oneOf")) continue;
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map((
          [k, v],
        ) => [k, slimSchema(v, k, true)]),
      );
    } else if ((key === "anyOf" || key === "oneOf") && Array.isArray(value)) {
      out[key] = value.map((v: JsonSchema) => slimSchema(v, undefined, true));
    } else if (key === "items" && value && typeof value === "object" && !Array.isArray(value)) {
      out.items = slimSchema(value as JsonSchema, undefined, true);
    } else if (key === "additionalProperties") {
      // `false` (no unknown keys) is left to the validator; a record's value type stays.
      if (value && typeof value === "object") {
        out.additionalProperties = slimSchema(value as JsonSchema, undefined, true);
      }
    } else {
      out[key] = value;
    }
  }
  if (merged) Object.assign(out, merged);
  // `properties` says "object" already, and an `enum` names its values.
  if (nested && out.properties && out.type === "object") delete out.type;
  if (out.enum && typeof out.type === "string") delete out.type;
  if (name && NOTED.has(name) && typeof node.description === "string") {
    return { description: firstClause(node.description), ...out };
  }
  return out;
}

/** Subtrees shorter than this (as JSON) stay where they are. */
const HOIST_MIN = 160;

/**
 * Writes each subtree that occurs more than once (e.g. the caption item of `build`'s `captions`
 * and `captionTracks[].captions`) once under `$defs`, referenced by `$ref` elsewhere.
 */
export function hoistRepeats(root: JsonSchema): JsonSchema {
  const seen = new Map<string, { count: number; name: string }>();
  const walk = (node: unknown, name: string, top: boolean) => {
    if (Array.isArray(node)) return node.forEach((v) => walk(v, name, false));
    if (!node || typeof node !== "object") return;
    const text = JSON.stringify(node);
    if (!top && text.length >= HOIST_MIN) {
      const entry = seen.get(text);
      if (entry) entry.count++;
      else seen.set(text, { count: 1, name });
    }
    for (const [k, v] of Object.entries(node)) {
      walk(v, k === "items" ? `${name}Item` : k === "properties" ? name : k, false);
    }
  };
  walk(root, "def", true);
  const repeated = [...seen].filter(([, e]) => e.count > 1).sort((a, b) =>
    b[0].length - a[0].length
  );
  if (!repeated.length) return root;
  let out: JsonSchema = root;
  const defs: Record<string, JsonSchema> = {};
  const replace = (node: unknown, text: string, ref: JsonSchema): unknown => {
    if (Array.isArray(node)) return node.map((v) => replace(v, text, ref));
    if (!node || typeof node !== "object") return node;
    if (JSON.stringify(node) === text) return ref;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v, text, ref)]));
  };
  for (const [text, { name }] of repeated) {
    const current = JSON.stringify(out) + JSON.stringify(defs);
    if (current.split(text).length - 1 < 2) continue; // inside a subtree hoisted already
    let key = name;
    for (let i = 2; key in defs; i++) key = `${name}${i}`;
    const ref = { $ref: `#/$defs/${key}` };
    out = replace(out, text, ref) as JsonSchema;
    for (const k of Object.keys(defs)) defs[k] = replace(defs[k], text, ref) as JsonSchema;
    defs[key] = JSON.parse(text);
  }
  return Object.keys(defs).length ? { ...out, $defs: defs } : out;
}
