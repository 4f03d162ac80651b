/**
 * MP3 duration, read in-process, giving exactly what music-metadata gives (the probe's answers
 * must not change with the reader). Its rules, which this module follows:
 *
 * - After the ID3v2 tags, frames are found by a sync search: the first 0xFF followed by a byte
 *   with its top three bits set, searched in windows of 1024 bytes (a pair split by a window's
 *   end is missed), giving up when fewer than 164 bytes are left.
 * - The first frame may hold a Xing/Info header: with a frame count and a byte count it gives
 *   the duration, frames × samples per frame / sample rate.
 * - At the fourth frame, when the four bitrates are equal, the stream counts as CBR and the
 *   duration is the file's bytes from the first frame (less an ID3v1 tag it records) over the
 *   fourth frame's size, rounded, × samples per frame / sample rate — unless a header gave one.
 * - Otherwise, with no duration yet, a second pass counts every frame to the end of the file.
 * - A sync whose header is not a valid one is passed over; the next sync then restarts the
 *   frame count (the next frame is taken for a first frame again).
 *
 * Where music-metadata's answer would depend on something this walk does not model (AAC frames,
 * a LAME/Xtra tag where a Xing tag may be, a Xing tag after the first frame, APEv2 or Lyrics3
 * tags, an ID3v1 tag that counts only if the ID3v2 tag had fields), the walk answers undefined
 * and the caller asks music-metadata.
 */
import type { FileWindow } from "./file_window.ts";
import { latin1, u32be } from "./bytes.ts";
import { isAdtsSecondByte, type MpegFrame, mpegFrame } from "./mpeg_frame.ts";
import {
  id3v1HasFields,
  type LeadingTags,
  leadingTags,
  type TrailingTags,
  trailingTags,
} from "./audio_tags.ts";

/** The sync search's window, and the fewest bytes it needs to go on. */
const SYNC_WINDOW = 1024;
const SYNC_MIN_BYTES = 164;
/** Frames read before the stream is judged CBR (or its duration known). */
const JUDGE_FRAME = 4;
/** Bytes of the Xing table of contents, and of LAME's extended header. */
const XING_TOC_BYTES = 100;
const LAME_EXTENDED_BYTES = 27;

/** The walk met something it does not model: music-metadata must answer. */
const UNSURE = Symbol("unsure");

/**
 * Seconds of audio in the MP3 file; 0 when music-metadata finds no duration either (no frames,
 * or too few to judge: asking it would only repeat the search through the whole file); undefined
 * when music-metadata is to be asked (a file it may answer otherwise).
 */
export function mp3Seconds(src: FileWindow): number | undefined {
  const lead = leadingTags(src);
  if (!lead) return undefined;
  const tail = trailingTags(src);
  if (tail.other) return undefined;
  const first = walk(src, lead, tail, false);
  if (first === UNSURE) return undefined;
  if (first.duration !== undefined && first.duration > 0) return first.duration;
  // The counting pass differs from the first only from the fourth frame on.
  const counted = first.judged ? walk(src, lead, tail, true) : first;
  if (counted === UNSURE) return undefined;
  return counted.duration !== undefined && counted.duration > 0 ? counted.duration : 0;
}

/** Offset of the next frame sync at or after `from`, or -1 when the search gives up. */
function syncFrom(src: FileWindow, from: number): number {
  // Each window moves 1024 bytes on: at most size / 1024 rounds.
  for (let w = from;; w += SYNC_WINDOW) {
    const b = src.bytes(w, SYNC_WINDOW);
    if (b.length < SYNC_MIN_BYTES) return -1;
    for (let i = b.indexOf(0xff); i >= 0 && i + 1 < b.length; i = b.indexOf(0xff, i + 1)) {
      if ((b[i + 1] & 0xe0) === 0xe0) return w + i;
    }
    if (b.length < SYNC_WINDOW) return -1;
  }
}

/** What a Xing/Info header holds, and where it ends. */
interface Xing {
  end: number;
  frames: number | null;
  bytes: number | null;
  vbrScale: number | null;
  /** LAME's music length in ms, when its extended header is there. */
  lameMs?: number;
}

/** Reads the Xing/Info fields at `pos` (after the tag); null when the file ends first. */
function readXing(src: FileWindow, pos: number): Xing | null {
  const word = (): number | null => {
    const b = src.bytes(pos, 4);
    if (b.length < 4) return null;
    pos += 4;
    return u32be(b, 0);
  };
  const flags = word();
  if (flags === null) return null;
  const x: Xing = { end: 0, frames: null, bytes: null, vbrScale: null };
  if (flags & 1 && (x.frames = word()) === null) return null;
  if (flags & 2 && (x.bytes = word()) === null) return null;
  if (flags & 4) {
    if (src.bytes(pos, XING_TOC_BYTES).length < XING_TOC_BYTES) return null;
    pos += XING_TOC_BYTES;
  }
  if (flags & 8 && (x.vbrScale = word()) === null) return null;
  const lame = src.bytes(pos, 4);
  if (lame.length < 4) return null;
  if (latin1(lame, 0, 4) === "LAME") {
    pos += 4;
    const version = src.bytes(pos, 5);
    if (version.length < 5) return null;
    pos += 5;
    // music-metadata reads the extended header for encoder versions from 3.90 on.
    const match = /\d+.\d+/.exec(latin1(version, 0, 5));
    const [major, minor] = match ? match[0].split(".").map((n) => Number.parseInt(n, 10)) : [];
    if (major >= 3 && minor >= 90) {
      const ext = src.bytes(pos, LAME_EXTENDED_BYTES);
      if (ext.length < LAME_EXTENDED_BYTES) return null;
      pos += LAME_EXTENDED_BYTES;
      x.lameMs = u32be(ext, 20);
    }
  }
  x.end = pos;
  return x;
}

/** What one pass found: the duration music-metadata would report, and if a fourth frame came. */
interface Pass {
  duration?: number;
  judged: boolean;
}

/**
 * One pass of music-metadata's frame walk (`countAll`: its second pass, which counts frames to
 * the end when the first four do not settle the duration), or UNSURE.
 */
function walk(
  src: FileWindow,
  lead: LeadingTags,
  tail: TrailingTags,
  countAll: boolean,
): Pass | typeof UNSURE {
  const size = src.size;
  let pos = lead.end;
  let frames = 0;
  let firstOffset = -1;
  /** The frame count at the last sync: the same count at the next one means a header failed. */
  let framesAtSync = -1;
  let firstBitrate = -1;
  let constant = true;
  let cbr = false;
  let samplesPerFrame = 0;
  let countToEnd = false;
  let frameSize = 0;
  let sampleRate = 0;
  let duration: number | undefined;
  let ended = false;
  /** Skips `n` bytes as a tokenizer does (stopping at the end of the file). */
  const skip = (n: number) => pos = Math.min(size, pos + n);
  /** Reads the side information and the 4-byte tag after it; null at the end of the file. */
  const tagAfterSideInfo = (frame: MpegFrame): string | null => {
    if (src.bytes(pos, frame.sideInfoLength).length < frame.sideInfoLength) return null;
    pos += frame.sideInfoLength;
    const tag = src.bytes(pos, 4);
    if (tag.length < 4) return null;
    pos += 4;
    return latin1(tag, 0, 4);
  };

  // Each round reads a frame and moves past its header at least: bounded by the file's size.
  for (;;) {
    const at = syncFrom(src, pos);
    if (at < 0) {
      ended = true;
      break;
    }
    // A sync after a damaged header restarts the count (music-metadata's "re-synced" stream).
    if (framesAtSync === frames) {
      frames = 0;
      frameSize = 0;
    }
    framesAtSync = frames;
    if (frames === 0) firstOffset = at;
    const header = src.bytes(at, 4);
    if (header.length < 4) {
      ended = true;
      break;
    }
    if (isAdtsSecondByte(header[1])) return UNSURE;
    const frame = mpegFrame(header, 0);
    if (!frame) {
      // Not a frame header: the search goes on from its second byte.
      pos = at + 2;
      continue;
    }
    pos = at + 4;
    frames++;
    sampleRate = frame.sampleRate;
    frameSize = frame.frameSize;
    if (firstBitrate < 0) firstBitrate = frame.bitrate;
    constant &&= frame.bitrate === firstBitrate;

    if (frames === 1) {
      // The info tag sits after the side information, CRC or not.
      const tag = tagAfterSideInfo(frame);
      if (tag === null) {
        ended = true;
        break;
      }
      let used = 4 + frame.sideInfoLength + 4;
      if (tag === "Xtra" || tag === "LAME") return UNSURE;
      if (tag === "Xing" || tag === "Info") {
        const x = readXing(src, pos);
        if (!x) {
          ended = true;
          break;
        }
        if (tag === "Info") cbr = true;
        else if (x.vbrScale !== null) cbr = false;
        used += x.end - pos;
        pos = x.end;
        if (x.lameMs !== undefined) duration = x.lameMs / 1000;
        if (x.bytes && x.frames !== null) {
          duration = (x.frames * frame.samplesPerFrame) / frame.sampleRate;
          continue;
        }
        // music-metadata fails on a header longer than its frame.
        if (frameSize - used < 0) return UNSURE;
      }
      if (frameSize - used >= 0) skip(frameSize - used);
      continue;
    }
    if (frames === JUDGE_FRAME) {
      if (constant) {
        samplesPerFrame = frame.samplesPerFrame;
        cbr = true;
        break;
      }
      if (duration || !countAll) break;
      samplesPerFrame = frame.samplesPerFrame;
      countToEnd = true;
    }
    let used = 4;
    if (frame.crc) {
      skip(2);
      used += 2;
    }
    const tag = tagAfterSideInfo(frame);
    if (tag === null) {
      ended = true;
      break;
    }
    if (tag === "Xing" || tag === "Info" || tag === "Xtra" || tag === "LAME") return UNSURE;
    used += frame.sideInfoLength + 4;
    if (frameSize - used >= 0) skip(frameSize - used);
  }

  if (ended && countToEnd) duration = (frames * samplesPerFrame) / sampleRate;
  if (firstOffset >= 0 && cbr && samplesPerFrame && sampleRate && !duration) {
    const id3v1 = id3v1Counts(lead, tail, pos, size);
    if (id3v1 === UNSURE) return UNSURE;
    const bytes = size - firstOffset - (id3v1 ? 128 : 0);
    duration = (Math.round(bytes / frameSize) * samplesPerFrame) / sampleRate;
  }
  return { duration, judged: frames >= JUDGE_FRAME };
}

/**
 * Does music-metadata record the ID3v1 tag (and so leave its 128 bytes out of the CBR estimate)?
 * It reads the tag only when no ID3v2 field was recorded (unknowable here without reading the
 * ID3v2 frames: UNSURE) and its reading stopped before the tag.
 */
function id3v1Counts(
  lead: LeadingTags,
  tail: TrailingTags,
  pos: number,
  size: number,
): boolean | typeof UNSURE {
  if (!tail.id3v1) return false;
  if (lead.id3v2) return UNSURE;
  if (pos > size - 128) return false;
  return id3v1HasFields(tail.id3v1);
}
