/** A read-modify-write's `resultReady`: told the result while the save's files are flushed. */
import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { join } from "../path.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { portraitDraft } from "../../test/helpers/portrait_draft.ts";
import { mutateDraftAt } from "./commit.ts";
import { journalPath } from "./txn.ts";

/** The draft folder's names, temps of a commit included. */
const names = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

/** Every file under `dir` (relative path → bytes). */
function files(dir: string, at = ""): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const e of Deno.readDirSync(join(dir, at))) {
    const rel = at ? `${at}/${e.name}` : e.name;
    if (e.isDirectory) { for (const [k, v] of files(dir, rel)) out.set(k, v); }
    else out.set(rel, Deno.readFileSync(join(dir, rel)));
  }
  return out;
}

Deno.test("mutateDraftAt tells resultReady the result once, before the save has renamed anything", async () => {
  await using tmp = await tempDir("draftcli-commit-");
  const { dir } = await portraitDraft(tmp.path);
  const content = join(dir, "draft_content.json");
  const before = Deno.readTextFileSync(content);
  const result = { told: true };
  const seen: { result: unknown; onDisk: string; temps: number }[] = [];
  const returned = await mutateDraftAt(dir, (doc) => {
    doc.addTrack("text");
    return Promise.resolve({ result });
  }, {
    resultReady: (r) =>
      seen.push({
        result: r,
        onDisk: Deno.readTextFileSync(content),
        temps: names(dir).filter((n) => n.endsWith(".draftcli-tmp")).length,
      }),
  });
  assert(returned === result);
  assertEquals(seen.length, 1);
  assert(seen[0].result === result, "the very result the mutation returned");
  assert(seen[0].onDisk === before, "the draft was still the old one");
  assert(seen[0].temps > 0, "the new files were written as temps by then");
  assert(Deno.readTextFileSync(content) !== before, "then saved");
});

Deno.test("mutateDraftAt: a save that fails after resultReady leaves the draft as it was", async () => {
  await using tmp = await tempDir("draftcli-commit-");
  const { dir } = await portraitDraft(tmp.path);
  const before = files(dir);
  let told = 0;
  await rejects(mutateDraftAt(dir, (doc) => {
    doc.addTrack("text");
    return Promise.resolve({ result: {} });
  }, {
    // A folder where the journal goes: the commit fails once its files are flushed.
    resultReady: () => (told++, Deno.mkdirSync(journalPath(join(dir, ".draftcli")))),
  }));
  assertEquals(told, 1);
  assertEquals(files(dir), before);
});
