/** Test helper: the bytes a commit's writer makes of a save's pieces. */
import type { Piece } from "../../src/draft/verbatim.ts";

/** What `writtenPieces` made: the bytes, and how many of the pieces were bytes. */
export interface WrittenPieces {
  bytes: Uint8Array;
  byteParts: number;
}

/**
 * The bytes `pieces` make, their marks told the offsets as a commit's writer tells them. A piece
 * of bytes is copied as it comes: its buffer may be reused for the next piece.
 */
export function writtenPieces(pieces: Iterable<Piece>): WrittenPieces {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let at = 0;
  let byteParts = 0;
  for (const p of pieces) {
    if (typeof p === "function") {
      p(at);
      continue;
    }
    const bytes = typeof p === "string" ? encoder.encode(p) : p.slice();
    if (typeof p !== "string") byteParts++;
    parts.push(bytes);
    at += bytes.length;
  }
  const bytes = new Uint8Array(at);
  let k = 0;
  for (const b of parts) {
    bytes.set(b, k);
    k += b.length;
  }
  return { bytes, byteParts };
}
