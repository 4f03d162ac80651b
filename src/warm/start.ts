/**
 * Starts the warm server (`warm_server.ts`) in the background for the next call: this same program
 * with the hidden server argument, detached from the caller (its own session, none of the
 * caller's stdio), so the caller exits at once. Loads no Node built-in (a first call pays only
 * the spawn).
 */
import { isCompiled, ownRunCommand } from "../setup/deno_run.ts";
import { SERVER_ARG } from "./client.ts";

/**
 * The `--v8-flags=…` arguments this process was started with (Linux: /proc/self/cmdline; those
 * before the entry file only, not a command's own arguments). The server gets the same: V8 takes
 * a module's code cache only from a run with the same flags, and a server started with others
 * would rewrite the cache that in-process runs load from.
 */
function ownV8Flags(entry: string): string[] {
  try {
    const argv = Deno.readTextFileSync("/proc/self/cmdline").split("\0");
    const name = entry.slice(entry.lastIndexOf("/") + 1);
    const end = argv.findIndex((a) => a === entry || a === name || a.endsWith(`/${name}`));
    return argv.slice(0, end < 0 ? 0 : end).filter((a) => a.startsWith("--v8-flags="));
  } catch {
    return []; // no /proc (macOS): the runtime's defaults
  }
}

/**
 * The argv that starts the warm server of this program: the binary itself when compiled (its V8
 * flags are baked in), else `deno run` of this checkout's main.ts (with its deno.json) or of this
 * bundle's main.js, with this run's V8 flags. Undefined when the program does not run from files
 * (no server then).
 */
export function serverCommand(execPath: string = Deno.execPath()): string[] | undefined {
  if (isCompiled(execPath)) return [execPath, SERVER_ARG];
  // The warm server is POSIX only: a file URL's path is the file's path.
  const own = ownRunCommand(execPath, (url) => decodeURIComponent(url.pathname));
  if (!own) return undefined;
  const [deno, run, ...rest] = own;
  return [deno, run, ...ownV8Flags(own[own.length - 1]), ...rest, SERVER_ARG];
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
