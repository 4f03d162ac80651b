/**
 * Child process of test/hot_handlers_test.ts: runs ONE zod-free command handler (named by
 * argv[0]) on the already-validated input read from stdin, in a context built from this
 * process's environment, and prints `{"result", "zodLoaded"}`. zod leaves its global registry on
 * globalThis once loaded, so `zodLoaded` tells whether the handler (or what it imports) loaded it.
 */
import type { CommandContext } from "../../src/ops/context.ts";
import * as mediaGroups from "../../src/commands/run/media_groups.ts";
import * as videos from "../../src/commands/run/videos.ts";
import * as keyframes from "../../src/commands/run/keyframes.ts";
import * as transitions from "../../src/commands/run/transitions.ts";
import * as effects from "../../src/commands/run/effects.ts";
import * as stickers from "../../src/commands/run/stickers.ts";
import * as masks from "../../src/commands/run/masks.ts";
import * as preview from "../../src/commands/run/preview.ts";

type Handler = (input: never, ctx: CommandContext) => Promise<unknown>;
const handlers: Record<string, Handler> = {
  ...mediaGroups,
  ...videos,
  ...keyframes,
  ...transitions,
  ...effects,
  ...stickers,
  ...masks,
  ...preview,
};

const handler = handlers[Deno.args[0]];
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
