/**
 * Starts the warm server (`warm_server.ts`) in the background for the next call: this same program
 * with the hidden server argument, detached from the caller (its own session, none of the
 * caller's stdio), so the caller exits at once. Loads no Node built-in (a first call pays only
 * the spawn).
 */
import { isCompiled, ownRunCommand } from "../setup/deno_run.ts";
import { SERVER_ARG } from "./client.ts";

/**
 * The argv that starts the warm server of this program: the binary itself when compiled (its V8
 * flags are baked in), else `deno run` of this checkout's main.ts (with its deno.json) or of this
 * bundle's main.js, without Deno's V8 code cache. V8 takes a module's cached code only from a run
 * with the same V8 flags, and a run cannot read its own flags back (Deno reads /proc/self/cmdline
 * only under --allow-all): a server sharing the cache would rewrite the entries that runs with
 * other flags load, and each of those would rewrite them again (the in-process run after a
 * server's start wrote 236 pages to the cache, against 8–31 in a steady run). The server keeps the
 * runtime's default flags: with the binaries' (`--min-semi-space-size=32,--no-lazy`) a served
 * 10-caption add took longer. Undefined when the program does not run from files (no server then).
 */
export function serverCommand(execPath: string = Deno.execPath()): string[] | undefined {
  if (isCompiled(execPath)) return [execPath, SERVER_ARG];
  // The warm server is POSIX only: a file URL's path is the file's path.
  const own = ownRunCommand(execPath, (url) => decodeURIComponent(url.pathname));
  if (!own) return undefined;
  const [deno, run, ...rest] = own;
  return [deno, run, "--no-code-cache", ...rest, SERVER_ARG];
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
