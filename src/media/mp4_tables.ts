/**
 * The sample tables of an MP4/MOV state how many samples (frames) the file holds, and the parser
 * (mp4box) allocates an entry per stated sample: a `stsz` box with a constant sample size and a
 * count of 2³² builds a 4-billion-entry list from 20 bytes. Before mp4box sees the file, the box
 * headers are walked here (headers only, never the data) and every count is checked against the
 * bytes of its box and of the file.
 */
import { readAt } from "../files.ts";
import { MediaClaimError } from "./bounds.ts";
import { u32be as u32, u64be } from "./bytes.ts";

/** Boxes whose content is more boxes (the way down to the sample tables and fragments). */
export const TABLE_CONTAINERS: ReadonlySet<string> = new Set([
  "moov",
  "trak",
  "mdia",
  "minf",
  "stbl",
  "edts",
  "mvex",
  "moof",
  "traf",
]);
/** Tables of `entry_count` fixed-size entries after a full-box header: bytes per entry. */
const TABLES: Record<string, number> = {
  stts: 8,
  ctts: 8,
  stsc: 12,
  stco: 4,
  co64: 8,
  stss: 4,
  stps: 4,
  elst: 12,
};
/** Most box headers read: real files have tens before and in their `moov`. */
const MAX_BOXES = 200_000;

/** A box header: the box's four-character type, its whole size and its header's length. */
export interface BoxHeader {
  type: string;
  size: number;
  header: number;
}

/**
 * The header of the box whose first bytes are `h`, with `room` bytes left in its parent (a size
 * of 0 means "to the end of the parent"); null when `h` is too short for it. The size is not
 * checked against `room`: what a damaged box means is the caller's to decide.
 */
export function boxHeader(h: Uint8Array, room: number): BoxHeader | null {
  if (h.length < 8) return null;
  const type = String.fromCharCode(h[4], h[5], h[6], h[7]);
  const size = u32(h, 0);
  if (size === 1) {
    return h.length < 16 ? null : { type, size: u64be(h, 8), header: 16 };
  }
  return { type, size: size === 0 ? room : size, header: 8 };
}

/**
 * How many of a box's first content bytes `tableClaim` reads its count from: 12 for `stsz` and
 * `stz2`, 8 for the other sample tables and `trun`, 0 for a box that is no table.
 */
export function tableHead(type: string): number {
  if (type === "stsz" || type === "stz2") return 12;
  return type in TABLES || type === "trun" ? 8 : 0;
}

/**
 * What a sample table (`stts`, `stsz`, …) or track run (`trun`) claims beyond its own bytes or
 * the file's (`size` bytes), or undefined when its count fits (or `body` is too short to hold it).
 * `body`: the box's first bytes after its header (`tableHead` of them are read); `payload`: its
 * size less its header.
 */
export function tableClaim(
  type: string,
  body: Uint8Array,
  payload: number,
  size: number,
): string | undefined {
  if (type in TABLES && body.length >= 8) {
    const count = u32(body, 4);
    if (count * TABLES[type] > payload - 8) {
      return `${count} entries, but it holds ${payload} bytes`;
    }
  } else if (type === "stsz" && body.length >= 12) {
    const [sampleSize, count] = [u32(body, 4), u32(body, 8)];
    const need = sampleSize === 0 ? count * 4 : count * sampleSize;
    const room = sampleSize === 0 ? payload - 12 : size;
    if (need > room || count > size) {
      return sampleSize === 0
        ? `${count} samples, but it holds ${payload} bytes of sizes`
        : `${count} samples of ${sampleSize} bytes, more than the file's ${size} bytes hold`;
    }
  } else if (type === "stz2" && body.length >= 12) {
    const count = u32(body, 8);
    if (Math.ceil((count * (body[7] || 8)) / 8) > payload - 12) {
      return `${count} samples, but it holds ${payload} bytes of sizes`;
    }
  } else if (type === "trun" && body.length >= 8) {
    const count = u32(body, 4);
    const flags = (body[1] << 16) | (body[2] << 8) | body[3];
    const each = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
    if (count > size || count * each > payload) {
      return `${count} samples, more than it or the file holds`;
    }
  }
  return undefined;
}

/**
 * Walks the box tree of an ISO-BMFF file (headers only) as far as mp4box reads it (up to and
 * including the movie header, `moov`) and throws `MediaClaimError` when a sample table or track
 * run claims more entries than its box holds, or more samples than the file has bytes.
 */
export async function checkSampleTables(
  file: Deno.FsFile,
  size: number,
  name: string,
): Promise<void> {
  // [from, to, is the top level]; the top level is walked first, to the end of `moov`.
  const stack: [number, number, boolean][] = [[0, size, true]];
  let seen = 0;
  while (stack.length) {
    const [from, to, top] = stack.pop()!;
    let pos = from;
    while (pos + 8 <= to) {
      if (++seen > MAX_BOXES) {
        throw new MediaClaimError(name, `it has more than ${MAX_BOXES} boxes`);
      }
      const h = await readAt(file, pos, 32);
      const box = boxHeader(h, to - pos);
      if (!box) return;
      const { type, size: boxSize, header } = box;
      if (boxSize < header || pos + boxSize > to) break; // damaged: mp4box reports it
      if (TABLE_CONTAINERS.has(type)) {
        stack.push([pos + header, pos + boxSize, false]);
        if (top && type === "moov") break; // mp4box stops reading there
      } else {
        const claim = tableClaim(type, h.subarray(header), boxSize - header, size);
        if (claim) throw new MediaClaimError(name, `its ${type} box claims ${claim}`);
      }
      pos += boxSize;
    }
  }
}
