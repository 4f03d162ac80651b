/** A catalog name unknown for the draft's edition: the hint searches that edition, run as written. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runCli, runOk, tempWorld } from "./helpers/cli.ts";

Deno.test("filters add ABG on a CapCut draft: says ABG is JianYing's; the hint searches CapCut", async () => {
  const w = await tempWorld();
  try {
    const { draftId } = await runOk(w, ["draft", "create", "--editor", "capcut"]);
    const r = await runCli([
      "filters",
      "add",
      draftId,
      "--filter-infos",
      JSON.stringify([{ filterTitle: "ABG", start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(r.code, 2, r.stderr);
    assert(
      /"ABG" is a jianying name; this draft is capcut/.test(r.error!.message),
      r.error!.message,
    );
    const hint = r.error!.hint ?? "";
    const command = /draftcli (query filters --editor capcut --action search --keyword) </.exec(
      hint,
    );
    assert(command, hint);
    // The hint as written (with a keyword for the placeholder) searches CapCut's catalog.
    const search = await runCli([...command[1].split(" "), "赛博"], { env: w.env });
    assertEquals(search.code, 0, search.stderr);
    const out = search.json as { editor: string; items: { name: string }[] };
    assertEquals(out.editor, "capcut");
    assert(out.items.some((i) => i.name === "赛博朋克"), JSON.stringify(out.items));
  } finally {
    await w.cleanup();
  }
});
