/**
 * The `setup` command's handler, without zod. The skill describes every command, so the specs
 * are read at run time: from the registry, or from the `SpecSource` a caller passes as the third
 * argument (`makeSetupCommand` does, for tests with a toy registry).
 */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { SpecSource } from "../spec.ts";
import type { SetupInput } from "../setup.ts";
import { AGENTS } from "../../setup/paths.ts";
import { isCompiled, selfCommand } from "../../setup/self_command.ts";

/** Every spec of the real registry (loaded when the handler runs). */
const allSpecs: SpecSource = async () => (await import("../registry.ts")).loadAllSpecs();

/** `setup`. */
export async function setup(
  args: z.infer<typeof SetupInput>,
  ctx: CommandContext,
  getSpecs: SpecSource = allSpecs,
): Promise<unknown> {
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
}
