/**
 * Audio files built byte by byte for the reader tests (no ffmpeg): RIFF/WAVE chunks, FLAC
 * metadata blocks, Ogg pages (with their CRC) and MPEG audio frames, each with the edge a test
 * needs (odd sizes, cut files, lying counts, tags).
 */

/** The bytes of an ASCII string. */
export const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
/** Little-endian bytes of `n` (up to 2^53). */
export const le = (n: number, bytes: number): number[] =>
  Array.from({ length: bytes }, (_, i) => Math.floor(n / 2 ** (8 * i)) & 255);
/** Big-endian bytes of `n` (up to 2^53). */
export const be = (n: number, bytes: number): number[] => le(n, bytes).reverse();

// ---------------------------------------------------------------------------------------------
// WAV

/** A RIFF chunk: id, size (or `claimed`), body, and the pad byte of an odd size. */
export function wavChunk(id: string, body: number[], claimed?: number): number[] {
  return [...ascii(id), ...le(claimed ?? body.length, 4), ...body, ...(body.length & 1 ? [0] : [])];
}

/** A `fmt ` chunk: format tag, channels, rate, bits per sample (block size from them). */
export function wavFmt(rate: number, channels = 1, bits = 16, tag = 1, extra: number[] = []) {
  const block = channels * bits / 8;
  return wavChunk("fmt ", [
    ...le(tag, 2),
    ...le(channels, 2),
    ...le(rate, 4),
    ...le(rate * block, 4),
    ...le(block, 2),
    ...le(bits, 2),
    ...extra,
  ]);
}

/** A RIFF/WAVE file of the chunks (`riffSize`: the size stated, default the true one). */
export function wav(chunks: number[][], riffSize?: number, form = "RIFF"): Uint8Array {
  const body = chunks.flat();
  return new Uint8Array([
    ...ascii(form),
    ...le(riffSize ?? body.length + 4, 4),
    ...ascii("WAVE"),
    ...body,
  ]);
}

// ---------------------------------------------------------------------------------------------
// FLAC

/** A metadata block header and body. */
export function flacBlock(type: number, body: number[], last = false, claimed?: number): number[] {
  const length = claimed ?? body.length;
  return [(last ? 0x80 : 0) | type, ...be(length, 3), ...body];
}

/** A STREAMINFO body: sample rate, channels, bits per sample, total samples (36 bits). */
export function streamInfo(rate: number, totalSamples: number, channels = 2, bits = 16): number[] {
  const b = new Array(34).fill(0);
  b.splice(0, 4, ...be(4096, 2), ...be(4096, 2));
  b[10] = rate >> 12;
  b[11] = (rate >> 4) & 255;
  b[12] = ((rate & 15) << 4) | ((channels - 1) << 1) | ((bits - 1) >> 4);
  b[13] = (((bits - 1) & 15) << 4) | (Math.floor(totalSamples / 2 ** 32) & 15);
  b.splice(14, 4, ...be(totalSamples % 2 ** 32, 4));
  return b;
}

/** A Vorbis comment body: vendor, entries (`count` may lie). */
export function vorbisComment(entries: string[], count = entries.length): number[] {
  const vendor = ascii("test");
  return [
    ...le(vendor.length, 4),
    ...vendor,
    ...le(count, 4),
    ...entries.flatMap((e) => [...le(e.length, 4), ...ascii(e)]),
  ];
}

/** A FLAC file: optional leading bytes (an ID3v2 tag), `fLaC`, the blocks, then `audio` bytes. */
export function flac(blocks: number[][], audio = 0, lead: number[] = []): Uint8Array {
  return new Uint8Array([...lead, ...ascii("fLaC"), ...blocks.flat(), ...new Array(audio).fill(0)]);
}

// ---------------------------------------------------------------------------------------------
// Ogg

let crcTable: number[] | undefined;

function oggCrc(bytes: number[]): number {
  crcTable ??= Array.from({ length: 256 }, (_, i) => {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    return r >>> 0;
  });
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ b) & 255]) >>> 0;
  return crc;
}

/** Page flags. */
export const CONTINUED = 1, FIRST = 2, LAST = 4;

/** One Ogg page holding `data` as one packet (under 65025 bytes), with a valid CRC. */
export function oggPage(
  flags: number,
  granule: number,
  serial: number,
  sequence: number,
  data: number[],
): number[] {
  const lacing = [...new Array(Math.floor(data.length / 255)).fill(255), data.length % 255];
  const page = [
    ...ascii("OggS"),
    0,
    flags,
    ...le(granule, 8),
    ...le(serial, 4),
    ...le(sequence, 4),
    0,
    0,
    0,
    0,
    lacing.length,
    ...lacing,
    ...data,
  ];
  page.splice(22, 4, ...le(oggCrc(page), 4));
  return page;
}

/** A Vorbis identification packet. */
export function vorbisId(rate: number, channels = 2): number[] {
  return [1, ...ascii("vorbis"), 0, 0, 0, 0, channels, ...le(rate, 4), ...le(0, 12), 0xb8, 1];
}

/** A Vorbis comment packet (no entries). */
export const VORBIS_COMMENT_PACKET = [3, ...ascii("vorbis"), ...vorbisComment([]), 1];

/** An Opus identification packet. */
export function opusHead(preSkip: number, inputRate = 48000, channels = 2): number[] {
  return [...ascii("OpusHead"), 1, channels, ...le(preSkip, 2), ...le(inputRate, 4), 0, 0, 0];
}

/** An Opus comment packet (no entries). */
export const OPUS_TAGS_PACKET = [...ascii("OpusTags"), ...le(4, 4), ...ascii("test"), ...le(0, 4)];

// ---------------------------------------------------------------------------------------------
// MP3

/** Frame headers (MPEG-1 Layer III, 44.1 kHz, stereo): 128 and 96 kbit/s. */
export const MP3_128 = [0xff, 0xfb, 0x90, 0x00];
export const MP3_96 = [0xff, 0xfb, 0x70, 0x00];

/** A frame of `header` and zeros, `size` bytes in all (417 for 128 kbit/s, 313 for 96). */
export function mp3Frame(header: number[], size: number): number[] {
  return [...header, ...new Array(size - 4).fill(0)];
}

/** `count` frames of 128 kbit/s (417 bytes each). */
export function cbrFrames(count: number): number[] {
  return Array.from({ length: count }, () => mp3Frame(MP3_128, 417)).flat();
}

/** An ID3v2.4 tag holding one TIT2 frame (`title`), with `padding` zero bytes. */
export function id3v2(title = "t", padding = 0): number[] {
  const text = [3, ...ascii(title)];
  const frame = [...ascii("TIT2"), ...be(text.length, 4), 0, 0, ...text];
  const size = frame.length + padding;
  return [
    ...ascii("ID3"),
    4,
    0,
    0,
    ...[21, 14, 7, 0].map((s) => (size >> s) & 127),
    ...frame,
    ...new Array(padding).fill(0),
  ];
}

/** A 128-byte ID3v1 tag with `title` (empty: all fields empty, genre 255). */
export function id3v1(title = ""): number[] {
  const tag = new Array(128).fill(0);
  tag.splice(0, 3, ...ascii("TAG"));
  tag.splice(3, title.length, ...ascii(title));
  tag[127] = 255;
  return tag;
}

/**
 * A first frame (128 kbit/s) holding a Xing/Info header with the fields of `flags`, and
 * optionally LAME's tag with its extended header stating `lameMs`.
 */
export function xingFrame(
  tag: "Xing" | "Info",
  fields: { frames?: number; bytes?: number; toc?: boolean; scale?: number },
  lameMs?: number,
): number[] {
  const flags = (fields.frames !== undefined ? 1 : 0) | (fields.bytes !== undefined ? 2 : 0) |
    (fields.toc ? 4 : 0) | (fields.scale !== undefined ? 8 : 0);
  const body = [
    ...ascii(tag),
    ...be(flags, 4),
    ...(fields.frames !== undefined ? be(fields.frames, 4) : []),
    ...(fields.bytes !== undefined ? be(fields.bytes, 4) : []),
    ...(fields.toc ? new Array(100).fill(0) : []),
    ...(fields.scale !== undefined ? be(fields.scale, 4) : []),
    ...(lameMs !== undefined
      ? [...ascii("LAME3.100"), ...new Array(20).fill(0), ...be(lameMs, 4), 0, 0, 0]
      : []),
  ];
  const frame = mp3Frame(MP3_128, 417);
  frame.splice(36, body.length, ...body);
  return frame;
}
