/**
 * `draftcli setup <claude|cursor|openclaw|codex|all>`: installs the generated skill (and with
 * --mcp the MCP server entry) for coding agents. The skill describes every command, so the
 * registry is read at run time through a `SpecSource` (tests pass a toy registry). The handler
 * is in run/setup.ts; how draftcli starts itself is in src/setup/self_command.ts.
 */
import { z } from "zod";
import { AGENTS } from "../setup/paths.ts";
import {
  type AnyCommandSpec,
  type CommandContext,
  defineCommand,
  type SpecSource,
} from "./spec.ts";
import * as run from "./run/setup.ts";

export { isCompiled, selfCommand, SOURCE_RUN_FLAGS } from "../setup/self_command.ts";

/** The `setup` command's input. */
export const SetupInput = z.strictObject({
  target: z.enum([...AGENTS, "all"]).describe(
    "agent to set up: claude (Claude Code), cursor, openclaw, codex (and other agents reading " +
      "~/.agents/skills), or all",
  ),
  mcp: z.boolean().default(false).describe(
    "also register 'draftcli mcp' as a user-level MCP server for the agent",
  ),
  force: z.boolean().default(false).describe(
    "overwrite or remove files and entries changed by the user (a .bak-<time> copy is made first)",
  ),
  dryRun: z.boolean().default(false).describe("report what would change; write nothing"),
  uninstall: z.boolean().default(false).describe(
    "remove what setup wrote (skill, MCP entry); leaves everything else alone",
  ),
});

/**
 * Builds the `setup` command over the registry `getSpecs` returns (read at run time; default: the
 * whole registry, with the handler of run/setup.ts as it is).
 */
export function makeSetupCommand(getSpecs?: SpecSource): AnyCommandSpec {
  return defineCommand({
    name: ["setup"],
    summary: "Install the draftcli skill (and optionally the MCP server) for coding agents",
    description:
      "Writes the skill folder (SKILL.md and references/<group>.md) to ~/.claude/skills (Claude Code), ~/.agents/skills (Codex " +
      "and other agents), ~/.cursor/skills and ~/.openclaw/skills. Cursor and OpenClaw also " +
      "read ~/.claude/skills and ~/.agents/skills, so when the skill is already there they are " +
      "reported as 'covered' and get no second copy. Re-running is safe: unchanged files are " +
      "left alone and files you edited are kept unless --force. Output: " +
      '{"ok","dryRun","results":[{"target","kind","path","action",…}]}.',
    positionals: ["target"],
    input: SetupInput,
    examples: [
      "setup all",
      "setup claude --mcp",
      "setup cursor --dry-run",
      "setup all --uninstall",
    ],
    mutates: true,
    mcp: false,
    run: getSpecs
      ? (args: z.infer<typeof SetupInput>, ctx: CommandContext) => run.setup(args, ctx, getSpecs)
      : run.setup,
  });
}

/** `setup` over the whole registry. */
export const setupCommands: AnyCommandSpec[] = [makeSetupCommand()];
