/** The layer rule: the table in docs/ARCHITECTURE.md is parsed and every kind of breach is reported. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { checkModule, parseLayers, placeOf } from "./layers.ts";

const DOC = `# x

## Layers

| layer | folders | what |
| ----- | ------- | ---- |
| 1 | \`main.ts\` | wiring |
| 2 | \`src/cli/\`, \`src/mcp/\` (separate) | fronts |
| 3 | \`src/commands/\` | registry |
| 4 | \`src/draft/\` | model: no file system |

## Next
| 9 | \`src/elsewhere/\` | not part of the table |
`;

Deno.test("parseLayers reads ranks, members, separate and pure rows of the Layers table", () => {
  const layers = parseLayers(DOC);
  assertEquals(layers.map((l) => [l.rank, l.members, l.separate, l.pure]), [
    [1, ["main.ts"], false, false],
    [2, ["src/cli/", "src/mcp/"], true, false],
    [3, ["src/commands/"], false, false],
    [4, ["src/draft/"], false, true],
  ]);
});

Deno.test("checkModule reports upward, sideways-separate and file-system breaches only", () => {
  const layers = parseLayers(DOC);
  const messages = (path: string, text: string) =>
    checkModule(layers, path, text).map((v) => `${v.line}: ${v.message}`);
  assertEquals(messages("src/commands/a.ts", 'import { x } from "../draft/m.ts";'), []);
  assertEquals(messages("src/commands/a.ts", 'import { x } from "./b.ts";'), []);
  assertEquals(
    messages("src/draft/a.ts", '\nconst m = await import("../commands/registry.ts");'),
    ["2: imports src/commands/registry.ts (layer 3) from layer 4"],
  );
  assertEquals(messages("src/cli/a.ts", 'export { y } from "../mcp/server.ts";'), [
    "1: imports src/mcp/server.ts: src/cli/ and src/mcp/ must not import each other",
  ]);
  assertEquals(messages("src/draft/a.ts", "await Deno.readTextFile(p);"), [
    "1: calls Deno.readTextFile in layer 4, which must not touch the file system",
  ]);
  assertEquals(messages("src/commands/a.ts", "await Deno.readTextFile(p);"), []);
  assertEquals(messages("main.ts", 'import { a } from "./src/cli/app.ts";'), []);
});

Deno.test("the repository keeps the layer rule written in docs/ARCHITECTURE.md", async () => {
  const { checkRepository } = await import("./layers.ts");
  const root = new URL("..", import.meta.url).pathname;
  const found = (await checkRepository(root)).map((v) => `${v.file}:${v.line}: ${v.message}`);
  assertEquals(found, [], "see docs/ARCHITECTURE.md#layers");
});

Deno.test("a file named in one row is placed there, not in the row of its folder", () => {
  const layers = parseLayers(
    DOC.replace("| 3 | `src/commands/` |", "| 3 | `src/commands/`, `src/gen/` |")
      .replace("| 4 | `src/draft/` |", "| 4 | `src/draft/`, `src/gen/low.ts` |"),
  );
  assertEquals(placeOf(layers, "src/gen/low.ts")?.layer.rank, 4);
  assertEquals(placeOf(layers, "src/gen/table.ts")?.layer.rank, 3);
  // The low file may not import its folder's other (higher) modules; they may import it.
  assertEquals(
    checkModule(layers, "src/gen/low.ts", 'import "./table.ts";').map((v) => v.message),
    ["imports src/gen/table.ts (layer 3) from layer 4"],
  );
  assertEquals(checkModule(layers, "src/gen/table.ts", 'import "./low.ts";'), []);
});
