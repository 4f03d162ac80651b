import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { DraftDocument } from "../draft/document.ts";
import { profileById } from "../editions/profiles.ts";
import { MATERIALS_SIZE_KEY, materialsSize, savedMaterialsSize } from "./draft_files.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { portraitDraft } from "../../test/helpers/portrait_draft.ts";
import { loadDraft } from "./load.ts";
import * as saveReading from "./save_reading.ts";
import { makeContext } from "../commands/make_context.ts";
import { addImages } from "../ops/images.ts";
import { ImageInfo } from "../schema/media_items.ts";
import { basename } from "../path.ts";

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

Deno.test("media added to lists nothing read: files this commit places add their bytes unparsed, other paths read the lists", async () => {
  await using tmp = await tempDir("draftcli-size-");
  const dir = await grownDraft(tmp.path);
  const placed = `${dir}/resources/new.png`;
  const placeholderPath = (name: string) =>
    `##_draftpath_placeholder_0E685133-18CE-45ED-8CB8-2904A212EC80_##/resources/${name}`;
  const unread = (doc: DraftDocument) =>
    typeof Object.getOwnPropertyDescriptor(doc.content.materials, "videos")?.get === "function";
  const load = () => loadDraft(dir, { forSave: saveReading });
  // A file this commit places: its size (as staged) is added, the list stays unparsed.
  let doc = await load();
  ok(unread(doc), "the loaded videos list is left out of the parse");
  doc.meta[MATERIALS_SIZE_KEY] = 1000;
  doc.addMaterial("videos", { id: "n1", path: placeholderPath("new.png") });
  doc.addMaterial("videos", { id: "n2", path: placeholderPath("new.png") });
  const staged = [{ from: `${dir}/staged-new.png`, to: placed, size: 42 }];
  assertEquals(savedMaterialsSize(doc, staged), 1000 + 42);
  ok(unread(doc), "still unparsed");
  // A path no file of this commit has (here one the draft already uses): the lists are read, and
  // a path the draft was loaded with adds nothing.
  doc = await load();
  doc.meta[MATERIALS_SIZE_KEY] = 1000;
  const used = doc.mediaPaths(); // reads the list
  const [usedPath] = [...used];
  doc = await load();
  doc.meta[MATERIALS_SIZE_KEY] = 1000;
  doc.addMaterial("videos", { id: "n3", path: usedPath });
  assertEquals(savedMaterialsSize(doc, staged), 1000);
  ok(!unread(doc), "read to find out");
});

/** A draft draftcli made holding one image, saved with its record (lists left out of the parse). */
async function grownDraft(root: string): Promise<string> {
  const { dir } = await portraitDraft(root);
  const png = `${root}/pic.png`;
  await Deno.copyFile(new URL("../../test/fixtures/image.png", import.meta.url), png);
  const ctx = makeContext({ env: { DRAFTCLI_DRAFTS_DIR: root, HOME: root }, warn: () => {} });
  await addImages(ctx, basename(dir), [
    ImageInfo.parse({ imageUrl: png, start: 0, end: 1_000_000 }),
  ]);
  return dir;
}
