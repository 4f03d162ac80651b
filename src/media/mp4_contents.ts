/**
 * Which box contents mp4box reads without fault. mp4box parses many boxes by the counts and
 * lengths they state, reading past the box when those claim more than it holds, and fails the
 * file where that runs past the data it has (or, for some boxes, on values it refuses). The
 * movie header reader (mp4_header.ts) answers only for files whose boxes pass these checks; the
 * rest it leaves to mp4box.
 */
import { type BoxHeader, boxHeader } from "./mp4_tables.ts";
import { u16be as u16, u32be as u32 } from "./bytes.ts";

/** Deepest nesting of ES descriptors read. */
const MAX_DESCRIPTOR_DEPTH = 8;

/**
 * Does the box at `pos` (header `box`) read as mp4box reads it: a type of four printable ASCII
 * characters, a size of at least its header (a uuid box's holds 16 more bytes, its extended
 * type) that ends by `end`? mp4box stops reading the box's container at one that does not.
 */
export function fits(box: BoxHeader | null, pos: number, end: number): box is BoxHeader {
  if (!box) return false;
  for (let i = 0; i < 4; i++) {
    const c = box.type.charCodeAt(i);
    if (!(c >= 0x20 && c <= 0x7e)) return false;
  }
  const header = box.header + (box.type === "uuid" ? 16 : 0);
  return box.size >= header && pos + box.size <= end;
}

/** The boxes of `b` from `from` that mp4box reads: up to the first that does not fit. */
export function* boxesIn(b: Uint8Array, from: number): Generator<[BoxHeader, Uint8Array]> {
  for (let pos = from; b.length - pos >= 8;) {
    const box = boxHeader(b.subarray(pos, pos + 16), b.length - pos);
    if (!fits(box, pos, b.length)) return;
    yield [box, b.subarray(pos + box.header, pos + box.size)];
    pos += box.size;
  }
}

/** Is there a box of `type` among the well-formed boxes of `b` from `from` (before any damage)? */
export function hasChild(b: Uint8Array, from: number, type: string): boolean {
  for (const [box] of boxesIn(b, from)) if (box.type === type) return true;
  return false;
}

/**
 * Codec configuration boxes mp4box parses by the counts and lengths they state: do those fit the
 * box's content `c`? (mp4box reads past the box and fails at the end of what it has read.)
 */
const CONFIG_READS: Record<string, (c: Uint8Array) => boolean> = {
  // avcC: 5 bytes, then SPS and PPS counts, each set a 16-bit length and its bytes.
  avcC: (c) => {
    let pos = 6;
    /** The end of `count` length-led sets from `pos` (infinite when a length is cut off). */
    const sets = (count: number) => {
      for (let i = 0; i < count; i++) {
        if (pos + 2 > c.length) return Infinity;
        pos += 2 + u16(c, pos);
      }
      return pos;
    };
    if (c.length < 6 || sets(c[5] & 0x1f) + 1 > c.length) return false;
    return sets(c[pos++]) <= c.length;
  },
  // hvcC: 22 bytes, then arrays of a type byte, a 16-bit count and that many length-led units.
  hvcC: (c) => {
    if (c.length < 23) return false;
    let pos = 23;
    for (let array = 0; array < c[22]; array++) {
      if (pos + 3 > c.length) return false;
      const count = u16(c, pos + 1);
      pos += 3;
      for (let i = 0; i < count; i++) {
        if (pos + 2 > c.length) return false;
        pos += 2 + u16(c, pos);
      }
    }
    return pos <= c.length;
  },
  // av1C: mp4box fails the file unless it has the marker, version 1 and zero reserved bits.
  av1C: (c) =>
    c.length >= 4 && c[0] === 0x81 && (c[3] & 0xe0) === 0 &&
    ((c[3] & 0x10) !== 0 || (c[3] & 0xf) === 0),
  // vpcC: version and flags, 4 (version 0) or 6 bytes, then a 16-bit length and that many bytes.
  vpcC: (c) => {
    const at = c[0] === 1 ? 10 : 8;
    return c.length >= at + 2 && at + 2 + u16(c, at) <= c.length;
  },
};

/** Does a codec configuration box of `type` (its content `c`) read within its box? */
export function configFits(type: string, c: Uint8Array): boolean {
  return CONFIG_READS[type]?.(c) ?? true;
}

/**
 * Does mp4box read the ES descriptor in `d` (an `esds` box's content after its version and
 * flags) without reading past it? The top one must be an ES_Descriptor (tag 3), and its
 * DecoderConfig (4), DecoderSpecificInfo (5) and SLConfig (6) descriptors must fit; mp4box
 * misreads other tags, so they are not certain either.
 */
export function esdsReads(d: Uint8Array): boolean {
  let pos = 0;
  const one = (depth: number): boolean => {
    if (depth > MAX_DESCRIPTOR_DEPTH || pos + 2 > d.length) return false;
    const tag = d[pos++];
    let byte = d[pos++];
    let size = 0;
    while (byte & 0x80) {
      size = (size << 7) + (byte & 0x7f);
      if (pos >= d.length) return false;
      byte = d[pos++];
    }
    size = (size << 7) + (byte & 0x7f);
    if (size < 0) return false;
    if (tag === 3) {
      // ES_ID, flags, then a dependency id, URL and OCR id as the flags say.
      if (pos + 3 > d.length) return false;
      const flags = d[pos + 2];
      pos += 3;
      let rest = size - 3;
      if (flags & 0x80) [pos, rest] = [pos + 2, rest - 2];
      if (flags & 0x40) {
        const length = d[pos] ?? 0;
        [pos, rest] = [pos + 1 + length, rest - 1 - length];
      }
      if (flags & 0x20) [pos, rest] = [pos + 2, rest - 2];
      return pos <= d.length && inner(rest, depth);
    }
    if (tag === 4) {
      // Object type, stream type, buffer size, bit rates: 13 bytes.
      pos += 13;
      return pos <= d.length && inner(size - 13, depth);
    }
    if (tag === 5 || tag === 6) {
      pos += size;
      return pos <= d.length;
    }
    return false;
  };
  /** The descriptors within the next `size` bytes. */
  const inner = (size: number, depth: number): boolean => {
    for (const end = pos + size; pos < end;) if (!one(depth + 1)) return false;
    return true;
  };
  return d[0] === 3 && one(0);
}

/**
 * Do an `sbgp` (entries of 8 bytes) or `sgpd` box's entries fit its content `c`, as mp4box reads
 * them? An `sgpd` of a version other than 1 (entries of no stated length) is not certain.
 */
export function groupsFit(type: string, c: Uint8Array): boolean {
  if (type === "sbgp") {
    const at = c[0] === 1 ? 12 : 8; // version 1 adds a grouping type parameter
    return c.length >= at + 4 && u32(c, at) * 8 <= c.length - at - 4;
  }
  if (c[0] !== 1 || c.length < 16) return false;
  const [length, count] = [u32(c, 8), u32(c, 12)];
  if (length > 0) return count * length <= c.length - 16;
  // Each entry states its length: at most one entry per 4 bytes left.
  let pos = 16;
  for (let i = 0; i < count; i++) {
    if (pos + 4 > c.length) return false;
    pos += 4 + u32(c, pos);
  }
  return pos <= c.length;
}
