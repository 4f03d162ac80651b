/** The editor's draft index (root_meta_info.json) follows create, rename, duplicate, import, delete. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runCli, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("index entries follow the draft's life", async () => {
  const w = await tempWorld();
  try {
    const indexPath = `${w.draftsDir}/root_meta_info.json`;
    const foreign = {
      draft_id: "FOREIGN",
      draft_name: "theirs",
      draft_fold_path: "/elsewhere/x",
      extra: 1,
    };
    await Deno.writeTextFile(
      indexPath,
      JSON.stringify({
        all_draft_store: [foreign],
        draft_ids: 1,
        root_path: w.draftsDir,
        keep: true,
      }),
    );
    const index = async () => JSON.parse(await Deno.readTextFile(indexPath)) as Json;
    const names = async () =>
      ((await index()).all_draft_store as Json[]).map((e) => e.draft_name).sort();

    const a =
      (await runCli(["draft", "create", "--editor", "capcut", "--name", "A"], { env: w.env }))
        .json as Json;
    assertEquals(await names(), ["A", "theirs"]);
    const r = await runCli(["draft", "rename", a.draftId, "--name", "B"], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    assertEquals(await names(), ["B", "theirs"]);
    const dup = await runCli(["draft", "duplicate", a.draftId, "--name", "C"], { env: w.env });
    assertEquals(dup.code, 0, dup.stderr);
    assertEquals(await names(), ["B", "C", "theirs"]);

    const zip = `${w.root}/a.zip`;
    const z = await runCli(["draft", "zip", a.draftId, "--output", zip], { env: w.env });
    assertEquals(z.code, 0, z.stderr);
    const imp = await runCli(["draft", "import", zip, "--name", "D"], { env: w.env });
    assertEquals(imp.code, 0, imp.stderr);
    assertEquals(await names(), ["B", "C", "D", "theirs"]);
    const ids = ((await index()).all_draft_store as Json[]).map((e) => e.draft_id);
    assertEquals(new Set(ids).size, ids.length, "no duplicate ids in the index");
    // Each entry keeps the folder (named by the id) and the name apart; a rename kept the folder.
    for (const e of (await index()).all_draft_store as Json[]) {
      if (e.draft_id === "FOREIGN") continue;
      assertEquals(e.draft_fold_path, `${w.draftsDir}/${e.draft_id}`, e.draft_name);
      assert(String(e.draft_json_file).startsWith(`${e.draft_fold_path}/`), e.draft_json_file);
    }

    const del = await runCli(["draft", "delete", a.draftId, "--yes"], { env: w.env });
    assertEquals(del.code, 0, del.stderr);
    assertEquals(await names(), ["C", "D", "theirs"]);
    const idx = await index();
    assertEquals(idx.keep, true, "foreign top-level keys kept");
    assert((idx.all_draft_store as Json[]).some((e) => e.draft_id === "FOREIGN" && e.extra === 1));
  } finally {
    await w.cleanup();
  }
});
