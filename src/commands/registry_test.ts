/** The registry: the generated table matches the specs, and each command loads from its group. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { renderAll } from "../../scripts/gen_table.ts";
import { COMMAND_TABLE, findEntry, loadAllSpecs, loadSpec } from "./registry.ts";

Deno.test("the table and fast validators are what 'deno task gen' writes now", async () => {
  for (const [path, text] of await renderAll()) {
    const current = await Deno.readTextFile(new URL(`../${path}`, import.meta.url));
    assertEquals(current, text, `src/${path} is stale: run deno task gen`);
  }
});

Deno.test("every table entry loads its own spec; names are unique", async () => {
  const names = COMMAND_TABLE.map((e) => e.name.join(" "));
  assertEquals(new Set(names).size, names.length);
  for (const entry of COMMAND_TABLE) {
    const spec = await loadSpec(entry);
    assertEquals(spec.name, [...entry.name]);
    assertEquals(spec.summary, entry.summary);
  }
  assertEquals((await loadAllSpecs()).map((s) => s.name.join(" ")), names);
});

Deno.test("findEntry takes the longest matching command and leaves the rest", () => {
  const found = findEntry(["draft", "info", "ID"]);
  assertEquals(found.entry?.name, ["draft", "info"]);
  assertEquals(found.used, 2);
  assertEquals(findEntry(["mcp"]).entry?.name, ["mcp"]);
  assert(findEntry(["query", "text_intro"]).entry === undefined);
});
