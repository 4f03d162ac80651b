/**
 * JSON text of a timeline as the editors spell it: numbers at the key paths every editor-saved
 * draft writes as floats (src/editions/data/float_keys.json, e.g. `fps`, `clip.scale.x`) keep a
 * decimal point (`1.0`, not `1`); everything else is what JSON.stringify writes. Pure.
 *
 * Speed: the text comes from one JSON.stringify. Key names the editors only ever spell as floats
 * (`alpha`, `x`, `volume` …) are then fixed in the text by one regular expression that matches
 * object members only (a key right after `{` or `,`; keys inside string values are escaped).
 * The few float paths whose key name is an integer elsewhere (`width`, `height`) and arrays of
 * floats (`values`) are found by walking the document along those paths and marking the numbers.
 */
import floatKeys from "../editions/data/float_keys.json" with { type: "json" };

/** A trie of key paths: children by key (`[]` = array items), `float` at leaves. */
export interface FloatTrie {
  float: boolean;
  children: Map<string, FloatTrie>;
}

/** Builds the trie of key paths (`tracks[].segments[].clip.scale.x`). */
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

/** How a set of float key paths is applied (see the module doc). */
export interface FloatKeys {
  /** Key names fixed in the text: float wherever the editors write them. */
  names: RegExp | undefined;
  /** Paths walked in the document: names that are integers elsewhere, and float arrays. */
  trie: FloatTrie;
}

const leafOf = (p: string) => p.replace(/\[\]$/, "").split(/[.\]]/).pop() ?? "";

/** Splits float key paths into text-fixed names and walked paths. */
export function floatKeysOf(paths: readonly string[], intLeaves: readonly string[]): FloatKeys {
  const ints = new Set(intLeaves);
  const walked = paths.filter((p) => p.endsWith("[]") || ints.has(leafOf(p)));
  const names = [...new Set(paths.filter((p) => !walked.includes(p)).map(leafOf))]
    .filter((n) => !ints.has(n))
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return {
    names: names.length
      ? new RegExp(`([{,]"(?:${names.join("|")})":)(-?\\d+)(?=[,}])`, "g")
      : undefined,
    trie: floatTrie(walked),
  };
}

/** The float keys of the editors' timelines. */
export const TIMELINE_FLOATS: FloatKeys = floatKeysOf(floatKeys.timeline, floatKeys.intLeaves);

/** One integer written as a float: where it is, to put it back after stringifying. */
interface Marked {
  holder: Record<string | number, unknown>;
  key: string | number;
  value: number;
}

const isMarkable = (x: unknown): x is number =>
  typeof x === "number" && Number.isInteger(x) && Math.abs(x) < 1e21;

/** Replaces integers at the trie's float paths with `<marker><n>` strings, recording them. */
function mark(v: unknown, node: FloatTrie, marker: string, out: Marked[]): void {
  if (v === null || typeof v !== "object") return;
  if (Array.isArray(v)) {
    const item = node.children.get("[]");
    if (!item) return;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (item.float && isMarkable(x)) {
        out.push({ holder: v as unknown as Record<number, unknown>, key: i, value: x });
        v[i] = marker + x;
      } else if (x !== null && typeof x === "object") mark(x, item, marker, out);
    }
    return;
  }
  const o = v as Record<string, unknown>;
  for (const [k, child] of node.children) {
    if (k === "[]" || !(k in o)) continue;
    const x = o[k];
    if (child.float && isMarkable(x)) {
      out.push({ holder: o, key: k, value: x });
      o[k] = marker + x;
    } else if (x !== null && typeof x === "object") mark(x, child, marker, out);
  }
}

/**
 * Compact JSON of `value` with integers at float keys written as `n.0`. The walked paths are
 * marked in place with a per-call random string and restored afterwards: the value is unchanged.
 */
export function stringifyWithFloats(value: unknown, floats: FloatKeys = TIMELINE_FLOATS): string {
  // plain ASCII (JSON.stringify's fast path); a caller string would need the random nonce
  const nonce = crypto.randomUUID().slice(0, 8);
  const marked: Marked[] = [];
  let text: string;
  try {
    mark(value, floats.trie, `~f${nonce}:`, marked);
    text = JSON.stringify(value) ?? "null";
  } finally {
    for (const m of marked) m.holder[m.key] = m.value;
  }
  if (marked.length) text = text.replace(new RegExp(`"~f${nonce}:(-?\\d+)"`, "g"), "$1.0");
  return floats.names ? text.replace(floats.names, "$1$2.0") : text;
}
