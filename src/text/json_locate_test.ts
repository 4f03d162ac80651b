import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { jsonErrorOffset, lineColumn } from "./json_locate.ts";

Deno.test("valid JSON has no error offset", () => {
  for (const t of ['{"a":[1,-2.5e3,true,false,null,"x\\u00e9"]}', "[]", " 3 ", '"s"']) {
    assertEquals(jsonErrorOffset(t), -1, t);
  }
});

Deno.test("the first invalid character is located", () => {
  assertEquals(jsonErrorOffset('[{"imageUrl": }]'), 14);
  assertEquals(jsonErrorOffset("[1,2,]"), 5);
  assertEquals(jsonErrorOffset('{"a":1 "b":2}'), 7);
  assertEquals(jsonErrorOffset("[tru]"), 4);
  assertEquals(jsonErrorOffset("[1]x"), 3);
  assertEquals(jsonErrorOffset('["abc'), 5);
  assertEquals(jsonErrorOffset("{'a':1}"), 1);
  assertEquals(jsonErrorOffset(""), 0);
});

Deno.test("line and column are 1-based", () => {
  assertEquals(lineColumn("ab\ncd", 4), { line: 2, column: 2 });
  assertEquals(lineColumn("abc", 0), { line: 1, column: 1 });
});

Deno.test("deep nesting is located without exhausting the call stack", () => {
  const depth = 200_000;
  assertEquals(jsonErrorOffset("[".repeat(depth) + "]".repeat(depth)), -1);
  assertEquals(jsonErrorOffset("[".repeat(depth) + "]".repeat(depth - 1)), 2 * depth - 1);
  const objects = '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
  assertEquals(jsonErrorOffset(objects), -1);
  assertEquals(jsonErrorOffset(objects + "x"), objects.length);
  assertEquals(jsonErrorOffset('{"a":[{"b":[1,2,{"c":{}}]},[]],"d":"e"}'), -1);
  assertEquals(jsonErrorOffset('{"a":[{"b":[1,2,{"c":{}}]],"d":"e"}'), 25);
  assertEquals(jsonErrorOffset('{"a" 1}'), 5);
  assertEquals(jsonErrorOffset('{"a":1,}'), 7);
});

Deno.test("many numbers are scanned in linear time", () => {
  const text = "[" + "12345,".repeat(300_000) + "]";
  assertEquals(jsonErrorOffset(text), text.length - 1);
});
