/**
 * The facts draftcli needs about a media file, shared by the in-process probe and the ffprobe
 * fallback, plus the error helper both use.
 */
import { DraftcliError } from "../errors.ts";
import type { MediaKind } from "./sniff.ts";

export type { MediaKind } from "./sniff.ts";

/**
 * What a probe found. Width and height are the display size (a 90°/270° rotation flag swaps
 * them); 0 for audio. `hasVideo` is true when there is a picture (images included).
 */
export interface MediaInfo {
  /** "image" (still), "video" (moving pictures, animated GIFs included) or "audio". */
  kind: MediaKind;
  /** The real file extension, without a dot ("png", "mp4", "m4a", …). */
  format: string;
  /** Duration in µs; 0 for still images; for an animated GIF the sum of its frame delays. */
  durationUs: number;
  /** Display width in pixels, 0 for audio. */
  width: number;
  /** Display height in pixels, 0 for audio. */
  height: number;
  /** Does it have at least one audio stream? */
  hasAudio: boolean;
  /** Does it have a picture (a video stream or an image)? */
  hasVideo: boolean;
}

/** A `media_error` naming the file, with a hint about what to do. */
export function mediaError(name: string, reason: string, hint?: string): DraftcliError {
  return new DraftcliError("media_error", `${name}: ${reason}`, {
    hint: hint ??
      "use a supported image (png, jpg, gif, webp, bmp), video (mp4, mov, webm, mkv) or audio " +
        "file (mp3, wav, m4a, flac, ogg); if the file is truncated or damaged, re-export it",
  });
}

/** Seconds (possibly fractional) to whole microseconds. */
export function secondsToUs(seconds: number): number {
  return Math.round(seconds * 1_000_000);
}
