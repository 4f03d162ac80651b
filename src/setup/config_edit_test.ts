import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { parse as tomlParse } from "smol-toml";
import { ConfigParseError, getEntry, parseConfig, withEntry } from "./config_edit.ts";

const plain = (v: unknown) => JSON.parse(JSON.stringify(v));
const ENTRY = { command: "/bin/draftcli", args: ["mcp"] };

Deno.test("toml: quoted header keys and sub-tables of the entry are replaced as text", () => {
  const text = `a = 1 # keep
[mcp_servers."draftcli"]
command = "old"
[mcp_servers.'draftcli'.env]
X = "y"
[ mcp_servers . draftcli-other ]
command = "other"
`;
  const doc = parseConfig(text, "toml");
  assertEquals(plain(getEntry(doc, ["mcp_servers"], "draftcli")), {
    command: "old",
    env: { X: "y" },
  });
  const out = withEntry(doc, "toml", ["mcp_servers"], "draftcli", ENTRY);
  assert(!out.lossy);
  assert(out.text.startsWith("a = 1 # keep\n"));
  assertEquals(plain(tomlParse(out.text)), {
    a: 1,
    mcp_servers: { "draftcli-other": { command: "other" }, draftcli: ENTRY },
  });
});

Deno.test("toml: an inline-table entry cannot be edited as text and is flagged lossy", () => {
  const text =
    `# comment\nmcp_servers = { draftcli = { command = "x" }, other = { command = "o" } }\n`;
  const doc = parseConfig(text, "toml");
  const out = withEntry(doc, "toml", ["mcp_servers"], "draftcli", ENTRY);
  assert(out.lossy);
  assertEquals(plain(tomlParse(out.text)), {
    mcp_servers: { draftcli: ENTRY, other: { command: "o" } },
  });
});

Deno.test("toml: removing the last server leaves no empty table behind", () => {
  const doc = parseConfig(`[mcp_servers.draftcli]\ncommand = "x"\n`, "toml");
  const out = withEntry(doc, "toml", ["mcp_servers"], "draftcli", undefined);
  assertEquals(out, { text: "", lossy: false });
});

Deno.test("json: keeps tabs, key order and the missing final newline", () => {
  const text = '{\n\t"b": 1,\n\t"mcpServers": {"x": {"command": "x"}}\n}';
  const out = withEntry(parseConfig(text, "json"), "json", ["mcpServers"], "draftcli", ENTRY);
  assertEquals(out.lossy, false);
  assert(out.text.startsWith('{\n\t"b": 1'));
  assert(!out.text.endsWith("\n"));
  assertEquals(Object.keys(JSON.parse(out.text).mcpServers), ["x", "draftcli"]);
});

Deno.test("json5: plain JSON is not lossy, JSON5 syntax is; broken text is a parse error", () => {
  const path = ["mcp", "servers"];
  const j = withEntry(parseConfig('{"a":1}', "json5"), "json5", path, "draftcli", ENTRY);
  assertEquals(j.lossy, false);
  assertEquals(JSON.parse(j.text), { a: 1, mcp: { servers: { draftcli: ENTRY } } });
  const j5 = withEntry(parseConfig("{a:1,}", "json5"), "json5", path, "draftcli", ENTRY);
  assertEquals(j5.lossy, true);
  let threw = false;
  try {
    parseConfig("{a:1,}", "json");
  } catch (err) {
    threw = err instanceof ConfigParseError;
  }
  assert(threw);
  let notObject = false;
  try {
    getEntry(parseConfig('{"mcpServers": []}', "json"), ["mcpServers"], "draftcli");
  } catch (err) {
    notObject = err instanceof ConfigParseError;
  }
  assert(notObject);
});
