/**
 * End to end: the stdio MCP server as a subprocess (the toy entry script until main.ts wires
 * `draftcli mcp`), driven over stdin/stdout the way Claude Code, Cursor or Codex would.
 */
import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
} from "node:assert/strict";
import { StdioClient } from "./support/mcp_client.ts";
import { hermeticEnv } from "./helpers/cli.ts";
import { tempDir } from "./helpers/temp.ts";

const ROOT = new URL("..", import.meta.url).pathname;

async function startServer(): Promise<{ client: StdioClient; dir: string }> {
  const dir = (await tempDir("draftcli-mcp-")).path;
  const client = new StdioClient(
    Deno.execPath(),
    ["run", "--quiet", "--allow-all", "test/support/mcp_toy_server.ts"],
    hermeticEnv({ DRAFTCLI_DRAFTS_DIR: dir, HOME: dir }),
    ROOT,
  );
  return { client, dir };
}

function resultOf(m: Record<string, unknown>): Record<string, unknown> {
  assert(!("error" in m), `unexpected error: ${JSON.stringify(m)}`);
  return m.result as Record<string, unknown>;
}

type ToolResult = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

Deno.test("mcp stdio: 2025-06-18 session creates a draft, reports bad input, exits 0", async () => {
  const { client, dir } = await startServer();
  try {
    const init = resultOf(
      await client.request("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "test", version: "1" },
      }),
    );
    assertEquals(init.protocolVersion, "2025-06-18");
    assertEquals((init.serverInfo as { name: string }).name, "draftcli");
    assert((init.capabilities as { tools?: unknown }).tools);
    await client.notify("notifications/initialized");

    assertEquals(resultOf(await client.request("ping")), {});

    const list = resultOf(await client.request("tools/list", {}));
    const tools = list.tools as { name: string; inputSchema: Record<string, unknown> }[];
    assertEquals(tools.map((t) => t.name).sort(), [
      "boom",
      "draft_create",
      "draft_list",
      "images_add",
    ]);
    for (const t of tools) assertEquals(t.inputSchema.type, "object");
    const add = tools.find((t) => t.name === "images_add")!;
    assertEquals(add.inputSchema.required, ["draftId", "imageInfos"]);

    const created = resultOf(
      await client.request("tools/call", {
        name: "draft_create",
        arguments: { width: 1080, height: 1920, name: "promo" },
      }),
    ) as ToolResult;
    assert(!created.isError);
    const body = JSON.parse(created.content[0].text);
    assertMatch(body.draftId, /^toy-/);
    assertEquals(created.structuredContent, body);
    const onDisk = JSON.parse(await Deno.readTextFile(`${dir}/${body.draftId}/draft.json`));
    assertEquals([onDisk.width, onDisk.height, onDisk.name], [1080, 1920, "promo"]);

    const added = resultOf(
      await client.request("tools/call", {
        name: "images_add",
        arguments: {
          draftId: body.draftId,
          imageInfos: [{ imageUrl: "file:///a.png", start: 0, end: 3_000_000 }],
        },
      }),
    ) as ToolResult;
    assertEquals(JSON.parse(added.content[0].text).segmentIds, ["seg-0"]);

    const bad = resultOf(
      await client.request("tools/call", {
        name: "images_add",
        arguments: { draftId: body.draftId, imageInfos: [{ imageUrl: "x", start: -5, end: 1 }] },
      }),
    ) as ToolResult;
    assertEquals(bad.isError, true);
    const err = JSON.parse(bad.content[0].text).error;
    assertEquals(err.code, "invalid_input");
    assertEquals(err.path, "imageInfos[0].start");
    assert(err.message.length > 0);

    const missing = resultOf(
      await client.request("tools/call", {
        name: "images_add",
        arguments: { draftId: "nope", imageInfos: [{ imageUrl: "x", start: 0, end: 1 }] },
      }),
    ) as ToolResult;
    assertEquals(missing.isError, true);
    assertEquals(JSON.parse(missing.content[0].text).error.code, "draft_not_found");

    const unknown = await client.request("tools/call", { name: "image_add", arguments: {} });
    assertEquals((unknown.error as { code: number }).code, -32602);
    assertMatch((unknown.error as { message: string }).message, /images_add/);

    const hidden = await client.request("tools/call", {
      name: "secret_thing",
      arguments: { level: "low" },
    });
    assertEquals((hidden.error as { code: number }).code, -32602);

    const nope = await client.request("resources/list", {});
    assertEquals((nope.error as { code: number }).code, -32601);

    await client.sendRaw("{this is not json");
    const parseErr = await client.waitFor((m) =>
      (m.error as { code?: number } | undefined)?.code === -32700
    );
    assertEquals(parseErr.id, null);

    // The server is still alive after the malformed line.
    assertEquals(resultOf(await client.request("ping")), {});
  } finally {
    const { code, stderr } = await client.close();
    assertEquals(code, 0, stderr);
    // Only JSON-RPC on stdout.
    for (const line of client.lines) assertEquals(JSON.parse(line).jsonrpc, "2.0");
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcp stdio: 2024-11-05 client gets its version and no structuredContent", async () => {
  const { client, dir } = await startServer();
  try {
    const init = resultOf(
      await client.request("initialize", {
        protocolVersion: "2024-11-05",
        capabilities: {},
        clientInfo: { name: "old", version: "0" },
      }),
    );
    assertEquals(init.protocolVersion, "2024-11-05");
    await client.notify("notifications/initialized");
    const created = resultOf(
      await client.request("tools/call", { name: "draft_create", arguments: {} }),
    ) as ToolResult;
    assertEquals(created.structuredContent, undefined);
    assertMatch(JSON.parse(created.content[0].text).draftId, /^toy-/);
    // The warning the command raised reaches the model as a second text block.
    assertMatch(created.content[1].text, /^warning: /);
    const boom = resultOf(
      await client.request("tools/call", { name: "boom", arguments: {} }),
    ) as ToolResult;
    assertEquals(boom.isError, true);
    assertEquals(JSON.parse(boom.content[0].text).error.code, "internal");
  } finally {
    const { code, stderr } = await client.close();
    assertEquals(code, 0);
    assertMatch(stderr, /kaboom/); // internal errors are logged on stderr, not stdout
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcp stdio: unknown future version falls back to the newest initialize revision", async () => {
  const { client, dir } = await startServer();
  try {
    const init = resultOf(
      await client.request("initialize", { protocolVersion: "2099-01-01", capabilities: {} }),
    );
    assertEquals(init.protocolVersion, "2025-11-25");
  } finally {
    assertEquals((await client.close()).code, 0);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcp stdio: stateless 2026-07-28 discover + call without initialize", async () => {
  const { client, dir } = await startServer();
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "new", version: "2" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  try {
    const disc = resultOf(await client.request("server/discover", { _meta: meta }));
    assertEquals(disc.supportedVersions, ["2026-07-28"]);
    assertEquals(disc.resultType, "complete");
    const list = resultOf(await client.request("tools/list", { _meta: meta }));
    assertEquals(list.resultType, "complete");
    assertEquals(typeof list.ttlMs, "number");
    const created = resultOf(
      await client.request("tools/call", {
        name: "draft_create",
        arguments: { name: "x" },
        _meta: meta,
      }),
    ) as ToolResult & { resultType: string };
    assertEquals(created.resultType, "complete");
    assertMatch(String(created.structuredContent?.draftId), /^toy-/);
    const wrong = await client.request("tools/list", {
      _meta: { ...meta, "io.modelcontextprotocol/protocolVersion": "2031-01-01" },
    });
    assertEquals((wrong.error as { code: number }).code, -32022);
  } finally {
    assertEquals((await client.close()).code, 0);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcp stdio: exits 0 when stdin closes mid-stream without a trailing newline", async () => {
  const { client, dir } = await startServer();
  await client.sendRaw('{"jsonrpc":"2.0","id":7,"method":"ping"}');
  const { code } = await client.close();
  assertEquals(code, 0);
  assertEquals(JSON.parse(client.lines[0]).id, 7);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("mcp stdio: a line over 8 MiB gets an error with a null id and the next line is served", async () => {
  const { client, dir } = await startServer();
  try {
    // A valid request, padded to 20 MB: read as far as the cap, then dropped unparsed.
    const pad = "x".repeat(20 * 1024 * 1024);
    await client.sendRaw(`{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"${pad}"}}`);
    assertEquals(resultOf(await client.request("ping", {}, 30_000)), {});
    const errors = client.lines.map((l) => JSON.parse(l)).filter((m) => "error" in m);
    assertEquals(errors.length, 1);
    assertEquals(errors[0].id, null);
    assertEquals(errors[0].error.code, -32600);
    assertMatch(errors[0].error.message, /over the limit of 8388608 bytes \(8 MiB\)/);
    assert(!client.lines.some((l) => JSON.parse(l).id === "big"), "the long line was answered");
    // Just under the cap is still a message like any other.
    const under = "y".repeat(8 * 1024 * 1024 - 100);
    await client.sendRaw(
      `{"jsonrpc":"2.0","id":"under","method":"ping","params":{"p":"${under}"}}`,
    );
    assertEquals(resultOf(await client.waitFor((m) => m.id === "under", 30_000)), {});
    const { code } = await client.close();
    assertEquals(code, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
