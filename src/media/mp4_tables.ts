/**
 * The sample tables of an MP4/MOV state how many samples (frames) the file holds, and the parser
 * (mp4box) allocates an entry per stated sample: a `stsz` box with a constant sample size and a
 * count of 2³² builds a 4-billion-entry list from 20 bytes. Before mp4box sees the file, the box
 * headers are walked here (headers only, never the data) and every count is checked against the
 * bytes of its box and of the file.
 */
import { readAt } from "../files.ts";
import { MediaClaimError } from "./bounds.ts";
import { u32be as u32 } from "./bytes.ts";

/** Boxes whose content is more boxes (the way down to the sample tables and fragments). */
const CONTAINERS = new Set([
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
  const lie = (box: string, claim: string) =>
    new MediaClaimError(name, `its ${box} box claims ${claim}`);
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
      if (h.length < 8) return;
      const type = String.fromCharCode(...h.subarray(4, 8));
      let boxSize = u32(h, 0);
      let header = 8;
      if (boxSize === 1) {
        if (h.length < 16) return;
        boxSize = u32(h, 8) * 2 ** 32 + u32(h, 12);
        header = 16;
      } else if (boxSize === 0) boxSize = to - pos;
      if (boxSize < header || pos + boxSize > to) break; // damaged: mp4box reports it
      const payload = boxSize - header;
      const body = h.subarray(header);
      if (CONTAINERS.has(type)) {
        stack.push([pos + header, pos + boxSize, false]);
        if (top && type === "moov") break; // mp4box stops reading there
      } else if (type in TABLES && body.length >= 8) {
        const count = u32(body, 4);
        if (count * TABLES[type] > payload - 8) {
          throw lie(type, `${count} entries, but it holds ${payload} bytes`);
        }
      } else if (type === "stsz" && body.length >= 12) {
        const [sampleSize, count] = [u32(body, 4), u32(body, 8)];
        const need = sampleSize === 0 ? count * 4 : count * sampleSize;
        const room = sampleSize === 0 ? payload - 12 : size;
        if (need > room || count > size) {
          throw lie(
            type,
            sampleSize === 0
              ? `${count} samples, but it holds ${payload} bytes of sizes`
              : `${count} samples of ${sampleSize} bytes, more than the file's ${size} bytes hold`,
          );
        }
      } else if (type === "stz2" && body.length >= 12) {
        const count = u32(body, 8);
        if (Math.ceil((count * (body[7] || 8)) / 8) > payload - 12) {
          throw lie(type, `${count} samples, but it holds ${payload} bytes of sizes`);
        }
      } else if (type === "trun" && body.length >= 8) {
        const count = u32(body, 4);
        const flags = (body[1] << 16) | (body[2] << 8) | body[3];
        const each = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
        if (count > size || count * each > payload) {
          throw lie(type, `${count} samples, more than it or the file holds`);
        }
      }
      pos += boxSize;
    }
  }
}
