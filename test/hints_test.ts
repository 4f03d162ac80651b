/** Every command an error hint names exists: the catalog search hints and one real error's hint. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { QUERY_COMMAND, searchHint } from "../src/catalogs/commands.ts";
import { CATALOG_KINDS } from "../src/catalogs/catalog.ts";
import { runCli, tempWorld } from "./helpers/cli.ts";

/** The argv of a hint's `draftcli …` command, with the placeholder filled in. */
function hintArgs(hint: string): string[] {
  const at = hint.indexOf("draftcli ");
  assert(at >= 0, `hint names no command: ${hint}`);
  return hint.slice(at + "draftcli ".length).replace("<part of a name>", "a").split(" ");
}

Deno.test("every catalog kind's search hint runs (JianYing has every kind)", async () => {
  assertEquals(Object.keys(QUERY_COMMAND).sort(), [...CATALOG_KINDS].sort());
  const w = await tempWorld();
  try {
    for (const kind of CATALOG_KINDS) {
      const r = await runCli([...hintArgs(searchHint(kind)), "--editor", "jianying"], {
        env: w.env,
      });
      assertEquals(r.code, 0, `${kind}: ${r.stderr}`);
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("an unknown text animation's hint names a command that runs", async () => {
  const w = await tempWorld();
  try {
    const d = await runCli(["draft", "create", "--name", "h"], { env: w.env });
    assertEquals(d.code, 0, d.stderr);
    const id = (d.json as { draftId: string }).draftId;
    const captions = JSON.stringify([{ text: "x", start: 0, end: 1_000_000, inAnimation: "zzq" }]);
    const r = await runCli(["captions", "add", id, "--captions", captions], { env: w.env });
    assertEquals(r.error?.code, "unknown_name", r.stderr);
    const q = await runCli(hintArgs(r.error?.hint ?? ""), { env: w.env });
    assertEquals(q.code, 0, q.stderr);
  } finally {
    await w.cleanup();
  }
});
