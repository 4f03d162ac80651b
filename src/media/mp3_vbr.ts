/**
 * The VBR header of an MP3 (Xing/Info or VBRI in its first frame) states the number of frames and
 * of audio bytes, from which players take the duration. A hostile file can claim 2³² frames in a
 * few bytes, so the claim is checked against the file's size and MPEG's bitrate range before any
 * parser believes it.
 */
import { readAt } from "../files.ts";
import { MediaClaimError } from "./bounds.ts";
import { id3v2TagLength, u32be as u32 } from "./bytes.ts";
import { MP3_BITRATES_V1, MP3_BITRATES_V2, MPEG_RATES } from "./mpeg_frame.ts";

/** How far past the ID3v2 tag the first frame is looked for (encoders pad with zeros). */
const FRAME_SEARCH_BYTES = 8192;

/** What a VBR header says, with the frame it sits in. */
export interface VbrClaim {
  tag: "Xing" | "Info" | "VBRI";
  frames?: number;
  bytes?: number;
  /** MPEG version bits: 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5. */
  version: number;
  sampleRate: number;
  /** Offset of the frame holding the header (where the audio starts). */
  offset: number;
}

/** Parses the VBR header of the Layer III frame at `at` in `b`, if it has one. */
export function parseVbrHeader(b: Uint8Array, at: number, offset: number): VbrClaim | undefined {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return undefined;
  const version = (b[at + 1] >> 3) & 3;
  const layer = (b[at + 1] >> 1) & 3;
  const rateIndex = (b[at + 2] >> 2) & 3;
  if (version === 1 || layer !== 1 || rateIndex === 3) return undefined;
  const sampleRate = MPEG_RATES[version][rateIndex];
  const mono = (b[at + 3] >> 6) === 3;
  const side = version === 3 ? (mono ? 17 : 32) : (mono ? 9 : 17);
  const x = at + 4 + side;
  const tag = String.fromCharCode(...b.subarray(x, x + 4));
  if ((tag === "Xing" || tag === "Info") && x + 8 <= b.length) {
    const flags = u32(b, x + 4);
    let p = x + 8;
    const claim: VbrClaim = { tag, version, sampleRate, offset };
    if (flags & 1 && p + 4 <= b.length) {
      claim.frames = u32(b, p);
      p += 4;
    }
    if (flags & 2 && p + 4 <= b.length) claim.bytes = u32(b, p);
    return claim;
  }
  const v = at + 36;
  if (String.fromCharCode(...b.subarray(v, v + 4)) === "VBRI" && v + 18 <= b.length) {
    return {
      tag: "VBRI",
      version,
      sampleRate,
      offset,
      bytes: u32(b, v + 10),
      frames: u32(b, v + 14),
    };
  }
  return undefined;
}

/** Finds the first frame after the ID3v2 tag and reads its VBR header, if any. */
async function readVbrHeader(file: Deno.FsFile, head: Uint8Array): Promise<VbrClaim | undefined> {
  let start = 0;
  if (head.length >= 10 && head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) {
    start = id3v2TagLength(head);
  }
  const b = await readAt(file, start, FRAME_SEARCH_BYTES + 256);
  for (let i = 0; i + 4 <= Math.min(b.length, FRAME_SEARCH_BYTES); i++) {
    if (b[i] !== 0xff || (b[i + 1] & 0xe0) !== 0xe0) continue;
    // The first frame sync decides: a VBR header sits in the first frame or nowhere.
    return parseVbrHeader(b, i, start + i);
  }
  return undefined;
}

/**
 * Checks an MP3's VBR header against the file: the frames it claims must fit in the file's bytes
 * at MPEG's lowest bitrate, the audio bytes it claims must be in the file, and the average
 * bitrate they give must be one MPEG allows. Throws `MediaClaimError` naming the claim.
 */
export async function checkMp3Vbr(
  file: Deno.FsFile,
  head: Uint8Array,
  size: number,
  name: string,
): Promise<void> {
  const claim = await readVbrHeader(file, head);
  if (!claim) return;
  const v1 = claim.version === 3;
  const samples = v1 ? 1152 : 576;
  const rates = v1 ? MP3_BITRATES_V1 : MP3_BITRATES_V2;
  const audio = Math.max(0, size - claim.offset);
  const what = `its ${claim.tag} header`;
  if (claim.frames !== undefined && claim.frames > 0) {
    const seconds = (claim.frames * samples) / claim.sampleRate;
    const minFrame = Math.floor(((v1 ? 144 : 72) * rates[1] * 1000) / claim.sampleRate);
    // One frame of slack: the header frame itself may be the only one.
    const fits = Math.floor(audio / minFrame) + 1;
    if (claim.frames > fits) {
      throw new MediaClaimError(
        name,
        `${what} claims ${claim.frames} frames (${seconds.toFixed(1)} s), but ${audio} bytes of ` +
          `audio hold at most ${fits} frames even at the lowest bitrate (${rates[1]} kbit/s)`,
      );
    }
    if (claim.bytes !== undefined && claim.bytes > 0 && claim.bytes <= audio) {
      const kbps = (claim.bytes * 8) / seconds / 1000;
      const top = rates[rates.length - 1];
      if (kbps > top * 1.1) {
        throw new MediaClaimError(
          name,
          `${what} claims ${claim.bytes} bytes in ${claim.frames} frames (${
            seconds.toFixed(3)
          } s),` +
            ` an average of ${Math.round(kbps)} kbit/s, over the ${top} kbit/s MPEG allows`,
        );
      }
    }
  }
  if (claim.bytes !== undefined && claim.bytes > size) {
    throw new MediaClaimError(
      name,
      `${what} claims ${claim.bytes} bytes of audio, but the file has ${size}`,
    );
  }
}
