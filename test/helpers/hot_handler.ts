/**
 * Child process of test/hot_handlers_test.ts: runs ONE zod-free command handler (named by
 * argv[0], see `handlerName`; loaded through its generated entry module, as the CLI loads it) on
 * the already-validated input read from stdin, in a context built from this process's
 * environment, and prints `{"result", "zodLoaded"}`. zod leaves its global registry on globalThis
 * once loaded, so `zodLoaded` tells whether the handler (or what it imports) loaded it.
 */
import type { CommandContext } from "../../src/ops/context.ts";
import { COMMAND_TABLE, loadCommand } from "../../src/commands/registry.ts";
import { handlerName } from "../../src/commands/names.ts";

// The command's entry module (its fast validator and handler), as the CLI loads it to run it.
const entry = COMMAND_TABLE.find((e) => handlerName(e.name) === Deno.args[0]);
const handler = entry && (await loadCommand(entry))?.run;
if (!handler) throw new Error(`no handler named ${Deno.args[0]}`);
const input = JSON.parse(await new Response(Deno.stdin.readable).text());
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
const result = await handler(input as never, ctx);
console.log(JSON.stringify({ result, zodLoaded: "__zod_globalRegistry" in globalThis }));
