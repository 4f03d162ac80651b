/**
 * How a loaded JSON text spelled what JSON.parse forgets, so that a save writes the values it did
 * not change as they were: numbers whose text is not what JSON.stringify would write (`0.0`,
 * `1.0`, `1e-05`, `0.10`, `-0`, digits beyond a double's precision), integers at keys the
 * editors' float rule would turn into `n.0` (a peer's `"fps":30`), and the indentation. Pure.
 *
 * Speed: one pass over the text with charCodeAt (strings are skipped with indexOf), keeping only
 * offsets on a stack of containers; key strings are cut out only for the numbers it records, and
 * containers are looked up in the parsed tree only for those (each once). A compact 50 MB
 * timeline written by draftcli records almost nothing (its floats are what the float rule writes).
 */
import type { FloatKeys, FloatTrie } from "./serialize.ts";

/** One number of the loaded text, found in the parsed tree. */
export interface Spelling {
  holder: Record<string | number, unknown>;
  key: string | number;
  /** The parsed value: the text is written back only while the value is still this one. */
  value: number | string;
  /** The value's text in the loaded file. */
  lexeme: string;
}

/**
 * An object whose loaded key order JavaScript cannot keep (integer-like keys such as `"7"` come
 * first in any object): written member by member in its loaded order.
 */
export interface KeyOrder {
  /** The object's container (undefined: the object is the document itself). */
  holder: Record<string | number, unknown> | undefined;
  key: string | number;
  object: Record<string, unknown>;
  /** The keys in the loaded text's order. */
  keys: string[];
}

/** What a save needs to write a loaded document as it was. */
export interface Spellings {
  /** Numbers to write with their loaded text (checked against their value at save). */
  numbers: Spelling[];
  /** Objects with integer-like keys out of JavaScript's order. */
  orders: KeyOrder[];
  /** The loaded text's indentation (`"    "`), or "" for compact text. */
  indent: string;
  /** Whitespace after the document (a final newline), written again after it. */
  tail?: string;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * `s` as a string of its own. V8 makes a substring of 13 or more characters a view of the string
 * it was cut from, so a kept key or lexeme cut from a loaded timeline would keep the whole text
 * (hundreds of MB for a large draft) alive as long as the document.
 */
function detached(s: string): string {
  return s.length < 13 ? s : JSON.parse(JSON.stringify(s));
}

/** Indentation of a JSON text: the whitespace at the start of its second line ("" if compact). */
export function indentOf(text: string): string {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) !== 123 && text.charCodeAt(i) !== 91) i++;
  // Only blanks between the opening bracket and a newline: a pretty-printed text. (Looked at
  // from the bracket on, never searched for through a compact text.)
  let j = i + 1;
  while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13) j++;
  if (text.charCodeAt(j) !== 10) return "";
  let k = j + 1;
  while (k < text.length && (text[k] === " " || text[k] === "\t")) k++;
  return detached(text.slice(j + 1, k));
}

/** Is `c` a char code of JSON whitespace (space, tab, line feed, carriage return)? */
const isJsonSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The whitespace after a JSON text's value ("" for none): JSON whitespace, the only kind a text
 * JSON.parse accepts may end with.
 */
export function tailOf(text: string): string {
  let i = text.length;
  while (i > 0 && isJsonSpace(text.charCodeAt(i - 1))) i--;
  return detached(text.slice(i));
}

/** Key names by length and first and last char (a quick first test of membership). */
function nameIndex(names: ReadonlySet<string>): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const n of names) {
    if (!n.length) continue;
    const sig = n.length << 20 | (n.charCodeAt(0) & 1023) << 10 |
      (n.charCodeAt(n.length - 1) & 1023);
    const list = out.get(sig);
    if (list) list.push(n);
    else out.set(sig, [n]);
  }
  return out;
}

/**
 * Records the numbers of `text` (parsed as `root`) that a plain save would spell differently:
 * see the module doc. `floats` is the float rule the save applies (none for the meta file).
 */
export function scanSpellings(
  text: string,
  root: unknown,
  floats?: Pick<FloatKeys, "nameSet" | "trie">,
): Spellings {
  const names = floats?.nameSet ?? new Set<string>();
  const byShape = nameIndex(names);
  const numbers: Spelling[] = [];
  const orders: KeyOrder[] = [];
  const n = text.length;
  // Per depth: container kind (1 = array), items seen (arrays), current key offsets (objects).
  const isArr: number[] = [];
  const count: number[] = [];
  const keyFrom: number[] = [];
  const keyTo: number[] = [];
  const keyEsc: boolean[] = [];
  // Offset of each open object's `{`, and whether it has an integer-like key.
  const openAt: number[] = [];
  const intKey: boolean[] = [];
  // Containers found in the tree, valid up to `resolved` levels.
  const holders: unknown[] = [];
  let resolved = 0;
  let depth = 0;
  let expectKey = false;
  let nextEsc = -1;
  const keyAt = (d: number): string | number => {
    if (isArr[d]) return count[d] - 1;
    const raw = text.slice(keyFrom[d], keyTo[d]);
    return keyEsc[d] ? JSON.parse(`"${raw}"`) as string : raw;
  };
  const holderAt = (d: number): Record<string | number, unknown> | undefined => {
    if (resolved === 0) {
      holders[0] = root;
      resolved = 1;
    }
    for (; resolved <= d; resolved++) {
      const parent = holders[resolved - 1] as Record<string | number, unknown> | undefined;
      holders[resolved] = parent && typeof parent === "object"
        ? parent[keyAt(resolved - 1)]
        : undefined;
    }
    const h = holders[d];
    return h && typeof h === "object" ? h as Record<string | number, unknown> : undefined;
  };
  const record = (lexeme: string, value: number | string) => {
    const d = depth - 1;
    const holder = holderAt(d);
    if (!holder) return;
    const key = keyAt(d);
    if (Object.is(holder[key], value)) {
      numbers.push({
        holder,
        key: typeof key === "string" ? detached(key) : key,
        value,
        lexeme: detached(lexeme),
      });
    }
  };
  const floatName = (d: number): boolean => {
    if (isArr[d]) return false;
    const len = keyTo[d] - keyFrom[d];
    if (!len) return false;
    const sig = len << 20 | (text.charCodeAt(keyFrom[d]) & 1023) << 10 |
      (text.charCodeAt(keyTo[d] - 1) & 1023);
    const candidates = byShape.get(sig);
    if (!candidates) return false;
    if (keyEsc[d]) return names.has(keyAt(d) as string);
    // compared in place: no key string is cut out of the text
    for (const name of candidates) if (text.startsWith(name, keyFrom[d])) return true;
    return false;
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) { // "
      // The next backslash at or after the string's start (found once per stretch of text).
      if (nextEsc <= i) {
        const k = text.indexOf("\\", i + 1);
        nextEsc = k < 0 ? n : k;
      }
      let j = text.indexOf('"', i + 1);
      for (;;) {
        if (j < 0) return { numbers, orders, indent: "" }; // not JSON: JSON.parse refused it
        if (nextEsc > j) break;
        let b = j - 1;
        while (text.charCodeAt(b) === 92) b--;
        if ((j - 1 - b) % 2 === 0) break;
        j = text.indexOf('"', j + 1);
      }
      const esc = nextEsc < j;
      const d = depth - 1;
      if (expectKey) {
        keyFrom[d] = i + 1;
        keyTo[d] = j;
        keyEsc[d] = esc;
        expectKey = false;
        if (!intKey[d] && isDigit(text.charCodeAt(i + 1)) && isIndexKey(text, i + 1, j)) {
          intKey[d] = true;
        }
      } else {
        if (d >= 0 && isArr[d]) count[d]++;
        // Escapes JSON.stringify would not write (`\u00e9`, `\/`): the string keeps its text.
        if (esc && d >= 0) {
          const raw = text.slice(i, j + 1);
          if (raw.includes("\\u") || raw.includes("\\/")) {
            const value = JSON.parse(raw) as string;
            if (JSON.stringify(value) !== raw) record(raw, value);
          }
        }
      }
      i = j + 1;
      continue;
    }
    if (c === 123 || c === 91) { // { [
      const d = depth - 1;
      if (d >= 0 && isArr[d]) count[d]++;
      if (resolved > depth) resolved = depth;
      isArr[depth] = c === 91 ? 1 : 0;
      count[depth] = 0;
      openAt[depth] = i;
      intKey[depth] = false;
      keyTo[depth] = keyFrom[depth] = 0;
      depth++;
      expectKey = c === 123;
      i++;
      continue;
    }
    if (c === 125 || c === 93) { // } ]
      depth--;
      if (intKey[depth]) {
        const keys = memberKeys(text, openAt[depth], i);
        const holder = depth > 0 ? holderAt(depth - 1) : undefined;
        const object = holderAt(depth) as Record<string, unknown> | undefined;
        if (
          (holder || depth === 0) && object && keys.join("\0") !== Object.keys(object).join("\0")
        ) {
          const key = depth > 0 ? keyAt(depth - 1) : "";
          orders.push({ holder, key: typeof key === "string" ? detached(key) : key, object, keys });
        }
      }
      if (resolved > depth) resolved = depth;
      expectKey = false;
      i++;
      continue;
    }
    if (c === 44) { // ,
      expectKey = depth > 0 && !isArr[depth - 1];
      i++;
      continue;
    }
    if (c === 116 || c === 102 || c === 110) { // true false null
      if (depth > 0 && isArr[depth - 1]) count[depth - 1]++;
      i += c === 102 ? 5 : 4;
      continue;
    }
    if (c === 45 || isDigit(c)) {
      let j = i + 1;
      let dot = -1;
      let exp = false;
      for (; j < n; j++) {
        const k = text.charCodeAt(j);
        if (isDigit(k)) continue;
        if (k === 46) dot = j;
        else if (k === 101 || k === 69 || k === 43 || k === 45) exp = true;
        else break;
      }
      const d = depth - 1;
      if (d >= 0 && isArr[d]) count[d]++;
      const len = j - i;
      const neg = c === 45;
      if (dot < 0 && !exp) {
        // An integer is written as it was unless it is `-0`, has more digits than a double
        // keeps, or sits at a float key (the float rule would write `n.0`).
        const negZero = neg && len === 2 && text.charCodeAt(i + 1) === 48;
        if (negZero || len > 15 || floatName(d)) {
          const lexeme = text.slice(i, j);
          const value = Number(lexeme);
          if (negZero || String(value) !== lexeme || floatName(d)) record(lexeme, value);
        }
      } else if (!exp && text.charCodeAt(j - 1) === 48) {
        // A fraction ending in 0: `n.0` at a float key is what the float rule writes anyway;
        // any other (`0.50`, `1.0` elsewhere, `-0.0`) is kept.
        const intDotZero = dot === j - 2 && dot - i <= 15 &&
          !(neg && dot === i + 2 && text.charCodeAt(i + 1) === 48);
        if (!intDotZero || !floatName(d)) {
          const lexeme = text.slice(i, j);
          record(lexeme, Number(lexeme));
        }
      } else {
        // Up to 15 significant digits, no exponent, not below 1e-6: JSON.stringify's own text
        // (a double keeps 15 digits, so no shorter text names the same number).
        let first = neg ? i + 1 : i;
        while (first < j && (text.charCodeAt(first) === 48 || first === dot)) first++;
        const digits = j - first - (dot > first ? 1 : 0);
        const tiny = first - dot > 6 && dot > 0 && text.charCodeAt(dot - 1) === 48 &&
          dot - (neg ? i + 1 : i) === 1;
        if (exp || digits > 15 || tiny) {
          const lexeme = text.slice(i, j);
          const value = Number(lexeme);
          if (String(value) !== lexeme) record(lexeme, value);
        }
      }
      i = j;
      continue;
    }
    i++;
  }
  if (floats) {
    const seen = new WeakMap<object, Set<string | number>>();
    for (const r of numbers) {
      let keys = seen.get(r.holder);
      if (!keys) seen.set(r.holder, keys = new Set());
      keys.add(r.key);
    }
    trieIntegers(root, floats.trie, numbers, seen);
  }
  return { numbers, orders, indent: indentOf(text), tail: tailOf(text) };
}

/** Is `text[from, to)` an array-index-like key (`0`, `7`, `123`; no sign, no leading zero)? */
function isIndexKey(text: string, from: number, to: number): boolean {
  if (to - from > 9 || (text.charCodeAt(from) === 48 && to - from > 1)) return false;
  for (let k = from; k < to; k++) if (!isDigit(text.charCodeAt(k))) return false;
  return true;
}

/** The member keys, in text order, of the object whose `{` is at `open` and `}` at `close`. */
function memberKeys(text: string, open: number, close: number): string[] {
  const keys: string[] = [];
  let level = 0;
  let expect = true;
  for (let i = open + 1; i < close; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = i + 1;
      while (text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      if (level === 0 && expect) keys.push(JSON.parse(text.slice(i, j + 1)));
      expect = false;
      i = j;
    } else if (c === 123 || c === 91) level++;
    else if (c === 125 || c === 93) level--;
    else if (c === 44 && level === 0) expect = true;
  }
  return keys;
}

/** Integers at the float rule's walked paths (`values[]`, float `width`): kept as integers. */
function trieIntegers(
  v: unknown,
  node: FloatTrie,
  out: Spelling[],
  seen: WeakMap<object, Set<string | number>>,
): void {
  if (v === null || typeof v !== "object") return;
  if (Array.isArray(v)) {
    const item = node.children.get("[]");
    if (!item) return;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (item.float && typeof x === "number" && Number.isInteger(x)) {
        if (seen.get(v)?.has(i)) continue;
        out.push({
          holder: v as unknown as Record<number, unknown>,
          key: i,
          value: x,
          lexeme: String(x),
        });
      } else if (x !== null && typeof x === "object") trieIntegers(x, item, out, seen);
    }
    return;
  }
  const o = v as Record<string, unknown>;
  for (const [k, child] of node.children) {
    if (k === "[]" || !(k in o)) continue;
    const x = o[k];
    if (child.float && typeof x === "number" && Number.isInteger(x)) {
      if (seen.get(o)?.has(k)) continue;
      out.push({ holder: o, key: k, value: x, lexeme: String(x) });
    } else if (x !== null && typeof x === "object") trieIntegers(x, child, out, seen);
  }
}
