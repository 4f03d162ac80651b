/** `schema`: help, the build spec's JSON Schema, and an unknown input name. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("schema --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["schema"], ["of", "build"]);
});

Deno.test("schema build prints a JSON Schema with the spec's item kinds", async () => {
  await using w = await appWorld();
  const schema = await w.ok(["schema", "build"]);
  assertEquals(schema.type, "object");
  for (const kind of ["captions", "images", "videos", "audios"]) assert(kind in schema.properties);
});

Deno.test("schema refuses an input it has no schema for", async () => {
  await using w = await appWorld();
  const r = await w.run(["schema", "nope"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "of"]);
});
