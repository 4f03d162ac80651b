/** `config set-dir`: help, the drafts folder saved in the config, and a missing path. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("config set-dir --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["config", "set-dir"], ["path"]);
});

Deno.test("config set-dir writes draftsDir into the config file", async () => {
  await using w = await appWorld();
  await Deno.mkdir(`${w.root}/other`);
  await w.ok(["config", "set-dir", `${w.root}/other`]);
  const saved = JSON.parse(await Deno.readTextFile(w.env.DRAFTCLI_CONFIG));
  assertEquals(saved.draftsDir, `${w.root}/other`);
});

Deno.test("config set-dir without a path is a usage error and writes no config", async () => {
  await using w = await appWorld();
  const r = await w.run(["config", "set-dir"]);
  assertEquals([r.code, r.error?.path], [2, "path"]);
  assertEquals(await Deno.stat(w.env.DRAFTCLI_CONFIG).then(() => true, () => false), false);
});
