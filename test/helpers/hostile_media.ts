/**
 * Media files whose headers lie, built byte by byte for tests: an MP3 whose Xing header claims
 * more frames than the file holds, and PNGs that claim huge pictures with little or no pixel data.
 */
import { crc32 } from "node:zlib";

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/**
 * An MPEG-1 Layer III stream (128 kbit/s, 44.1 kHz, stereo) of `frames` real frames (417 bytes
 * each, silent), the first holding a Xing header that claims `claimedFrames` frames.
 */
export function xingMp3(claimedFrames: number, frames = 40): Uint8Array {
  const frameLen = 417;
  const out = new Uint8Array(frameLen * frames);
  for (let f = 0; f < frames; f++) out.set([0xff, 0xfb, 0x90, 0x00], f * frameLen);
  // Xing tag after the 32-byte side info of a stereo MPEG-1 frame: flags 1 (frames) | 2 (bytes).
  out.set([..."Xing"].map((c) => c.charCodeAt(0)), 36);
  out.set([0, 0, 0, 3, ...u32be(claimedFrames), ...u32be(out.length)], 40);
  return out;
}

function chunk(type: string, data: number[]): number[] {
  const body = new Uint8Array([...[...type].map((c) => c.charCodeAt(0)), ...data]);
  return [...u32be(data.length), ...body, ...u32be(crc32(body) >>> 0)];
}

/**
 * A PNG that claims `width`×`height` (8-bit RGBA) pixels: signature, IHDR, optionally one IDAT
 * of `idatBytes` bytes, IEND. Without IDAT it is 45 bytes.
 */
export function claimingPng(width: number, height: number, idatBytes = 0): Uint8Array {
  const ihdr = [...u32be(width), ...u32be(height), 8, 6, 0, 0, 0];
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", ihdr),
    ...(idatBytes ? chunk("IDAT", new Array(idatBytes).fill(0)) : []),
    ...chunk("IEND", []),
  ]);
}

/**
 * A copy of an MP4 whose first `stsz` box claims `count` samples of a constant size of 1 byte
 * (20 bytes that a naive parser turns into a `count`-entry sample list).
 */
export function lyingStsz(mp4: Uint8Array, count = 0xffffffff): Uint8Array {
  const out = mp4.slice();
  const tag = [0x73, 0x74, 0x73, 0x7a]; // "stsz"
  const at = out.findIndex((_, i) => tag.every((b, j) => out[i + j] === b));
  if (at < 0) throw new Error("no stsz box");
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(at + 8, 1); // sample_size: constant, 1 byte
  view.setUint32(at + 12, count); // sample_count
  return out;
}
