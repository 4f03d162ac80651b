/** Fixed-width fields of binary headers, read from a byte array (no bounds checks: callers check). */

/** Unsigned 16-bit big-endian integer at `at` (a byte past the end of `b` reads as 0). */
export function u16be(b: Uint8Array, at: number): number {
  return (b[at] << 8) | b[at + 1];
}

/** Unsigned 16-bit little-endian integer at `at`. */
export function u16le(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8);
}

/** Unsigned 24-bit little-endian integer at `at`. */
export function u24le(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
}

/** Unsigned 32-bit big-endian integer at `at`. */
export function u32be(b: Uint8Array, at: number): number {
  return ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
}

/** Unsigned 64-bit big-endian integer at `at`, as a number (exact up to 2^53). */
export function u64be(b: Uint8Array, at: number): number {
  return u32be(b, at) * 2 ** 32 + u32be(b, at + 4);
}

/** Unsigned 32-bit little-endian integer at `at`. */
export function u32le(b: Uint8Array, at: number): number {
  return ((b[at + 3] << 24) >>> 0) + (b[at + 2] << 16) + (b[at + 1] << 8) + b[at];
}

/**
 * Whether `b` holds the ASCII `text` at `at` (false when it ends first); unlike comparing
 * `latin1`'s text, it makes no string, for checks a batch runs many times.
 */
export function spells(b: Uint8Array, at: number, text: string): boolean {
  if (b.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** The latin-1 text of `length` bytes at `at` (fewer at the end of `b`). */
export function latin1(b: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...b.subarray(at, at + length));
}

/** A 28-bit syncsafe integer (four bytes of 7 bits, as ID3v2 writes sizes) at `at`. */
export function syncsafe28(b: Uint8Array, at: number): number {
  return ((b[at] & 0x7f) << 21) | ((b[at + 1] & 0x7f) << 14) | ((b[at + 2] & 0x7f) << 7) |
    (b[at + 3] & 0x7f);
}

/** Bytes of the ID3v2 tag whose 10-byte header is at the start of `h`: header, body, footer. */
export function id3v2TagLength(h: Uint8Array): number {
  return 10 + syncsafe28(h, 6) + (h[5] & 0x10 ? 10 : 0);
}
