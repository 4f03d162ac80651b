/**
 * `draftcli mcp` driven by the official MCP TypeScript SDK client (test-only dependency): the
 * SDK's own initialize handshake, tools/list (annotations, its size, the build tool's spec
 * schema), one call of every tool, and the error cases (unknown tool, bad arguments): every
 * error result carries `structuredContent: {error}`.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { cliCommand, fileUrl, fixture, tempWorld } from "./helpers/cli.ts";

type Json = Record<string, unknown>;

/** What this test reads of a listed tool. */
interface ToolInfo {
  name: string;
  inputSchema: { type: string; properties?: Json };
  description?: string;
  annotations?: Record<string, boolean>;
}

/** Arguments that make a call succeed, for the tools where that is cheap. */
function goodArgs(name: string, draftId: string): Json | undefined {
  const png = fileUrl(fixture("image.png"));
  const mp3 = fileUrl(fixture("audio.mp3"));
  const table: Record<string, Json> = {
    draft_info: { draftId },
    draft_list: {},
    draft_validate: { draftId },
    images_add: { draftId, imageInfos: [{ imageUrl: png, start: 0, end: 1_000_000 }] },
    images_list: { draftId },
    audios_add: { draftId, audioInfos: [{ audioUrl: mp3, start: 0, end: 500_000 }] },
    captions_add: { draftId, captions: [{ text: "hi", start: 0, end: 1_000_000 }] },
    captions_list: { draftId },
    editors: {},
    config_show: {},
    query_fonts: {},
    // build takes its spec as an object (its schema is in the tool's inputSchema).
    build: {
      spec: { draft: { name: "sdk build" }, captions: [{ text: "hi", start: 0, end: 1_000_000 }] },
    },
  };
  return table[name];
}

Deno.test("mcp: a session driven by the official SDK client", async () => {
  const w = await tempWorld();
  const { cmd, args } = cliCommand();
  const transport = new StdioClientTransport({
    command: cmd,
    args: [...args, "mcp"],
    env: w.env,
    cwd: w.root,
    stderr: "pipe",
  });
  const client = new Client({ name: "draftcli-sdk-test", version: "1.0.0" });
  try {
    await client.connect(transport);
    assertEquals(client.getServerVersion()?.name, "draftcli");
    assert(client.getServerCapabilities()?.tools, "tools capability");

    const { tools } = (await client.listTools()) as unknown as { tools: ToolInfo[] };
    // tools/list is read whole into the model's context on every conversation: ≤ 32 KB.
    const listBytes = new TextEncoder().encode(JSON.stringify({ tools })).length;
    assert(listBytes <= 32 * 1024, `tools/list is ${listBytes} bytes`);
    console.log(`tools/list: ${tools.length} tools, ${listBytes} bytes`);
    const names = tools.map((t) => t.name);
    assert(names.includes("images_add") && names.includes("draft_list"), names.join(","));
    for (const t of tools) {
      const a = t.annotations ?? {};
      // What differs from MCP's defaults is explicit: read-only, not destructive, closed-world.
      assertEquals(typeof a.openWorldHint, "boolean", `${t.name}.openWorldHint`);
      assert(a.readOnlyHint === true || typeof a.destructiveHint === "boolean", t.name);
      assertEquals(t.inputSchema.type, "object");
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    assertEquals(byName.get("images_add")!.annotations!.destructiveHint, false, "additive");
    assertEquals(byName.get("images_add")!.annotations!.openWorldHint, true, "takes URLs");
    assertEquals(byName.get("draft_delete")!.annotations!.destructiveHint, true);
    // build takes its spec as an object, whose schema the tool shows.
    const spec = byName.get("build")!.inputSchema.properties!.spec as { properties?: Json };
    for (const k of ["images", "captions", "keyframes", "transitions"]) {
      assert(spec.properties && k in spec.properties, `build spec schema has ${k}`);
    }
    // One-line descriptions; the detail is one docs call away, under the tool's name.
    assert(/docs \{"topic":"<tool name>"\}/.test(byName.get("docs")!.description ?? ""));
    for (const t of tools) {
      assert((t.description ?? "").length <= 200 && !/\n/.test(t.description ?? ""), t.name);
      if (!["build", "images_add", "query_filters"].includes(t.name)) continue;
      const docs = await client.callTool({ name: "docs", arguments: { topic: t.name } });
      const page = (docs.content as { text: string }[])[0].text;
      assert(!docs.isError && page.includes(t.description!), page);
    }

    const created = await client.callTool({ name: "draft_create", arguments: { name: "sdk" } });
    assert(!created.isError, JSON.stringify(created));
    const draftId = (created.structuredContent as Json).draftId as string;
    assert(draftId);

    // Every tool once: a real success where cheap, else whatever answer it gives — a result,
    // never a protocol error, and an error result is one JSON error with MCP-worded hints.
    const outcomes: Record<string, "ok" | "error"> = { draft_create: "ok" };
    for (const t of tools) {
      if (t.name === "draft_create") continue;
      const good = goodArgs(t.name, draftId);
      const argsFor = good ??
        (t.name === "draft_delete"
          ? { draftId: "00000000-0000-4000-8000-000000000000", yes: true }
          : "draftId" in (t.inputSchema.properties ?? {})
          ? { draftId }
          : {});
      const r = await client.callTool({ name: t.name, arguments: argsFor });
      const text = (r.content as { type: string; text: string }[])[0].text;
      if (r.isError) {
        const body = JSON.parse(text) as {
          error: { code: string; message: string; hint?: string };
        };
        assert(body.error.code && body.error.message, `${t.name}: ${text}`);
        assertEquals((r.structuredContent as Json)?.error, body.error, `${t.name}: structured`);
        assert(!/--[a-z]|--help/.test(body.error.hint ?? ""), `${t.name} hint: ${body.error.hint}`);
        assert(good === undefined, `${t.name} should have worked: ${text}`);
        outcomes[t.name] = "error";
      } else {
        outcomes[t.name] = "ok";
        if (t.name === "docs") {
          assert(
            text.startsWith("# draftcli"),
            `docs answers with the manual: ${text.slice(0, 80)}`,
          );
        } else if (Array.isArray(JSON.parse(text))) {
          assert(Array.isArray((r.structuredContent as Json)?.items), `${t.name}: {items}`);
        }
      }
    }
    assertEquals(Object.keys(outcomes).length, tools.length, "every tool called");
    const oks = Object.values(outcomes).filter((o) => o === "ok").length;
    assert(oks >= 12, `successful calls: ${oks}`);
    console.log(`SDK session: ${tools.length} tools called, ${oks} ok, rest error results`);

    // The draft holds what the calls added.
    const listed = await client.callTool({ name: "images_list", arguments: { draftId } });
    assertEquals(((listed.structuredContent as Json).items as unknown[]).length, 1);

    // Error cases: an unknown tool is a protocol error; bad arguments an error result.
    await client.callTool({ name: "images_ad", arguments: {} }).then(
      () => assert(false, "unknown tool accepted"),
      (e: Error) => assert(/Unknown tool: images_ad.*images_add/.test(e.message), e.message),
    );
    const bad = await client.callTool({
      name: "images_add",
      arguments: { draftId, imageInfos: "nope" },
    });
    assert(bad.isError);
    const err = JSON.parse((bad.content as { text: string }[])[0].text).error;
    assertEquals((bad.structuredContent as Json).error, err);
    assertEquals(err.code, "invalid_input");
    assert(/imageInfos/.test(err.path ?? err.message), JSON.stringify(err));
  } finally {
    await client.close();
    await w.cleanup();
  }
});
