import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createHash } from "node:crypto";
import { sha256Text } from "./files.ts";

Deno.test("sha256Text: the hex digest of the text's UTF-8 bytes", async () => {
  for (const text of ["", "abc", "片段 ✂️"]) {
    assertEquals(await sha256Text(text), createHash("sha256").update(text, "utf8").digest("hex"));
  }
  assertEquals(
    await sha256Text("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});
