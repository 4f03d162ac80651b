import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { loadCrc32 } from "./crc32.ts";

Deno.test("crc32: the check value, incremental updates, empty input", async () => {
  const crc32 = await loadCrc32();
  const digits = new TextEncoder().encode("123456789");
  assertEquals(crc32(digits), 0xcbf43926);
  assertEquals(crc32(digits.subarray(4), crc32(digits.subarray(0, 4))), 0xcbf43926);
  assertEquals(crc32(new Uint8Array(0)), 0);
  assertEquals(crc32(new Uint8Array([0xff, 0xff, 0xff, 0xff])), 0xffffffff);
});
