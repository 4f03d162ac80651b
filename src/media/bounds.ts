/**
 * Bounds on what a media header may claim. A header is written by whoever made the file, so its
 * duration and picture size are checked against the limits draftcli documents and against what
 * a file of that many bytes can hold, before any of it reaches a draft (docs/media.md,
 * "Bounds"). Both probe paths (in-process and ffprobe) and the probe cache go through here.
 */
import { DraftcliError } from "../errors.ts";
import type { MediaInfo } from "./types.ts";
import { MAX_TIME_US } from "../draft/time.ts";

/** Longest media accepted: 24 h in µs, the limit on every time in a draft (docs/reliability.md). */
export const MAX_MEDIA_DURATION_US = MAX_TIME_US;

/** Widest or tallest picture accepted, in pixels (the largest size a media item may state). */
export const MAX_MEDIA_SIDE = 65_536;

/** Most pixels one picture may have: 16384 × 16384, the largest canvas the editors open. */
export const MAX_MEDIA_PIXELS = 16_384 * 16_384;

/**
 * Most pixels one byte of an image file can stand for: a 1-bit PNG deflated at its best ratio
 * (≈ 1032:1) packs ≈ 8256 pixels a byte; JPEG, GIF (LZW) and BMP (RLE) pack far less densely.
 * WebP is exempt: a plain-coloured picture codes to a few bytes, and its header cannot state more
 * than 16384 × 16384 pixels anyway.
 */
export const MAX_PIXELS_PER_BYTE = 8_256;

/**
 * Fewest bytes a second of audio takes (512 bit/s). Every codec the editors read needs more
 * (MP3 ≥ 8 kbit/s, AAC and Opus ≥ 6 kbit/s, FLAC of silence ≈ 1.3 kbit/s); a smaller file claiming
 * that long a sound holds no such sound.
 */
export const MIN_AUDIO_BYTES_PER_SECOND = 64;

/** A media header claimed something no real file of its kind and size holds. */
export class MediaClaimError extends DraftcliError {
  constructor(name: string, claim: string) {
    super("media_error", `${name}: ${claim}`, {
      hint: "the file's header does not describe the file; re-export it from a media tool, " +
        "or use another file",
    });
  }
}

function formatUs(us: number): string {
  const s = us / 1e6;
  return s >= 3600 ? `${(s / 3600).toFixed(1)} h` : `${+s.toFixed(3)} s`;
}

/**
 * Why `info` (probed from a file of `size` bytes) cannot be true, or undefined when it can.
 * Checks the duration (≤ 24 h; audio at least `MIN_AUDIO_BYTES_PER_SECOND`) and the picture
 * (each side ≤ `MAX_MEDIA_SIDE`, ≤ `MAX_MEDIA_PIXELS`, ≤ `MAX_PIXELS_PER_BYTE` per byte).
 */
export function implausibleClaim(info: MediaInfo, size: number): string | undefined {
  const d = info.durationUs;
  if (!Number.isFinite(d) || d < 0) return `its header claims a duration of ${d} µs`;
  if (d > MAX_MEDIA_DURATION_US) {
    return `its header claims a duration of ${d} µs (${formatUs(d)}), over the limit of 24 h ` +
      `(${MAX_MEDIA_DURATION_US} µs)`;
  }
  if (info.kind === "audio" && d > 0) {
    const needed = Math.ceil((d / 1e6) * MIN_AUDIO_BYTES_PER_SECOND);
    if (size < needed) {
      return `its header claims ${formatUs(d)} of audio, which needs at least ${needed} bytes, ` +
        `but the file has ${size}`;
    }
  }
  if (info.hasVideo) {
    const { width: w, height: h } = info;
    if (!Number.isSafeInteger(w) || !Number.isSafeInteger(h) || w < 0 || h < 0) {
      return `its header claims a picture of ${w}×${h} pixels`;
    }
    if (w > MAX_MEDIA_SIDE || h > MAX_MEDIA_SIDE) {
      return `its header claims a picture of ${w}×${h} pixels; a side may be at most ` +
        `${MAX_MEDIA_SIDE}`;
    }
    if (w * h > MAX_MEDIA_PIXELS) {
      return `its header claims a picture of ${w}×${h} pixels (${w * h}), over the limit of ` +
        `${MAX_MEDIA_PIXELS} (16384×16384)`;
    }
    if (info.kind === "image" && info.format !== "webp" && w * h > size * MAX_PIXELS_PER_BYTE) {
      return `its header claims a picture of ${w}×${h} pixels, more than a file of ${size} ` +
        `bytes can hold`;
    }
  }
  return undefined;
}

/** Throws a `media_error` naming the file and its claim when `info` cannot be true. */
export function checkClaims(info: MediaInfo, size: number, name: string): MediaInfo {
  const why = implausibleClaim(info, size);
  if (why) throw new MediaClaimError(name, why);
  return info;
}
