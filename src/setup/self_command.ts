/**
 * How draftcli starts itself: whether it runs as a `deno compile` binary, and the argv an MCP
 * client (or a test) uses to start this same draftcli.
 */
import { fileURLToPath as fromFileUrl } from "node:url";
import { basename } from "../path.ts";
import { PERMISSIONS } from "../version.ts";
import { BUNDLED, ENTRY_FILE, programFile } from "../embedded.ts";

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
 * `deno run` of this checkout's main.ts (or of this bundle's main.js), with absolute paths, so
 * the entry really starts.
 */
export function selfCommand(
  execPath: string = Deno.execPath(),
  draftcliOnPath?: string,
): string[] {
  if (isCompiled(execPath)) return [execPath];
  if (draftcliOnPath) return ["draftcli"];
  const main = programFile(ENTRY_FILE);
  if (main.protocol !== "file:") return ["draftcli"];
  return denoRunCommand(
    execPath,
    fromFileUrl(main),
    BUNDLED ? undefined : fromFileUrl(programFile("deno.json")),
  );
}

/**
 * The `deno run` argv of a draftcli entry point: main.ts with the checkout's `config`, or a
 * bundle's main.js with none (it imports only `node:` modules, and a deno.json found near the
 * caller's folder must not change how it runs).
 */
export function denoRunCommand(execPath: string, entry: string, config?: string): string[] {
  return [
    execPath,
    "run",
    "--quiet",
    ...SOURCE_RUN_FLAGS,
    ...PERMISSIONS,
    ...(config === undefined ? ["--no-config"] : ["--config", config]),
    entry,
  ];
}
