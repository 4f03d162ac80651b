/**
 * A small synchronous DEFLATE decoder (RFC 1951, raw stream without zlib/gzip header), written
 * for the embedded catalogs: they ship compressed so that start-up does not pay for 4.5 MB of
 * text, and are inflated on first use of a kind. Deno only offers an async DecompressionStream
 * and `node:zlib` costs ~18 ms to initialise, hence this module.
 */

/** Extra bits of length symbols 257..285 (RFC 1951 §3.2.5). */
const LENGTH_EXTRA = Uint8Array.from(
  { length: 29 },
  (_, i) => (i < 8 || i === 28 ? 0 : (i - 4) >> 2),
);
/** Base match lengths of length symbols 257..285: each base follows the previous range. */
const LENGTH_BASE = new Uint16Array(29);
/** Extra bits of distance symbols 0..29. */
const DIST_EXTRA = Uint8Array.from({ length: 30 }, (_, i) => (i < 4 ? 0 : (i - 2) >> 1));
/** Base distances of distance symbols 0..29. */
const DIST_BASE = new Uint16Array(30);
LENGTH_BASE[0] = 3;
for (let i = 1; i < 28; i++) LENGTH_BASE[i] = LENGTH_BASE[i - 1] + (1 << LENGTH_EXTRA[i - 1]);
LENGTH_BASE[28] = 258; // the last symbol is special: 258 with no extra bits
DIST_BASE[0] = 1;
for (let i = 1; i < 30; i++) DIST_BASE[i] = DIST_BASE[i - 1] + (1 << DIST_EXTRA[i - 1]);
/** Order in which code-length code lengths are transmitted in a dynamic block header. */
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * A Huffman decoding table of 2^maxLen entries, indexed by the next `maxLen` input bits; an entry
 * is `symbol << 4 | code length`, or -1 for no code. `maxLen` is implied by the length, so that
 * building one allocates no object (objects created late in a hot function cost a deopt).
 */
type Huffman = Int32Array;

/** The number of bits a table is indexed by. */
function tableBits(h: Huffman): number {
  return 31 - Math.clz32(h.length);
}

function corrupt(what: string): Error {
  return new Error(`inflate: corrupt deflate stream (${what})`);
}

/** Builds a lookup table from per-symbol code lengths (canonical Huffman code, RFC 1951 §3.2.2). */
function buildHuffman(lengths: ArrayLike<number>): Huffman {
  let maxLen = 0;
  const count = new Int32Array(16);
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i];
    if (len > 0) {
      count[len]++;
      if (len > maxLen) maxLen = len;
    }
  }
  const table = new Int32Array(1 << Math.max(maxLen, 1)).fill(-1);
  const next = new Int32Array(16);
  let code = 0;
  for (let len = 1; len <= 15; len++) {
    code = (code + count[len - 1]) << 1;
    next[len] = code;
  }
  for (let sym = 0; sym < lengths.length; sym++) {
    const len = lengths[sym];
    if (len === 0) continue;
    const c = next[len]++;
    if (c >= 1 << len) throw corrupt("over-subscribed code");
    // Codes are packed most significant bit first but read least significant bit first.
    let rev = 0;
    for (let i = 0; i < len; i++) rev |= ((c >> i) & 1) << (len - 1 - i);
    const entry = (sym << 4) | len;
    for (let i = rev; i < table.length; i += 1 << len) table[i] = entry;
  }
  return table;
}

let fixedLit: Huffman | undefined;
let fixedDist: Huffman | undefined;

/** The literal/length table of fixed-Huffman blocks (RFC 1951 §3.2.6). */
function fixedLitTable(): Huffman {
  if (!fixedLit) {
    const lit = new Uint8Array(288);
    lit.fill(8, 0, 144);
    lit.fill(9, 144, 256);
    lit.fill(7, 256, 280);
    lit.fill(8, 280, 288);
    fixedLit = buildHuffman(lit);
  }
  return fixedLit;
}

/** The distance table of fixed-Huffman blocks. */
function fixedDistTable(): Huffman {
  return fixedDist ??= buildHuffman(new Uint8Array(30).fill(5));
}

function grow(out: Uint8Array, used: number, extra: number): Uint8Array<ArrayBuffer> {
  let size = out.length * 2;
  while (size < used + extra) size *= 2;
  const grown = new Uint8Array(size);
  grown.set(out.subarray(0, used));
  return grown;
}

/**
 * Decompresses a raw DEFLATE stream (as produced by `CompressionStream("deflate-raw")`).
 * `sizeHint` is the expected output size; the buffer grows when it is too small.
 *
 * The hot loop keeps all state in locals (no closures) because it usually runs once per
 * process, before the JIT has warmed up.
 *
 * @throws Error when the stream is corrupt or truncated.
 */
export function inflateRaw(
  input: Uint8Array,
  sizeHint = input.length * 8,
): Uint8Array<ArrayBuffer> {
  const inLen = input.length;
  let out = new Uint8Array(Math.max(sizeHint, 1024));
  let outLen = 0;
  let pos = 0; // next input byte; may run up to 4 bytes past the end (read as zeros)
  let bitBuf = 0; // pending bits, least significant first
  let bitCnt = 0;

  /** Reads `n` (≤ 16) bits; header parsing only. */
  const bits = (n: number): number => {
    while (bitCnt < n) {
      if (pos < inLen) bitBuf |= input[pos] << bitCnt;
      else if (pos >= inLen + 4) throw corrupt("unexpected end of input");
      pos++;
      bitCnt += 8;
    }
    const v = bitBuf & ((1 << n) - 1);
    bitBuf >>>= n;
    bitCnt -= n;
    return v;
  };
  /** Decodes one symbol; header parsing only. */
  const decode = (h: Huffman): number => {
    const maxLen = tableBits(h);
    while (bitCnt < maxLen) {
      if (pos < inLen) bitBuf |= input[pos] << bitCnt;
      else if (pos >= inLen + 4) throw corrupt("unexpected end of input");
      pos++;
      bitCnt += 8;
    }
    const entry = h[bitBuf & ((1 << maxLen) - 1)];
    if (entry < 0) throw corrupt("invalid code");
    bitBuf >>>= entry & 15;
    bitCnt -= entry & 15;
    return entry >> 4;
  };
  /** Throws when bits past the end of the input were consumed. */
  const checkEnd = (): void => {
    if (pos > inLen && (pos - inLen) * 8 > bitCnt) throw corrupt("unexpected end of input");
  };

  let final = 0;
  while (!final) {
    final = bits(1);
    const type = bits(2);
    if (type === 0) {
      // Stored block: skip to a byte boundary, then LEN, NLEN and LEN raw bytes.
      bits(bitCnt & 7);
      const len = bits(16);
      const nlen = bits(16);
      checkEnd();
      if ((len ^ 0xffff) !== nlen) throw corrupt("stored length mismatch");
      if (outLen + len > out.length) out = grow(out, outLen, len);
      let left = len;
      while (left > 0 && bitCnt >= 8) {
        out[outLen++] = bits(8);
        left--;
      }
      if (pos + left > inLen) throw corrupt("unexpected end of input");
      out.set(input.subarray(pos, pos + left), outLen);
      outLen += left;
      pos += left;
      continue;
    }
    let lit: Huffman;
    let dist: Huffman;
    if (type === 1) {
      lit = fixedLitTable();
      dist = fixedDistTable();
    } else if (type === 2) {
      const hlit = bits(5) + 257;
      const hdist = bits(5) + 1;
      const hclen = bits(4) + 4;
      const clens = new Uint8Array(19);
      for (let i = 0; i < hclen; i++) clens[CLEN_ORDER[i]] = bits(3);
      const clen = buildHuffman(clens);
      const lengths = new Uint8Array(hlit + hdist);
      for (let i = 0; i < lengths.length;) {
        const sym = decode(clen);
        if (sym < 16) {
          lengths[i++] = sym;
          continue;
        }
        let repeat: number;
        let value = 0;
        if (sym === 16) {
          if (i === 0) throw corrupt("repeat with no previous length");
          value = lengths[i - 1];
          repeat = 3 + bits(2);
        } else if (sym === 17) {
          repeat = 3 + bits(3);
        } else {
          repeat = 11 + bits(7);
        }
        if (i + repeat > lengths.length) throw corrupt("code lengths overflow");
        lengths.fill(value, i, i + repeat);
        i += repeat;
      }
      if (lengths[256] === 0) throw corrupt("no end-of-block code");
      lit = buildHuffman(lengths.subarray(0, hlit));
      dist = buildHuffman(lengths.subarray(hlit));
    } else {
      throw corrupt("reserved block type");
    }
    const litTable = lit;
    const litBits = tableBits(lit);
    const litMask = (1 << litBits) - 1;
    const distTable = dist;
    const distBits = tableBits(dist);
    const distMask = (1 << distBits) - 1;
    for (;;) {
      // Every refill below needs at most 15 + 5 (length) or 15 + 13 (distance) bits; fetch in
      // steps so that bitBuf never holds more than 31 bits.
      while (bitCnt < litBits) {
        if (pos < inLen) bitBuf |= input[pos] << bitCnt;
        else if (pos >= inLen + 4) throw corrupt("unexpected end of input");
        pos++;
        bitCnt += 8;
      }
      let entry = litTable[bitBuf & litMask];
      if (entry < 0) throw corrupt("invalid literal/length code");
      let used = entry & 15;
      bitBuf >>>= used;
      bitCnt -= used;
      const sym = entry >> 4;
      if (sym < 256) {
        if (outLen === out.length) out = grow(out, outLen, 1);
        out[outLen++] = sym;
        continue;
      }
      if (sym === 256) break;
      const li = sym - 257;
      if (li >= 29) throw corrupt("invalid length symbol");
      let len = LENGTH_BASE[li];
      const lenExtra = LENGTH_EXTRA[li];
      if (lenExtra > 0) {
        while (bitCnt < lenExtra) {
          if (pos < inLen) bitBuf |= input[pos] << bitCnt;
          else if (pos >= inLen + 4) throw corrupt("unexpected end of input");
          pos++;
          bitCnt += 8;
        }
        len += bitBuf & ((1 << lenExtra) - 1);
        bitBuf >>>= lenExtra;
        bitCnt -= lenExtra;
      }
      while (bitCnt < distBits) {
        if (pos < inLen) bitBuf |= input[pos] << bitCnt;
        else if (pos >= inLen + 4) throw corrupt("unexpected end of input");
        pos++;
        bitCnt += 8;
      }
      entry = distTable[bitBuf & distMask];
      if (entry < 0) throw corrupt("invalid distance code");
      used = entry & 15;
      bitBuf >>>= used;
      bitCnt -= used;
      const di = entry >> 4;
      if (di >= 30) throw corrupt("invalid distance symbol");
      let d = DIST_BASE[di];
      const distExtra = DIST_EXTRA[di];
      if (distExtra > 0) {
        while (bitCnt < distExtra) {
          if (pos < inLen) bitBuf |= input[pos] << bitCnt;
          else if (pos >= inLen + 4) throw corrupt("unexpected end of input");
          pos++;
          bitCnt += 8;
        }
        d += bitBuf & ((1 << distExtra) - 1);
        bitBuf >>>= distExtra;
        bitCnt -= distExtra;
      }
      if (d > outLen) throw corrupt("distance too far back");
      if (outLen + len > out.length) out = grow(out, outLen, len);
      let from = outLen - d;
      if (d >= len) {
        out.copyWithin(outLen, from, from + len);
        outLen += len;
      } else {
        for (let i = 0; i < len; i++) out[outLen++] = out[from++];
      }
    }
    checkEnd();
  }
  return out.subarray(0, outLen);
}
