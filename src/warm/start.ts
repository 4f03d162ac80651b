/**
 * Starts the warm server (`warm_server.ts`) in the background for the next call: this same program
 * with the hidden server argument, detached from the caller (its own session, none of the
 * caller's stdio), so the caller exits at once. Loads no Node built-in (a first call pays only
 * the spawn).
 */
import { BUNDLED, ENTRY_FILE, programFile } from "../embedded.ts";
import { denoRunCommand, isCompiled } from "../setup/deno_run.ts";
import { SERVER_ARG } from "./client.ts";

/**
 * A V8 flag for a server run by `deno run` (a compiled binary has its own baked in): young
 * objects of a call die young without a scavenge in between.
 */
const SERVER_V8_FLAGS = "--v8-flags=--min-semi-space-size=32";

/**
 * The argv that starts the warm server of this program: the binary itself when compiled, else
 * `deno run` of this checkout's main.ts (with its deno.json) or of this bundle's main.js.
 * Undefined when the program does not run from files (no server then).
 */
export function serverCommand(execPath: string = Deno.execPath()): string[] | undefined {
  if (isCompiled(execPath)) return [execPath, SERVER_ARG];
  const main = programFile(ENTRY_FILE);
  if (main.protocol !== "file:") return undefined;
  // The warm server is POSIX only: a file URL's path is the file's path.
  const path = (url: URL) => decodeURIComponent(url.pathname);
  const config = BUNDLED ? undefined : path(programFile("deno.json"));
  const [deno, run, ...rest] = denoRunCommand(execPath, path(main), config);
  return [deno, run, SERVER_V8_FLAGS, ...rest, SERVER_ARG];
}

/** Starts a warm server; any failure is ignored (the next call then runs in-process again). */
export function startWarmServer(): void {
  try {
    const argv = serverCommand();
    if (!argv) return;
    const child = new Deno.Command(argv[0], {
      args: argv.slice(1),
      cwd: "/",
      stdin: "null",
      stdout: "null",
      stderr: "null",
      detached: true,
    }).spawn();
    child.unref();
  } catch { /* no warm server: calls run in-process */ }
}
