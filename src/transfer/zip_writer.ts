/**
 * Streams a zip archive to a file with fflate's `Zip`: entries are added one after the other,
 * their chunks written as soon as fflate emits them, so memory holds one chunk, never a whole
 * file. fflate writes no ZIP64 records, hence the 4 GiB limits below.
 */
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { createHash, type Hash } from "node:crypto";
import { DraftcliError } from "../errors.ts";

/** Largest entry and largest archive without ZIP64 (bytes). */
export const ZIP32_LIMIT = 0xffffffff;

/** Extensions of already-compressed media: stored, not deflated (deflate would only cost time). */
const STORED = new Set([
  ".mp4",
  ".mov",
  ".m4v",
  ".mkv",
  ".webm",
  ".avi",
  ".mp3",
  ".m4a",
  ".aac",
  ".ogg",
  ".opus",
  ".flac",
  ".jpg",
  ".jpeg",
  ".png",
  ".gif",
  ".webp",
  ".heic",
  ".zip",
]);

/** Should an entry with this name be stored rather than deflated? */
export function storeUncompressed(name: string): boolean {
  const dot = name.lastIndexOf(".");
  return dot >= 0 && STORED.has(name.slice(dot).toLowerCase());
}

function tooBig(what: string): DraftcliError {
  return new DraftcliError(
    "invalid_input",
    `${what} is larger than 4 GiB, the limit of draftcli's zip format (no ZIP64)`,
    { hint: "split the project, or move the large media out of it and relink it in the editor" },
  );
}

/** A zip being written to an open file, with its running size and SHA-256. */
export class ZipFileWriter {
  #zip: Zip;
  #out: Deno.FsFile;
  #queue: Uint8Array[] = [];
  #error: Error | undefined;
  #hash: Hash = createHash("sha256");
  #comment: Uint8Array;
  /** Bytes written so far. */
  size = 0;
  /** Number of entries added. */
  entries = 0;

  /** Starts a zip on `out`; `comment` becomes the archive comment. */
  constructor(out: Deno.FsFile, comment = "") {
    this.#out = out;
    this.#comment = new TextEncoder().encode(comment).subarray(0, 0xffff);
    this.#zip = new Zip((err, chunk, final) => {
      if (err) {
        this.#error ??= err;
        return;
      }
      this.#queue.push(final && this.#comment.length ? this.#withComment(chunk) : chunk);
    });
  }

  /** The final chunk ends with the 22-byte end record; give it the archive comment. */
  #withComment(chunk: Uint8Array): Uint8Array {
    const out = new Uint8Array(chunk.length + this.#comment.length);
    out.set(chunk);
    out.set(this.#comment, chunk.length);
    new DataView(out.buffer).setUint16(chunk.length - 2, this.#comment.length, true);
    return out;
  }

  async #drain(): Promise<void> {
    if (this.#error) throw this.#error;
    while (this.#queue.length) {
      const chunk = this.#queue.shift()!;
      this.size += chunk.length;
      if (this.size > ZIP32_LIMIT) throw tooBig("the zip");
      this.#hash.update(chunk);
      let off = 0;
      while (off < chunk.length) off += await this.#out.write(chunk.subarray(off));
    }
  }

  #entry(name: string, mtime?: Date | null): ZipDeflate | ZipPassThrough {
    const e = storeUncompressed(name)
      ? new ZipPassThrough(name)
      : new ZipDeflate(name, { level: 6 });
    e.mtime = mtime ?? new Date();
    e.os = 3;
    e.attrs = (0o100644 << 16) >>> 0;
    this.#zip.add(e);
    this.entries++;
    return e;
  }

  /** Adds an entry from bytes in memory. */
  async addBytes(name: string, data: Uint8Array, mtime?: Date | null): Promise<void> {
    if (data.length > ZIP32_LIMIT) throw tooBig(name);
    this.#entry(name, mtime).push(data, true);
    await this.#drain();
  }

  /** Adds an entry read from a file in chunks; `onBytes` reports progress. */
  async addFile(
    name: string,
    path: string,
    onBytes?: (n: number) => void,
    chunkSize = 1024 * 1024,
    expect?: { dev: number | null; ino: number | null },
  ): Promise<number> {
    const f = await Deno.open(path, { read: true });
    try {
      const st = await f.stat();
      // The file opened must be the one that was vetted (not a link swapped in since).
      if (expect && expect.ino !== null && (st.ino !== expect.ino || st.dev !== expect.dev)) {
        throw new DraftcliError(
          "io_error",
          `${path} changed while the draft was being zipped; nothing was written`,
          { hint: "zip the draft again when nothing else is changing it" },
        );
      }
      if (st.size > ZIP32_LIMIT) throw tooBig(path);
      const e = this.#entry(name, st.mtime);
      let total = 0;
      while (true) {
        const buf = new Uint8Array(chunkSize);
        const n = await f.read(buf);
        if (n === null) break;
        total += n;
        e.push(buf.subarray(0, n), false);
        await this.#drain();
        onBytes?.(n);
      }
      e.push(new Uint8Array(0), true);
      await this.#drain();
      return total;
    } finally {
      f.close();
    }
  }

  /** Writes the central directory; returns the archive's size and hex SHA-256. */
  async finish(): Promise<{ size: number; sha256: string }> {
    this.#zip.end();
    await this.#drain();
    return { size: this.size, sha256: this.#hash.digest("hex") };
  }
}
