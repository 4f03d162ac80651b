/**
 * `setup --mcp` registers a command that really starts the server: the binary when compiled,
 * `draftcli` when one is on PATH, else the exact `deno run … main.ts` of this checkout.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { isAbsolute } from "node:path";
import { selfCommand } from "../src/setup/self_command.ts";
import { hermeticEnv, tempWorld } from "./helpers/cli.ts";

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
    const child = new Deno.Command(cmd, {
      args: [...args, "mcp"],
      env: hermeticEnv(w.env),
      clearEnv: true,
      cwd: w.home, // an MCP client starts it from anywhere
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const w1 = child.stdin.getWriter();
    await w1.write(new TextEncoder().encode(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "t", version: "1" },
        },
      }) + "\n",
    ));
    await w1.close();
    const out = await child.output();
    const first = new TextDecoder().decode(out.stdout).split("\n")[0];
    assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
    assertEquals(JSON.parse(first).result.serverInfo.name, "draftcli");
  } finally {
    await w.cleanup();
  }
});
