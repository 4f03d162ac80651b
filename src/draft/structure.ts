/**
 * Structural comparison of JSON values: deep equality, JSON types, and `structuralCheck`, which
 * compares the key set and JSON types of an object we write with the editor's own object of the
 * same kind (used by the structure tests).
 */
import type { Json } from "../editions/profiles.ts";

/** The JSON type of a value as the structure checks see it. */
export type JsonType = "number" | "string" | "boolean" | "null" | "object" | "array";

/** The JSON type of a parsed value. */
export function jsonType(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  const t = typeof v;
  if (t === "number" || t === "string" || t === "boolean") return t;
  return "object";
}

/** One structural difference between our object and the editor's. */
export interface StructuralDifference {
  /** Dotted key path, e.g. `clip.scale`. */
  path: string;
  /** `missing`: the editor writes the key, we do not; `type`: same key, other JSON type. */
  problem: "missing" | "type";
  expected: JsonType;
  actual?: JsonType;
}

/**
 * Compares `ours` with the editor's `reference` object: every key of the reference must be in
 * ours with the same JSON type; object values are compared one level further down. Keys only
 * we write are not differences. `allowNull` lists key paths where either side may be null
 * (fields the editor itself writes as null or as an object depending on use).
 */
export function structuralCheck(
  ours: Json,
  reference: Json,
  opts: { allowNull?: readonly string[]; depth?: number } = {},
): StructuralDifference[] {
  const out: StructuralDifference[] = [];
  const allow = new Set(opts.allowNull ?? []);
  const walk = (a: Json, b: Json, prefix: string, depth: number) => {
    for (const [k, ref] of Object.entries(b)) {
      const path = prefix ? `${prefix}.${k}` : k;
      const expected = jsonType(ref);
      if (!(k in a)) {
        out.push({ path, problem: "missing", expected });
        continue;
      }
      const actual = jsonType(a[k]);
      if (actual !== expected) {
        if (allow.has(path) && (actual === "null" || expected === "null")) continue;
        out.push({ path, problem: "type", expected, actual });
        continue;
      }
      if (expected === "object" && depth > 0) walk(a[k] as Json, ref as Json, path, depth - 1);
    }
  };
  walk(ours, reference, "", opts.depth ?? 1);
  return out;
}

/** Deep equality of two parsed JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ao = a as Json;
  const bo = b as Json;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  return ak.every((k) => k in bo && jsonEqual(ao[k], bo[k]));
}
