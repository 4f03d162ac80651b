/** `captions list`: help, the text segments of a draft, and refused input. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld } from "../../../test/helpers/app_world.ts";

Deno.test("captions list --help names its positional and output", async () => {
  await using w = await appWorld();
  const help = (await w.run(["captions", "list", "--help"])).stdout;
  assert(help.includes("draftId") && help.includes("textColor"), help);
});

Deno.test("captions list prints text segments with their text", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  assertEquals(await w.ok(["captions", "list", id]), []);
  await w.captions(id, ["one"]);
  const [c] = await w.ok(["captions", "list", id]);
  assertEquals([c.text, c.start, c.end], ["one", 0, 1_000_000]);
});

Deno.test("captions list refuses an unknown draft and a missing draft id", async () => {
  await using w = await appWorld();
  const r = await w.run(["captions", "list", "no-such-draft"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
  const missing = await w.run(["captions", "list"]);
  assertEquals([missing.code, missing.error?.path], [2, "draftId"]);
});
