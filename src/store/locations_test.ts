import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { locateDraft } from "./locate.ts";
import { LOCATIONS_FILE, MAX_REMEMBERED, rememberFolder, withLocations } from "./locations.ts";
import { searchRoots } from "./roots.ts";
import { tempDir } from "../../test/helpers/temp.ts";

/** A drafts root with folders named after drafts (the editor's way; id in meta and state), and a cache. */
async function world() {
  const base = (await tempDir("draftcli-locations-")).path;
  const root = `${base}/drafts`;
  const cache = `${base}/cache`;
  await Deno.mkdir(root);
  const draft = async (folder: string, id: string, mtime: number) => {
    const dir = `${root}/${folder}`;
    await Deno.mkdir(`${dir}/.draftcli`, { recursive: true });
    await Deno.writeTextFile(`${dir}/draft_content.json`, '{"tracks":[]}');
    await Deno.writeTextFile(`${dir}/draft_meta_info.json`, JSON.stringify({ draft_id: id }));
    await Deno.writeTextFile(`${dir}/.draftcli/state.json`, JSON.stringify({ draftId: id }));
    await Deno.utime(`${dir}/draft_content.json`, mtime, mtime);
    return dir;
  };
  const roots = () => withLocations([root], cache);
  const table = async () =>
    JSON.parse(await Deno.readTextFile(`${cache}/${LOCATIONS_FILE}`)).roots[root];
  return {
    base,
    root,
    cache,
    draft,
    roots,
    table,
    cleanup: () => Deno.remove(base, { recursive: true }),
  };
}

Deno.test("locateDraft remembers where an id was found and goes there next time", async () => {
  const w = await world();
  try {
    const a = await w.draft("first", "ID-A", 1_000);
    await w.draft("second", "ID-B", 2_000);
    assertEquals(await locateDraft(w.roots(), "ID-A"), a);
    assertEquals(await w.table(), { "ID-A": "first" });
    // A newer folder claiming the same id (a copy made by hand) would win a scan, which looks
    // at the newest folders first: the remembered folder is used instead of scanning.
    await w.draft("copy", "ID-A", 3_000);
    assertEquals(await locateDraft(w.roots(), "ID-A"), a);
    // Without the remembered locations (a list of roots built by hand), the scan decides.
    assertEquals(await locateDraft([w.root], "ID-A"), `${w.root}/copy`);
  } finally {
    await w.cleanup();
  }
});

Deno.test("locateDraft: a remembered folder is only a hint, checked against the folder", async () => {
  const w = await world();
  try {
    await w.draft("one", "ID-A", 1_000);
    await locateDraft(w.roots(), "ID-A");
    // Renamed: the hint leads nowhere; the scan finds it and the new folder is remembered.
    await Deno.rename(`${w.root}/one`, `${w.root}/renamed`);
    assertEquals(await locateDraft(w.roots(), "ID-A"), `${w.root}/renamed`);
    assertEquals(await w.table(), { "ID-A": "renamed" });
    // The remembered folder now holds another draft: not used for the old id.
    await Deno.rename(`${w.root}/renamed`, `${w.root}/moved`);
    await w.draft("renamed", "ID-OTHER", 2_000);
    assertEquals(await locateDraft(w.roots(), "ID-A"), `${w.root}/moved`);
    // A damaged cache file is ignored and replaced.
    await Deno.writeTextFile(`${w.cache}/${LOCATIONS_FILE}`, '{"roots": [1, 2');
    assertEquals(await locateDraft(w.roots(), "ID-A"), `${w.root}/moved`);
    assertEquals(await w.table(), { "ID-A": "moved" });
    // Names and unknown ids are never remembered.
    await assertRejectsCode(locateDraft(w.roots(), "NOPE"), "draft_not_found");
    assertEquals(await w.table(), { "ID-A": "moved" });
  } finally {
    await w.cleanup();
  }
});

Deno.test("remembered locations keep the newest entries per root", async () => {
  const w = await world();
  try {
    const roots = w.roots();
    for (let i = 0; i < MAX_REMEMBERED + 5; i++) {
      await rememberFolder(roots, `ID-${i}`, `${w.root}/f${i}`);
    }
    const table = await w.table();
    assertEquals(Object.keys(table).length, MAX_REMEMBERED);
    assert(!("ID-0" in table) && table[`ID-${MAX_REMEMBERED + 4}`] === `f${MAX_REMEMBERED + 4}`);
    // A folder outside the listed roots is not remembered.
    await rememberFolder(roots, "ID-X", `${w.base}/elsewhere/x`);
    assert(!("ID-X" in (await w.table())));
  } finally {
    await w.cleanup();
  }
});

Deno.test("searchRoots carries the cache folder of the environment, none without a home", async () => {
  const w = await world();
  try {
    await w.draft("one", "ID-A", 1_000);
    const env = { DRAFTCLI_DRAFTS_DIR: w.root, HOME: `${w.base}/home` };
    await locateDraft(searchRoots({ env, config: {} }), "ID-A");
    const file = `${w.base}/home/.cache/draftcli/${LOCATIONS_FILE}`;
    if (Deno.build.os === "linux") assert((await Deno.stat(file)).isFile);
    const bare = { DRAFTCLI_DRAFTS_DIR: w.root, DRAFTCLI_CACHE_DIR: `${w.base}/own` };
    await locateDraft(searchRoots({ env: bare, config: {} }), "ID-A");
    assert((await Deno.stat(`${w.base}/own/${LOCATIONS_FILE}`)).isFile);
    const homeless = { DRAFTCLI_DRAFTS_DIR: w.root };
    assertEquals(
      await locateDraft(searchRoots({ env: homeless, config: {} }), "ID-A"),
      `${w.root}/one`,
    );
  } finally {
    await w.cleanup();
  }
});

async function assertRejectsCode(p: Promise<unknown>, code: string): Promise<void> {
  const err = await p.then(() => undefined, (e) => e);
  assertEquals((err as { code?: string })?.code, code);
}
