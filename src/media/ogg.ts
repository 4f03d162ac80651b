/**
 * Ogg Vorbis and Opus duration, read in-process: the first page names the codec and its sample
 * rate (Opus: its pre-skip), the last page — found in one bounded read from the end of the file
 * and checked by its CRC — gives the granule position. Vorbis: granule / sample rate; Opus:
 * (granule − pre-skip) / 48000, as music-metadata computes them from the stream's last page.
 * Files whose last page is not the end of the first page's stream (multiplexed or chained
 * streams, trailing bytes, a cut file) or whose first pages it would refuse are left to it.
 */
import type { FileWindow } from "./file_window.ts";
import { latin1, u32le } from "./bytes.ts";

/** An Ogg page header's fixed part. */
const PAGE_HEADER = 27;
/** The largest Ogg page: header, 255 lacing values, 255 segments of 255 bytes. */
const MAX_PAGE = PAGE_HEADER + 255 + 255 * 255;

const FLAG_CONTINUED = 1;
const FLAG_FIRST = 2;
const FLAG_LAST = 4;

/** One page's header fields and where its data lies. */
interface Page {
  flags: number;
  serial: number;
  /** Granule position; -1 for "none" (all bits set). */
  granule: number;
  /** Offset of the page's data, and its length. */
  dataAt: number;
  dataLength: number;
}

/** The page whose header is at `at` in `b`, when the header and lacing table are there. */
function pageAt(b: Uint8Array, at: number): Page | undefined {
  if (at + PAGE_HEADER > b.length || latin1(b, at, 4) !== "OggS") return undefined;
  const segments = b[at + 26];
  const dataAt = at + PAGE_HEADER + segments;
  if (dataAt > b.length) return undefined;
  let dataLength = 0;
  for (let i = at + PAGE_HEADER; i < dataAt; i++) dataLength += b[i];
  const lo = u32le(b, at + 6);
  const hi = u32le(b, at + 10);
  return {
    flags: b[at + 5],
    serial: u32le(b, at + 14),
    granule: lo === 0xffffffff && hi === 0xffffffff ? -1 : hi * 2 ** 32 + lo,
    dataAt,
    dataLength,
  };
}

/**
 * Seconds of audio in the Ogg Vorbis or Opus file, or undefined when music-metadata is to be
 * asked (another codec, a file it may answer differently, or one with no duration).
 */
export function oggSeconds(src: FileWindow): number | undefined {
  const head = src.bytes(0, PAGE_HEADER + 255);
  const first = pageAt(head, 0);
  if (!first || !(first.flags & FLAG_FIRST)) return undefined;
  const id = src.bytes(first.dataAt, Math.min(first.dataLength, 64));
  let perSecond: number;
  let preSkip = 0;
  if (id.length >= 30 && id[0] === 1 && latin1(id, 1, 6) === "vorbis") {
    perSecond = u32le(id, 12);
  } else if (id.length >= 19 && latin1(id, 0, 8) === "OpusHead") {
    // The input rate is informative, but music-metadata gives no duration without it.
    if (!u32le(id, 12)) return undefined;
    perSecond = 48000;
    preSkip = id[10] | (id[11] << 8);
  } else {
    return undefined;
  }
  if (!perSecond) return undefined;
  // The second page continues the first's stream (another stream's first page would make the
  // file multiplexed) and starts a new packet, as music-metadata's codec readers require.
  const secondAt = first.dataAt + first.dataLength;
  const second = pageAt(src.bytes(secondAt, PAGE_HEADER + 255), 0);
  if (
    !second || second.serial !== first.serial || second.flags & (FLAG_FIRST | FLAG_CONTINUED)
  ) {
    return undefined;
  }
  const last = lastPage(src);
  if (
    !last || last.at <= secondAt || last.page.serial !== first.serial ||
    !(last.page.flags & FLAG_LAST) || last.page.granule < 0
  ) {
    return undefined;
  }
  const seconds = (last.page.granule - preSkip) / perSecond;
  return seconds > 0 ? seconds : undefined;
}

/** The page that ends exactly at the end of the file, with a valid CRC, and its offset. */
function lastPage(src: FileWindow): { at: number; page: Page } | undefined {
  const from = Math.max(0, src.size - MAX_PAGE);
  const tail = src.bytes(from, src.size - from).slice();
  for (let at = tail.length - PAGE_HEADER; at >= 0; at--) {
    if (tail[at] !== 0x4f || tail[at + 1] !== 0x67) continue; // "Og"
    const page = pageAt(tail, at);
    if (!page || page.dataAt + page.dataLength !== tail.length) continue;
    if (pageCrc(tail.subarray(at)) !== u32le(tail, at + 22)) continue;
    return { at: from + at, page };
  }
  return undefined;
}

let crcTable: Uint32Array | undefined;

/** The Ogg CRC-32 (polynomial 0x04c11db7, unreflected) of a page, its CRC field taken as 0. */
function pageCrc(page: Uint8Array): number {
  const table = crcTable ??= (() => {
    const t = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let r = i << 24;
      for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
      t[i] = r >>> 0;
    }
    return t;
  })();
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    const byte = i >= 22 && i < 26 ? 0 : page[i];
    crc = ((crc << 8) ^ table[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  }
  return crc;
}
