/** `segments move`: help, a caption moved to a new start, and a refused move. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("segments move --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["segments", "move"], ["draftId", "--moves", "--ripple"]);
});

Deno.test("segments move puts a caption at a new start, keeping its length", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const added = await w.captions(id, ["a"]);
  const moves = [{ segmentId: added.segmentIds[0], start: 2_000_000 }];
  await w.ok(["segments", "move", id, "--moves", JSON.stringify(moves)]);
  const [c] = await w.ok(["captions", "list", id]);
  assertEquals([c.start, c.end], [2_000_000, 3_000_000]);
});

Deno.test("segments move refuses a negative start", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["segments", "move", id, "--moves", '[{"segmentId":"x","start":-1}]']);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "moves[0].start"]);
});
