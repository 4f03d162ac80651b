/** Draft folders named after the draft (safe, unique); both the id and the name resolve. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { basename, join } from "node:path";
import { fileUrl, fixture, runCli, tempWorld } from "./helpers/cli.ts";
import { cacheDir } from "../src/store/home.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("draft folders: safe unique names; id and name resolve for info, add, list", async () => {
  const w = await tempWorld();
  try {
    const create = async (name: string) => {
      const r = await runCli(["draft", "create", "--name", name], { env: w.env });
      assertEquals(r.code, 0, r.stderr);
      return r.json as { draftId: string; filePath: string; name: string };
    };
    // Characters illegal in folder names (\\ / : * ? " < > |) are refused in names by the schema;
    // what the schema lets through but a file system does not is made safe in the folder name.
    const a = await create("..Trip. ");
    assertEquals(basename(a.filePath), "Trip");
    assertEquals(a.name, "..Trip. ");
    const con = await create("CON");
    assertEquals(basename(con.filePath), "CON_");
    const meta = JSON.parse(await Deno.readTextFile(join(a.filePath, "draft_meta_info.json")));
    assertEquals(meta.draft_id, a.draftId);
    assert(a.draftId !== basename(a.filePath));

    const b = await create("Same");
    const c = await create("Same");
    assertEquals(basename(b.filePath), "Same");
    assertEquals(basename(c.filePath), "Same (2)");
    assert(b.draftId !== c.draftId);

    // By id and by exact name.
    for (const ref of [a.draftId, "..Trip. "]) {
      const info = await runCli(["draft", "info", ref], { env: w.env });
      assertEquals(info.code, 0, info.stderr);
      assertEquals((info.json as Json).draftId, a.draftId);
    }
    const add = await runCli([
      "images",
      "add",
      "..Trip. ",
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(add.code, 0, add.stderr);
    const content = JSON.parse(await Deno.readTextFile(join(a.filePath, "draft_content.json")));
    assertEquals(content.materials.videos.length, 1);

    // A name two drafts share is refused with both ids listed.
    const amb = await runCli(["draft", "info", "Same"], { env: w.env });
    assertEquals(amb.code !== 0, true);
    assert(amb.error!.message.includes(b.draftId) && amb.error!.message.includes(c.draftId));
    // The folder name still resolves (editor drafts and earlier draftcli drafts).
    const byFolder = await runCli(["draft", "info", "Same (2)"], { env: w.env });
    assertEquals((byFolder.json as Json).draftId, c.draftId);

    const list = await runCli(["draft", "list"], { env: w.env });
    const ids = (list.json as unknown as Json[]).map((d) => d.draftId).sort();
    assertEquals(ids, [a.draftId, b.draftId, c.draftId, con.draftId].sort());

    // Rename changes the name only; the new name resolves, the folder stays.
    const ren = await runCli(["draft", "rename", b.draftId, "--name", "Renamed"], { env: w.env });
    assertEquals(ren.code, 0, ren.stderr);
    const info = await runCli(["draft", "info", "Renamed"], { env: w.env });
    assertEquals((info.json as Json).draftId, b.draftId);
    assertEquals(basename((info.json as Json).filePath ?? b.filePath), "Same");

    const unknown = await runCli(["draft", "info", "../etc"], { env: w.env });
    assertEquals(unknown.error?.code, "invalid_input");
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft create remembers the new folder; a draft moved by hand is still found by id", async () => {
  const w = await tempWorld();
  try {
    const created = await runCli(["draft", "create", "--name", "Kept"], { env: w.env });
    assertEquals(created.code, 0, created.stderr);
    const { draftId, filePath } = created.json as Json;
    const cache = join(cacheDir(w.env)!, "locations.json");
    const remembered = () => JSON.parse(Deno.readTextFileSync(cache)).roots[w.draftsDir];
    assertEquals(remembered(), { [draftId]: "Kept" });
    // Renamed outside draftcli (a file manager): the hint fails, the scan finds it again.
    Deno.renameSync(filePath, join(w.draftsDir, "Moved"));
    const info = await runCli(["draft", "info", draftId], { env: w.env });
    assertEquals(info.code, 0, info.stderr);
    assertEquals((info.json as Json).filePath, join(w.draftsDir, "Moved"));
    assertEquals(remembered(), { [draftId]: "Moved" });
    // A cache that cannot be read changes nothing but speed.
    Deno.writeTextFileSync(cache, "\u0000not json");
    const again = await runCli(["draft", "info", draftId], { env: w.env });
    assertEquals([again.code, (again.json as Json).filePath], [0, join(w.draftsDir, "Moved")]);
  } finally {
    await w.cleanup();
  }
});
