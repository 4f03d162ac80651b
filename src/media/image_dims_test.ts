import fc from "fast-check";
import { imageSize } from "image-size";
import { assertEquals, assertTrue, FIXTURES } from "../../test/helpers/media_testing.ts";
import { imageDims } from "./image_dims.ts";

/** What image-size makes of the bytes: its size and orientation, or "error". */
function libraryDims(bytes: Uint8Array): unknown {
  try {
    const { width, height, orientation } = imageSize(bytes);
    return orientation ? { width, height, orientation } : { width, height };
  } catch {
    return "error";
  }
}

/** Checks that imageDims either declines or answers exactly what image-size answers. */
function agrees(bytes: Uint8Array, ext: string): boolean {
  const own = imageDims(bytes, ext);
  if (own === undefined) return false;
  const { width, height, orientation } = own;
  const normal = orientation ? { width, height, orientation } : { width, height };
  assertEquals(normal, libraryDims(bytes) as typeof normal, `${ext}: ${[...bytes.slice(0, 64)]}`);
  return true;
}

const hex = (h: string) => h.split(" ").map((b) => parseInt(b, 16));
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u16 = (n: number, big: boolean) => big ? [n >> 8, n & 255] : [n & 255, n >> 8];
const u32 = (n: number, big: boolean) =>
  big ? [...u16(n >>> 16, true), ...u16(n & 0xffff, true)] : [
    ...u16(n & 0xffff, false),
    ...u16(n >>> 16, false),
  ];

/** A JPEG segment: marker and its length-prefixed data. */
const segment = (marker: number, data: number[]) => [
  0xff,
  marker,
  ...u16(data.length + 2, true),
  ...data,
];

/** An EXIF APP1 block with directory entries `[tag, format, count, value]`. */
function exif(big: boolean, entries: number[][], declared = entries.length): number[] {
  const body = [...ascii("Exif\0\0"), ...ascii(big ? "MM" : "II"), ...u16(42, big)];
  body.push(...u32(8, big), ...u16(declared, big));
  for (const [tag, format, count, value] of entries) {
    body.push(...u16(tag, big), ...u16(format, big), ...u32(count, big), ...u16(value, big), 0, 0);
  }
  return segment(0xe1, [...body, 0, 0, 0, 0]);
}

/** A JPEG header: SOI, the segments, then a frame header of `sof` for w×h. */
function jpeg(segments: number[][], sof: number, w: number, h: number): Uint8Array {
  const frame = segment(sof, [8, ...u16(h, true), ...u16(w, true), 3, 1, 0x22, 0]);
  return Uint8Array.from([0xff, 0xd8, ...segments.flat(), ...frame, 0xff, 0xd9]);
}

Deno.test("imageDims answers image-size's size for the JPEG, WebP and BMP fixtures", async () => {
  for (const [file, ext] of [["image.jpg", "jpg"], ["image.webp", "webp"], ["image.bmp", "bmp"]]) {
    const bytes = await Deno.readFile(FIXTURES + file);
    assertTrue(agrees(bytes, ext), `${file} is read without image-size`);
    assertTrue(agrees(bytes.subarray(0, 4096), ext), `${file}: from its sniffed bytes`);
  }
});

Deno.test("imageDims reads JPEG EXIF orientation as image-size does (either byte order)", () => {
  const app0 = segment(0xe0, [...ascii("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  for (const big of [true, false]) {
    for (let o = 0; o <= 9; o++) {
      const b = jpeg([app0, exif(big, [[0x100, 3, 1, 7], [274, 3, 1, o]])], 0xc0, 640, 480);
      assertTrue(agrees(b, "jpg"));
      assertEquals(imageDims(b, "jpg")?.orientation, o || undefined);
    }
    // Not a SHORT, or not one value: no orientation (image-size's rule).
    assertTrue(agrees(jpeg([exif(big, [[274, 4, 1, 6]])], 0xc0, 10, 20), "jpg"));
    assertTrue(agrees(jpeg([exif(big, [[274, 3, 2, 6]])], 0xc2, 10, 20), "jpg"));
    // A later EXIF block replaces an earlier one's orientation.
    assertTrue(agrees(jpeg([exif(big, [[274, 3, 1, 6]]), exif(big, [])], 0xc1, 10, 20), "jpg"));
  }
});

Deno.test("imageDims declines what image-size refuses or reads oddly (it then answers)", () => {
  const app0 = segment(0xe0, ascii("JFIF\0"));
  const cases: [Uint8Array, string][] = [
    [jpeg([app0], 0xc3, 10, 20), "a lossless SOF3, which image-size does not read"],
    [jpeg([app0], 0xc0, 10, 20).subarray(0, 12), "cut inside the frame header"],
    [Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 0xff, 0xc0]), "a segment length under 2"],
    [Uint8Array.from([...jpeg([app0], 0xc0, 1, 1)].toSpliced(11, 0, 0)), "a stray byte"],
    [jpeg([exif(true, [[0x100, 3, 1, 7]], 3)], 0xc0, 10, 20), "entries past the block"],
  ];
  for (const [bytes, what] of cases) assertEquals(imageDims(bytes, "jpg"), undefined, what);
  const webp = (chunk: string, data: number[]) =>
    Uint8Array.from([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP" + chunk), 0, 0, 0, 0, ...data]);
  assertEquals(imageDims(webp("VP8X", [0x01, ...Array(9).fill(0)]), "webp"), undefined);
  assertEquals(imageDims(webp("ALPH", Array(10).fill(0)), "webp"), undefined);
  assertEquals(imageDims(webp("VP8 ", [0x2f, ...Array(9).fill(0)]), "webp"), undefined);
  assertEquals(imageDims(webp("VP8L", hex("2f 00 00 9d 01 2a 00 00 00 00")), "webp"), undefined);
  assertEquals(imageDims(webp("VP8 ", [0]), "webp"), undefined, "cut short");
  assertEquals(imageDims(Uint8Array.of(0x42, 0x4d, 1), "bmp"), undefined, "cut short");
});

Deno.test("imageDims equals image-size on generated and damaged headers, or declines", () => {
  const answered = { jpg: 0, webp: 0, bmp: 0 };
  const segments = fc.array(
    fc.oneof(
      fc.tuple(fc.integer({ min: 0xe0, max: 0xef }), fc.array(fc.nat(255), { maxLength: 40 }))
        .map(([m, data]) => segment(m, data)),
      fc.tuple(
        fc.boolean(),
        fc.array(
          fc.tuple(
            fc.constantFrom(274, 0x100, 0x8769),
            fc.constantFrom(3, 4),
            fc.constantFrom(1, 2),
            fc.nat(9),
          ),
          { maxLength: 4 },
        ),
      ).map(([big, entries]) => exif(big, entries)),
    ),
    { maxLength: 4 },
  );
  const damage = fc.option(fc.tuple(fc.nat(), fc.nat(255)), { nil: undefined, freq: 2 });
  fc.assert(
    fc.property(
      segments,
      fc.integer({ min: 0xc0, max: 0xc4 }),
      fc.nat(65535),
      fc.nat(65535),
      damage,
      fc.option(fc.nat(), { nil: undefined, freq: 2 }),
      (segs, sof, w, h, flip, cut) => {
        let bytes = jpeg(segs, sof, w, h);
        if (flip) bytes[flip[0] % bytes.length] = flip[1];
        if (cut !== undefined) bytes = bytes.subarray(0, cut % (bytes.length + 1));
        if (agrees(bytes, "jpg")) answered.jpg++;
      },
    ),
    { numRuns: 3000 },
  );
  fc.assert(
    fc.property(
      fc.constantFrom("VP8X", "VP8 ", "VP8L", "ALPH"),
      fc.array(fc.nat(255), { minLength: 10, maxLength: 10 }),
      fc.nat(40),
      (chunk, data, cut) => {
        const b = Uint8Array.from([
          ...ascii("RIFF"),
          0,
          0,
          0,
          0,
          ...ascii("WEBP" + chunk),
          0,
          0,
          0,
          0,
          ...data,
        ]);
        if (agrees(b.subarray(0, cut), "webp")) answered.webp++;
      },
    ),
    { numRuns: 1000 },
  );
  fc.assert(
    fc.property(fc.array(fc.nat(255), { minLength: 24, maxLength: 30 }), (data) => {
      if (agrees(Uint8Array.from([...ascii("BM"), ...data]), "bmp")) answered.bmp++;
    }),
    { numRuns: 300 },
  );
  // Most generated headers are read here, not only declined.
  // Most well-formed headers are read here, not declined (seeds vary: about half these counts).
  assertTrue(
    answered.jpg > 400 && answered.webp > 60 && answered.bmp === 300,
    JSON.stringify(answered),
  );
});
