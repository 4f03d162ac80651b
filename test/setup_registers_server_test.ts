/**
 * `setup --mcp` registers a command that really starts the server: the binary when compiled,
 * `draftcli` when one is on PATH, else the exact `deno run … main.ts` of this checkout.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { isAbsolute } from "node:path";
import { selfCommand } from "../src/setup/self_command.ts";
import { hermeticEnv, tempWorld } from "./helpers/cli.ts";
import { mcpInitialize } from "./helpers/scripts.ts";

Deno.test("selfCommand: compiled binary, draftcli on PATH, or this checkout's main.ts", () => {
  assertEquals(selfCommand("/opt/draftcli/draftcli"), ["/opt/draftcli/draftcli"]);
  assertEquals(selfCommand("/usr/bin/deno", "/usr/local/bin/draftcli"), ["draftcli"]);
  const fromSource = selfCommand("/usr/bin/deno");
  assertEquals(fromSource.slice(0, 2), ["/usr/bin/deno", "run"]);
  assert(fromSource.includes("--unstable-lazy-dynamic-imports"), fromSource.join(" "));
  const main = fromSource.at(-1)!;
  assert(isAbsolute(main) && main.endsWith("main.ts"), main);
  assert(Deno.statSync(main).isFile);
});

Deno.test("the registered source command starts the MCP server and answers initialize", async () => {
  const w = await tempWorld();
  try {
    const [cmd, ...args] = selfCommand(Deno.execPath());
    // An MCP client starts it from anywhere.
    const mcp = await mcpInitialize(cmd, [...args, "mcp"], hermeticEnv(w.env), w.home);
    assertEquals(mcp.code, 0, mcp.stderr);
    assertEquals(mcp.serverName, "draftcli");
  } finally {
    await w.cleanup();
  }
});
