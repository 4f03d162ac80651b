import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseDecimal } from "./decimal.ts";

Deno.test("parseDecimal takes plain decimals only", () => {
  for (
    const [t, n] of [["12", 12], ["-0.5", -0.5], ["+3", 3], [".5", 0.5], ["5.", 5], ["1e6", 1e6], [
      "1E-3",
      0.001,
    ], ["0", 0]] as const
  ) {
    assertEquals(parseDecimal(t), n, t);
  }
  for (
    const t of [
      "",
      " ",
      " 5",
      "5 ",
      "0x10",
      "0b1",
      "0o7",
      "1_000",
      "NaN",
      "Infinity",
      "-Infinity",
      "1e999",
      "5px",
      "١٢",
      "1,5",
      "--1",
      "e5",
      ".",
    ]
  ) {
    assertEquals(parseDecimal(t), undefined, t);
  }
});
