import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { DraftDocument } from "../draft/document.ts";
import { profileById } from "../editions/profiles.ts";
import { MATERIALS_SIZE_KEY, materialsSize, savedMaterialsSize } from "./draft_files.ts";
import { tempDir } from "../../test/helpers/temp.ts";

Deno.test("a save adds only new media to the recorded size, and recounts after a removal", async () => {
  await using tmp = await tempDir("draftcli-size-");
  const dir = tmp.path;
  const [a, b, c] = ["a.png", "b.mp4", "c.mp3"].map((n) => `${dir}/${n}`);
  await Deno.writeFile(a, new Uint8Array(10));
  await Deno.writeFile(b, new Uint8Array(25));
  await Deno.writeFile(c, new Uint8Array(7));
  const doc = new DraftDocument({
    dir,
    draftId: "X",
    edition: "jianying",
    profile: profileById("jianying-5")!,
    content: { tracks: [], materials: { videos: [{ path: a }] } },
    // Not the files' real total: shows which number a save keeps and which it recounts.
    meta: { [MATERIALS_SIZE_KEY]: 1000 },
  });
  const videos = doc.materials("videos");
  // Nothing new: the recorded size stands, no file is looked at.
  assertEquals(savedMaterialsSize(doc), 1000);
  // New media (audios count too; a path used twice counts once): their bytes are added.
  videos.push({ path: b }, { path: b });
  doc.materials("audios").push({ path: c });
  assertEquals(savedMaterialsSize(doc), 1000 + 25 + 7);
  // A path the draft was loaded with is gone: every file is counted again.
  videos.shift();
  assertEquals(savedMaterialsSize(doc), 25 + 7);
  assertEquals(await materialsSize(doc), 25 + 7);
  // A new file that is not on this machine: unknown (the save keeps the meta's number).
  videos.push({ path: `${dir}/missing.png` });
  assertEquals(savedMaterialsSize(doc), undefined);
});
