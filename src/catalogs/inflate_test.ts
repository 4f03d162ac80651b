import assert from "node:assert/strict";
import { inflateRaw } from "./inflate.ts";

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) {
    crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  }
  return out;
}

const enc = new TextEncoder();

Deno.test("inflateRaw round-trips CompressionStream output", async () => {
  const samples: [string, Uint8Array][] = [
    ["empty", new Uint8Array(0)],
    ["one byte", enc.encode("a")],
    ["short text (fixed Huffman block)", enc.encode("渐显 Fade In 叠化 Mix")],
    ["overlapping matches", enc.encode("ab".repeat(5000) + "x" + "a".repeat(70000))],
    ["random (stored blocks)", randomBytes(200_000)],
    [
      "text larger than the window",
      enc.encode(
        JSON.stringify(Array.from({ length: 20000 }, (_, i) => ({ i, s: `n${i * 7919 % 1000}` }))),
      ),
    ],
  ];
  for (const [label, input] of samples) {
    const out = inflateRaw(await deflateRaw(input));
    assert.equal(out.length, input.length, label);
    assert.equal(out.every((v, i) => v === input[i]), true, label);
  }
});

Deno.test("inflateRaw decodes hand-made fixed-Huffman and stored blocks", () => {
  // zlib's raw stream for "a": one final fixed-Huffman block.
  assert.equal(new TextDecoder().decode(inflateRaw(new Uint8Array([0x4b, 0x04, 0x00]))), "a");
  // BFINAL=1, BTYPE=00, then LEN=3, NLEN=~3, then "abc".
  const stored = new Uint8Array([0x01, 0x03, 0x00, 0xfc, 0xff, 0x61, 0x62, 0x63]);
  assert.equal(new TextDecoder().decode(inflateRaw(stored, 1)), "abc");
});

Deno.test("inflateRaw rejects corrupt and truncated streams", async () => {
  assert.throws(() => inflateRaw(new Uint8Array([0x07])), /reserved block type/);
  assert.throws(
    () => inflateRaw(new Uint8Array([0x01, 0x03, 0x00, 0xfc, 0xfe, 0x61, 0x62, 0x63])),
    /stored length mismatch/,
  );
  assert.throws(
    () => inflateRaw(new Uint8Array([0x01, 0x03, 0x00, 0xfc, 0xff, 0x61])),
    /unexpected end/,
  );
  const good = await deflateRaw(enc.encode("hello hello hello hello, catalogs ".repeat(200)));
  assert.throws(() => inflateRaw(good.subarray(0, good.length >> 1)), /inflate:/);
  assert.throws(() => inflateRaw(new Uint8Array(0)), /unexpected end/);
});
