/**
 * JPEG, WebP and BMP sizes read without a library, exactly as image-size reads them, for the
 * well-formed headers that nearly every file has: anything this reader is not certain of
 * (a marker out of step, a header cut short, a WebP chunk image-size refuses) is undefined, and
 * the caller asks image-size, which then gives its own answer or error. So the answer is always
 * image-size's, and the library loads only for unusual files.
 */
import { spells, u16be, u16le, u24le, u32be, u32le } from "./bytes.ts";

/** An image's size, and its EXIF orientation (JPEG, when it has one that is not 0). */
export interface ImageDims {
  width: number;
  height: number;
  orientation?: number;
}

/** The size of the image in `bytes` (its leading bytes) of format `ext`, or undefined (see above). */
export function imageDims(bytes: Uint8Array, ext: string): ImageDims | undefined {
  switch (ext) {
    case "jpg":
      return jpegDims(bytes);
    case "webp":
      return webpDims(bytes);
    case "bmp":
      return bytes.length >= 26 && spells(bytes, 0, "BM")
        ? { width: u32le(bytes, 18), height: Math.abs(u32le(bytes, 22) | 0) }
        : undefined;
  }
  return undefined;
}

/** SOF markers whose size image-size reads (baseline, extended, progressive). */
const isSizeMarker = (m: number) => m === 0xc0 || m === 0xc1 || m === 0xc2;

/**
 * A JPEG's size: its segments are followed from the first one after SOI (whose marker is not
 * looked at), each by its length, to the first SOF0–2; an EXIF block on the way sets the
 * orientation (the last one wins). Undefined when the chain leaves the bytes or loses its step.
 */
function jpegDims(b: Uint8Array): ImageDims | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 4; // the first segment's length (after SOI and its marker)
  let orientation: number | undefined;
  // Each step moves on by at least 2 bytes: at most b.length / 2 steps.
  while (at < b.length) {
    if (at + 2 > b.length) return undefined;
    const next = at + u16be(b, at); // where the next marker should be
    if (next + 2 > b.length || b[next] !== 0xff) return undefined;
    if (spells(b, at + 2, "Exif")) {
      const exif = exifOrientation(b.subarray(at + 2, next));
      if (exif === false) return undefined;
      orientation = exif;
    }
    if (isSizeMarker(b[next + 1])) {
      if (next + 9 > b.length) return undefined;
      const height = u16be(b, next + 5);
      const width = u16be(b, next + 7);
      return orientation ? { height, orientation, width } : { height, width };
    }
    at = next + 2;
  }
  return undefined;
}

/**
 * The orientation tag (274) of an EXIF block's first directory, read where image-size reads it
 * (the directory at TIFF offset 8, whatever the header's own offset says); undefined when there
 * is none, or it is not one SHORT; false when an entry is cut short by the block's end.
 */
function exifOrientation(block: Uint8Array): number | undefined | false {
  const big = spells(block, 6, "MM");
  if (!big && !spells(block, 6, "II")) return undefined;
  const u16 = big ? u16be : u16le;
  const u32 = big ? u32be : u32le;
  if (block.length < 16) return false;
  const entries = u16(block, 14);
  for (let n = 0; n < entries; n++) {
    const start = 16 + n * 12;
    if (start > block.length) return undefined;
    if (start + 12 > block.length) return false;
    if (u16(block, start) !== 274) continue;
    if (u16(block, start + 2) !== 3 || u32(block, start + 4) !== 1) return undefined;
    return u16(block, start + 8);
  }
  return undefined;
}

/** A WebP's size from its first chunk (VP8X canvas, VP8 key frame or VP8L header). */
function webpDims(b: Uint8Array): ImageDims | undefined {
  if (b.length < 30 || !spells(b, 0, "RIFF") || !spells(b, 8, "WEBP")) return undefined;
  if (spells(b, 12, "VP8X")) {
    const flags = b[20];
    if (flags & 0xc0 || flags & 0x01) return undefined;
    return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  }
  if (spells(b, 12, "VP8 ") && b[20] !== 0x2f) {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (spells(b, 12, "VP8L") && !(b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)) {
    return {
      width: 1 + (((b[22] & 0x3f) << 8) | b[21]),
      height: 1 + (((b[24] & 0xf) << 10) | (b[23] << 2) | ((b[22] & 0xc0) >> 6)),
    };
  }
  return undefined;
}
