/** draftcli entry point: wires the process to the command-line app. */
import { runApp } from "./src/cli/app.ts";
import { COMMANDS } from "./src/cli/registry.ts";

const encoder = new TextEncoder();

async function readStdin(): Promise<string> {
  return await new Response(Deno.stdin.readable).text();
}

if (import.meta.main) {
  const code = await runApp(Deno.args, COMMANDS, {
    stdout: (t) => Deno.stdout.writeSync(encoder.encode(t)),
    stderr: (t) => Deno.stderr.writeSync(encoder.encode(t)),
    readStdin,
    env: Deno.env.toObject(),
    stderrIsTerminal: Deno.stderr.isTerminal(),
  });
  Deno.exit(code);
}
