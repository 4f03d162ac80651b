/** `mcp`: help, the server started through the front-end's hook, and a refused argument. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runApp } from "../../cli/app.ts";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("mcp --help says how it is registered", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["mcp"], ["setup <agent> --mcp"]);
});

Deno.test("mcp starts the server the front-end wires, with the call's context", async () => {
  await using w = await appWorld();
  let served = 0;
  let draftsDir = "";
  const code = await runApp(["mcp"], {
    stdout: () => {},
    stderr: () => {},
    readStdin: () => Promise.resolve(""),
    env: w.env,
    serveMcp: async (ctx) => {
      served++;
      draftsDir = await ctx.draftsDir();
    },
  });
  assertEquals([code, served, draftsDir], [0, 1, `${w.root}/drafts`]);
});

Deno.test("mcp without a server hook is a usage error; an argument is refused", async () => {
  await using w = await appWorld();
  const r = await w.run(["mcp"]);
  assertEquals([r.code, r.error?.code], [2, "usage"]);
  assert(r.error?.hint?.includes("draftcli mcp"), r.error?.hint);
  const bad = await w.run(["mcp", "--port", "1"]);
  assertEquals([bad.code, bad.error?.code], [2, "usage"]);
});
