/** JSON Schema views of zod schemas, shared by the CLI parser, `--help`, MCP and docs. */
import { z } from "zod";
import type { AliasTree } from "../fast_input.ts";
import { defOf } from "./zod_introspect.ts";

/** A JSON Schema node as zod emits it (the subset we read). */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  [key: string]: unknown;
}

const cache = new WeakMap<z.ZodType, JsonSchema>();

/** The input-side JSON Schema of a zod schema (memoised). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  let out = cache.get(schema);
  if (!out) {
    out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    delete out.$schema;
    cache.set(schema, out);
  }
  return out;
}

/** The primary type name of a JSON Schema node ("string", "integer", "array", …). */
export function schemaType(node: JsonSchema): string {
  if (typeof node.type === "string") return node.type;
  if (Array.isArray(node.type)) return node.type.find((t) => t !== "null") ?? "string";
  const alts = node.anyOf ?? node.oneOf;
  if (alts) {
    const types = alts.map(schemaType).filter((t) => t !== "null");
    if (types.length > 0 && types.every((t) => t === types[0])) return types[0];
    if (types.includes("array")) return "array";
    if (types.includes("object")) return "object";
    return types[0] ?? "string";
  }
  if (node.enum) return typeof node.enum[0] === "number" ? "number" : "string";
  return "string";
}

/** A short human type label, e.g. "integer", "string (a|b)", "array of objects". */
export function typeLabel(node: JsonSchema): string {
  if (node.enum) return `one of ${node.enum.map((v) => JSON.stringify(v)).join("|")}`;
  const t = schemaType(node);
  if (t === "array") {
    const items = node.items ?? node.anyOf?.find((a) => a.items)?.items;
    return items ? `array of ${typeLabel(items)}` : "array";
  }
  if (t === "object") return "object";
  return t;
}

/**
 * The input type name of a zod schema, as `schemaType(toJsonSchema(schema))` would give it, read
 * straight from the zod definition: building the JSON Schema costs milliseconds per command at
 * start-up, and argv parsing needs only the type of each option.
 */
export function zodInputType(schema: unknown): string {
  let def = defOf(schema);
  for (let i = 0; def && i < 32; i++) {
    switch (def.type) {
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "nonoptional":
      case "readonly":
      case "catch":
        def = defOf(def.innerType);
        continue;
      case "pipe":
        def = defOf(def.in);
        continue;
      case "number":
      case "int":
        return (def.checks ?? []).some((c: unknown) => defOf(c)?.format === "safeint") ||
            def.type === "int"
          ? "integer"
          : "number";
      case "boolean":
      case "string":
      case "array":
      case "object":
        return def.type;
      case "tuple":
        return "array";
      case "record":
      case "map":
        return "object";
      case "literal": {
        const v = def.values?.[0];
        return typeof v === "number" ? "number" : typeof v;
      }
      case "enum": {
        const v = Object.values(def.entries ?? {})[0];
        return typeof v === "number" ? "number" : "string";
      }
      case "union": {
        const types = (def.options as unknown[]).map(zodInputType).filter((t) => t !== "null");
        if (types.length > 0 && types.every((t) => t === types[0])) return types[0];
        if (types.includes("array")) return "array";
        if (types.includes("object")) return "object";
        return types[0] ?? "string";
      }
      default:
        return "string";
    }
  }
  return "string";
}

/** The input type of every field of a zod object schema (see `zodInputType`). */
export function fieldTypes(schema: z.ZodObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(schema.shape)) out[key] = zodInputType(field);
  return out;
}

/**
 * Other flag spellings a field accepts, as `withAliases` records them in its metadata (camelCase,
 * e.g. cutcli's `bgColor` for `backgroundColor`).
 */
export function aliasesOf(field: z.ZodType): readonly string[] {
  const meta = z.globalRegistry.get(field) as { aliases?: unknown } | undefined;
  return Array.isArray(meta?.aliases) ? meta.aliases.map(String) : [];
}

/** Alias → field key over an object schema's fields (see `aliasesOf`). */
export function fieldAliases(schema: z.ZodObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    for (const alias of aliasesOf(field as z.ZodType)) out[alias] = key;
  }
  return out;
}

/**
 * Records other spellings of a field (camelCase; the CLI flag is their kebab-case form). The
 * field stays one field: one validation, one help entry that names its aliases.
 */
export function withAliases<T extends z.ZodType>(schema: T, ...aliases: string[]): T {
  return schema.meta({ aliases }) as T;
}

/** `schema` without its optional, default, nullable (…) wrappers and pipe outputs. */
export function unwrapSchema(schema: unknown): unknown {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (!def) break;
    if (def.innerType) s = def.innerType;
    else if (def.type === "pipe" && def.in) s = def.in;
    else break;
  }
  return s;
}

const trees = new WeakMap<object, AliasTree | null>();

/**
 * Where `withAliases` spellings may stand in inputs of `schema` (objects' fields, arrays' items,
 * unions' options), or null when nowhere: what the CLI renames before validating, on the zod path
 * (validate.ts) and the generated fast path alike (`renameByTree`). Memoised.
 */
export function aliasTree(schema: unknown, depth = 0): AliasTree | null {
  if (depth > 32 || !schema || typeof schema !== "object") return null;
  if (trees.has(schema)) return trees.get(schema)!;
  let tree: AliasTree | null = null;
  const def = defOf(unwrapSchema(schema));
  if (def?.type === "array") {
    const items = aliasTree(def.element, depth + 1);
    tree = items ? { items } : null;
  } else if (def?.type === "union") {
    const options = (def.options as unknown[]).map((o) => aliasTree(o, depth + 1));
    tree = options.some(Boolean) ? { options: options.map((o) => o ?? { fields: [] }) } : null;
  } else if (def?.type === "object") {
    const fields: [string, string[], AliasTree | null][] = [];
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      const aliases = [...aliasesOf(field)];
      const inner = aliasTree(field, depth + 1);
      if (aliases.length || inner) fields.push([key, aliases, inner]);
    }
    tree = fields.length ? { fields } : null;
  }
  trees.set(schema, tree);
  return tree;
}
