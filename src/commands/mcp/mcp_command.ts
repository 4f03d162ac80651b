/** `mcp`: Serve the commands as MCP tools over stdio (started by an agent, not by hand). */
import { defineCommandFile } from "../spec.ts";
import { DraftcliError } from "../../errors.ts";

/** The schemas of `mcp` (load zod). */
async function schemas() {
  const { z } = await import("zod");
  /** The `mcp` command's input: none. */
  const McpInput = z.strictObject({});
  return { input: McpInput };
}

/** The `mcp` command. */
export const command = defineCommandFile({
  name: ["mcp"],
  summary: "Serve the commands as MCP tools over stdio (started by an agent, not by hand)",
  description: "Speaks newline-delimited JSON-RPC 2.0 on stdin/stdout (MCP revisions " +
    "2024-11-05 to 2026-07-28) until stdin closes. Tool names are the command words joined " +
    "with '_' (images add → images_add) and take the same JSON fields as the command. " +
    "Register it with 'draftcli setup <agent> --mcp'.",
  examples: ["mcp", "setup claude --mcp"],
  mutates: false,
  mcp: false,
  schemas,
  async run(_input: unknown, ctx) {
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
  },
});
