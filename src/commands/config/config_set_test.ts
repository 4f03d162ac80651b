/** `config set`: help, a key saved and removed, and an unknown key. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("config set --help names its positionals and the keys", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["config", "set"], ["key", "value", "maxDownloadBytes", "uploadUrl"]);
});

Deno.test("config set saves a key and an empty value removes it", async () => {
  await using w = await appWorld();
  const out = await w.ok(["config", "set", "editor", "capcut"]);
  assertEquals(out.config.editor, "capcut");
  assertEquals(JSON.parse(await Deno.readTextFile(w.env.DRAFTCLI_CONFIG)).editor, "capcut");
  await w.ok(["config", "set", "editor", ""]);
  assertEquals(JSON.parse(await Deno.readTextFile(w.env.DRAFTCLI_CONFIG)).editor, undefined);
});

Deno.test("config set refuses an unknown key and a non-numeric size", async () => {
  await using w = await appWorld();
  const r = await w.run(["config", "set", "colour", "red"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "key"]);
  const n = await w.run(["config", "set", "maxDownloadBytes", "lots"]);
  assertEquals([n.code, n.error?.code, n.error?.path], [2, "invalid_input", "value"]);
});
