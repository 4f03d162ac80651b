/**
 * Every command that edits a draft passes its save's warnings on to stderr: with an editor index
 * (root_meta_info.json) that cannot be parsed beside the draft, the edit is saved, the index is
 * left byte for byte, and the call says so.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, fixtureUrl } from "./helpers/app_world.ts";
import { ROOT_INDEX_FILE } from "../src/store/roots.ts";

const BROKEN_INDEX = '{"all_draft_store": [';

Deno.test("edits warn that an unparseable editor index was left untouched", async () => {
  await using w = await appWorld();
  const { id, segmentIds: [seg] } = await w.twoPhotos();
  const index = `${w.root}/drafts/${ROOT_INDEX_FILE}`;
  await Deno.writeTextFile(index, BROKEN_INDEX);
  const photo = { imageUrl: fixtureUrl("image.png"), start: 0, end: 2_000_000 };
  const keyframes = [{ segmentId: seg, property: "position_x", offset: 0, value: 0.5 }];
  const calls: string[][] = [
    ["captions", "add", id, "--captions", JSON.stringify([{ text: "a", start: 0, end: 1 }])],
    ["keyframes", "add", id, "--keyframes", JSON.stringify(keyframes)],
    ["transitions", "add", id, "--auto", "fade", "--duration", "500000"],
    ["segments", "update", id, "--updates", JSON.stringify([{ segmentId: seg, alpha: 0.5 }])],
    ["images", "add", id, "--image-infos", JSON.stringify([photo])],
  ];
  for (const argv of calls) {
    const r = await w.run(argv);
    const what = argv.slice(0, 2).join(" ");
    assertEquals(r.code, 0, `${what}: ${r.stderr}`);
    assert(
      r.stderr.includes(`${index} is `) && r.stderr.includes("left it untouched"),
      `${what} did not pass on the save's warning: ${JSON.stringify(r.stderr)}`,
    );
    assertEquals(await Deno.readTextFile(index), BROKEN_INDEX, what);
  }
});
