/**
 * How draftcli starts itself: whether it runs as a `deno compile` binary, and the argv an MCP
 * client (or a test) uses to start this same draftcli.
 */
import { fileURLToPath as fromFileUrl } from "node:url";
import { isCompiled, ownRunCommand } from "./deno_run.ts";

export { denoRunCommand, isCompiled, SOURCE_RUN_FLAGS } from "./deno_run.ts";

/**
 * The argv that starts draftcli for an MCP client: the absolute path of the running binary when
 * compiled; from source, `draftcli` when one is on PATH (`draftcliOnPath`), else the exact
 * `deno run` of this checkout's main.ts (or of this bundle's main.js), with absolute paths, so
 * the entry really starts.
 */
export function selfCommand(
  execPath: string = Deno.execPath(),
  draftcliOnPath?: string,
): string[] {
  if (isCompiled(execPath)) return [execPath];
  if (draftcliOnPath) return ["draftcli"];
  return ownRunCommand(execPath, fromFileUrl) ?? ["draftcli"];
}
