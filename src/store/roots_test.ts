import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { draftsRootFor, editorDraftsRoot, installedEditions } from "./roots.ts";
import {
  findIndexEntry,
  type IndexEntryInput,
  removeIndexEntry,
  ROOT_INDEX_BACKUPS,
  ROOT_INDEX_FILE,
  ROOT_LOCK_FILE,
  upsertIndexEntry,
} from "./root_index.ts";
import { tempDir } from "../../test/helpers/temp.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

function input(root: string, name = "A", extra: Partial<IndexEntryInput> = {}): IndexEntryInput {
  return {
    folder: `${root}/${name}`,
    draftId: `ID-${name}`,
    name: `draft ${name}`,
    newVersion: "",
    created: 1_700_000_000_000_000,
    modified: 1_700_000_000_000_001,
    duration: 5_000_000,
    materialsSize: 42,
    jsonFile: "draft_content.json",
    cover: "draft_cover.jpg",
    ...extra,
  };
}

const FOREIGN = {
  draft_id: "FOREIGN",
  draft_fold_path: "C:/Users/u/drafts/Foreign",
  draft_name: "Foreign",
  draft_is_pippit_draft: false,
  pippit_id: "p-1",
  tm_duration: 7,
  some_list: [1],
};

async function withRoot(fn: (root: string) => Promise<void>): Promise<void> {
  await using root = await tempDir("draftcli-roots-");
  await fn(root.path);
}

const readIndex = async (root: string): Promise<Json> =>
  JSON.parse(await Deno.readTextFile(`${root}/${ROOT_INDEX_FILE}`));

Deno.test("upsert adds an entry in front, keeps foreign entries and keys, backs up first", async () => {
  await withRoot(async (root) => {
    const original = JSON.stringify({
      all_draft_store: [FOREIGN],
      draft_ids: 5,
      root_path: root,
      unknown_top: { keep: true },
    });
    await Deno.writeTextFile(`${root}/${ROOT_INDEX_FILE}`, original);
    const out = await upsertIndexEntry(root, input(root), { create: false, os: "linux" });
    assertEquals(out.action, "added");
    assertEquals(await Deno.readTextFile(`${root}/${ROOT_INDEX_BACKUPS[0]}`), original);
    const idx = await readIndex(root);
    assertEquals(idx.all_draft_store.length, 2);
    assertEquals(idx.all_draft_store[1], FOREIGN, "foreign entry untouched");
    assertEquals(idx.unknown_top, { keep: true });
    assertEquals(idx.root_path, root);
    assertEquals(idx.draft_ids, 6);
    const e = idx.all_draft_store[0];
    assertEquals(e.draft_id, "ID-A");
    assertEquals(e.draft_name, "draft A");
    assertEquals(e.draft_fold_path, `${root}/A`);
    assertEquals(e.draft_root_path, root);
    assertEquals(e.draft_json_file, `${root}/A/draft_content.json`);
    assertEquals(e.draft_cover, `${root}/A/draft_cover.jpg`);
    assertEquals([e.tm_duration, e.tm_draft_create, e.draft_timeline_materials_size], [
      5_000_000,
      1_700_000_000_000_000,
      42,
    ]);
    assertEquals([e.draft_is_invisible, e.streaming_edit_draft_ready, e.tm_draft_cloud_entry_id], [
      false,
      true,
      -1,
    ]);
    // keys the editor's own entries carry are copied, blanked by type
    assertEquals([e.draft_is_pippit_draft, e.pippit_id, e.some_list], [false, "", []]);
    assertEquals(Object.keys(e), Object.keys(e).sort(), "keys in the editor's (sorted) order");
    await Deno.stat(`${root}/${ROOT_INDEX_BACKUPS[0]}`);
    await Deno.lstat(`${root}/${ROOT_LOCK_FILE}`).then(
      () => assert(false, "lock released"),
      () => {},
    );
  });
});

Deno.test("re-saving refreshes the same entry; only two backups are kept", async () => {
  await withRoot(async (root) => {
    await Deno.writeTextFile(
      `${root}/${ROOT_INDEX_FILE}`,
      JSON.stringify({ all_draft_store: [FOREIGN], draft_ids: 1 }),
    );
    await upsertIndexEntry(root, input(root), { create: false, os: "linux" });
    const same = await upsertIndexEntry(root, input(root), { create: false, os: "linux" });
    assertEquals(same.action, "unchanged");
    for (let i = 2; i < 6; i++) {
      const out = await upsertIndexEntry(
        root,
        input(root, "A", { duration: i * 1_000_000, modified: 1_700_000_000_000_000 + i }),
        { create: false, os: "linux" },
      );
      assertEquals(out.action, "updated");
    }
    const idx = await readIndex(root);
    assertEquals(idx.all_draft_store.length, 2, "no duplicate entry");
    assertEquals(idx.draft_ids, 2, "counter moves only when an entry is added");
    assertEquals(idx.all_draft_store[0].tm_duration, 5_000_000);
    assertEquals(idx.all_draft_store[0].tm_draft_modified, 1_700_000_000_000_005);
    assertEquals(idx.all_draft_store[1], FOREIGN);
    const names = [...Deno.readDirSync(root)].map((e) => e.name).sort();
    assertEquals(names, [ROOT_INDEX_FILE, ...ROOT_INDEX_BACKUPS].sort());
    const prev = JSON.parse(await Deno.readTextFile(`${root}/${ROOT_INDEX_BACKUPS[0]}`));
    assertEquals(prev.all_draft_store[0].tm_duration, 4_000_000, "newest backup = state before");
  });
});

Deno.test("a missing index is created only when asked (CapCut), never for JianYing", async () => {
  await withRoot(async (root) => {
    const jy = await upsertIndexEntry(root, input(root), { create: false, os: "linux" });
    assertEquals(jy.action, "missing");
    assertEquals([...Deno.readDirSync(root)].length, 0, "nothing written, not even a lock");
    const cc = await upsertIndexEntry(root, input(root), { create: true, os: "linux" });
    assertEquals(cc.action, "created");
    const idx = await readIndex(root);
    assertEquals(idx.draft_ids, 1);
    assertEquals(idx.root_path, root);
    assertEquals(idx.all_draft_store[0].draft_id, "ID-A");
  });
});

Deno.test("an unparseable index is never overwritten: warning, no backup", async () => {
  for (const bad of ["{not json", "[1,2]", '{"all_draft_store": {}}', "\u00ff\u00fe"]) {
    await withRoot(async (root) => {
      await Deno.writeTextFile(`${root}/${ROOT_INDEX_FILE}`, bad);
      const before = await Deno.readFile(`${root}/${ROOT_INDEX_FILE}`);
      const warnings: string[] = [];
      const out = await upsertIndexEntry(root, input(root), {
        create: true,
        os: "linux",
        warn: (m) => warnings.push(m),
      });
      assertEquals(out.action, "malformed", bad);
      assertEquals(await Deno.readFile(`${root}/${ROOT_INDEX_FILE}`), before);
      assertEquals(warnings.length, 1);
      assert(warnings[0].includes("untouched"), warnings[0]);
      assertEquals([...Deno.readDirSync(root)].length, 1);
      assertEquals(
        (await removeIndexEntry(root, `${root}/A`, { os: "linux" })).action,
        "malformed",
      );
    });
  }
});

Deno.test("windows entries use the editor's path style and match case-insensitively", async () => {
  await withRoot(async (root) => {
    await Deno.writeTextFile(
      `${root}/${ROOT_INDEX_FILE}`,
      JSON.stringify({ all_draft_store: [], draft_ids: 0 }),
    );
    const win = "C:\\Users\\u\\AppData\\Local\\CapCut\\User Data\\Projects\\com.lveditor.draft";
    const folder = `${win}\\My draft`;
    await upsertIndexEntry(root, { ...input(root), folder }, { create: false, os: "windows" });
    const e = (await readIndex(root)).all_draft_store[0];
    const fwd = win.replaceAll("\\", "/");
    assertEquals(e.draft_fold_path, `${fwd}/My draft`);
    assertEquals(e.draft_json_file, `${fwd}/My draft\\draft_content.json`);
    assertEquals(e.draft_cover, `${fwd}/My draft\\draft_cover.jpg`);
    // draft_root_path is the root the caller names
    assertEquals(e.draft_root_path, root);
    const again = await upsertIndexEntry(root, {
      ...input(root),
      folder: folder.toUpperCase(),
      duration: 1,
    }, { create: false, os: "windows" });
    assertEquals(again.action, "updated");
    assertEquals((await readIndex(root)).all_draft_store.length, 1);
    assert(await findIndexEntry(root, folder, "windows"));
  });
});

Deno.test("removeIndexEntry drops only that folder's entry", async () => {
  await withRoot(async (root) => {
    await Deno.writeTextFile(
      `${root}/${ROOT_INDEX_FILE}`,
      JSON.stringify({ all_draft_store: [FOREIGN], draft_ids: 1 }),
    );
    await upsertIndexEntry(root, input(root), { create: false, os: "linux" });
    assertEquals((await removeIndexEntry(root, `${root}/A`, { os: "linux" })).action, "removed");
    assertEquals((await removeIndexEntry(root, `${root}/A`, { os: "linux" })).action, "absent");
    const idx = await readIndex(root);
    assertEquals(idx.all_draft_store, [FOREIGN]);
    assertEquals(idx.draft_ids, 2);
  });
});

Deno.test("editor folders: an existing default location wins (Mac App Store build)", async () => {
  await withRoot(async (home) => {
    const env = { HOME: home };
    const store =
      `${home}/Library/Containers/com.lemon.lvoverseas/Data/Movies/CapCut/User Data/Projects/com.lveditor.draft`;
    const main = `${home}/Movies/CapCut/User Data/Projects/com.lveditor.draft`;
    assertEquals(editorDraftsRoot("capcut", env, "mac"), main, "none exists: the main default");
    assertEquals(await installedEditions({ env, config: {}, os: "mac" }), []);
    await Deno.mkdir(store, { recursive: true });
    assertEquals(editorDraftsRoot("capcut", env, "mac"), store);
    assertEquals(draftsRootFor({ env, config: {}, os: "mac" }, "capcut"), store);
    assertEquals(await installedEditions({ env, config: {}, os: "mac" }), ["capcut"]);
    assertEquals(
      draftsRootFor({ env, config: {}, os: "linux" }, "capcut"),
      `${home}/.local/share/draftcli/drafts`,
    );
    assertEquals(
      draftsRootFor({ env, config: { draftsDir: "/x/y" }, os: "mac" }, "capcut"),
      "/x/y",
    );
  });
});

Deno.test("drafts folder: flag > DRAFTCLI_DRAFTS_DIR > CUT_DRAFTS_DIR > config", () => {
  const config = { draftsDir: "/c" };
  const env = { DRAFTCLI_DRAFTS_DIR: "/d", CUT_DRAFTS_DIR: "/cut" };
  assertEquals(draftsRootFor({ flag: "/f", env, config }, "jianying"), "/f");
  assertEquals(draftsRootFor({ env, config }, "jianying"), "/d");
  assertEquals(draftsRootFor({ env: { CUT_DRAFTS_DIR: "/cut" }, config }, "jianying"), "/cut");
  assertEquals(draftsRootFor({ env: {}, config }, "capcut"), "/c");
});
