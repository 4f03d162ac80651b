/** `.draftcli/written.json`: what a save of a draft draftcli made records about its timelines. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { join } from "../path.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { portraitDraft } from "../../test/helpers/portrait_draft.ts";
import { mutateDraftAt } from "./commit.ts";
import { writtenByUs } from "./written.ts";

Deno.test("a save records the timelines it committed as written; a copy still counts, other text does not", async () => {
  await using tmp = await tempDir("draftcli-written-");
  const { dir } = await portraitDraft(tmp.path);
  await mutateDraftAt(dir, (doc) => {
    doc.addTrack("text");
    return Promise.resolve({ result: undefined });
  });
  const files = JSON.parse(Deno.readTextFileSync(join(dir, ".draftcli", "written.json"))).files;
  const names = Object.keys(files).sort();
  assert(names.includes("draft_content.json"), names.join());
  for (const name of names) {
    // Recorded from the commit's temp: the rename keeps its inode, size and modification time.
    const st = Deno.statSync(join(dir, name));
    assertEquals(files[name].id, `${st.ino}:${st.size}:${st.mtime!.getTime()}`, name);
    assertEquals(await writtenByUs(dir, join(dir, name)), { lists: [] }, name);
  }
  // The commit leaves only draftcli's notes in its folder: no journal, lock or temps.
  assertEquals([...Deno.readDirSync(join(dir, ".draftcli"))].map((e) => e.name).sort(), [
    "state.json",
    "written.json",
  ]);
  // The timeline the commit copied (draft_info.json) is recorded by its own bytes' sample too:
  // a new file (inode) with the same bytes as either one is still a copy.
  assert(names.includes("draft_info.json"), names.join());
  for (const name of names) {
    const at = join(dir, name);
    const bytes = Deno.readFileSync(at);
    Deno.removeSync(at);
    Deno.writeFileSync(at, bytes);
    assertEquals(await writtenByUs(dir, at), { lists: [] }, name);
  }
  const path = join(dir, "draft_content.json");
  const text = Deno.readTextFileSync(path);
  Deno.writeTextFileSync(path, text.replace('"tracks":[', '"tracks" : ['));
  assertEquals(await writtenByUs(dir, path), undefined);
});

Deno.test("the meta file is recorded while it is written plain; one with kept spellings is not", async () => {
  await using tmp = await tempDir("draftcli-written-");
  const { dir } = await portraitDraft(tmp.path);
  const save = () => mutateDraftAt(dir, () => Promise.resolve({ result: undefined }));
  const recorded = () =>
    Object.keys(JSON.parse(Deno.readTextFileSync(join(dir, ".draftcli", "written.json"))).files);
  await save();
  assert(recorded().includes("draft_meta_info.json"), recorded().join());
  // An integer spelled as a float: the next load scans the meta (the file is no longer the
  // recorded one) and keeps that spelling, so the save that follows writes it not plain.
  const meta = join(dir, "draft_meta_info.json");
  const text = Deno.readTextFileSync(meta);
  const respelled = text.replace(/("tm_draft_create":)(\d+)/, "$1$2.0");
  assert(respelled !== text);
  Deno.writeTextFileSync(meta, respelled);
  await save();
  assert(!recorded().includes("draft_meta_info.json"), recorded().join());
  assert(recorded().includes("draft_content.json"), recorded().join());
  assert(/"tm_draft_create":\d+\.0[,}]/.test(Deno.readTextFileSync(meta)));
});
