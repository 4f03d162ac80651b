/**
 * `draftcli setup <claude|cursor|openclaw|codex|all>`: installs the generated skill (and with
 * --mcp the MCP server entry) for coding agents. The skill describes every command, so the
 * specs are read at run time through a `SpecSource` (tests pass a toy registry); how draftcli
 * starts itself is in src/setup/self_command.ts.
 */
import type { z } from "zod";
import { defineCommandFile, type SpecSource } from "../spec.ts";
import { loadAllSpecs } from "../registry.ts";

/** The schemas of `setup` (load zod). */
async function schemas() {
  const { AGENTS } = await import("../../setup/agent_paths.ts");
  const { z } = await import("zod");
  return {
    input: z.strictObject({
      target: z.enum([...AGENTS, "all"]).describe(
        "agent to set up: claude (Claude Code), cursor, openclaw, codex (and other agents " +
          "reading ~/.agents/skills), or all",
      ),
      mcp: z.boolean().default(false).describe(
        "also register 'draftcli mcp' as a user-level MCP server for the agent",
      ),
      force: z.boolean().default(false).describe(
        "overwrite or remove files and entries changed by the user (a .bak-<time> copy is made " +
          "first)",
      ),
      dryRun: z.boolean().default(false).describe("report what would change; write nothing"),
      uninstall: z.boolean().default(false).describe(
        "remove what setup wrote (skill, MCP entry); leaves everything else alone",
      ),
    }),
  };
}

/** The input of `setup`, as validated. */
export type SetupInput = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `setup` over the specs `getSpecs` returns (read at run time; default: the whole registry). */
export function makeSetupCommand(getSpecs: SpecSource = loadAllSpecs) {
  return defineCommandFile({
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
    examples: [
      "setup all",
      "setup claude --mcp",
      "setup cursor --dry-run",
      "setup all --uninstall",
    ],
    mutates: true,
    mcp: false,
    schemas,
    async run(args: SetupInput, ctx) {
      const { AGENTS } = await import("../../setup/agent_paths.ts");
      const { isCompiled, selfCommand } = await import("../../setup/self_command.ts");
      const { findOnPath, runArgv, runSetup } = await import("../../setup/setup.ts");
      const host = { env: ctx.env, os: Deno.build.os };
      const execPath = Deno.execPath();
      const onPath = isCompiled(execPath) ? undefined : await findOnPath("draftcli", host);
      const report = await runSetup({
        targets: args.target === "all" ? AGENTS : [args.target],
        specs: await getSpecs(),
        host,
        force: args.force,
        dryRun: args.dryRun,
        mcp: args.mcp,
        uninstall: args.uninstall,
        command: selfCommand(execPath, onPath),
        executable: isCompiled(execPath) ? execPath : undefined,
        findExecutable: (name) => findOnPath(name, host),
        run: (argv) => runArgv(argv, ctx.env),
      });
      for (const r of report.results) {
        if (r.action === "kept" || r.action === "failed") {
          ctx.warn(`${r.target}: ${r.path}: ${r.action}: ${r.note ?? r.error?.message ?? ""}`);
        }
      }
      return report;
    },
  });
}

/** `setup` over the whole registry. */
export const command = makeSetupCommand();
