/**
 * Test-only stand-in for the `claude` and `openclaw` CLIs (first argument picks which). Logs
 * its argv to $HOME/agent-cli.log and edits the config under $HOME like the real tools'
 * `mcp add/remove` (claude) and `mcp set/unset` (openclaw). $FAKE_AGENT_FAIL=1 makes it fail.
 */
const [agent, ...args] = Deno.args;
const home = Deno.env.get("HOME")!;
await Deno.writeTextFile(`${home}/agent-cli.log`, JSON.stringify([agent, ...args]) + "\n", {
  append: true,
});
if (Deno.env.get("FAKE_AGENT_FAIL") === "1") {
  console.error("fake failure: not logged in");
  Deno.exit(1);
}

async function edit(path: string, keys: string[], name: string, entry: unknown) {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(await Deno.readTextFile(path));
  } catch { /* new file */ }
  let node = data;
  for (const k of keys) node = (node[k] ??= {}) as Record<string, unknown>;
  if (entry === undefined) {
    if (!(name in node)) {
      console.error(`no server ${name}`);
      Deno.exit(1);
    }
    delete node[name];
  } else node[name] = entry;
  await Deno.mkdir(path.replace(/\/[^/]*$/, ""), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(data, null, 2) + "\n");
}

if (agent === "claude") {
  // mcp add --scope user <name> -- <cmd> [args…] | mcp remove --scope user <name>
  const [, verb, , , name] = args;
  const path = `${home}/.claude.json`;
  if (verb === "add") {
    const rest = args.slice(args.indexOf("--") + 1);
    await edit(path, ["mcpServers"], name, {
      type: "stdio",
      command: rest[0],
      args: rest.slice(1),
      env: {},
    });
  } else if (verb === "remove") await edit(path, ["mcpServers"], name, undefined);
} else if (agent === "openclaw") {
  // mcp set <name> <json> | mcp unset <name>
  const [, verb, name, json] = args;
  const path = `${home}/.openclaw/openclaw.json`;
  if (verb === "set") await edit(path, ["mcp", "servers"], name, JSON.parse(json));
  else if (verb === "unset") await edit(path, ["mcp", "servers"], name, undefined);
}
