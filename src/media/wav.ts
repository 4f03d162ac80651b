/**
 * WAV duration, read in-process from the RIFF chunk headers (no audio read), giving what
 * music-metadata gives: samples (the `fact` chunk's count when one comes before `data`, else the
 * `data` bytes — at most those in the file — over the block size) over the `fmt ` sample rate;
 * a later `data` chunk replaces an earlier one's duration. Chunks are walked as music-metadata
 * walks them (within the RIFF size, an odd size padded by one byte, a chunk cut by the end of the
 * file ends the walk). Files it could answer otherwise (RF64, `CSET` or ID3 chunks, chunks it
 * refuses) are left to it.
 */
import type { FileWindow } from "./file_window.ts";
import { latin1, u32le } from "./bytes.ts";

/** Most chunks (and LIST/INFO entries) walked; real files have a handful. */
const MAX_CHUNKS = 4096;

/** The size of a `bext` (Broadcast Wave) chunk's fixed part. */
const BEXT_BYTES = 420;

/**
 * Seconds of audio in the WAV file, or undefined when music-metadata is to be asked (a file it
 * may answer differently, or one with no duration). Throws on more chunks than any real file has.
 */
export function wavSeconds(src: FileWindow): number | undefined {
  const size = src.size;
  const riff = src.bytes(0, 12);
  if (riff.length < 12 || latin1(riff, 0, 4) !== "RIFF" || latin1(riff, 8, 4) !== "WAVE") {
    return undefined;
  }
  let remaining = u32le(riff, 4) - 4;
  let pos = 12;
  let rate = 0;
  let blockAlign = 0;
  let factSamples: number | undefined;
  let seconds: number | undefined;
  /** Is there a whole `length` bytes at `pos` (a shorter read ends music-metadata's walk)? */
  const fits = (length: number) => length <= size - pos;
  let entries = 0;
  walk: while (remaining >= 8) {
    if (++entries > MAX_CHUNKS) throw new Error(`more than ${MAX_CHUNKS} chunks`);
    if (!fits(8)) break;
    const header = src.bytes(pos, 8);
    const id = latin1(header, 0, 4);
    const length = u32le(header, 4);
    pos += 8;
    remaining -= 8 + length;
    switch (id) {
      case "CSET":
      case "id3 ":
      case "ID3 ":
        return undefined;
      case "LIST": {
        if (length < 4) return undefined;
        if (!fits(4)) break walk;
        const type = latin1(src.bytes(pos, 4), 0, 4);
        pos += 4;
        if (type !== "INFO") {
          pos = Math.min(size, pos + length - 4);
          break;
        }
        // INFO entries: each a header and an even number of bytes, filling the list exactly.
        let left = length - 4;
        while (left >= 8) {
          if (++entries > MAX_CHUNKS) throw new Error(`more than ${MAX_CHUNKS} chunks`);
          if (!fits(8)) break walk;
          const entry = u32le(src.bytes(pos + 4, 4), 0);
          const padded = entry + (entry & 1);
          pos += 8;
          if (!fits(padded)) break walk;
          pos += padded;
          left -= 8 + padded;
        }
        if (left !== 0) return undefined;
        break;
      }
      case "fact":
        if (length < 4) return undefined;
        if (!fits(length)) break walk;
        factSamples = u32le(src.bytes(pos, 4), 0);
        pos += length;
        break;
      case "fmt ": {
        if (length < 16) return undefined;
        if (!fits(length)) break walk;
        const fmt = src.bytes(pos, 16);
        rate = u32le(fmt, 4);
        blockAlign = fmt[12] | (fmt[13] << 8);
        pos += length;
        break;
      }
      case "data": {
        const bytes = Math.min(length, size - pos);
        const samples = factSamples ?? (bytes === 0xffffffff ? undefined : bytes / blockAlign);
        if (samples && rate) seconds = samples / rate;
        pos = Math.min(size, pos + length);
        break;
      }
      case "bext":
        if (length < BEXT_BYTES) return undefined;
        if (!fits(BEXT_BYTES)) break walk;
        pos = Math.min(size, pos + length);
        break;
      default:
        pos = Math.min(size, pos + length);
    }
    if (length % 2 === 1) pos = Math.min(size, pos + 1);
  }
  return seconds;
}
