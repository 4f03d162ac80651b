/** `images list`: help, the photo segments of a draft, and an unknown draft. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, fixtureUrl } from "../../../test/helpers/app_world.ts";

Deno.test("images list --help names its positional and output", async () => {
  await using w = await appWorld();
  const help = (await w.run(["images", "list", "--help"])).stdout;
  assert(help.includes("draftId") && help.includes("segmentId"), help);
});

Deno.test("images list prints the photo segments in timeline order", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  assertEquals(await w.ok(["images", "list", id]), []);
  const infos = [
    { imageUrl: fixtureUrl("image.jpg"), start: 1_000_000, end: 2_000_000 },
    { imageUrl: fixtureUrl("image.png"), start: 0, end: 1_000_000 },
  ];
  await w.ok(["images", "add", id, "--image-infos", JSON.stringify(infos)]);
  const listed = await w.ok(["images", "list", id]);
  assertEquals(listed.map((s: { start: number }) => s.start), [0, 1_000_000]);
  assert(listed.every((s: { segmentId: string }) => typeof s.segmentId === "string"));
});

Deno.test("images list of an unknown draft is draft_not_found", async () => {
  await using w = await appWorld();
  const r = await w.run(["images", "list", "no-such-draft"]);
  assertEquals([r.code === 0, r.error?.code], [false, "draft_not_found"]);
  const bad = await w.run(["images", "list", "x", "--extra", "1"]);
  assertEquals([bad.code, bad.error?.code], [2, "usage"]);
});
