import { imageSize } from "image-size";
import { assertEquals } from "../../test/helpers/media_testing.ts";
import { FIXTURES } from "../../test/helpers/media_testing.ts";
import { claimingPng } from "../../test/helpers/hostile_media.ts";
import { pngSize } from "./png.ts";

/** What image-size makes of the same bytes: its size, or its error's class and message. */
function imageSizeOf(bytes: Uint8Array): unknown {
  try {
    const { width, height } = imageSize(bytes);
    return { width, height };
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
}

function pngSizeOf(bytes: Uint8Array): unknown {
  try {
    return pngSize(bytes);
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
}

Deno.test("pngSize reads what image-size reads: IHDR, Apple's CgBI, no header", async () => {
  const fixture = await Deno.readFile(FIXTURES + "image.png");
  const big = claimingPng(4000, 3000, 20_000);
  // Apple's "fried" PNG: a CgBI chunk (4 bytes of data) before IHDR.
  const cgbi = Uint8Array.of(
    ...big.subarray(0, 8),
    0,
    0,
    0,
    4,
    ...[..."CgBI"].map((c) => c.charCodeAt(0)),
    0x50,
    0,
    0x20,
    0x06,
    1,
    2,
    3,
    4,
    ...big.subarray(8),
  );
  const noHeader = Uint8Array.of(
    ...big.subarray(0, 12),
    ...[..."IDAT"].map((c) => c.charCodeAt(0)),
  );
  for (
    const [name, bytes, want] of [
      ["fixture", fixture, { width: 64, height: 48 }],
      ["4000×3000", big, { width: 4000, height: 3000 }],
      ["CgBI", cgbi, { width: 4000, height: 3000 }],
      ["signature only", big.subarray(0, 12), "TypeError: Invalid PNG"],
      ["no IHDR first", noHeader, "TypeError: Invalid PNG"],
    ] as const
  ) {
    assertEquals(pngSizeOf(bytes), want, name);
    assertEquals(imageSizeOf(bytes), want, `${name} (image-size)`);
  }
  // Bytes that end inside the size: no size (image-size reads past the view into the zeroed
  // rest of a read buffer, which gives the same).
  const cut = new Uint8Array(4096);
  cut.set(big.subarray(0, 22));
  assertEquals(pngSize(cut.subarray(0, 22)), { width: 4000, height: 0 });
  assertEquals(imageSizeOf(cut.subarray(0, 22)), { width: 4000, height: 0 });
});
