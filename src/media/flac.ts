/**
 * FLAC duration, read in-process from the STREAMINFO block (total samples over the sample rate),
 * giving what music-metadata gives. The metadata blocks are walked as it walks them (ID3v2 tags
 * skipped first, `fLaC` right after them, blocks up to the one marked last, the Vorbis comment's
 * structure checked as its reader would fail on it); files it could answer otherwise are left
 * to it.
 */
import type { FileWindow } from "./file_window.ts";
import { latin1, u32be, u32le } from "./bytes.ts";
import { leadingTags, trailingTags } from "./audio_tags.ts";

/** Most metadata blocks walked; real files have a handful. */
const MAX_BLOCKS = 4096;

const STREAMINFO = 0;
const VORBIS_COMMENT = 4;
const STREAMINFO_BYTES = 34;

/**
 * Seconds of audio in the FLAC file, or undefined when music-metadata is to be asked (a file it
 * may answer differently, or one with no duration). Throws on more blocks than any real file has.
 */
export function flacSeconds(src: FileWindow): number | undefined {
  const lead = leadingTags(src);
  if (!lead || trailingTags(src).other) return undefined;
  const size = src.size;
  let pos = lead.end;
  if (latin1(src.bytes(pos, 4), 0, 4) !== "fLaC") return undefined;
  pos += 4;
  let seconds: number | undefined;
  for (let n = 0;; n++) {
    if (n === MAX_BLOCKS) throw new Error(`more than ${MAX_BLOCKS} metadata blocks`);
    // A block cut by the end of the file ends music-metadata's walk, keeping what it found.
    if (size - pos < 4) break;
    const header = src.bytes(pos, 4);
    const last = (header[0] & 0x80) !== 0;
    const type = header[0] & 0x7f;
    const length = (header[1] << 16) | (header[2] << 8) | header[3];
    pos += 4;
    if (type === STREAMINFO) {
      if (length !== STREAMINFO_BYTES) return undefined;
      if (size - pos < length) break;
      const info = src.bytes(pos, length);
      const rate = (info[10] << 12) | (info[11] << 4) | (info[12] >> 4);
      // 36 bits of sample count: music-metadata reads counts from 2^31 on wrongly; leave those.
      if (info[13] & 0x0f || info[14] & 0x80) return undefined;
      const samples = u32be(info, 14);
      if (samples > 0) seconds = samples / rate;
    } else if (type === VORBIS_COMMENT) {
      if (size - pos < length) break;
      if (!commentFits(src, pos, length)) return undefined;
    }
    pos = Math.min(size, pos + length);
    if (last) break;
  }
  return seconds;
}

/**
 * Does a Vorbis comment block of `length` bytes at `pos` hold each length field its entries need
 * (music-metadata's reader throws on one past the block)? Bounded: each entry is ≥ 4 bytes.
 */
function commentFits(src: FileWindow, pos: number, length: number): boolean {
  const u32At = (at: number) => at + 4 <= length ? u32le(src.bytes(pos + at, 4), 0) : undefined;
  const vendor = u32At(0);
  if (vendor === undefined) return false;
  let at = 4 + vendor;
  let count = u32At(at);
  at += 4;
  // Each entry takes at least 4 bytes: a count the block cannot hold fails without a walk.
  if (count === undefined || count > (length - at) / 4) return false;
  while (count-- > 0) {
    const entry = u32At(at);
    if (entry === undefined) return false;
    at += 4 + entry;
  }
  return true;
}
