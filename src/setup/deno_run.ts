/**
 * The argv pieces of a run of draftcli: whether this is a `deno compile` binary, and the `deno
 * run` command of an entry point. No Node built-ins, so that a call can start a program cheaply
 * (the warm server's start); `self_command.ts` builds on it.
 */
import { BUNDLED, ENTRY_FILE, programFile } from "../embedded.ts";
import { basename } from "../path.ts";
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

/**
 * The `deno run` argv of this very program (`denoRunCommand` of its entry point, with the
 * checkout's deno.json unless bundled; the entry comes last); undefined when it does not run from
 * files. `toPath` turns a file URL into a path.
 */
export function ownRunCommand(
  execPath: string,
  toPath: (url: URL) => string,
): string[] | undefined {
  const main = programFile(ENTRY_FILE);
  if (main.protocol !== "file:") return undefined;
  return denoRunCommand(
    execPath,
    toPath(main),
    BUNDLED ? undefined : toPath(programFile("deno.json")),
  );
}
