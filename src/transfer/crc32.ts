/**
 * CRC-32 (the zip checksum) from the runtime's zlib: measured 21× faster than a table-driven
 * loop in JS (8.2 GB/s vs 385 MB/s on 64 MiB; such a loop spends ~5 s on a 2 GiB import). The
 * module `node:zlib` costs ~20 ms to load, so it is loaded on first use, not at start-up.
 */

/** Continues a CRC-32 over `data` (start with 0); returns the new unsigned value. */
export type Crc32 = (data: Uint8Array, previous?: number) => number;

let loaded: Promise<Crc32> | undefined;

/** The CRC-32 function (loads node:zlib once). */
export function loadCrc32(): Promise<Crc32> {
  return loaded ??= import("node:zlib").then(({ crc32 }) => (data: Uint8Array, previous = 0) =>
    crc32(data, previous) >>> 0
  );
}
