/**
 * Bounded positional reads of an open file for the audio probes: the bytes already read (the
 * file's start, or all of it) are served from memory, the rest through one reusable window, so a
 * walk over frame headers costs one read per window, not one per header.
 */
import { readAtSync } from "../files.ts";

/** Bytes read at once past the leading bytes (and the most one `bytes` call may ask for). */
export const WINDOW_BYTES = 64 * 1024;

const EMPTY = new Uint8Array(0);

/** An open file of known size, read in bounded pieces. */
export class FileWindow {
  /** The file's size in bytes (from its stat). */
  readonly size: number;
  #file: Deno.FsFile;
  #head: Uint8Array;
  #buf: Uint8Array = EMPTY;
  #bufAt = 0;

  /** `head`: the file's leading bytes, already read. */
  constructor(file: Deno.FsFile, size: number, head: Uint8Array) {
    this.#file = file;
    this.size = size;
    this.#head = head;
  }

  /**
   * Up to `length` (≤ `WINDOW_BYTES`) bytes at `position`: fewer at the end of the file, none past
   * it. The result may be a view of a buffer the next call reuses.
   */
  bytes(position: number, length: number): Uint8Array {
    if (length > WINDOW_BYTES) throw new RangeError(`read of ${length} bytes over the window`);
    const end = Math.min(this.size, position + length);
    if (position < 0 || position >= end) return EMPTY;
    if (end <= this.#head.length) return this.#head.subarray(position, end);
    const at = this.#bufAt;
    if (position >= at && end <= at + this.#buf.length) {
      return this.#buf.subarray(position - at, end - at);
    }
    this.#buf = readAtSync(this.#file, position, WINDOW_BYTES);
    this.#bufAt = position;
    return this.#buf.subarray(0, Math.min(this.#buf.length, end - position));
  }
}
