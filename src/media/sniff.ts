/**
 * Detects the real type of a media file from its first bytes (magic numbers), never from its name.
 * Used to name downloaded files and to pick the in-process parser for a local file.
 */
import { readAt } from "../files.ts";
import { mpegFrame } from "./mpeg_frame.ts";
import { id3v2TagLength, latin1 as ascii, u32be } from "./bytes.ts";

/** What a file holds, as far as its first bytes tell. */
export type MediaKind = "image" | "video" | "audio";

/** The result of sniffing: the file's real extension (no dot) and its kind. */
export interface SniffResult {
  ext: string;
  kind: MediaKind;
}

/** How many leading bytes `sniff` wants to see (it works with fewer, but may miss some cases). */
export const SNIFF_BYTES = 4096;

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (bytes[at + i] !== sig[i]) return false;
  return true;
}

/** ISO-BMFF major brands of audio-only files (iTunes/Flash audio and audiobooks). */
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]);
/** ISO-BMFF brands of still images / image sequences (HEIF, AVIF): not handled as video. */
const IMAGE_BRANDS = new Set(["heic", "heix", "heim", "heis", "mif1", "msf1", "avif", "avis"]);
/** Top-level QuickTime atoms that can open a .mov written without an `ftyp` atom. */
const BARE_QT_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);

/**
 * Classifies an ISO-BMFF file (MP4/MOV/M4A) by its `ftyp` major and compatible brands:
 * QuickTime → mov, audio brands → m4a (audio), HEIF/AVIF → null (not audio/video), else mp4.
 */
export function classifyBrands(major: string, compatible: string[] = []): SniffResult | null {
  if (IMAGE_BRANDS.has(major)) return null;
  if (major === "qt  ") return { ext: "mov", kind: "video" };
  if (AUDIO_BRANDS.has(major)) return { ext: "m4a", kind: "audio" };
  if (compatible.some((b) => AUDIO_BRANDS.has(b)) && !compatible.some((b) => b === "avc1")) {
    return { ext: "m4a", kind: "audio" };
  }
  return { ext: "mp4", kind: "video" };
}

function sniffIsoBmff(b: Uint8Array): SniffResult | null {
  const type = ascii(b, 4, 4);
  if (type === "ftyp" && b.length >= 12) {
    const boxSize = u32be(b, 0);
    const end = Math.min(b.length, boxSize >= 16 ? boxSize : 16);
    const compatible: string[] = [];
    for (let at = 16; at + 4 <= end; at += 4) compatible.push(ascii(b, at, 4));
    return classifyBrands(ascii(b, 8, 4), compatible);
  }
  if (BARE_QT_ATOMS.has(type) && u32be(b, 0) >= 8) return { ext: "mov", kind: "video" };
  return null;
}

/** Reads an EBML variable-length integer; returns [value, length] or null. */
function readVint(b: Uint8Array, at: number): [number, number] | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (at + length > b.length) return null;
  let value = first & ((0x80 >> (length - 1)) - 1);
  for (let i = 1; i < length; i++) value = value * 256 + b[at + i];
  return [value, length];
}

function sniffEbml(b: Uint8Array): SniffResult {
  // Scan the EBML header for the DocType element (ID 0x4282).
  const header = readVint(b, 4);
  const end = header ? Math.min(b.length, 4 + header[1] + header[0]) : Math.min(b.length, 64);
  for (let at = 4; at + 3 < end; at++) {
    if (b[at] !== 0x42 || b[at + 1] !== 0x82) continue;
    const size = readVint(b, at + 2);
    if (!size) break;
    const docType = ascii(b, at + 2 + size[1], size[0]);
    return { ext: docType === "webm" ? "webm" : "mkv", kind: "video" };
  }
  return { ext: "mkv", kind: "video" };
}

/** Length in bytes of the MPEG Layer III frame whose header is at `at`, or 0 if it is none. */
function mp3FrameLength(b: Uint8Array, at: number): number {
  const frame = mpegFrame(b, at);
  return frame?.layer === 3 ? frame.frameSize : 0;
}

function isAdts(b: Uint8Array, at: number): boolean {
  // 12 sync bits, layer 00; sampling index < 13.
  return b[at] === 0xff && (b[at + 1] & 0xf6) === 0xf0 && ((b[at + 2] >> 2) & 0xf) < 13;
}

/** Frame sync check for raw MP3: a valid header, and the next one where it should be if visible. */
function isMp3Frames(b: Uint8Array, at: number): boolean {
  const length = mp3FrameLength(b, at);
  if (!length) return false;
  const next = at + length;
  return next + 4 > b.length || mp3FrameLength(b, next) > 0;
}

function sniffAfterId3(b: Uint8Array): SniffResult {
  let at = id3v2TagLength(b);
  while (at < b.length && b[at] === 0) at++; // padding some taggers leave after the tag
  if (at + 4 <= b.length) {
    if (ascii(b, at, 4) === "fLaC") return { ext: "flac", kind: "audio" };
    if (isAdts(b, at)) return { ext: "aac", kind: "audio" };
  }
  return { ext: "mp3", kind: "audio" };
}

/**
 * Detects the real type from the leading bytes (pass at least `SNIFF_BYTES` when the file has
 * them). Knows png, jpg, gif, webp, bmp, mp3 (ID3 tag or frame sync), aac (ADTS), wav, flac, ogg,
 * m4a/mp4/mov (by ftyp brand) and webm/mkv (by EBML DocType). Returns null for anything else.
 */
export function sniff(bytes: Uint8Array): SniffResult | null {
  const b = bytes;
  if (b.length < 4) return null;
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { ext: "png", kind: "image" };
  }
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { ext: "jpg", kind: "image" };
  const head4 = ascii(b, 0, 4);
  if (head4 === "GIF8" && b.length >= 6 && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) {
    return { ext: "gif", kind: "image" };
  }
  if ((head4 === "RIFF" || head4 === "RF64" || head4 === "BW64") && b.length >= 12) {
    const form = ascii(b, 8, 4);
    if (form === "WEBP" && head4 === "RIFF") return { ext: "webp", kind: "image" };
    if (form === "WAVE") return { ext: "wav", kind: "audio" };
    return null;
  }
  if (b[0] === 0x42 && b[1] === 0x4d && b.length >= 18) {
    // "BM" + a known DIB header size, so text starting with "BM" is not taken for a bitmap.
    const dib = b[14] | (b[15] << 8) | (b[16] << 16) | (b[17] << 24);
    if ([12, 16, 40, 52, 56, 64, 108, 124].includes(dib)) return { ext: "bmp", kind: "image" };
  }
  if (head4 === "fLaC") return { ext: "flac", kind: "audio" };
  if (head4 === "OggS") {
    // The first page's first packet names the codec; Theora means video.
    const segments = b[26] ?? 0;
    const payload = 27 + segments;
    const kind = ascii(b, payload, 7) === "\x80theora" ? "video" : "audio";
    return { ext: "ogg", kind };
  }
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return sniffEbml(b);
  if (b.length >= 8) {
    const iso = sniffIsoBmff(b);
    if (iso) return iso;
  }
  if (head4.startsWith("ID3") && b.length >= 10) return sniffAfterId3(b);
  if (isMp3Frames(b, 0)) return { ext: "mp3", kind: "audio" };
  if (isAdts(b, 0)) return { ext: "aac", kind: "audio" };
  return null;
}

/** Reads up to `SNIFF_BYTES` from the start of a file and sniffs them. */
export async function sniffFile(path: string): Promise<SniffResult | null> {
  return sniff(await readHead(path, SNIFF_BYTES));
}

/** Reads up to `length` bytes from the start of a file (fewer if the file is shorter). */
export async function readHead(path: string, length: number): Promise<Uint8Array> {
  using file = await Deno.open(path, { read: true });
  return await readAt(file, 0, length);
}
