/**
 * The registry: the generated files are what `deno task gen` writes now, each command loads from
 * its own file, and no command file shares its name with another module.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { renderAll } from "../../scripts/gen_table.ts";
import { findCommand, loadAllSpecs, loadSpec } from "./registry.ts";
import { COMMAND_TABLE } from "../generated/command_table.ts";
import { COMMAND_FILES } from "./command_files.ts";

Deno.test("the generated files are what 'deno task gen' writes now", async () => {
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

Deno.test("findCommand takes the longest matching command and leaves the rest", async () => {
  const found = await findCommand(["draft", "info", "ID"]);
  assertEquals(found?.entry.name, ["draft", "info"]);
  assertEquals(found?.used, 2);
  assertEquals((await findCommand(["mcp"]))?.entry.name, ["mcp"]);
  assert(await findCommand(["query", "text_intro"]) === undefined);
  // Words are matched one by one: one argument holding a name's words names nothing.
  assert(await findCommand(["draft info", "ID"]) === undefined);
  assert(await findCommand([]) === undefined);
});

Deno.test("each command's entry module carries its own row of the table", async () => {
  for (const row of COMMAND_TABLE) {
    const found = await findCommand([...row.name, "x"]);
    assertEquals(found?.entry, row);
    assertEquals(found?.used, row.name.length);
  }
});

Deno.test("the table lists the registry's command files, in their order", () => {
  assertEquals(COMMAND_TABLE.map((e) => e.name.join(" ")), Object.keys(COMMAND_FILES));
});

Deno.test("no command file shares its file name with another module of the repository", () => {
  const root = new URL("../../", import.meta.url);
  const seen = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const e of Deno.readDirSync(new URL(dir, root))) {
      const path = `${dir}${e.name}`;
      if (e.isDirectory && !["node_modules", "dist", ".git", "fixtures"].includes(e.name)) {
        walk(`${path}/`);
      } else if (e.isFile && e.name.endsWith(".ts")) {
        seen.set(e.name, [...seen.get(e.name) ?? [], path]);
      }
    }
  };
  for (const dir of ["src/", "scripts/", "test/", "bench/"]) walk(dir);
  const clashes = [...seen]
    .filter(([name, paths]) =>
      paths.length > 1 && paths.some((p) => /^src\/commands\/[^/]+\//.test(p)) &&
      !name.endsWith("_test.ts")
    );
  assertEquals(clashes, []);
});
