/**
 * What draftcli last wrote into a draft it made, in `.draftcli/written.json`: for each file its
 * last save wrote as plain text (each timeline, the meta file), the file's identity (inode, size, modification time) and a sample of
 * its bytes (size plus a hash of 64 slices spread over the file and its head and tail, or of the
 * whole file when it is that small). A timeline that still matches holds the text of that save,
 * which recorded no kept spellings, so the next load need not scan it (src/draft/spellings.ts):
 * a 50,000-segment draft grown by draftcli pays nothing for keeping an editor's number text. The
 * identity holds while nobody rewrites the file; the sample also recognises a copy of it
 * (`cp -r`, a duplicate). An editor or peer tool rewrites a timeline in its own key order and
 * number text, which changes both. Only drafts with `.draftcli/state.json`. The record is written by the
 * commit it describes (`writtenRecord`), so it never describes the files of another commit; it is
 * not flushed, so after a power cut it may be missing or unreadable: then it is no record.
 * A timeline written in pieces also has the byte spans of its item lists recorded, which let a
 * save write loaded items from their loaded bytes (src/draft/verbatim.ts). */
import { orUndefined, readAtSync, readUpTo, sha256Bytes } from "../files.ts";
import { DraftcliError } from "../errors.ts";
import { join, relative } from "../path.ts";
import { STATE_DIR } from "./locate.ts";
import { memberAt } from "../draft/item_templates.ts";
import {
  framed,
  isSegmentsPath,
  isSegmentsSummary,
  type KeptLists,
  keptLists,
  type LazyLists,
  listAt,
  type ListSpan,
  spanFits,
} from "../draft/verbatim.ts";

const WRITTEN = "written.json";

/** Bytes per sampled slice, and slices spread over the file besides its head and tail. */
const SLICE = 1024;
const SLICES = 64;

/** A file's identity: inode, size and modification time; undefined when it cannot be told. */
function identity(st: Deno.FileInfo): string | undefined {
  if (!st.isFile || st.ino === null || !st.mtime) return undefined;
  return `${st.ino}:${st.size}:${st.mtime.getTime()}`;
}

/**
 * Size and a hash of sampled slices of a file (SHA-256, Web Crypto): cheap at any size. A file
 * no larger than the slices would cover is hashed whole, read once.
 */
async function sample(path: string): Promise<string | undefined> {
  let bytes: Uint8Array<ArrayBuffer>;
  let size: number;
  try {
    using f = Deno.openSync(path, { read: true });
    size = f.statSync().size;
    if (size <= (SLICES + 2) * SLICE) bytes = readUpTo(f, new Uint8Array(size));
    else {
      bytes = new Uint8Array((SLICES + 2) * SLICE);
      let n = 0;
      for (let k = 0; k <= SLICES + 1; k++) {
        const at = k === SLICES + 1 ? size - SLICE : Math.floor((size - SLICE) * k / (SLICES + 1));
        f.seekSync(at, Deno.SeekMode.Start);
        n += readUpTo(f, bytes.subarray(n, n + SLICE)).length;
      }
      bytes = bytes.subarray(0, n);
    }
  } catch {
    return undefined;
  }
  return `${size}:${(await sha256Bytes(bytes)).slice(0, 16)}`;
}

/** The key a file is recorded under: its path inside the draft, with `/`. */
const keyOf = (dir: string, path: string) => relative(dir, path).replaceAll("\\", "/");

/** A file a commit writes as plain text (no kept spellings), with its item lists' spans. */
export interface PlainFile {
  path: string;
  /** Where its item lists lie (a timeline the writer wrote in pieces). */
  lists?: readonly ListSpan[];
}

/**
 * The record of the files a commit is writing as plain text (timelines, the meta file), for that
 * commit to write with them (`commitFiles`'s derived entry): each file as its temp
 * `tempOf(path)` was written, which the commit's rename keeps (same inode, size and modification
 * time). A temp copied from another (`copyOf`) has that one's bytes, so it shares its sample.
 * Undefined for a draft draftcli did not make, or when no file is plain.
 */
export async function writtenRecord(
  dir: string,
  plain: readonly PlainFile[],
  tempOf: (path: string) => string,
  copyOf: (temp: string) => string | undefined = () => undefined,
): Promise<{ path: string; data: string } | undefined> {
  if (!plain.length) return undefined;
  if (!orUndefined(() => Deno.statSync(join(dir, STATE_DIR, "state.json")))) return undefined;
  const files: Record<string, { id?: string; sample?: string; lists?: readonly ListSpan[] }> = {};
  const samples = new Map<string, string | undefined>();
  for (const { path: p, lists = [] } of plain) {
    const temp = tempOf(p);
    const st = orUndefined(() => Deno.statSync(temp));
    if (!st) continue;
    const source = copyOf(temp) ?? temp;
    if (!samples.has(source)) samples.set(source, await sample(source));
    files[keyOf(dir, p)] = {
      id: identity(st),
      sample: samples.get(source),
      ...(lists.length ? { lists } : {}),
    };
  }
  return { path: join(dir, STATE_DIR, WRITTEN), data: JSON.stringify({ files }) };
}

/** What the record says of a file that is still as draftcli's last save wrote it. */
export interface WrittenTimeline {
  /** Its item lists' spans (none when the save wrote it as one piece). */
  lists: ListSpan[];
}

/** Is this a span as `writtenRecord` writes it (its numbers are checked where it is used)? */
function isSpan(x: unknown): x is ListSpan {
  const s = x as ListSpan | null;
  return typeof s === "object" && s !== null && Array.isArray(s.path) &&
    s.path.every((k) => typeof k === "string" || typeof k === "number") &&
    typeof s.start === "number" && typeof s.end === "number" && typeof s.count === "number";
}

/** What `.draftcli/written.json` records, by file key (`keyOf`). */
export type WrittenFiles = Record<string, unknown>;

/** The record of draftcli's last save of `dir`; undefined when there is none, or it is unreadable. */
export function writtenFiles(dir: string): WrittenFiles | undefined {
  const text = orUndefined(() => Deno.readTextFileSync(join(dir, STATE_DIR, WRITTEN)));
  if (!text) return undefined;
  try {
    const files = (JSON.parse(text) as { files?: unknown }).files;
    return files && typeof files === "object" ? files as WrittenFiles : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Is `path` a file as draftcli's last save of `dir` wrote it as plain text (or a copy of one)?
 * Then what the record says of it; else undefined. `files` is the record, when the caller has
 * read it already (`writtenFiles`).
 */
export async function writtenByUs(
  dir: string,
  path: string,
  files: WrittenFiles | undefined = writtenFiles(dir),
): Promise<WrittenTimeline | undefined> {
  const want = files?.[keyOf(dir, path)] as
    | { id?: unknown; sample?: unknown; lists?: unknown }
    | undefined;
  if (!want || typeof want !== "object") return undefined;
  const st = orUndefined(() => Deno.statSync(path));
  if (!st) return undefined;
  const same = (typeof want.id === "string" && want.id === identity(st)) ||
    (typeof want.sample === "string" && want.sample === await sample(path));
  if (!same) return undefined;
  return { lists: Array.isArray(want.lists) ? want.lists.filter(isSpan) : [] };
}

/** Bytes read at a time when a span is written again. */
const SPAN_CHUNK = 1 << 20;

/**
 * The item lists of the timeline at `path` (parsed as `content`) whose recorded spans (`lists`,
 * from `writtenByUs`) still frame them in the file (verbatim.ts `keptLists`); each reads its
 * bytes from the file again when a save writes it (`spanBytes`).
 */
export function writtenLists(path: string, content: unknown, lists: ListSpan[]): KeptLists {
  try {
    using f = Deno.openSync(path, { read: true });
    const size = f.statSync().size;
    return keptLists(
      content,
      lists,
      size,
      (at, length) => readAtSync(f, at, length),
      (span) => () => spanBytes(path, span),
    );
  } catch {
    return new Map();
  }
}

/**
 * Lists longer than this (bytes) are parsed with the rest of the timeline: parsing one when it is
 * first read holds its bytes and its text at once beside the document already parsed (a
 * 50,000-caption draft's texts, ~110 MB, raised the peak RSS of an add by ~100 MB).
 */
const LAZY_MAX = 1 << 24;

/**
 * Can the list of a span be left out of the parse: a materials list, or a track's segments whose
 * span records what a save needs of them (`SegmentsSummary`, see `DraftDocument.normalise`)?
 */
function lazyPath(span: ListSpan): boolean {
  return (span.path.length === 2 && span.path[0] === "materials") ||
    (isSegmentsPath(span.path) && isSegmentsSummary(span.segments));
}

/**
 * The text of a timeline file draftcli wrote with its materials lists and summarised segments
 * lists (`lazyPath`) cut out (each `[]`), to parse without them, and the spans cut: those `lists`
 * records that frame their list in the file (`framed`), in file order, none overlapping, none
 * longer than `LAZY_MAX`. Undefined when none does.
 */
export function writtenSkeleton(
  path: string,
  lists: readonly ListSpan[],
): { text: string; lists: ListSpan[] } | undefined {
  try {
    using f = Deno.openSync(path, { read: true });
    const size = f.statSync().size;
    const cut: ListSpan[] = [];
    let at = 0;
    const sorted = lists.filter(lazyPath).sort((a, b) => a.start - b.start);
    for (const l of sorted) {
      if (!spanFits(l, size) || l.start <= at || l.end - l.start > LAZY_MAX) continue;
      if (!framed(l, (at, length) => readAtSync(f, at, length))) continue;
      cut.push(l);
      at = l.end;
    }
    if (!cut.length) return undefined;
    const buf = new Uint8Array(size - cut.reduce((n, l) => n + l.end - l.start, 0));
    let into = 0;
    let from = 0;
    for (const [start, end] of [...cut.map((l) => [l.start, l.end]), [size, size]]) {
      f.seekSync(from, Deno.SeekMode.Start);
      into += readUpTo(f, buf.subarray(into, into + start - from)).length;
      from = end;
    }
    if (into !== buf.length) return undefined;
    return { text: new TextDecoder().decode(buf), lists: cut };
  } catch {
    return undefined;
  }
}

/**
 * The lazy lists (verbatim.ts `LazyList`) of a timeline parsed from its skeleton: each cut list
 * must be an empty list there, of `content.materials` or of a track (an object). Undefined when
 * one is not (the caller then parses the whole file).
 */
export function lazyLists(
  content: unknown,
  path: string,
  lists: readonly ListSpan[],
): { lazy: LazyLists; lists: readonly ListSpan[] } | undefined {
  const lazy: LazyLists = new Map();
  for (const span of lists) {
    const holder = holderAt(content, span.path);
    const key = String(span.path[span.path.length - 1]);
    if (!holder || listAt(content, span.path)?.length !== 0) return undefined;
    let byKey = lazy.get(holder);
    if (!byKey) lazy.set(holder, byKey = new Map());
    if (byKey.has(key)) return undefined;
    byKey.set(key, {
      span,
      read: () => listBytes(path, span),
      bytes: () => spanBytes(path, span),
      state: "loaded",
      changed: () => changedError(path),
    });
  }
  return { lazy, lists };
}

/** The object holding the list at `path` (all but its last key), when it is a plain object. */
function holderAt(content: unknown, path: readonly (string | number)[]): object | undefined {
  const v = memberAt(content, path.slice(0, -1));
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : undefined;
}

/** The error of a save or read that finds the loaded timeline file rewritten meanwhile. */
function changedError(path: string): DraftcliError {
  return new DraftcliError("io_error", `${path} changed while draftcli was saving it`, {
    hint: "another program wrote the draft meanwhile; run the command again",
  });
}

/** A list's loaded text with its brackets (`[…]`), read from the file at once, frame checked. */
function listBytes(path: string, span: ListSpan): Uint8Array {
  using f = Deno.openSync(path, { read: true });
  if (!framed(span, (at, length) => readAtSync(f, at, length))) throw changedError(path);
  const bytes = readAtSync(f, span.start - 1, span.end - span.start + 2);
  if (bytes.length !== span.end - span.start + 2) throw changedError(path);
  return bytes;
}

/**
 * A list's loaded bytes, read from the timeline file again as a save writes them, in chunks of
 * one reused buffer (each holds until the next is asked for). The file is the one loaded (the
 * draft's lock is held, and the save renames its new files over it only after writing); its
 * frame is checked again first, and a file that no longer holds it fails the save rather than
 * write other bytes.
 */
function* spanBytes(path: string, span: ListSpan): Generator<Uint8Array> {
  using f = Deno.openSync(path, { read: true });
  if (!framed(span, (at, length) => readAtSync(f, at, length))) throw changedError(path);
  const buf = new Uint8Array(Math.min(SPAN_CHUNK, span.end - span.start));
  f.seekSync(span.start, Deno.SeekMode.Start);
  for (let at = span.start; at < span.end;) {
    const got = readUpTo(f, buf.subarray(0, Math.min(buf.length, span.end - at)));
    if (!got.length) throw changedError(path);
    yield got;
    at += got.length;
  }
}
