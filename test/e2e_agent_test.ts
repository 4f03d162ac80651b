/** The real `draftcli mcp` and the generated skill text against the full command registry. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { StdioClient } from "./support/mcp_client.ts";
import { cliCommand, fileUrl, fixture, runCli, tempWorld } from "./helpers/cli.ts";
import { loadAllSpecs } from "../src/commands/registry.ts";
import { checkRecipes } from "../src/setup/recipes.ts";
import { toolName } from "../src/mcp/tools.ts";

const COMMANDS = await loadAllSpecs();

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("every recipe in the skill text names real commands and fields", () => {
  assertEquals(checkRecipes(COMMANDS), []);
});

Deno.test("draftcli mcp: tools for every command, a draft built through tools/call", async () => {
  const w = await tempWorld();
  const { cmd, args } = cliCommand();
  const client = new StdioClient(cmd, [...args, "mcp"], w.env);
  try {
    const init = await client.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "0" },
    });
    assertEquals((init.result as Json).protocolVersion, "2025-06-18");
    await client.notify("notifications/initialized");
    const list = await client.request("tools/list", {});
    const tools = (list.result as Json).tools as Json[];
    const names = new Set(tools.map((t) => t.name));
    for (const spec of COMMANDS.filter((s) => s.mcp !== false)) {
      assert(names.has(toolName(spec)), `tool ${toolName(spec)}`);
    }
    assert(tools.every((t) => t.inputSchema?.type === "object"));

    const created = await client.request("tools/call", {
      name: "draft_create",
      arguments: { name: "via mcp" },
    });
    const draft = (created.result as Json).structuredContent ??
      JSON.parse((created.result as Json).content[0].text);
    assert(draft.draftId, JSON.stringify(created));
    const added = await client.request("tools/call", {
      name: "images_add",
      arguments: {
        draftId: draft.draftId,
        imageInfos: [{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }],
      },
    });
    assert(!(added.result as Json).isError, JSON.stringify(added));
    const bad = await client.request("tools/call", {
      name: "captions_add",
      arguments: { draftId: draft.draftId, captions: [{ text: "x", start: 5, end: 1 }] },
    });
    assert((bad.result as Json).isError);
    assert(JSON.stringify(bad.result).includes("invalid_input"));
    const closed = await client.close();
    assertEquals(closed.code, 0, closed.stderr);
    // the draft made through MCP is a normal draft for the CLI
    const info = await runCli(["images", "list", draft.draftId], { env: w.env });
    assertEquals((info.json as Json[]).length, 1);
  } finally {
    await w.cleanup();
  }
});
