/**
 * `draftcli setup <claude|cursor|openclaw|codex|all>`: installs the generated skill (and with
 * --mcp the MCP server entry) for coding agents. The skill describes every command, so the
 * registry is read at run time through a `SpecSource` (tests pass a toy registry).
 */
import { fileURLToPath as fromFileUrl } from "node:url";
import { basename } from "../setup/path.ts";
import { z } from "zod";
import { AGENTS } from "../setup/paths.ts";
import { type AnyCommandSpec, defineCommand, type SpecSource } from "./spec.ts";
import { PERMISSIONS } from "../version.ts";

/** True in a `deno compile` binary (the running executable is not `deno` itself). */
export function isCompiled(execPath: string = Deno.execPath()): boolean {
  return !/^deno(\.exe)?$/i.test(basename(execPath));
}

/**
 * Flags of a run from source (as `deno task cli` has them): load string-literal dynamic imports
 * when they run, instead of walking every module they can reach before `main.ts` starts. Only
 * for `deno run`: `deno compile` must embed all of them, so deno.json does not set it.
 */
export const SOURCE_RUN_FLAGS = ["--unstable-lazy-dynamic-imports"] as const;

/**
 * The argv that starts draftcli for an MCP client: the absolute path of the running binary when
 * compiled; from source, `draftcli` when one is on PATH (`draftcliOnPath`), else the exact
 * `deno run … main.ts` of this checkout, with absolute paths, so the entry really starts.
 */
export function selfCommand(
  execPath: string = Deno.execPath(),
  draftcliOnPath?: string,
): string[] {
  if (isCompiled(execPath)) return [execPath];
  if (draftcliOnPath) return ["draftcli"];
  const main = new URL("../../main.ts", import.meta.url);
  const config = new URL("../../deno.json", import.meta.url);
  if (main.protocol !== "file:") return ["draftcli"];
  return [
    execPath,
    "run",
    "--quiet",
    ...SOURCE_RUN_FLAGS,
    ...PERMISSIONS,
    "--config",
    fromFileUrl(config),
    fromFileUrl(main),
  ];
}

const input = z.strictObject({
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

/** Builds the `setup` command over the registry `getSpecs` returns (read at run time). */
export function makeSetupCommand(getSpecs: SpecSource): AnyCommandSpec {
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
    input,
    examples: [
      "setup all",
      "setup claude --mcp",
      "setup cursor --dry-run",
      "setup all --uninstall",
    ],
    mutates: true,
    mcp: false,
    async run(args, ctx) {
      const { findOnPath, runArgv, runSetup } = await import("../setup/setup.ts");
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
export const setupCommands: AnyCommandSpec[] = [
  makeSetupCommand(async () => (await import("./registry.ts")).loadAllSpecs()),
];
