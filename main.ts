/**
 * draftcli entry point: wires the process to the command-line front, and gives it the MCP
 * front-end for `draftcli mcp` (the two fronts never import each other). A lone `--version`
 * (`-V`) is answered here, before the command front (its command table and dispatch) loads.
 * Under DRAFTCLI_WARM=1 a call is first offered to the warm server (src/warm/), and this process
 * runs it only when none takes it.
 */
import { VERSION, versionLine } from "./src/version.ts";

const encoder = new TextEncoder();

/** Writes all of `text` (a pipe may take a write in several parts). */
function writeAll(stream: typeof Deno.stdout, text: string): void {
  const bytes = encoder.encode(text);
  let off = 0;
  while (off < bytes.length) off += stream.writeSync(bytes.subarray(off));
}

async function readStdin(): Promise<string> {
  return await new Response(Deno.stdin.readable).text();
}

/**
 * Starts loading the entry module of the command that argv's leading words name (as dispatch
 * finds it: `findCommand`), so that it loads beside the command front instead of after it;
 * dispatch then finds it loaded. Argv that starts with an option, or asks for help (which needs
 * the command's spec, not its entry module), is left to dispatch.
 */
async function prefetchCommand(argv: readonly string[]): Promise<void> {
  if (argv.includes("--help") || argv.includes("-h")) return;
  const end = argv.findIndex((w) => w.startsWith("-"));
  const words = end < 0 ? argv : argv.slice(0, end);
  if (!words.length) return;
  const { findCommand } = await import("./src/commands/registry.ts");
  // A failed load is dispatch's to report, when it loads the module itself.
  await findCommand(words).catch(() => {});
}

if (import.meta.main) {
  // `deno task` runs tasks in the folder of deno.json (this file's folder) and records where
  // the caller was in INIT_CWD, which relative paths (media, @file.json, --output) mean. Only
  // then: an INIT_CWD inherited from some other tool must not move a plain run.
  const initCwd = Deno.env.get("INIT_CWD");
  const here = import.meta.dirname; // undefined unless this file is on disk
  if (initCwd && here !== undefined) {
    try {
      if (Deno.realPathSync(Deno.cwd()) === Deno.realPathSync(here)) Deno.chdir(initCwd);
    } catch { /* a stale INIT_CWD or an unreadable folder: keep the current folder */ }
  }
  if (Deno.args.length === 1 && (Deno.args[0] === "--version" || Deno.args[0] === "-V")) {
    writeAll(Deno.stdout, versionLine());
    Deno.exit(0);
  }
  // SERVER_ARG of src/warm/client.ts, alone: the warm server (started by src/warm/start.ts).
  if (Deno.args.length === 1 && Deno.args[0] === "__draftcli-warm-server") {
    await (await import("./src/warm/warm_server.ts")).serveWarm();
    Deno.exit(0);
  }
  // A CLI run prints no stack trace (only DRAFTCLI_DEBUG does), and an expected failure such as
  // the probe of a missing file then builds no trace either.
  const stackTraceLimit = Error.stackTraceLimit;
  if (!Deno.env.get("DRAFTCLI_DEBUG")) Error.stackTraceLimit = 0;
  // Opt-in: a running warm server answers the call (its output and exit code are relayed).
  let startWarm = false;
  if (Deno.env.get("DRAFTCLI_WARM") === "1") {
    const outcome = await (await import("./src/warm/client.ts")).callWarm(Deno.args, VERSION);
    if (outcome.code !== undefined) Deno.exit(outcome.code);
    startWarm = outcome.startServer;
  }
  // The command's entry module starts loading beside the command front (one wait, not two).
  const [{ runApp }] = await Promise.all([import("./src/cli/app.ts"), prefetchCommand(Deno.args)]);
  const code = await runApp(Deno.args, {
    stdout: (t) => writeAll(Deno.stdout, t),
    stderr: (t) => writeAll(Deno.stderr, t),
    readStdin,
    env: Deno.env.toObject(),
    stderrIsTerminal: Deno.stderr.isTerminal(),
    async serveMcp(ctx) {
      Error.stackTraceLimit = stackTraceLimit; // the server logs the stack of a failed call
      const [{ serveMcp, stdioIo }, { loadAllSpecs }] = await Promise.all([
        import("./src/mcp/server.ts"),
        import("./src/commands/registry.ts"),
      ]);
      await serveMcp(await loadAllSpecs(), () => ctx, stdioIo());
    },
  });
  // Started after the call, so that its start takes nothing from this one.
  if (startWarm) (await import("./src/warm/start.ts")).startWarmServer();
  Deno.exit(code);
}
