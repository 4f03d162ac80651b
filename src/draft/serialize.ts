/**
 * JSON text of a timeline as the editors spell it: numbers at the key paths every editor-saved
 * draft writes as floats (src/editions/data/float_keys.json, e.g. `fps`, `clip.scale.x`) keep a
 * decimal point (`1.0`, not `1`); everything else is what JSON.stringify writes. Pure.
 *
 * Speed: the text comes from one JSON.stringify. Key names the editors only ever spell as floats
 * (`alpha`, `x`, `volume` …) are then fixed in the text by one regular expression that matches
 * object members only (a key right after `{` or `,`; keys inside string values are escaped):
 * the names' alternation for a long text, a small expression for any integer member and a lookup
 * of its key for a short one (`FloatNames`).
 * The few float paths whose key name is an integer elsewhere (`width`, `height`) and arrays of
 * floats (`values`) are found by walking the document along those paths and marking the numbers
 * (in a list whose items hold such members themselves and no other object, by their keys in the
 * list's text).
 * Items a call built from a template and vouched for (item_templates.ts) are not serialised at all:
 * `stringifyChunks` writes each from its template's text, spelled once, with its holes put in; a
 * save (`timelineWrite`) writes a long list of them holding text beyond ASCII as bytes (`ItemBytes`).
 */
import floatKeys from "../editions/data/float_keys.json" with { type: "json" };
import type { KeyOrder, Spellings } from "./spellings.ts";
import { type ItemTemplate, memberAt, vouchedTemplateOf } from "./item_templates.ts";
import {
  isItemList,
  type LazyList,
  type LazyLists,
  type ListBytes,
  type ListSpan,
  type Piece,
  untouchedLazy,
} from "./verbatim.ts";

/** A trie of key paths: children by key (`[]` = array items), `float` at leaves. */
export interface FloatTrie {
  float: boolean;
  children: Map<string, FloatTrie>;
  /** The children other than `[]`, in an array (made on first use by `membersOf`). */
  members?: { key: string; node: FloatTrie }[];
  /** `itemMemberFloats` of this node, once made (false: none). */
  itemMembers?: RegExp | false;
}

/**
 * For a list node whose items' walked float paths all end at members of the items themselves
 * (material_colors' width and height), the expression that spells those members' integers as
 * floats in the list's text (`$1$2.0`); undefined for any other node. Made once per node.
 */
function itemMemberFloats(node: FloatTrie): RegExp | undefined {
  if (node.itemMembers === undefined) {
    const item = node.children.get("[]");
    const leaves = item && !item.float && item.children.size > 0 &&
      [...item.children].every(([k, c]) => k !== "[]" && c.float && c.children.size === 0);
    node.itemMembers = leaves ? membersRegExp([...item.children.keys()]) : false;
  }
  return node.itemMembers || undefined;
}

/**
 * Are all items of `list` objects that JSON.stringify writes member by member (not arrays, no
 * `toJSON`, no raw JSON)?
 */
function allPlainObjects(list: unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (
      x === null || typeof x !== "object" || Array.isArray(x) ||
      typeof (x as { toJSON?: unknown }).toJSON === "function" || isRawJSON(x)
    ) return false;
  }
  return true;
}

/** How many times `c` occurs in `text`. */
function countOf(text: string, c: string): number {
  let n = 0;
  for (let at = text.indexOf(c); at >= 0; at = text.indexOf(c, at + 1)) n++;
  return n;
}

/**
 * The children of `node` that are object members (not `[]`), in an array: `mark` walks them for
 * each object of a list, which an indexed loop does without an iterator and a pair per step.
 */
function membersOf(node: FloatTrie): { key: string; node: FloatTrie }[] {
  return node.members ??= [...node.children].filter(([k]) => k !== "[]")
    .map(([key, child]) => ({ key, node: child }));
}

/**
 * The expression that finds the integers of object members named `keys` in JSON text, compact or
 * (`indented`) as `JSON.stringify` indents it: `$1` the key with its colon, `$2` the integer.
 */
function membersRegExp(keys: readonly string[], indented = false): RegExp {
  const names = keys.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return indented
    ? new RegExp(`([{,]\\s*"(?:${names})": )(-?\\d+)(?=\\s*[,}])`, "g")
    : new RegExp(`([{,]"(?:${names})":)(-?\\d+)(?=[,}])`, "g");
}

/** Builds the trie of key paths (`tracks[].segments[].clip.scale.x`). */
export function floatTrie(paths: readonly string[]): FloatTrie {
  const root: FloatTrie = { float: false, children: new Map() };
  for (const p of paths) {
    let node = root;
    for (const part of p.replaceAll("[]", ".[]").split(".").filter(Boolean)) {
      let next = node.children.get(part);
      if (!next) node.children.set(part, next = { float: false, children: new Map() });
      node = next;
    }
    node.float = true;
  }
  return root;
}

/**
 * Below this many characters, a compact text's float names are applied by `INTEGER_MEMBER` and a
 * lookup of each integer member's key: compiling the names' alternation costs ~0.4 ms on a cold
 * start, more than the lookups of a short text (a new draft's timeline) take.
 */
const SHORT_TEXT = 1 << 16;

/** A compact object member whose value is an integer: its `[{,]"key":`, its key and its digits. */
const INTEGER_MEMBER = /([{,]"([^"\\]*)":)(-?\d+)(?=[,}])/g;

/** Key names the editors spell as floats wherever they write them, applied to JSON text. */
export class FloatNames {
  #regex: RegExp | undefined;

  constructor(readonly set: ReadonlySet<string>, readonly indented: boolean) {}

  /**
   * `text` with the integer value of each object member of these names written as `n.0`. A
   * key holds no quote or backslash here (JSON.stringify escapes them), so a member the small
   * expression matches and leaves is one the alternation would not match either, at any offset.
   */
  apply(text: string): string {
    if (!this.indented && text.length < SHORT_TEXT) {
      const set = this.set;
      return text.replace(
        INTEGER_MEMBER,
        (member: string, head: string, name: string, n: string) =>
          set.has(name) ? `${head}${n}.0` : member,
      );
    }
    this.#regex ??= membersRegExp([...this.set], this.indented);
    return text.replace(this.#regex, "$1$2.0");
  }
}

/** How a set of float key paths is applied (see the module doc). */
export interface FloatKeys {
  /** Key names fixed in the text: float wherever the editors write them. */
  names: FloatNames | undefined;
  /** The same, for indented text (`"x": 1`). */
  namesIndented: FloatNames | undefined;
  /** The same key names, as a set (for members written one by one). */
  nameSet: ReadonlySet<string>;
  /** Paths walked in the document: names that are integers elsewhere, and float arrays. */
  trie: FloatTrie;
}

/** The last name of a key path (`a.b[].c[]` → `c`), with string calls (no regexp to compile). */
function leafOf(path: string): string {
  const p = path.endsWith("[]") ? path.slice(0, -2) : path;
  return p.slice(Math.max(p.lastIndexOf("."), p.lastIndexOf("]")) + 1);
}

/** Splits float key paths into text-fixed names and walked paths. */
export function floatKeysOf(paths: readonly string[], intLeaves: readonly string[]): FloatKeys {
  const ints = new Set(intLeaves);
  const walked = paths.filter((p) => p.endsWith("[]") || ints.has(leafOf(p)));
  const plain = [...new Set(paths.filter((p) => !walked.includes(p)).map(leafOf))]
    .filter((n) => !ints.has(n));
  const nameSet = new Set(plain);
  return {
    nameSet,
    names: plain.length ? new FloatNames(nameSet, false) : undefined,
    namesIndented: plain.length ? new FloatNames(nameSet, true) : undefined,
    trie: floatTrie(walked),
  };
}

let timelineFloatKeys: FloatKeys | undefined;

/** The float keys of the editors' timelines (made on first use: reads never need them). */
export function timelineFloats(): FloatKeys {
  return timelineFloatKeys ??= floatKeysOf(floatKeys.timeline, floatKeys.intLeaves);
}

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
    // no float path at or below the items (most lists of small materials): nothing to mark
    if (!item || (!item.float && item.children.size === 0)) return;
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
  const members = membersOf(node);
  for (let m = 0; m < members.length; m++) {
    const k = members[m].key;
    const child = members[m].node;
    if (!(k in o)) continue;
    const x = o[k];
    if (child.float && isMarkable(x)) {
      out.push({ holder: o, key: k, value: x });
      o[k] = marker + x;
    } else if (x !== null && typeof x === "object") mark(x, child, marker, out);
  }
}

/** `JSON.rawJSON` (ES2025; not yet in TypeScript's lib). */
const rawJSON = (JSON as unknown as { rawJSON(text: string): object }).rawJSON;
const isRawJSON = (JSON as unknown as { isRawJSON(v: unknown): boolean }).isRawJSON;

/**
 * Puts the loaded text of values that are unchanged in place of the value: decimals as raw
 * JSON; integers and strings as marker strings (`"~r<nonce>:<n>"`, which the float rule does not
 * see), replaced by their text after stringifying (`unwrapKept`). Returns the undo, which puts
 * the values back.
 */
function applySpellings(sp: Spellings | undefined, nonce: string): () => void {
  if (!sp?.numbers.length && !sp?.orders.length) return () => {};
  const applied: {
    holder: Record<string | number, unknown>;
    key: string | number;
    value: number | string;
  }[] = [];
  const lexemes: string[] = [];
  keptTexts.set(nonce, lexemes);
  for (const s of sp.numbers) {
    if (!Object.is(s.holder[s.key], s.value)) continue;
    if (typeof s.value === "number" && !/^-?\d+$/.test(s.lexeme)) {
      s.holder[s.key] = rawJSON(s.lexeme);
    } else {
      s.holder[s.key] = `~r${nonce}:${lexemes.length}`;
      lexemes.push(s.lexeme);
    }
    applied.push(s);
  }
  // Objects whose key order JavaScript cannot keep: a marker each, replaced after stringify
  // by the object written member by member (see `unwrapOrdered`). Deepest first, so an outer
  // object's members already carry the markers of the inner ones.
  const moved: {
    holder: Record<string | number, unknown>;
    key: string | number;
    value: unknown;
  }[] = [];
  const ordered = (sp.orders ?? []).filter((o) => o.holder?.[o.key] === o.object);
  orderedTexts.set(nonce, []);
  for (let k = ordered.length - 1; k >= 0; k--) {
    const o = ordered[k];
    const list = orderedTexts.get(nonce)!;
    list.push(o);
    moved.push({ holder: o.holder!, key: o.key, value: o.object });
    o.holder![o.key] = `~o${nonce}:${list.length - 1}`;
  }
  return () => {
    for (const m of moved.reverse()) m.holder[m.key] = m.value;
    for (const s of applied) s.holder[s.key] = s.value;
    orderedTexts.delete(nonce);
    keptTexts.delete(nonce);
  };
}

/** Loaded texts of integers and strings, per running stringify (by nonce). */
const keptTexts = new Map<string, string[]>();

/** Objects written in their loaded key order, per running stringify (by nonce). */
const orderedTexts = new Map<string, KeyOrder[]>();

/** Replaces the markers of objects kept in their loaded key order by their text. */
function unwrapOrdered(text: string, nonce: string, write: (v: unknown) => string): string {
  const list = orderedTexts.get(nonce);
  if (!list?.length || !text.includes(`"~o${nonce}:`)) return text;
  return text.replace(new RegExp(`"~o${nonce}:(\\d+)"`, "g"), (_, n: string) => {
    const { object, keys } = list[Number(n)];
    const all = [
      ...keys.filter((k) => k in object),
      ...Object.keys(object).filter((k) => !keys.includes(k)),
    ];
    const members = all.filter((k) => object[k] !== undefined && typeof object[k] !== "function")
      // each member as a one-member object, so the float names apply to its key too
      .map((k) => write({ [k]: object[k] }).slice(1, -1));
    return unwrapOrdered(`{${members.join(",")}}`, nonce, write);
  });
}

/**
 * JSON of `value` with integers at float keys written as `n.0`. The walked paths are marked in
 * place with a per-call random string and restored afterwards: the value is unchanged. With
 * `spellings` (a loaded document's), numbers it did not change keep their loaded text, and the
 * text is indented as the loaded one was.
 */
export function stringifyWithFloats(
  value: unknown,
  floats: FloatKeys = timelineFloats(),
  spellings?: Spellings,
): string {
  // plain ASCII (JSON.stringify's fast path); a caller string would need the random nonce
  const nonce = crypto.randomUUID().slice(0, 8);
  const undo = applySpellings(spellings, nonce);
  try {
    const indent = spellings?.indent || undefined;
    const root = spellings?.orders.find((o) => !o.holder && o.object === value);
    if (root) {
      // The document itself has integer-like keys out of JavaScript's order.
      const list = orderedTexts.get(nonce)!;
      list.push(root);
      const marker = JSON.stringify(`~o${nonce}:${list.length - 1}`);
      const write = (v: unknown) => stringifyWith(v, NO_FLOATS, floats.names, nonce, true);
      return unwrapOrdered(marker, nonce, write);
    }
    return stringifyWith(
      value,
      floats.trie,
      indent ? floats.namesIndented : floats.names,
      nonce,
      !!(spellings?.numbers.length || spellings?.orders.length),
      indent,
    );
  } finally {
    undo();
  }
}

function stringifyWith(
  value: unknown,
  trie: FloatTrie,
  names: FloatNames | undefined,
  nonce: string,
  kept = false,
  indent?: string,
): string {
  const marked: Marked[] = [];
  let text: string | undefined;
  // A list whose items' walked float paths are their own members: when its text has no object
  // but the items (one "{" each), those members are the only keys of those names in it, and
  // their integers are spelled in the text, without marking (changing the type of a member of
  // thousands of objects, and back, costs more than the expression).
  const members = indent ? undefined : itemMemberFloats(trie);
  if (members && Array.isArray(value) && allPlainObjects(value)) {
    const plain = JSON.stringify(value);
    if (countOf(plain, "{") === value.length) text = plain.replace(members, "$1$2.0");
  }
  if (text === undefined) {
    try {
      mark(value, trie, `~f${nonce}:`, marked);
      // Without arguments beyond the value: V8's fast serializer takes only that form.
      text = (indent ? JSON.stringify(value, null, indent) : JSON.stringify(value)) ?? "null";
    } finally {
      for (let i = 0; i < marked.length; i++) marked[i].holder[marked[i].key] = marked[i].value;
    }
  }
  if (marked.length) text = text.replace(new RegExp(`"~f${nonce}:(-?\\d+)"`, "g"), "$1.0");
  if (names) text = names.apply(text);
  const lexemes = kept ? keptTexts.get(nonce) : undefined;
  if (lexemes?.length && text.includes(`"~r${nonce}:`)) {
    text = text.replace(
      new RegExp(`"~r${nonce}:(\\d+)"`, "g"),
      (_, n: string) => lexemes[Number(n)],
    );
  }
  // Members of an object kept in its loaded order: no float paths are walked below it (the
  // float names still apply); compact, whatever the indentation.
  if (kept) {
    text = unwrapOrdered(text, nonce, (v) => stringifyWith(v, NO_FLOATS, names, nonce, kept));
  }
  return text;
}

/** An empty trie: below a path no float key is walked. */
const NO_FLOATS: FloatTrie = { float: false, children: new Map() };

/** Containers nested less deep than this are written member by member. */
const SPLIT_DEPTH = 4;
/**
 * Items of arrays at least this deep (the material lists, `tracks[].segments`) are written in
 * slices of at most `SLICE` items, or each from its template (see `itemText`).
 */
const LIST_DEPTH = 2;
/** Items in the first slice of a list, and most items in any slice. */
const SLICE = 256;
/**
 * Text a slice aims at (UTF-16 units) once a timeline has had `SLICED_BY_COUNT` units sliced: its
 * item count follows the length of the slice before. Such a slice, and a piece handed on (at most
 * `PIECE` plus a slice), stays below V8's large-object size (128 KB, even as two-byte text), so
 * the writer's garbage is young and scavenged as it goes. Larger strings are allocated one by one
 * in the young large-object space, which a scavenge empties only once it holds as much as the
 * largest young object seen so far: the loaded timeline's text, so slices of 256 items made a
 * large add hold that much again in garbage at its peak. (A first slice of 256 items, once per
 * list, costs no such pile-up, and fewer calls on a small timeline.)
 */
const SLICE_TEXT = 1 << 14;
/**
 * Units of a timeline sliced by `SLICE` items before slices follow `SLICE_TEXT`. Below it the
 * slices are large objects, which keep the young generation's space free: a draft of 1,000 images
 * then saves with no scavenge (small slices there filled it once, ~8 ms copying the loaded
 * document), and this much garbage at most piles up on a large one.
 */
export const SLICED_BY_COUNT = 1 << 23;
/** Small pieces are joined until they are this long (UTF-16 units) before they are handed on. */
const PIECE = 1 << 15;
/** A slice's text at least this long (UTF-16 units) is handed on as a piece of its own. */
const OWN_PIECE = 1 << 12;

/**
 * The same text as `stringifyWithFloats`, in pieces (a slice of a long list such as
 * `tracks[].segments` or `materials.texts`, or small members joined, see `SLICE_TEXT`), so that a
 * large timeline is never held as one string: the caller encodes and writes the pieces as they
 * come. An item built from a template (item_templates.ts) and unchanged since is written from
 * the template's text, only its holes written anew.
 */
export function stringifyChunks(
  value: unknown,
  floats: FloatKeys = timelineFloats(),
  spellings?: Spellings,
): Generator<string> {
  // Without `lists`, every piece is text.
  return chunks(value, floats, spellings) as Generator<string>;
}

/** What a timeline's save does with its item lists (see verbatim.ts). */
export interface ListWriting {
  /** Lists whose first `count` items are written as these loaded bytes. */
  kept?: ReadonlyMap<readonly unknown[], ListBytes>;
  /** Receives where each non-empty item list lies in the bytes written (marks among the pieces). */
  spans?: ListSpan[];
  /** Lists left out of the parse: those nothing read are written from their loaded bytes. */
  lazy?: LazyLists;
  /**
   * Pieces whatever the timeline's size (a small one is otherwise one string, which records no
   * spans): the test suite's saves, so that loaded items of small drafts are kept too.
   */
  always?: boolean;
}

/**
 * `stringifyChunks`, writing and recording item lists as `lists` says; with `bytes`, items written
 * from their templates are pieces of bytes (see `ItemBytes`).
 */
function* chunks(
  value: unknown,
  floats: FloatKeys,
  spellings: Spellings | undefined,
  lists: ListWriting = {},
  bytes = false,
): Generator<Piece> {
  if (spellings?.orders.some((o) => !o.holder && o.object === value)) {
    yield stringifyWithFloats(value, floats, spellings);
    return;
  }
  const nonce = crypto.randomUUID().slice(0, 8);
  const { names, nameSet } = floats;
  const kept = !!(spellings?.numbers.length || spellings?.orders.length);
  const whole = (v: unknown, node: FloatTrie) => stringifyWith(v, node, names, nonce, kept);
  let out = "";
  // While it holds bytes, `out` is empty: text goes into one or the other, in order.
  const items: ItemBytes | undefined = bytes ? { buf: new Uint8Array(0), used: 0 } : undefined;
  let sliced = 0; // units written in slices so far (see SLICED_BY_COUNT)
  // `path`: keys from the root, kept while the walk goes member by member (a few levels).
  function* walk(
    v: unknown,
    node: FloatTrie,
    depth: number,
    path: (string | number)[],
  ): Generator<Piece> {
    if (
      v === null || typeof v !== "object" || depth >= SPLIT_DEPTH ||
      typeof (v as { toJSON?: unknown }).toJSON === "function" || isRawJSON(v)
    ) {
      out += whole(v, node);
    } else if (Array.isArray(v)) {
      yield* walkArray(v, node, depth, path);
    } else {
      out += "{";
      let first = true;
      for (const k of Object.keys(v as object)) {
        const lazy = untouchedLazy(lists.lazy, v as object, k);
        if (lazy) {
          // a list nothing read (which reading would parse): its loaded bytes, then the items
          // added to it unread
          out += (first ? "" : ",") + JSON.stringify(k) + ":";
          first = false;
          const listPath = [...path, k];
          if (lazy.appended?.length) {
            // its loaded items stand in as holes, written as their bytes (`kept`)
            const items: unknown[] = new Array(lazy.span.count);
            for (const x of lazy.appended) items.push(x);
            const kept = { bytes: lazy.bytes, count: lazy.span.count };
            yield* walkArray(items, node.children.get(k) ?? NO_FLOATS, depth + 1, listPath, kept);
          } else {
            out += "[";
            yield* lazyBytes(lazy, listPath);
            out += "]";
          }
          continue;
        }
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined || typeof x === "function" || typeof x === "symbol") continue;
        const child = node.children.get(k) ?? NO_FLOATS;
        out += (first ? "" : ",") + JSON.stringify(k) + ":";
        first = false;
        if (isMarkable(x) && (child.float || nameSet.has(k))) out += `${x}.0`;
        else yield* walk(x, child, depth + 1, [...path, k]);
      }
      out += "}";
    }
    if (out.length >= PIECE) {
      yield out;
      out = "";
    }
  }
  // The text so far as a piece of its own (before bytes or a mark).
  function* flush(): Generator<Piece> {
    yield* itemBytes();
    if (out) yield out;
    out = "";
  }
  // The bytes of the items written so far, as a piece (its buffer is reused after it).
  function* itemBytes(): Generator<Piece> {
    if (!items?.used) return;
    yield items.buf.subarray(0, items.used);
    items.used = 0;
  }
  // A span of the list at `path` recorded in `lists.spans`, and the mark that tells its start.
  function* openSpan(path: (string | number)[], count: number): Generator<Piece, ListSpan> {
    const span: ListSpan = { path, start: 0, end: 0, count };
    lists.spans!.push(span);
    yield* flush();
    yield (offset: number) => void (span.start = offset);
    return span;
  }
  // The mark that tells where `span` ends.
  function* closeSpan(span: ListSpan): Generator<Piece> {
    yield* flush();
    yield (offset: number) => void (span.end = offset);
  }
  function* lazyBytes(lazy: LazyList, path: (string | number)[]): Generator<Piece> {
    yield* flush();
    const span = lists.spans ? yield* openSpan(path, lazy.span.count) : undefined;
    yield* lazy.bytes();
    if (span) yield* closeSpan(span);
  }
  // `keptBytes`: the bytes of the list's first items, for a list that is not in `lists.kept`.
  function* walkArray(
    v: unknown[],
    node: FloatTrie,
    depth: number,
    path: (string | number)[],
    keptBytes?: ListBytes,
  ): Generator<Piece> {
    const item = node.children.get("[]") ?? NO_FLOATS;
    out += "[";
    if (depth < LIST_DEPTH) {
      for (let i = 0; i < v.length; i++) {
        if (i) out += ",";
        const x = v[i];
        if (item.float && isMarkable(x)) out += `${x}.0`;
        else if (x === undefined || typeof x === "function" || typeof x === "symbol") {
          out += "null";
        } else yield* walk(x, item, depth + 1, [...path, i]);
      }
      out += "]";
      return;
    }
    // An item list is framed by marks the writer tells its byte offsets (verbatim.ts).
    const span = lists.spans && v.length && isItemList(path)
      ? yield* openSpan(path, v.length)
      : undefined;
    // Loaded items the edit kept: their loaded bytes, as they were read.
    const kept = keptBytes ?? lists.kept?.get(v);
    if (kept) {
      yield* flush();
      yield* kept.bytes();
    }
    // A slice is an array of the same items: same float paths below `[]`.
    const sliceNode: FloatTrie = { float: false, children: new Map([["[]", item]]) };
    let from = -1;
    let per = SLICE;
    const slice = (to: number) => {
      const text = whole(v.slice(from, to), sliceNode);
      sliced += text.length;
      if (sliced > SLICED_BY_COUNT) {
        per = Math.max(1, Math.min(SLICE, Math.floor((to - from) * SLICE_TEXT / text.length)));
      }
      return text.slice(1, -1);
    };
    // The slice up to `to` after the text so far and its comma. A long one is a piece of its own:
    // joined to other text it would make a rope, which the encoder copies whole to flatten it.
    function* sliceText(to: number): Generator<Piece> {
      const text = slice(to);
      if (from) out += ",";
      if (text.length < OWN_PIECE) {
        out += text;
        return;
      }
      if (out) yield out;
      out = "";
      yield text;
    }
    const first = kept?.count ?? 0;
    // items from templates as bytes only in a long list whose first holds text beyond ASCII, or
    // whose last is written from a template of long text per hole (see `BYTES_ITEMS`)
    const asBytes = items && v.length - first >= BYTES_ITEMS &&
        compiledFor(v[first], item, floats) &&
        (!holesAscii || longPerHole(v[v.length - 1], item, floats))
      ? items
      : undefined;
    for (let i = first; i < v.length; i++) {
      const made = asBytes ? compiledFor(v[i], item, floats) : itemText(v[i], item, floats);
      if (made === undefined) {
        if (from < 0) {
          yield* itemBytes();
          from = i;
        } else if (i - from >= per) {
          yield* sliceText(i);
          from = i;
        }
        continue;
      }
      if (from >= 0) {
        yield* sliceText(i);
        from = -1;
      }
      if (typeof made === "string") {
        out += (i ? "," : "") + made;
        if (out.length >= PIECE) {
          yield out;
          out = "";
        }
        continue;
      }
      // a compiled template, not text: the list is written as bytes
      const b = asBytes!;
      if (out) yield* flush();
      const need = made.spelledBytes + 3 * holesLength + 1;
      if (b.buf.length - b.used < need) {
        yield* itemBytes();
        if (b.buf.length < need) b.buf = new Uint8Array(Math.max(need, 2 * BYTES_PIECE));
      }
      b.used = writeItem(made, i > 0, b.buf, b.used);
      if (b.used >= BYTES_PIECE) yield* itemBytes();
    }
    yield* itemBytes();
    if (from >= 0) yield* sliceText(v.length);
    if (span) yield* closeSpan(span);
    out += "]";
  }
  const undo = applySpellings(spellings, nonce);
  try {
    yield* walk(value, floats.trie, 0, []);
    if (out) yield out;
  } finally {
    undo();
  }
}

/** A template's text cut at its holes, as the writer spells it, and its holes in text order. */
interface CompiledTemplate {
  /** The text between the holes (one more than the holes), the float rule applied. */
  spelled: string[];
  /** `spelled`, UTF-8 encoded (see `ItemBytes`). */
  spelledUtf8: Uint8Array[];
  /** The length of all of `spelledUtf8`. */
  spelledBytes: number;
  /** The holes in text order: their path and whether the float rule applies to them. */
  holes: { path: string[]; float: boolean }[];
}

/**
 * Bytes of items written from their templates, in a buffer handed on as a piece once it holds
 * `BYTES_PIECE` bytes, and reused after. A template's text between its holes is encoded once and
 * copied in; a hole's text is encoded in. Written so: long lists whose items hold text beyond
 * ASCII (see `BYTES_ITEMS`). Their text made with `+` would be a rope of the template's parts,
 * which the encoder flattens, copying it, before encoding it, into two bytes per character when a
 * hole holds a character beyond Latin-1, such as a caption's CJK text.
 */
interface ItemBytes {
  buf: Uint8Array;
  /** Bytes of `buf` written. */
  used: number;
}

/**
 * Bytes of items handed on at once: at least the writer's `DIRECT_BYTES` (txn.ts), which it
 * writes as they are instead of copying them into its buffer.
 */
const BYTES_PIECE = 1 << 16;

/**
 * Items a list has at least, beyond its loaded ones, for those built from templates to be written
 * as bytes (when the first holds text beyond ASCII, or the last is written from a template of
 * `BYTES_PER_HOLE` or more: other ASCII items as bytes measured no faster). The copying of their
 * holes is then optimised by V8 (a few MB of compiler memory, ~3 MB more peak RSS measured for
 * 100 captions into a draft of 1,000) and pays off; in a shorter list they are text (see
 * `itemText`).
 */
const BYTES_ITEMS = 500;

/**
 * Bytes of a template's text per hole from which its ASCII items are written as bytes: the text
 * then costs a copy of its encoded bytes, not its share of a string made per item, flattened and
 * encoded (the photo materials of a file, ~2.8 KB around one hole, their id: 1,000 of them
 * allocated 3 MB less, and their writing measured ~0.5 ms faster; a segment, ~200 bytes a hole,
 * measured no faster). A text material (1–1.6 KB a hole) stays below it, as measured before.
 */
const BYTES_PER_HOLE = 2048;

/** Is `item` written from a template with `BYTES_PER_HOLE` bytes of text or more per hole? */
function longPerHole(item: unknown, node: FloatTrie, floats: FloatKeys): boolean {
  const c = templateFor(item, node, floats);
  return c !== undefined && c.spelledBytes >= BYTES_PER_HOLE * c.holes.length;
}

/** The texts of the holes of the item `compiledFor` last vouched for, in text order. */
const holeTexts: string[] = [];
/** For each of `holeTexts`, whether it is ASCII only. */
const holeAscii: boolean[] = [];
/** Whether all of `holeTexts` are ASCII only. */
let holesAscii = true;
/** A unit beyond ASCII. */
const NOT_ASCII = /[\u0080-\uffff]/;
/** The UTF-16 units of `holeTexts`. */
let holesLength = 0;

/**
 * The compiled template of an item whose builder vouched for it (item_templates.ts), its holes'
 * texts put in `holeTexts` for `writeItem`; undefined for any other item, or when a hole holds
 * what a template does not write (the item is then written as any other value).
 */
function compiledFor(
  item: unknown,
  node: FloatTrie,
  floats: FloatKeys,
): CompiledTemplate | undefined {
  const c = templateFor(item, node, floats);
  if (!c) return undefined;
  const holes = c.holes;
  let length = 0;
  let ascii = true;
  // Indexed loops, no iterators or closures: this runs for each item of a large add, mostly
  // before the optimising compiler has looked at it.
  for (let i = 0; i < holes.length; i++) {
    const { path, float } = holes[i];
    const v = memberAt(item, path);
    const hole = float && isMarkable(v) ? `${v}.0` : holeText(v);
    if (hole === undefined) return undefined;
    holeTexts[i] = hole;
    // only strings (and lists of them) may hold more than ASCII
    holeAscii[i] = (typeof v !== "string" && !Array.isArray(v)) || !NOT_ASCII.test(hole);
    ascii &&= holeAscii[i];
    length += hole.length;
  }
  holesLength = length;
  holesAscii = ascii;
  return c;
}

/**
 * The compiled template of an item whose builder vouched for it (item_templates.ts), for items at
 * trie node `node`; undefined for any other item.
 */
function templateFor(
  item: unknown,
  node: FloatTrie,
  floats: FloatKeys,
): CompiledTemplate | undefined {
  const t = vouchedTemplateOf(item);
  if (!t) return undefined;
  let compiled = t.writers.get(node) as
    | { names: unknown; template: CompiledTemplate | undefined }
    | undefined;
  if (!compiled || compiled.names !== floats.names) {
    compiled = { names: floats.names, template: compileTemplate(t, node, floats) };
    t.writers.set(node, compiled);
  }
  return compiled.template;
}

/**
 * The text of an item whose builder vouched for it (item_templates.ts): its template's text with
 * its holes put in; undefined for any other item, or when a hole holds what a template does not
 * write (the item is then written as any other value).
 */
function itemText(item: unknown, node: FloatTrie, floats: FloatKeys): string | undefined {
  const c = templateFor(item, node, floats);
  if (!c) return undefined;
  const { spelled, holes } = c;
  let out = spelled[0];
  // Indexed loops, no iterators or closures: this runs for each item of a large add, mostly
  // before the optimising compiler has looked at it.
  for (let i = 0; i < holes.length; i++) {
    const { path, float } = holes[i];
    const v = memberAt(item, path);
    const hole = holeText(v);
    if (hole === undefined) return undefined;
    out += (float && isMarkable(v) ? `${v}.0` : hole) + spelled[i + 1];
  }
  return out;
}

/**
 * Writes the bytes of the item `compiledFor` last returned `c` for into `buf` at `at` (after a
 * comma with `comma`), which has room for them (`spelledBytes`, a comma and 3 bytes per unit of
 * the holes); returns where they end.
 */
function writeItem(c: CompiledTemplate, comma: boolean, buf: Uint8Array, at: number): number {
  const spelled = c.spelledUtf8;
  if (comma) buf[at++] = 44;
  buf.set(spelled[0], at);
  at += spelled[0].length;
  for (let i = 0; i < c.holes.length; i++) {
    const hole = holeTexts[i];
    at = holeAscii[i]
      ? writeAscii(hole, buf, at)
      : at + utf8.encodeInto(hole, buf.subarray(at)).written;
    const s = spelled[i + 1];
    buf.set(s, at);
    at += s.length;
  }
  return at;
}

const utf8 = new TextEncoder();

/**
 * Writes `text`, ASCII only, into `buf` at `at` (room for it); returns where it ends. Most holes
 * are: short ASCII text is copied for less than a call of `encodeInto` costs.
 */
function writeAscii(text: string, buf: Uint8Array, at: number): number {
  const n = text.length;
  for (let k = 0; k < n; k++) buf[at + k] = text.charCodeAt(k);
  return at + n;
}

/**
 * A hole's text as JSON.stringify writes it, for the values a hole holds (strings, numbers,
 * booleans, null, lists of strings); undefined for any other.
 */
function holeText(v: unknown): string | undefined {
  switch (typeof v) {
    case "string":
      // "~…" may be a marker of a loaded spelling (applySpellings), which the writer replaces
      return v.charCodeAt(0) === 126 ? undefined : JSON.stringify(v);
    case "number":
      // as JSON.stringify writes it (String(-0) is "0" too), without its call
      return Number.isFinite(v) ? String(v) : "null";
    case "boolean":
      return v ? "true" : "false";
    case "object":
      if (v === null) return "null";
      if (Array.isArray(v) && isStringList(v)) return JSON.stringify(v);
  }
  return undefined;
}

/** Are all of `list`'s items strings that are no loaded spelling's marker ("~…")? */
function isStringList(list: unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (typeof x !== "string" || x.charCodeAt(0) === 126) return false;
  }
  return true;
}

/**
 * A template's text cut at its holes, float-spelled for items at trie node `node`; undefined
 * when a hole is not a member of the template.
 */
function compileTemplate(
  t: ItemTemplate,
  node: FloatTrie,
  floats: FloatKeys,
): CompiledTemplate | undefined {
  const value = JSON.parse(t.text) as unknown;
  const nonce = crypto.randomUUID().slice(0, 8);
  const marker = `~h${nonce}:`;
  const holes: { path: string[]; float: boolean }[] = [];
  for (const [i, hole] of t.holes.entries()) {
    const path = hole.split(".");
    const last = path[path.length - 1];
    let holder = value;
    let at: FloatTrie | undefined = node;
    for (const p of path.slice(0, -1)) {
      holder = (holder as Record<string, unknown> | null)?.[p];
      at = at?.children.get(p);
    }
    if (
      holder === null || typeof holder !== "object" || Array.isArray(holder) || !(last in holder)
    ) return undefined;
    (holder as Record<string, unknown>)[last] = marker + i;
    holes[i] = { path, float: !!at?.children.get(last)?.float || floats.nameSet.has(last) };
  }
  // Each hole's marker string, as written, splits the text: [text, hole, text, hole, … text].
  const parts = stringifyWith(value, node, floats.names, nonce).split(
    new RegExp(`"${marker}(\\d+)"`),
  );
  if (parts.length !== 2 * holes.length + 1) return undefined;
  const spelled = parts.filter((_, k) => k % 2 === 0);
  const spelledUtf8 = spelled.map((text) => utf8.encode(text));
  return {
    spelled,
    spelledUtf8,
    spelledBytes: spelledUtf8.reduce((n, b) => n + b.length, 0),
    holes: parts.filter((_, k) => k % 2 === 1).map((n) => holes[Number(n)]),
  };
}

/** Timelines with fewer items than this are written as one string (see `timelinePieces`). */
const SMALL_TIMELINE_ITEMS = 1000;
/** The same for timelines with items built from templates (their walk pays off sooner). */
const SMALL_TEMPLATED_ITEMS = 64;

/**
 * A timeline's size, cheaply (segments on all tracks plus entries in all material lists), and
 * whether the last item of some list is written from its template (item_templates.ts).
 */
function itemCount(content: unknown, lazy?: LazyLists): { items: number; templated: boolean } {
  const c = content as { tracks?: { segments?: unknown[] }[]; materials?: Record<string, unknown> };
  let items = 0;
  let templated = false;
  const count = (list: unknown) => {
    if (!Array.isArray(list)) return;
    items += list.length;
    templated ||= vouchedTemplateOf(list[list.length - 1]) !== undefined;
  };
  // a list left out of the parse is counted unread (reading it would parse it)
  const countAt = (holder: Record<string, unknown>, k: string) => {
    const unread = untouchedLazy(lazy, holder, k);
    if (unread) {
      items += unread.span.count;
      if (unread.appended) count(unread.appended);
    } else count(holder[k]);
  };
  for (const t of c?.tracks ?? []) if (t) countAt(t, "segments");
  const materials = c?.materials ?? {};
  for (const k of Object.keys(materials)) countAt(materials, k);
  return { items, templated };
}

/**
 * The timeline's text in pieces for writing: one piece for a small timeline (one JSON.stringify
 * is several times faster than the walk of `stringifyChunks` on a fresh process), else
 * `stringifyChunks`' pieces, so a large timeline is never one string. A timeline with items
 * built from templates is walked from a smaller size on: those items are then written from their
 * templates' text.
 */
export function timelinePieces(
  content: unknown,
  floats: FloatKeys = timelineFloats(),
  spellings?: Spellings,
): Iterable<string> {
  const { items, templated } = itemCount(content);
  const small = items < (templated ? SMALL_TEMPLATED_ITEMS : SMALL_TIMELINE_ITEMS);
  const pieces = spellings?.indent || small
    ? [stringifyWithFloats(content, floats, spellings)]
    : stringifyChunks(content, floats, spellings);
  return spellings?.tail ? withTail(pieces, spellings.tail) : pieces;
}

/**
 * The timeline's pieces as a save writes them (`timelinePieces`, with `lists`): in pieces whenever
 * some loaded list is kept (see verbatim.ts), whose pieces then include its loaded bytes; item
 * lists written in pieces are recorded in `lists.spans`, by marks among the pieces that the
 * writer calls with its byte offset.
 */
export function timelineWrite(
  content: unknown,
  floats: FloatKeys,
  spellings: Spellings | undefined,
  lists: ListWriting,
): Iterable<Piece> {
  if (spellings?.indent) return timelinePieces(content, floats, spellings);
  const { items, templated } = itemCount(content, lists.lazy);
  let kept = 0;
  for (const k of lists.kept?.values() ?? []) kept += k.count;
  for (const byKey of lists.lazy?.values() ?? []) {
    for (const l of byKey.values()) if (l.state === "loaded") kept += l.span.count;
  }
  const small = kept < SMALL_TEMPLATED_ITEMS &&
    items < (templated ? SMALL_TEMPLATED_ITEMS : SMALL_TIMELINE_ITEMS);
  if (small && !lists.always) return timelinePieces(content, floats, spellings);
  const pieces = chunks(content, floats, spellings, lists, true);
  return spellings?.tail ? withTail(pieces, spellings.tail) : pieces;
}

/** The pieces, then `tail`. */
function* withTail<P extends Piece>(pieces: Iterable<P>, tail: string): Generator<P | string> {
  yield* pieces;
  yield tail;
}

/** No float keys: the meta file, written as loaded plus what changed. */
export const NO_FLOAT_KEYS: FloatKeys = floatKeysOf([], []);

/** JSON of a loaded document other than the timeline (the meta), numbers and indent as loaded. */
export function stringifyAsLoaded(value: unknown, spellings?: Spellings): string {
  return stringifyWithFloats(value, NO_FLOAT_KEYS, spellings) + (spellings?.tail ?? "");
}
