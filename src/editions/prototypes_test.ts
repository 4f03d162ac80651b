import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { copier } from "./prototypes.ts";
import type { Json } from "./profiles.ts";

Deno.test("copier: fresh deep copies equal to the value, parsed first, then from the compiled text", () => {
  const value: Json = {
    "7": "an integer-like key",
    id: "A",
    n: 1.5,
    big: 12345678901234567890,
    list: [{ x: 0 }, null, true, 'quote " backslash \\ line\u2028end'],
    nested: { deep: { z: [] } },
  };
  const copy = copier(value);
  const made: Json[] = [];
  for (let i = 0; i < 100; i++) made.push(copy()); // past the copies it parses
  for (const m of made) {
    assertEquals(m, value);
    assertEquals(JSON.stringify(m), JSON.stringify(value)); // same key order
  }
  assert(new Set(made).size === made.length && made.every((m) => m !== value));
  // Deep: no two copies share a member.
  (made[0].nested as Json).deep = "changed";
  assertEquals(made[99].nested, { deep: { z: [] } });
  assert(made[98].list !== made[99].list);
});

Deno.test("copier: a __proto__ key stays an own member of every copy", () => {
  const value = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Json;
  const copy = copier(value);
  for (let i = 0; i < 40; i++) {
    const m = copy();
    assertEquals(Object.keys(m), ["__proto__", "a"]);
    assertEquals(Object.getPrototypeOf(m), Object.prototype);
  }
});
