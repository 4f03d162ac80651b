/** JSON Schema views of zod schemas, shared by the CLI parser, `--help`, MCP and docs. */
import { z } from "zod";

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
