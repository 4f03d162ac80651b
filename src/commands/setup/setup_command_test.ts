/** `setup`: help, a dry run for one agent, and an unknown agent. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("setup --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["setup"], ["target", "--mcp", "--dry-run", "--uninstall", "--force"]);
});

Deno.test("setup --dry-run reports what it would write and writes nothing", async () => {
  await using w = await appWorld();
  const out = await w.ok(["setup", "codex", "--dry-run"]);
  assertEquals([out.ok, out.dryRun], [true, true]);
  assertEquals(out.results.map((r: { action: string }) => r.action), ["would_write"]);
  assertEquals([...Deno.readDirSync(w.env.HOME)], []);
});

Deno.test("setup refuses an unknown agent", async () => {
  await using w = await appWorld();
  const r = await w.run(["setup", "emacs"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "target"]);
});
