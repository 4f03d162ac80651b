/**
 * Writing a timeline's loaded item lists from their loaded bytes. A save that serialises a
 * timeline in pieces (serialize.ts `timelineWrite`) records where each item list — a
 * `materials.<kind>` list or a track's `segments` — starts and ends in the bytes it wrote
 * (`ListSpan`); the commit keeps that record beside the file (src/store/written.ts). A later load
 * of the same file finds each list's loaded items as one byte range (`keptLists`), checked
 * cheaply against the parsed document. A save of an edit that declares it left the loaded items
 * as they were (`DraftDocument.keepLoadedItems`) then writes that range as it was read, no
 * serialisation and no encoding, followed by the list's new items. Materials lists, and a
 * track's segments whose span records what a save needs of them (`SegmentsSummary`), can also be
 * left out of the load's parse (`LazyList`): parsed when first read, and written as loaded bytes
 * when nothing read them, whatever the edit declared.
 *
 * Whole lists, not single items: the commands that declare this add items and never insert one
 * before a loaded item, so a list's loaded items stay one range; a list whose loaded items are no
 * longer its first ones, or that holds an item the edit says it changed, is written in full. The
 * record is then a few numbers per list, and checking it costs nothing per item.
 *
 * Safety: the bytes written are the ones the document was parsed from, so an unchanged list
 * writes exactly what the full serialiser would make of its values (a timeline with a record was
 * written by draftcli with no kept spellings, see written.ts); the save reads them from the file
 * again, its frame checked once more, rather than holding a large timeline's bytes in memory
 * from load to save. A change to a loaded item is lost only if a command declares wrongly: under
 * DRAFTCLI_VERIFY_SAVE=1 (the test suite) each such save is also serialised the full way and must
 * give the same bytes (`checkedPieces`). Pure: the file is read through the functions given.
 */

import { memberAt } from "./item_templates.ts";

/** Where a written timeline holds one item list: bytes `[start, end)` between its brackets. */
export interface ListSpan {
  /** `["materials", kind]` or `["tracks", index, "segments"]`. */
  path: (string | number)[];
  start: number;
  end: number;
  /** Items in the list. */
  count: number;
  /** A track's segments: what `DraftDocument.normalise` needs of them (`summariseSegments`). */
  segments?: SegmentsSummary;
}

/**
 * What a save needs of a track's segments when nothing read them (`DraftDocument.normalise`):
 * recorded with the list's span, it lets a load leave the list out of the parse.
 */
export interface SegmentsSummary {
  /** The latest end (`start + duration` of `target_timerange`, µs). */
  last: number;
  /** The highest `track_render_index` that is a number; -1 when none is. */
  top: number;
  /** The first segment's `track_render_index` (a new segment on the track takes it). */
  layer: number;
  /** Does each start where the one before ends, the first at 0 (a main track's rule)? */
  contiguous: boolean;
}

/** A segment's `target_timerange` when its start and duration are numbers, the duration ≥ 0. */
function rangeOf(item: unknown): { start: number; duration: number } | undefined {
  const r = (item as { target_timerange?: { start?: unknown; duration?: unknown } } | null)
    ?.target_timerange;
  return typeof r?.start === "number" && typeof r.duration === "number" && r.duration >= 0
    ? r as { start: number; duration: number }
    : undefined;
}

/** A segment's `track_render_index` when it is a number. */
function renderIndexOf(item: unknown): number | undefined {
  const t = (item as { track_render_index?: unknown } | null)?.track_render_index;
  return typeof t === "number" ? t : undefined;
}

/**
 * The summary of a track's segments, in order; undefined unless each has a numeric
 * `target_timerange` start and duration (≥ 0), they are in start order (normalise's sort leaves
 * them as they are) and the first has a numeric `track_render_index`.
 */
export function summariseSegments(items: readonly unknown[]): SegmentsSummary | undefined {
  let last = -Infinity;
  let top = -1;
  let start = -Infinity;
  let end = 0;
  let contiguous = true;
  for (const item of items) {
    const r = rangeOf(item);
    if (!r || !(r.start >= start)) return undefined;
    contiguous &&= r.start === end;
    start = r.start;
    end = r.start + r.duration;
    last = Math.max(last, end);
    const t = renderIndexOf(item);
    if (t !== undefined && t > top) top = t;
  }
  const layer = renderIndexOf(items[0]);
  if (layer === undefined || !Number.isFinite(last)) return undefined;
  return { last, top, layer, contiguous };
}

/**
 * The summary of a track's segments once `items` follow those `summary` describes, each starting
 * no earlier than every segment before it ends (as placement appends them after segments nothing
 * read: `DraftDocument.appendSegment`); what `summariseSegments` makes of the whole list.
 * Undefined when an item does not start so.
 */
export function summaryAfter(
  summary: SegmentsSummary,
  items: readonly unknown[],
): SegmentsSummary | undefined {
  let { last, top, contiguous } = summary;
  for (const item of items) {
    const r = rangeOf(item);
    if (!r || !(r.start >= last)) return undefined;
    contiguous &&= r.start === last;
    last = r.start + r.duration;
    const t = renderIndexOf(item);
    if (t !== undefined && t > top) top = t;
  }
  return Number.isFinite(last) ? { last, top, layer: summary.layer, contiguous } : undefined;
}

/** Is `x` a summary as `summariseSegments` makes one (finite numbers)? */
export function isSegmentsSummary(x: unknown): x is SegmentsSummary {
  const s = x as SegmentsSummary | null;
  return typeof s === "object" && s !== null && Number.isFinite(s.last) &&
    Number.isFinite(s.top) && Number.isFinite(s.layer) && typeof s.contiguous === "boolean";
}

/** Do two summaries say the same (both none counts as the same)? */
export function sameSummary(
  a: SegmentsSummary | undefined,
  b: SegmentsSummary | undefined,
): boolean {
  return a === b || (a !== undefined && b !== undefined && a.last === b.last &&
    a.top === b.top && a.layer === b.layer && a.contiguous === b.contiguous);
}

/** Is `path` the path of a track's segments list? */
export function isSegmentsPath(path: readonly (string | number)[]): boolean {
  return path.length === 3 && path[0] === "tracks" && typeof path[1] === "number" &&
    path[2] === "segments";
}

/** A loaded list's items and where their bytes are in the loaded timeline. */
export interface KeptList {
  /** The list's items when loaded, in order (an edit that keeps them leaves them first). */
  items: readonly unknown[];
  /** Where the items lie in the loaded timeline. */
  span: ListSpan;
  /** Reads those bytes again, at save (see `ListBytes.bytes`). */
  bytes: () => Iterable<Uint8Array>;
}

/** The loaded lists of a timeline whose bytes are known, by the list (the array itself). */
export type KeptLists = Map<readonly unknown[], KeptList>;

/** The loaded bytes a save writes for a list's first `count` items (`DraftDocument.keptBytes`). */
export interface ListBytes {
  /**
   * The bytes, in chunks: each chunk holds until the next is asked for (a reader may reuse its
   * buffer), so a consumer writes or copies it first.
   */
  bytes: () => Iterable<Uint8Array>;
  count: number;
}

/**
 * A materials list or a track's segments left out of the parse at load (`makeLazy`; segments
 * only with a summary, `ListSpan.segments`): the property holds an accessor that parses the list
 * from the loaded file when something first reads it. A list nothing read is as loaded by
 * construction (no reference to it ever existed), so a save writes its loaded bytes whatever the
 * edit declared (serialize.ts).
 */
export interface LazyList {
  span: ListSpan;
  /** The list's loaded bytes with its brackets (`[…]`), whole: to parse them. */
  read: () => Uint8Array;
  /** The same bytes in chunks, for a save (see `ListBytes.bytes`). */
  bytes: () => Iterable<Uint8Array>;
  /** "loaded": never read; "parsed": read (a plain list since); "replaced": set before read. */
  state: "loaded" | "parsed" | "replaced";
  /**
   * Items added to the list while nothing read it (`appendUnread`): they follow its loaded items,
   * in the list a read parses and in the bytes a save writes.
   */
  appended?: unknown[];
  /** The error a read throws when the file no longer holds the list. */
  changed: () => Error;
}

/** The lists left out of the parse, by the object that holds them and their key. */
export type LazyLists = Map<object, Map<string, LazyList>>;

/** The lazy list at `holder[key]` that nothing has read or replaced yet, if any. */
export function untouchedLazy(
  lazy: LazyLists | undefined,
  holder: object,
  key: string,
): LazyList | undefined {
  const l = lazy?.get(holder)?.get(key);
  return l?.state === "loaded" ? l : undefined;
}

/**
 * Adds `item` at the end of the lazy list at `holder[key]` if nothing has read or replaced it yet,
 * without parsing it (see `LazyList.appended`); false when there is no such list (the caller then
 * pushes onto the list itself).
 */
export function appendUnread(
  lazy: LazyLists | undefined,
  holder: object,
  key: string,
  item: unknown,
): boolean {
  const l = untouchedLazy(lazy, holder, key);
  if (!l) return false;
  (l.appended ??= []).push(item);
  return true;
}

/**
 * Makes `holder[key]` (an empty list in the parsed skeleton) the lazy list `lazy`: the first read
 * parses its bytes, checks it is a list of `span.count` objects (else throws `lazy.changed()`),
 * puts it in place as a plain property, hands it to `onParse` and then appends the items added
 * meanwhile (`appendUnread`); a write before any read replaces it, those items too. The property
 * keeps its place among its holder's keys.
 */
export function makeLazy(
  holder: Record<string, unknown>,
  key: string,
  lazy: LazyList,
  onParse: (list: unknown[]) => void,
): void {
  const changed = lazy.changed;
  const settle = (value: unknown) =>
    Object.defineProperty(holder, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  Object.defineProperty(holder, key, {
    enumerable: true,
    configurable: true,
    get() {
      let list: unknown;
      try {
        list = JSON.parse(new TextDecoder().decode(lazy.read()));
      } catch {
        throw changed();
      }
      if (
        !Array.isArray(list) || list.length !== lazy.span.count ||
        !list.every((x) => x !== null && typeof x === "object" && !Array.isArray(x))
      ) throw changed();
      settle(list);
      lazy.state = "parsed";
      onParse(list);
      const appended = lazy.appended;
      lazy.appended = undefined;
      for (const item of appended ?? []) list.push(item);
      return list;
    },
    set(value: unknown) {
      settle(value);
      lazy.state = "replaced";
      lazy.appended = undefined;
    },
  });
}

/**
 * A piece of a written file: text, bytes as they are, or a mark told the bytes written so far.
 * Bytes are valid until the next piece is asked for: their buffer may be reused for it.
 */
export type Piece = string | Uint8Array | ((offset: number) => void);

/** Is `path` the path of an item list (a materials list or a track's segments)? */
export function isItemList(path: readonly (string | number)[]): boolean {
  return path.length === 2
    ? path[0] === "materials" && typeof path[1] === "string"
    : isSegmentsPath(path);
}

/** The list at `path` in a timeline document, if it is an array. */
export function listAt(
  content: unknown,
  path: readonly (string | number)[],
): unknown[] | undefined {
  const v = memberAt(content, path);
  return Array.isArray(v) ? v : undefined;
}

const CLOSE_LIST = 93; // ]
const CLOSE_ITEM = 125; // }

/** The bytes before and after a list's items: `"<key>":[{` at `start`, `}]` at `end`. */
export function frameOf(span: ListSpan): { headAt: number; head: string; tailAt: number } {
  const head = `"${span.path[span.path.length - 1]}":[{`;
  return { headAt: span.start - head.length + 1, head, tailAt: span.end - 1 };
}

/** Does a file hold a span's frame (`frameOf`)? `bytesAt` reads its bytes at an offset. */
export function framed(
  span: ListSpan,
  bytesAt: (at: number, length: number) => Uint8Array,
): boolean {
  const { headAt, head, tailAt } = frameOf(span);
  if (headAt < 0) return false;
  const got = bytesAt(headAt, head.length);
  if (got.length !== head.length) return false;
  for (let i = 0; i < head.length; i++) if (got[i] !== head.charCodeAt(i)) return false;
  const tail = bytesAt(tailAt, 2);
  return tail.length === 2 && tail[0] === CLOSE_ITEM && tail[1] === CLOSE_LIST;
}

/**
 * Can a recorded span describe a list of a `size`-byte file: whole numbers, at least one item,
 * its bytes non-empty and strictly inside the file (room for the key before it and `]` after)?
 */
export function spanFits(span: ListSpan, size: number): boolean {
  const { start, end, count } = span;
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) &&
    Number.isSafeInteger(count) && count >= 1 && start >= 1 && start < end && end < size;
}

/**
 * The lists of `content` whose recorded spans still frame them in the loaded file (`size` bytes,
 * read at an offset by `bytesAt`): the span lies inside the file, right after `"<key>":[` and
 * right before `]`, starts with `{` and ends with `}`, and the parsed list has the recorded
 * number of items, all objects. A span that fails any check is dropped (its list is serialised
 * in full). The record comes from the save that wrote these very bytes (written.ts checks the
 * file's identity or a sample of its bytes first), so these checks only guard against a record
 * that no longer describes them. `reader` makes each kept list's `bytes`.
 */
export function keptLists(
  content: unknown,
  spans: readonly ListSpan[],
  size: number,
  bytesAt: (at: number, length: number) => Uint8Array,
  reader: (span: ListSpan) => () => Iterable<Uint8Array>,
): KeptLists {
  const out: KeptLists = new Map();
  for (const s of spans) {
    if (!isItemList(s.path) || !spanFits(s, size)) continue;
    const list = listAt(content, s.path);
    if (!list || list.length !== s.count || out.has(list)) continue;
    if (!list.every((x) => x !== null && typeof x === "object" && !Array.isArray(x))) continue;
    if (!framed(s, bytesAt)) continue;
    out.set(list, { items: list.slice(), span: s, bytes: reader(s) });
  }
  return out;
}

/**
 * The pieces, passed on unchanged, then checked against `expected()` (the bytes of the same
 * document serialised in full, made once they have all passed: making them first would read,
 * and so parse, every lazy list): throws, before the last piece is handed on, at the first byte
 * that differs or when the lengths do.
 */
export function* checkedPieces(
  pieces: Iterable<Piece>,
  expected: () => Uint8Array,
): Generator<Piece> {
  const encoder = new TextEncoder();
  const seen: Uint8Array[] = [];
  let pending: Piece | undefined;
  for (const piece of pieces) {
    if (pending !== undefined) yield pending;
    pending = piece;
    if (typeof piece === "string") seen.push(encoder.encode(piece));
    else if (typeof piece !== "function") {
      // a copy, handed on too: a reader may reuse its buffer once the next piece is asked for,
      // and this one is handed on only then
      seen.push(pending = piece.slice());
    }
  }
  const want = expected();
  let at = 0;
  for (const bytes of seen) {
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] !== want[at + i]) {
        throw new Error(
          `a save writing loaded items as loaded differs from a full save at byte ${at + i}` +
            " (an edit that declared keepLoadedItems changed a loaded item)",
        );
      }
    }
    at += bytes.length;
  }
  if (at !== want.length) {
    throw new Error(
      `a save writing loaded items as loaded wrote ${at} bytes, a full save ${want.length}`,
    );
  }
  if (pending !== undefined) yield pending;
}
