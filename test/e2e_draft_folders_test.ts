/**
 * Draft folders named by the draft's id; the name lives in the meta only. Drafts in folders of
 * any other name (the editor's, earlier draftcli builds' named after the draft) keep resolving by
 * id, name and folder name. In-process (runInProcess).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { basename, join } from "node:path";
import { fileUrl, fixture, runInProcess, tempWorld } from "./helpers/cli.ts";
import { cacheDir } from "../src/store/home.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("draft folders: named by id; id, name and folder name resolve for info, add, list", async () => {
  const w = await tempWorld();
  try {
    const create = async (name: string) => {
      const r = await runInProcess(["draft", "create", "--name", name], { env: w.env });
      assertEquals(r.code, 0, r.stderr);
      return r.json as { draftId: string; filePath: string; name: string };
    };
    // Names the file system would not take as folder names are just names.
    const a = await create("..Trip. ");
    assertEquals(basename(a.filePath), a.draftId);
    assertEquals(a.name, "..Trip. ");
    const con = await create("CON");
    assertEquals(basename(con.filePath), con.draftId);
    const meta = JSON.parse(await Deno.readTextFile(join(a.filePath, "draft_meta_info.json")));
    assertEquals([meta.draft_id, meta.draft_name], [a.draftId, "..Trip. "]);

    const b = await create("Same");
    const c = await create("Same");
    assertEquals([basename(b.filePath), basename(c.filePath)], [b.draftId, c.draftId]);
    assert(b.draftId !== c.draftId);

    // By id and by exact name.
    for (const ref of [a.draftId, "..Trip. "]) {
      const info = await runInProcess(["draft", "info", ref], { env: w.env });
      assertEquals(info.code, 0, info.stderr);
      assertEquals((info.json as Json).draftId, a.draftId);
    }
    const add = await runInProcess([
      "images",
      "add",
      "..Trip. ",
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(add.code, 0, add.stderr);
    assertEquals((add.json as Json).draftId, a.draftId, "the output names the draft by its id");
    const content = JSON.parse(await Deno.readTextFile(join(a.filePath, "draft_content.json")));
    assertEquals(content.materials.videos.length, 1);

    // A name two drafts share is refused with both ids listed.
    const amb = await runInProcess(["draft", "info", "Same"], { env: w.env });
    assertEquals(amb.code !== 0, true);
    assert(amb.error!.message.includes(b.draftId) && amb.error!.message.includes(c.draftId));

    // A folder named after its draft (earlier draftcli builds; the editor names its own so):
    // found by id, by name and by folder name.
    const old = await create("Old trip");
    Deno.renameSync(old.filePath, join(w.draftsDir, "Old trip folder"));
    for (const ref of [old.draftId, "Old trip", "Old trip folder"]) {
      const info = await runInProcess(["draft", "info", ref], { env: w.env });
      assertEquals(info.code, 0, `${ref}: ${info.stderr}`);
      assertEquals((info.json as Json).draftId, old.draftId, ref);
    }

    const list = await runInProcess(["draft", "list"], { env: w.env });
    const ids = (list.json as unknown as Json[]).map((d) => d.draftId).sort();
    assertEquals(ids, [a.draftId, b.draftId, c.draftId, con.draftId, old.draftId].sort());

    // Rename changes the name only; the new name resolves, the folder stays.
    const ren = await runInProcess(["draft", "rename", b.draftId, "--name", "Renamed"], {
      env: w.env,
    });
    assertEquals(ren.code, 0, ren.stderr);
    const info = await runInProcess(["draft", "info", "Renamed"], { env: w.env });
    assertEquals((info.json as Json).draftId, b.draftId);
    assertEquals((info.json as Json).filePath, b.filePath);
    assertEquals(Deno.statSync(b.filePath).isDirectory, true);

    const unknown = await runInProcess(["draft", "info", "../etc"], { env: w.env });
    assertEquals(unknown.error?.code, "invalid_input");
  } finally {
    await w.cleanup();
  }
});

Deno.test("a draft moved by hand is still found by id, and its folder remembered", async () => {
  const w = await tempWorld();
  try {
    const created = await runInProcess(["draft", "create", "--name", "Kept"], { env: w.env });
    assertEquals(created.code, 0, created.stderr);
    const { draftId, filePath } = created.json as Json;
    const cache = join(cacheDir(w.env)!, "locations.json");
    const remembered = () => JSON.parse(Deno.readTextFileSync(cache)).roots[w.draftsDir];
    // Renamed outside draftcli (a file manager): the id no longer names the folder; the scan
    // finds it and remembers where.
    Deno.renameSync(filePath, join(w.draftsDir, "Moved"));
    const info = await runInProcess(["draft", "info", draftId], { env: w.env });
    assertEquals(info.code, 0, info.stderr);
    assertEquals((info.json as Json).filePath, join(w.draftsDir, "Moved"));
    assertEquals(remembered(), { [draftId]: "Moved" });
    // A cache that cannot be read changes nothing but speed.
    Deno.writeTextFileSync(cache, "\u0000not json");
    const again = await runInProcess(["draft", "info", draftId], { env: w.env });
    assertEquals([again.code, (again.json as Json).filePath], [0, join(w.draftsDir, "Moved")]);
  } finally {
    await w.cleanup();
  }
});
