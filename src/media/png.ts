/**
 * PNG headers, read without a library: the picture's size from the first chunk (IHDR), and the
 * check that the pixel data its size needs can be there.
 */
import { readAt } from "../files.ts";
import { MediaClaimError } from "./bounds.ts";
import { spells, u32be as u32 } from "./bytes.ts";

/**
 * Width and height of a PNG from its leading bytes (signature already checked), as image-size
 * reads them: from IHDR, or from the IHDR after Apple's `CgBI` chunk. Throws a TypeError
 * ("Invalid PNG") when the first chunk is neither; bytes that end before the size give 0.
 */
export function pngSize(head: Uint8Array): { width: number; height: number } {
  const fried = spells(head, 12, "CgBI");
  if (!spells(head, fried ? 28 : 12, "IHDR")) throw new TypeError("Invalid PNG");
  const at = fried ? 32 : 16;
  const read = (i: number) => head.length >= i + 4 ? u32(head, i) : 0;
  return { width: read(at), height: read(at + 4) };
}

/** Most PNG chunks walked looking for the first IDAT (real files have a handful before it). */
const PNG_MAX_CHUNKS_BEFORE_IDAT = 4096;
/** Channels per PNG colour type (grey, RGB, palette, grey+alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * A PNG's pixels must be there: an IDAT chunk, and at least the bytes its IHDR's size needs at
 * deflate's best ratio (≈ 1032:1). Otherwise its size is only a claim.
 */
export async function checkPngData(
  file: Deno.FsFile,
  head: Uint8Array,
  size: number,
  name: string,
): Promise<void> {
  if (head.length < 29) return; // pngSize reports the truncated header
  const w = u32(head, 16);
  const h = u32(head, 20);
  const rowBytes = 1 + Math.ceil((w * (PNG_CHANNELS[head[25]] ?? 1) * head[24]) / 8);
  const minBytes = Math.floor((h * rowBytes) / 1032);
  if (size < minBytes) {
    throw new MediaClaimError(
      name,
      `its PNG header claims ${w}×${h} pixels, which take at least ${minBytes} bytes, but the ` +
        `file has ${size}`,
    );
  }
  let at = 8;
  for (let n = 0; n < PNG_MAX_CHUNKS_BEFORE_IDAT && at + 8 <= size; n++) {
    // The chunk's length and type, from the bytes already read when they hold them.
    const inHead = at + 8 <= head.length;
    const bytes = inHead ? head : await readAt(file, at, 8);
    const base = inHead ? at : 0;
    if (bytes.length < base + 8) break;
    if (spells(bytes, base + 4, "IDAT")) return;
    if (spells(bytes, base + 4, "IEND")) break;
    at += 12 + u32(bytes, base);
  }
  throw new MediaClaimError(
    name,
    `its PNG header claims ${w}×${h} pixels, but the file holds no pixel data (no IDAT chunk)`,
  );
}
