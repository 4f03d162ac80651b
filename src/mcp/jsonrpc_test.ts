import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { classify, frame, readLines } from "./jsonrpc.ts";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
}

Deno.test("readLines splits across chunk borders, strips CR, keeps a last unterminated line", async () => {
  const lines: unknown[] = [];
  // "é" is split between two chunks at the byte level below.
  const bytes = new TextEncoder().encode('{"a":"é"}\r\n{"b":1}\n\n{"c"');
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes.slice(0, 8));
      c.enqueue(bytes.slice(8, 14));
      c.enqueue(bytes.slice(14));
      c.close();
    },
  });
  for await (const l of readLines(stream)) lines.push(l);
  assertEquals(lines, ['{"a":"é"}', '{"b":1}', "", '{"c"']);
  const more: unknown[] = [];
  for await (const l of readLines(streamOf(["x\n", "y\n"]))) more.push(l);
  assertEquals(more, ["x", "y"]);
});

Deno.test("classify tells requests, notifications, responses and invalid messages apart", () => {
  assertEquals(classify({ jsonrpc: "2.0", id: 1, method: "ping" }).kind, "request");
  assertEquals(classify({ jsonrpc: "2.0", method: "x" }).kind, "notification");
  assertEquals(classify({ jsonrpc: "2.0", id: 3, result: {} }).kind, "response");
  assertEquals(classify({ id: 4, method: "ping" }), {
    kind: "invalid",
    id: 4,
    reason: 'missing "jsonrpc": "2.0"',
  });
  assertEquals(classify({ jsonrpc: "2.0", id: { x: 1 }, method: "ping" }).kind, "invalid");
  assertEquals(classify(42).kind, "invalid");
});

Deno.test("frame emits exactly one line even for strings with newlines", () => {
  const line = frame({ text: "a\nb" });
  assertEquals(line.indexOf("\n"), line.length - 1);
});

Deno.test("readLines drops a line over the cap, reports its length and reads on", async () => {
  const got: unknown[] = [];
  // The long line spans chunks on both sides of the cap; the next line shares its last chunk.
  const stream = streamOf(["ok\n0123", "456789", "abc\nnext\r\n", "0123456789"]);
  for await (const l of readLines(stream, 9)) got.push(l);
  assertEquals(got, ["ok", { overlong: true, bytes: 13 }, "next", { overlong: true, bytes: 10 }]);
  const exact: unknown[] = [];
  for await (const l of readLines(streamOf(["012345678\n"]), 9)) exact.push(l);
  assertEquals(exact, ["012345678"]);
});
