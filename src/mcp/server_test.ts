import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { z } from "zod";
import { defineCommand } from "../commands/spec.ts";
import { McpSession, serveMcp, SERVER_INSTRUCTIONS } from "./server.ts";
import { PATH_RULE } from "../text/path_rule.ts";
import { toyContext, toySpecs } from "../../test/support/toy_specs.ts";

const ctx = () => toyContext("/nonexistent");

Deno.test("session: batch answers each request and skips notifications", async () => {
  const s = new McpSession(toySpecs, ctx);
  const out = await s.handle([
    { jsonrpc: "2.0", id: 1, method: "ping" },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "nope" },
  ]) as Record<string, unknown>[];
  assertEquals(out.length, 2);
  assertEquals(out[0], { jsonrpc: "2.0", id: 1, result: {} });
  assertEquals((out[1].error as { code: number }).code, -32601);
  const empty = await s.handle([]) as Record<string, unknown>;
  assertEquals((empty.error as { code: number }).code, -32600);
  assertEquals(await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled" }), null);
});

Deno.test("session: invalid request gets -32600 echoing a readable id", async () => {
  const s = new McpSession(toySpecs, ctx);
  const out = await s.handle({ id: 9, method: "ping" }) as Record<string, unknown>;
  assertEquals(out.id, 9);
  assertEquals((out.error as { code: number }).code, -32600);
  const noName = await s.handle({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }) as {
    error: { code: number };
  };
  assertEquals(noName.error.code, -32602);
});

Deno.test("session: tools/list annotations give what differs from MCP's defaults; additive is not destructive; mcp:false is hidden", async () => {
  const s = new McpSession(toySpecs, ctx);
  const out = await s.handle({ jsonrpc: "2.0", id: 1, method: "tools/list" }) as {
    result: { tools: { name: string; annotations: Record<string, boolean> }[] };
  };
  const byName = Object.fromEntries(out.result.tools.map((t) => [t.name, t.annotations]));
  // MCP's defaults: readOnlyHint false, destructiveHint true, idempotentHint false,
  // openWorldHint true; a read-only tool's other two hints are meaningless.
  assertEquals(byName.draft_create, { destructiveHint: false, openWorldHint: false });
  assertEquals(byName.draft_list, { readOnlyHint: true, openWorldHint: false });
  assert(!("secret_thing" in byName));
});

Deno.test("session: tool calls run one at a time, in arrival order", async () => {
  const events: string[] = [];
  const slow = defineCommand({
    name: ["slow"],
    summary: "sleeps",
    input: z.object({ tag: z.string(), ms: z.number() }),
    async run(input) {
      events.push(`start ${input.tag}`);
      await new Promise((r) => setTimeout(r, input.ms));
      events.push(`end ${input.tag}`);
      return { tag: input.tag };
    },
  });
  const s = new McpSession([slow], ctx);
  const call = (id: number, tag: string, ms: number) =>
    s.handle({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "slow", arguments: { tag, ms } },
    });
  await Promise.all([
    call(1, "a", 30),
    call(2, "b", 1),
    s.handle({ jsonrpc: "2.0", id: 3, method: "ping" }),
  ]);
  assertEquals(events, ["start a", "end a", "start b", "end b"]);
});

Deno.test("serveMcp: stops cleanly when the client's stdout goes away", async () => {
  const enc = new TextEncoder();
  const logs: string[] = [];
  const input = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(enc.encode('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'));
      c.enqueue(enc.encode('{"jsonrpc":"2.0","id":2,"method":"ping"}\n'));
      c.close();
    },
  });
  await serveMcp(toySpecs, ctx, {
    input,
    write: () => Promise.reject(new Error("broken pipe")),
    log: (m) => void logs.push(m),
  });
  assertEquals(logs.length, 1);
  assert(logs[0].includes("broken pipe"));
});

Deno.test("server instructions state the one path rule and where a tool's detail is", () => {
  assert(SERVER_INSTRUCTIONS.includes(PATH_RULE));
  assert(!/absolute file:\/\/ URLs/.test(SERVER_INSTRUCTIONS));
  assert(SERVER_INSTRUCTIONS.includes('docs {"topic":"<tool name>"}'));
});
