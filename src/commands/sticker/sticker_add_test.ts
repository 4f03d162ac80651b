/** `sticker add`: help, a sticker segment, and an end before the start. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("sticker add --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["sticker", "add"], ["--sticker-id", "--start", "--end", "--scale"]);
});

Deno.test("sticker add puts a sticker on a sticker track", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  await w.ok([
    "sticker",
    "add",
    id,
    "--sticker-id",
    "7213186475432824123",
    "--start",
    "0",
    "--end",
    "2000000",
  ]);
  const [s] = await w.ok(["sticker", "list", id]);
  assertEquals([s.stickerId, s.start, s.end], ["7213186475432824123", 0, 2_000_000]);
});

Deno.test("sticker add refuses an end before the start", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["sticker", "add", id, "--sticker-id", "1", "--start", "5", "--end", "1"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "end"]);
  assertEquals(await w.ok(["sticker", "list", id]), []);
});
