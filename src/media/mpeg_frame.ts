/**
 * MPEG audio (Layer I/II/III) frame headers: bitrate and sample-rate tables and the facts of one
 * 4-byte header. Shared by the sniffer, the VBR-claim check and the MP3 duration walk.
 */

/** Layer III bitrates in kbit/s by index, MPEG-1 (index 0 and 15 are not bitrates). */
export const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
/** Layer III bitrates in kbit/s by index, MPEG-2 and 2.5. */
export const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/** Bitrates in kbit/s by index for each MPEG-1 layer (I, II, III). */
const BITRATES_V1_LAYER: readonly (readonly number[])[] = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  MP3_BITRATES_V1,
];
/** Bitrates in kbit/s by index for each MPEG-2/2.5 layer (I, II, III). */
const BITRATES_V2_LAYER: readonly (readonly number[])[] = [
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  MP3_BITRATES_V2,
  MP3_BITRATES_V2,
];

/** Sample rates by the header's version bits (3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5). */
export const MPEG_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** What one MPEG audio frame header says. */
export interface MpegFrame {
  /** Version bits: 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5. */
  version: number;
  /** 1, 2 or 3. */
  layer: number;
  /** A 16-bit CRC follows the header. */
  crc: boolean;
  /** Bits per second. */
  bitrate: number;
  sampleRate: number;
  samplesPerFrame: number;
  /** Bytes of the whole frame, header and padding included. */
  frameSize: number;
  /** Bytes of side information after the header (Layer III), 2 for Layers I and II. */
  sideInfoLength: number;
}

/**
 * The frame header at `at` in `b` (sync bits included), or undefined when it is none: a reserved
 * version, layer, bitrate or sample-rate index.
 */
export function mpegFrame(b: Uint8Array, at: number): MpegFrame | undefined {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return undefined;
  const version = (b[at + 1] >> 3) & 3;
  const layerBits = (b[at + 1] >> 1) & 3;
  const bitrateIndex = b[at + 2] >> 4;
  const rateIndex = (b[at + 2] >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15) {
    return undefined;
  }
  if (rateIndex === 3) return undefined;
  const layer = 4 - layerBits;
  const v1 = version === 3;
  const bitrate = (v1 ? BITRATES_V1_LAYER : BITRATES_V2_LAYER)[layer - 1][bitrateIndex] * 1000;
  const sampleRate = MPEG_RATES[version][rateIndex];
  const samplesPerFrame = layer === 1 ? 384 : layer === 2 || v1 ? 1152 : 576;
  const padding = (b[at + 2] >> 1) & 1;
  const slot = layer === 1 ? 4 : 1;
  const mono = b[at + 3] >> 6 === 3;
  return {
    version,
    layer,
    crc: (b[at + 1] & 1) === 0,
    bitrate,
    sampleRate,
    samplesPerFrame,
    frameSize: Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate + padding * slot),
    sideInfoLength: layer !== 3 ? 2 : v1 ? (mono ? 17 : 32) : (mono ? 9 : 17),
  };
}

/** Is the second byte of a 12-bit sync that of an ADTS (AAC) header rather than MPEG audio? */
export function isAdtsSecondByte(b1: number): boolean {
  return (b1 & 0x16) === 0x10;
}
