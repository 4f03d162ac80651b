/**
 * Child process of test/hot_handlers_test.ts: serves zod-free command handlers (loaded through
 * their generated entry modules, as the CLI loads them), one request per
 * stdin line (`{"handler", "input"}`, the input already validated by the parent), in a context
 * built from this process's environment, and answers each with one stdout line
 * `{"result", "zodLoaded"}` (or `{"error"}`). zod leaves its global registry on globalThis once
 * loaded, so `zodLoaded` tells whether a handler so far (or what it imports) loaded it; the
 * parent checks it after every call, so the first handler that loads zod is the one named.
 */
import type { CommandContext } from "../../src/ops/context.ts";
import { loadCommand } from "../../src/commands/registry.ts";
import { COMMAND_TABLE } from "../../src/generated/command_table.ts";
import { handlerName } from "../../src/commands/flag_names.ts";

const env = Deno.env.toObject();
const draftsDir = env.DRAFTCLI_DRAFTS_DIR;
if (!draftsDir) throw new Error("DRAFTCLI_DRAFTS_DIR is not set");
const ctx: CommandContext = {
  env,
  draftsDir: () => Promise.resolve(draftsDir),
  searchRoots: () => Promise.resolve([draftsDir]),
  // An empty config: loading the real one is the front's job (store/config.ts validates it).
  config: () => Promise.resolve({}),
  warn: (message) => console.error(message),
};

/** Answers one request line. */
async function serve(line: string): Promise<string> {
  try {
    const { handler: name, input } = JSON.parse(line);
    const entry = COMMAND_TABLE.find((e) => handlerName(e.name) === name);
    const handler = entry && (await loadCommand(entry))?.run;
    if (!handler) throw new Error(`no handler named ${name}`);
    const result = await handler(input as never, ctx);
    return JSON.stringify({ result, zodLoaded: "__zod_globalRegistry" in globalThis });
  } catch (err) {
    return JSON.stringify({ error: String((err as Error)?.stack ?? err) });
  }
}

const encoder = new TextEncoder();
let pending = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  pending += chunk;
  let end;
  while ((end = pending.indexOf("\n")) >= 0) {
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    if (!line.trim()) continue;
    const bytes = encoder.encode(await serve(line) + "\n");
    for (let off = 0; off < bytes.length;) off += await Deno.stdout.write(bytes.subarray(off));
  }
}
