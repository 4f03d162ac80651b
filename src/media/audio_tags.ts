/**
 * Tags around the audio of MP3 and FLAC files, read as music-metadata reads them (the audio
 * probes must give its answers): ID3v2 tags at the start, ID3v1, Lyrics3 and APEv2 at the end.
 * Only where they are and whether they count is read here, never their text.
 */
import type { FileWindow } from "./file_window.ts";
import { latin1, syncsafe28 } from "./bytes.ts";

/** Most ID3v2 tags one after another before the audio (real files have one). */
const MAX_ID3V2_TAGS = 16;

/** Where the audio starts after the leading ID3v2 tags. */
export interface LeadingTags {
  /** Offset of the first byte after the last ID3v2 tag (0 without one). */
  end: number;
  /** Was there at least one ID3v2 tag? */
  id3v2: boolean;
}

/**
 * Skips the ID3v2 tags at the start of the file (music-metadata reads each tag's stated size and
 * looks for another tag right after it). Undefined when music-metadata would answer otherwise:
 * fewer than 10 bytes after the tags (it stops there), a size over the rest of the file (an
 * error), an extended header, an unknown version, a size that is not syncsafe, too many tags.
 */
export function leadingTags(src: FileWindow): LeadingTags | undefined {
  let end = 0;
  for (let n = 0;; n++) {
    const h = src.bytes(end, 10);
    if (h.length < 10) return undefined;
    if (latin1(h, 0, 3) !== "ID3") return { end, id3v2: n > 0 };
    if (n === MAX_ID3V2_TAGS) return undefined;
    if (h[3] < 2 || h[3] > 4 || h[5] & 0x40 || (h[6] | h[7] | h[8] | h[9]) & 0x80) return undefined;
    const size = syncsafe28(h, 6);
    if (size > src.size - end - 10) return undefined;
    end += 10 + size;
  }
}

/** ID3v1 genres music-metadata names (an index past them adds no tag). */
const ID3V1_GENRES = 192;

/** Whether the file ends in an APEv2 or Lyrics3 tag, and where its ID3v1 tag is. */
export interface TrailingTags {
  /** An APEv2 or Lyrics3 tag is there: music-metadata reads it (the probes leave such files). */
  other: boolean;
  /** The 128-byte ID3v1 tag, when the file ends in one. */
  id3v1?: Uint8Array;
}

/** Reads the tags at the end of the file as music-metadata looks for them before it parses. */
export function trailingTags(src: FileWindow): TrailingTags {
  const size = src.size;
  let apeEnd = size;
  let id3v1: Uint8Array | undefined;
  if (size >= 128) {
    const tag = src.bytes(size - 128, 128);
    if (latin1(tag, 0, 3) === "TAG") {
      id3v1 = tag.slice();
      apeEnd -= 128;
      if (size >= 143 && latin1(src.bytes(size - 143, 15), 6, 9) === "LYRICS200") {
        return { other: true, id3v1 };
      }
    }
  }
  const other = apeEnd > 32 && latin1(src.bytes(apeEnd - 32, 8), 0, 8) === "APETAGEX";
  return { other, id3v1 };
}

/**
 * Would music-metadata record any field of this ID3v1 tag? A text field counts when it has a
 * character other than white space before its first NUL; the track (ID3v1.1) when not 0; the
 * genre when it names one.
 */
export function id3v1HasFields(tag: Uint8Array): boolean {
  const text = (at: number, length: number) => {
    const s = latin1(tag, at, length);
    const nul = s.indexOf("\0");
    return (nul < 0 ? s : s.slice(0, nul)).trim() !== "";
  };
  const hasTrack = tag[125] === 0 && tag[126] !== 0;
  return text(3, 30) || text(33, 30) || text(63, 30) || text(93, 4) ||
    text(97, hasTrack ? 28 : 30) || hasTrack || tag[127] < ID3V1_GENRES;
}
