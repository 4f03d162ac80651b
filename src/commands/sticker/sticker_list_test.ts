/** `sticker list`: help, the stickers of a draft, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("sticker list --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["sticker", "list"], ["draftId"]);
});

Deno.test("sticker list prints each sticker's id and times", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  assertEquals(await w.ok(["sticker", "list", id]), []);
  await w.ok(["sticker", "add", id, "--sticker-id", "42", "--start", "0", "--end", "1000000"]);
  const [s] = await w.ok(["sticker", "list", id]);
  assertEquals([s.stickerId, s.end], ["42", 1_000_000]);
});

Deno.test("sticker list of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["sticker", "list", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
});
