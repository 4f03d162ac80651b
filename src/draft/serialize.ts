/**
 * JSON text of a timeline as the editors spell it: numbers at the key paths every editor-saved
 * draft writes as floats (src/editions/data/float_keys.json, e.g. `fps`, `clip.scale.x`) keep a
 * decimal point (`1.0`, not `1`); everything else is what JSON.stringify writes. Pure; subtrees
 * that hold no float key are handed to JSON.stringify whole, so the cost stays near it.
 */
import floatKeys from "../editions/data/float_keys.json" with { type: "json" };

/** A trie of key paths: children by key (`[]` = array items), `float` at leaves. */
export interface FloatTrie {
  float: boolean;
  children: Map<string, FloatTrie>;
}

/** Builds the trie of float key paths (`tracks[].segments[].clip.scale.x`). */
export function floatTrie(paths: readonly string[]): FloatTrie {
  const root: FloatTrie = { float: false, children: new Map() };
  for (const p of paths) {
    let node = root;
    for (const part of p.replace(/\[\]/g, ".[]").split(".").filter(Boolean)) {
      let next = node.children.get(part);
      if (!next) node.children.set(part, next = { float: false, children: new Map() });
      node = next;
    }
    node.float = true;
  }
  return root;
}

/** The float keys of the editors' timelines. */
export const TIMELINE_FLOATS: FloatTrie = floatTrie(floatKeys.timeline);

function number(v: number, float: boolean): string {
  if (float && Number.isInteger(v) && Math.abs(v) < 1e21) return `${v}.0`;
  return JSON.stringify(v);
}

function write(v: unknown, node: FloatTrie | undefined): string | undefined {
  if (node === undefined || v === null || typeof v !== "object") {
    if (typeof v === "number") return number(v, node?.float ?? false);
    return JSON.stringify(v);
  }
  if (node.children.size === 0) return JSON.stringify(v);
  if (Array.isArray(v)) {
    const item = node.children.get("[]");
    if (!item) return JSON.stringify(v);
    let out = "[";
    for (let i = 0; i < v.length; i++) {
      if (i) out += ",";
      out += write(v[i], item) ?? "null";
    }
    return out + "]";
  }
  if (typeof (v as { toJSON?: unknown }).toJSON === "function") return JSON.stringify(v);
  let out = "{";
  let first = true;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const text = write(x, node.children.get(k));
    if (text === undefined) continue; // undefined and functions are skipped, as JSON.stringify does
    out += (first ? "" : ",") + JSON.stringify(k) + ":" + text;
    first = false;
  }
  return out + "}";
}

/** Compact JSON of `value` with integers at float keys written as `n.0`. */
export function stringifyWithFloats(value: unknown, floats: FloatTrie = TIMELINE_FLOATS): string {
  return write(value, floats) ?? "null";
}
