/** `draft zip`: help, a zip of a draft, and a zip path inside the draft. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft zip --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "zip"], ["--output", "--include-external"]);
});

Deno.test("draft zip writes a zip of the draft where --output says", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const out = await w.ok(["draft", "zip", id, "--output", `${w.root}/a.zip`]);
  assertEquals([out.zipPath, out.message], [`${w.root}/a.zip`, "ok"]);
  assert(Deno.statSync(`${w.root}/a.zip`).size === out.size && out.size > 0);
});

Deno.test("draft zip refuses to write the zip inside the draft folder", async () => {
  await using w = await appWorld();
  const { draftId, filePath } = await w.ok(["draft", "create"]);
  const r = await w.run(["draft", "zip", draftId, "--output", `${filePath}/x.zip`]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "output"]);
});
