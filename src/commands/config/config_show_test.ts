/** `config show`: help, the config path and drafts folder, and a refused flag. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("config show --help describes the command", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["config", "show"], ["config show"]);
});

Deno.test("config show prints the world's config path and drafts folder", async () => {
  await using w = await appWorld();
  const out = await w.ok(["config", "show"]);
  assertEquals([out.path, out.config, out.draftsDir], [
    w.env.DRAFTCLI_CONFIG,
    {},
    `${w.root}/drafts`,
  ]);
});

Deno.test("config show refuses an argument", async () => {
  await using w = await appWorld();
  const r = await w.run(["config", "show", "--editor", "capcut"]);
  assertEquals([r.code, r.error?.code], [2, "usage"]);
});
