/**
 * A small reader for the zip central directory (APPNOTE 4.3.12–4.3.16, with ZIP64 records), so
 * an archive can be vetted entry by entry (names, declared sizes, symlink bits, encryption)
 * before a single byte is extracted, and reads an entry's bytes from an open file. Decompression
 * itself is fflate's `Inflate`.
 */
import { Inflate } from "fflate";
import { DraftcliError } from "../errors.ts";
import { readAt } from "../files.ts";

/** One entry of the central directory. */
export interface ZipEntry {
  /** Name as stored (decoded: UTF-8, else GB18030, the usual encoding of Chinese zip tools). */
  name: string;
  /** Compression method: 0 stored, 8 deflate. */
  method: number;
  /** General-purpose flags (bit 0 = encrypted). */
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Offset of the entry's local header. */
  localOffset: number;
  /** Host system of "version made by" (0 DOS, 3 Unix, 19 macOS). */
  host: number;
  externalAttrs: number;
}

/** The directory of an archive and its comment. */
export interface ZipDirectory {
  entries: ZipEntry[];
  comment: string;
}

/** Largest central directory accepted (bytes); bigger ones are refused as hostile. */
export const MAX_CENTRAL_DIRECTORY = 64 * 1024 * 1024;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function bad(zipPath: string, why: string): DraftcliError {
  return new DraftcliError("invalid_input", `${zipPath} is not a readable zip: ${why}`, {
    hint: "make the archive again (draftcli draft zip, or your system's zip tool)",
    path: zipPath,
  });
}

function decodeName(bytes: Uint8Array, utf8Flag: boolean): string {
  if (utf8Flag) return new TextDecoder("utf-8").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("gb18030").decode(bytes);
  }
}

/** Is this entry a symbolic link (Unix mode bits in the external attributes)? */
export function isSymlink(e: ZipEntry): boolean {
  const unixHost = e.host === 3 || e.host === 19;
  return unixHost && ((e.externalAttrs >>> 16) & 0o170000) === 0o120000;
}

/** Is this entry a directory (trailing slash, or the DOS directory bit)? */
export function isDirectory(e: ZipEntry): boolean {
  return e.name.endsWith("/") || (e.externalAttrs & 0x10) !== 0 && e.size === 0;
}

/**
 * Parses the central directory. Refuses archives that declare more than `maxEntries` entries
 * before reading them, and directories larger than MAX_CENTRAL_DIRECTORY.
 */
export async function readZipDirectory(
  file: Deno.FsFile,
  zipPath: string,
  maxEntries: number,
): Promise<ZipDirectory> {
  const fileSize = (await file.stat()).size;
  const tailLen = Math.min(fileSize, 22 + 0xffff);
  const tail = await readAt(file, fileSize - tailLen, tailLen);
  const tv = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tv.getUint32(i, true) === EOCD && i + 22 + tv.getUint16(i + 20, true) <= tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw bad(zipPath, "no end-of-central-directory record");
  let count = tv.getUint16(at + 10, true);
  let cdSize = tv.getUint32(at + 12, true);
  let cdOffset = tv.getUint32(at + 16, true);
  const comment = new TextDecoder().decode(
    tail.subarray(at + 22, at + 22 + tv.getUint16(at + 20, true)),
  );
  const eocdPos = fileSize - tailLen + at;
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = await readAt(file, eocdPos - 20, 20);
    const lv = new DataView(loc.buffer, loc.byteOffset, loc.byteLength);
    if (loc.length === 20 && lv.getUint32(0, true) === ZIP64_LOCATOR) {
      const rec = await readAt(file, Number(lv.getBigUint64(8, true)), 56);
      const rv = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
      if (rec.length < 56 || rv.getUint32(0, true) !== ZIP64_EOCD) {
        throw bad(zipPath, "broken ZIP64 end record");
      }
      count = Number(rv.getBigUint64(32, true));
      cdSize = Number(rv.getBigUint64(40, true));
      cdOffset = Number(rv.getBigUint64(48, true));
    }
  }
  if (count > maxEntries) {
    throw new DraftcliError(
      "invalid_input",
      `${zipPath} has ${count} entries, more than the limit of ${maxEntries}`,
      {
        hint: "a draft zip holds a few hundred files at most; is this the right archive?",
        path: zipPath,
      },
    );
  }
  if (cdSize > MAX_CENTRAL_DIRECTORY || cdOffset + cdSize > fileSize) {
    throw bad(zipPath, "central directory is out of range");
  }
  const cd = await readAt(file, cdOffset, cdSize);
  const v = new DataView(cd.buffer, cd.byteOffset, cd.byteLength);
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 46 <= cd.length && v.getUint32(p, true) === CENTRAL) {
    if (entries.length >= maxEntries) {
      throw new DraftcliError(
        "invalid_input",
        `${zipPath} has more than ${maxEntries} entries`,
        { hint: "a draft zip holds a few hundred files at most", path: zipPath },
      );
    }
    const flags = v.getUint16(p + 8, true);
    const nameLen = v.getUint16(p + 28, true);
    const extraLen = v.getUint16(p + 30, true);
    const commentLen = v.getUint16(p + 32, true);
    if (p + 46 + nameLen + extraLen + commentLen > cd.length) break;
    const e: ZipEntry = {
      name: decodeName(cd.subarray(p + 46, p + 46 + nameLen), (flags & 0x800) !== 0),
      method: v.getUint16(p + 10, true),
      flags,
      crc: v.getUint32(p + 16, true),
      compressedSize: v.getUint32(p + 20, true),
      size: v.getUint32(p + 24, true),
      localOffset: v.getUint32(p + 42, true),
      host: v.getUint8(p + 5),
      externalAttrs: v.getUint32(p + 38, true),
    };
    readZip64Extra(e, v, p + 46 + nameLen, extraLen);
    entries.push(e);
    p += 46 + nameLen + extraLen + commentLen;
  }
  if (entries.length !== count) {
    throw bad(zipPath, `directory lists ${entries.length} of ${count} entries`);
  }
  return { entries, comment };
}

/** Replaces 0xFFFFFFFF fields with the values of the ZIP64 extra field (id 1). */
function readZip64Extra(e: ZipEntry, v: DataView, start: number, len: number): void {
  let q = start;
  while (q + 4 <= start + len) {
    const id = v.getUint16(q, true);
    const size = v.getUint16(q + 2, true);
    if (id === 1) {
      let r = q + 4;
      const take = () => {
        const n = r + 8 <= q + 4 + size ? Number(v.getBigUint64(r, true)) : undefined;
        r += 8;
        return n;
      };
      if (e.size === 0xffffffff) e.size = take() ?? e.size;
      if (e.compressedSize === 0xffffffff) e.compressedSize = take() ?? e.compressedSize;
      if (e.localOffset === 0xffffffff) e.localOffset = take() ?? e.localOffset;
      return;
    }
    q += 4 + size;
  }
}

/** Offset of an entry's data (after its local header), checked against the file size. */
async function entryDataOffset(
  file: Deno.FsFile,
  zipPath: string,
  e: ZipEntry,
  fileSize: number,
): Promise<number> {
  const h = await readAt(file, e.localOffset, 30);
  const hv = new DataView(h.buffer, h.byteOffset, h.byteLength);
  if (h.length < 30 || hv.getUint32(0, true) !== LOCAL) {
    throw bad(zipPath, `entry '${e.name}' has no local header`);
  }
  const start = e.localOffset + 30 + hv.getUint16(26, true) + hv.getUint16(28, true);
  if (start + e.compressedSize > fileSize) {
    throw bad(zipPath, `entry '${e.name}' runs past the end of the file`);
  }
  return start;
}

/** Reads `length` raw bytes from `offset` in chunks of `chunk` bytes. */
async function* readRange(
  file: Deno.FsFile,
  offset: number,
  length: number,
  chunk: number,
): AsyncGenerator<Uint8Array> {
  let done = 0;
  while (done < length) {
    const n = Math.min(chunk, length - done);
    const buf = await readAt(file, offset + done, n);
    if (buf.length === 0) return;
    done += buf.length;
    yield buf;
  }
}

/**
 * The uncompressed bytes of a stored (method 0) or deflated (method 8) entry, piece by piece.
 * Deflated data is fed to fflate 16 KiB at a time and every piece it makes is handed out before
 * the next is fed, so one piece stays small (deflate expands at most ~1032:1) and a caller that
 * counts bytes stops a bomb early. `corrupt` makes the error thrown for undecodable data.
 */
export async function* entryBytes(
  file: Deno.FsFile,
  zipPath: string,
  e: ZipEntry,
  fileSize: number,
  corrupt: (err: Error) => Error,
): AsyncGenerator<Uint8Array> {
  const start = await entryDataOffset(file, zipPath, e, fileSize);
  if (e.method === 0) {
    yield* readRange(file, start, e.compressedSize, 64 * 1024);
    return;
  }
  const out: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => out.push(chunk));
  const feed = (raw: Uint8Array, final: boolean) => {
    try {
      inflate.push(raw, final);
    } catch (err) {
      throw corrupt(err as Error);
    }
  };
  for await (const raw of readRange(file, start, e.compressedSize, 16 * 1024)) {
    feed(raw, false);
    while (out.length) yield out.shift()!;
  }
  feed(new Uint8Array(0), true);
  while (out.length) yield out.shift()!;
}
