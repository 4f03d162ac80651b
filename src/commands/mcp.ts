/**
 * `draftcli mcp`: serves every MCP-enabled command as a tool over stdio. The command layer does
 * not know the MCP front-end: the entry point provides `ctx.serveMcp` (main.ts wires
 * src/mcp/), so this command only declares the name, help and the refusal when it is missing.
 *
 * `run` resolves to `undefined` after the client closes stdin: the CLI prints nothing for an
 * `undefined` result (stdout belongs to the JSON-RPC stream).
 */
import { z } from "zod";
import { type AnyCommandSpec, defineCommand } from "./spec.ts";
import * as run from "./run/mcp.ts";

/** The `mcp` command's input: none. */
export const McpInput = z.strictObject({});

/** The `mcp` command. */
export const mcpCommand = defineCommand({
  name: ["mcp"],
  summary: "Serve the commands as MCP tools over stdio (started by an agent, not by hand)",
  description: "Speaks newline-delimited JSON-RPC 2.0 on stdin/stdout (MCP revisions " +
    "2024-11-05 to 2026-07-28) until stdin closes. Tool names are the command words joined " +
    "with '_' (images add → images_add) and take the same JSON fields as the command. " +
    "Register it with 'draftcli setup <agent> --mcp'.",
  input: McpInput,
  examples: ["mcp", "setup claude --mcp"],
  mutates: false,
  mcp: false,
  run: run.mcp,
});

/** The MCP commands (just `mcp`). */
export const mcpCommands: AnyCommandSpec[] = [mcpCommand];
