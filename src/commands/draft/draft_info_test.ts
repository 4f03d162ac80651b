/** `draft info`: help, a draft's facts, and an unknown draft. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft info --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "info"], ["draftId"]);
});

Deno.test("draft info reports the duration after an add", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const infos = [{ imageUrl: fixtureUrl("image.png"), start: 0, end: 3_000_000 }];
  await w.ok(["images", "add", id, "--image-infos", JSON.stringify(infos)]);
  const info = await w.ok(["draft", "info", id]);
  assertEquals([info.draftId, info.duration], [id, 3_000_000]);
});

Deno.test("draft info of an unknown draft is draft_not_found, of none a usage error", async () => {
  await using w = await appWorld();
  const r = await w.run(["draft", "info", "nope"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
  const none = await w.run(["draft", "info"]);
  assertEquals([none.code, none.error?.path], [2, "draftId"]);
});
