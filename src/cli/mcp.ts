/**
 * `draftcli mcp`: serves every MCP-enabled command as a tool over stdio. The registry is passed
 * in as a function so registry.ts can include this command without an import cycle:
 *
 *   const all: AnyCommandSpec[] = [...draftCommands, ...makeMcpCommands(() => all)];
 *
 * `run` resolves to `undefined` after the client closes stdin: the CLI must print nothing for an
 * `undefined` result (stdout belongs to the JSON-RPC stream).
 */
import { z } from "zod";
import { serveMcp, stdioIo } from "../mcp/server.ts";
import { type AnyCommandSpec, defineCommand } from "./spec.ts";

/** The MCP commands (just `mcp`) over the registry returned by `getSpecs` (read at run time). */
export function makeMcpCommands(getSpecs: () => readonly AnyCommandSpec[]): AnyCommandSpec[] {
  return [makeMcpCommand(getSpecs)];
}

/** Builds the `mcp` command over the registry returned by `getSpecs` (read at run time). */
export function makeMcpCommand(getSpecs: () => readonly AnyCommandSpec[]): AnyCommandSpec {
  return defineCommand({
    name: ["mcp"],
    summary: "Serve the commands as MCP tools over stdio (started by an agent, not by hand)",
    description: "Speaks newline-delimited JSON-RPC 2.0 on stdin/stdout (MCP revisions " +
      "2024-11-05 to 2026-07-28) until stdin closes. Tool names are the command words joined " +
      "with '_' (images add → images_add) and take the same JSON fields as the command. " +
      "Register it with 'draftcli setup <agent> --mcp'.",
    input: z.strictObject({}),
    examples: ["mcp", "setup claude --mcp"],
    mutates: false,
    mcp: false,
    async run(_input, ctx) {
      if (Deno.stdin.isTerminal()) {
        ctx.warn(
          "draftcli mcp speaks MCP (JSON-RPC) on stdin/stdout and is meant to be started by an " +
            "agent; press Ctrl-D to stop. Register it with 'draftcli setup <agent> --mcp'.",
        );
      }
      await serveMcp(getSpecs(), () => ctx, stdioIo());
      return undefined;
    },
  });
}
