/**
 * draftcli entry point: wires the process to the command-line front, and gives it the MCP
 * front-end for `draftcli mcp` (the two fronts never import each other).
 */
import { runApp } from "./src/cli/app.ts";

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

if (import.meta.main) {
  const code = await runApp(Deno.args, {
    stdout: (t) => writeAll(Deno.stdout, t),
    stderr: (t) => writeAll(Deno.stderr, t),
    readStdin,
    env: Deno.env.toObject(),
    stderrIsTerminal: Deno.stderr.isTerminal(),
    async serveMcp(ctx) {
      const [{ serveMcp, stdioIo }, { loadAllSpecs }] = await Promise.all([
        import("./src/mcp/server.ts"),
        import("./src/commands/registry.ts"),
      ]);
      await serveMcp(await loadAllSpecs(), () => ctx, stdioIo());
    },
  });
  Deno.exit(code);
}
