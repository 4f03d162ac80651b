/**
 * The `mcp` command's handler, without zod: the entry point provides `ctx.serveMcp` (main.ts
 * wires src/mcp/); this only refuses when it is missing and warns a human at a terminal.
 */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { McpInput } from "../mcp.ts";
import { DraftcliError } from "../../errors.ts";

/** `mcp`: serves until the client closes stdin, then resolves to `undefined` (nothing printed). */
export async function mcp(_input: z.infer<typeof McpInput>, ctx: CommandContext): Promise<unknown> {
  if (!ctx.serveMcp) {
    throw new DraftcliError("usage", "this front-end cannot start the MCP server", {
      hint: "run 'draftcli mcp' from a shell or an agent's MCP configuration",
    });
  }
  if (Deno.stdin.isTerminal()) {
    ctx.warn(
      "draftcli mcp speaks MCP (JSON-RPC) on stdin/stdout and is meant to be started by an " +
        "agent; press Ctrl-D to stop. Register it with 'draftcli setup <agent> --mcp'.",
    );
  }
  await ctx.serveMcp();
  return undefined;
}
