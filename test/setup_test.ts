/**
 * `draftcli setup` against a temporary HOME with real files: skills for every agent, the
 * "covered" rule, idempotency, user edits, --force backups, --dry-run, --uninstall, and MCP
 * entries merged into pre-seeded JSON / JSON5 / TOML configs (plus fake agent CLIs on PATH).
 */
import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  notDeepStrictEqual,
  ok as assert,
} from "node:assert/strict";
// @ts-types="npm:json5@2.2.3/lib/index.d.ts"
import JSON5 from "json5";
import { parse as tomlParse } from "smol-toml";
import { parseCommandArgs } from "../src/cli/args.ts";
import { specShape } from "../src/commands/shape.ts";
import { toKebab } from "../src/commands/flag_names.ts";
import { makeSetupCommand } from "../src/commands/setup/setup_command.ts";
import { resolveSpec } from "../src/commands/registry.ts";
import { type JsonSchema, toJsonSchema } from "../src/schema/json_schema.ts";
import { validate } from "../src/schema/parse_input.ts";
import type { Agent } from "../src/setup/agent_paths.ts";
import {
  findOnPath,
  runArgv,
  runSetup,
  type SetupOptions,
  type SetupReport,
  type SetupResult,
} from "../src/setup/setup.ts";
import { toySpecs } from "./support/toy_specs.ts";
import { tempDir } from "./helpers/temp.ts";

const CMD = ["/opt/draftcli/bin/draftcli"];

/** TOML as plain objects (smol-toml makes null-prototype ones). */
function parseToml(text: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(tomlParse(text)));
}
const FAKE_CLI = new URL("./support/fake_agent_cli.ts", import.meta.url).pathname;

interface Home {
  home: string;
  bin: string;
  env: Record<string, string>;
  setup(targets: Agent[] | "all", opts?: Partial<SetupOptions>): Promise<SetupReport>;
  read(rel: string): Promise<string | null>;
  write(rel: string, text: string): Promise<void>;
  cleanup(): Promise<void>;
}

async function makeHome(): Promise<Home> {
  const home = (await tempDir("draftcli-home-")).path;
  const bin = `${home}/bin`;
  await Deno.mkdir(bin);
  const env: Record<string, string> = { HOME: home, PATH: bin };
  const host = { env, os: "linux" as const };
  return {
    home,
    bin,
    env,
    setup: (targets, opts = {}) =>
      runSetup({
        targets: targets === "all" ? ["claude", "cursor", "openclaw", "codex"] : targets,
        specs: toySpecs,
        host,
        command: CMD,
        findExecutable: (name) => findOnPath(name, host),
        run: (argv) => runArgv(argv, { ...env, PATH: `${bin}:${Deno.env.get("PATH")}` }),
        now: () => new Date("2026-11-21T12:00:00Z"),
        ...opts,
      }),
    async read(rel) {
      try {
        return await Deno.readTextFile(`${home}/${rel}`);
      } catch {
        return null;
      }
    },
    async write(rel, text) {
      const path = `${home}/${rel}`;
      await Deno.mkdir(path.replace(/\/[^/]*$/, ""), { recursive: true });
      await Deno.writeTextFile(path, text);
    },
    cleanup: () => Deno.remove(home, { recursive: true }),
  };
}

/** Installs a fake `claude` / `openclaw` executable into the temp PATH. */
async function fakeCli(h: Home, agent: "claude" | "openclaw"): Promise<string> {
  const path = `${h.bin}/${agent}`;
  await Deno.writeTextFile(
    path,
    `#!/bin/sh\nexec "${Deno.execPath()}" run --quiet --no-config --no-lock --cached-only --allow-all "${FAKE_CLI}" ${agent} "$@"\n`,
  );
  await Deno.chmod(path, 0o755);
  return path;
}

function pick(r: SetupReport, target: Agent, kind: "skill" | "mcp" = "skill"): SetupResult {
  const found = r.results.find((x) => x.target === target && x.kind === kind);
  assert(found, `no ${kind} result for ${target}: ${JSON.stringify(r)}`);
  return found;
}

function actions(r: SetupReport): Record<string, string> {
  return Object.fromEntries(r.results.map((x) => [`${x.target}:${x.kind}`, x.action]));
}

/** Strict frontmatter parse: `---`, `key: value` lines (JSON-quoted or plain), `---`. */
function frontmatter(text: string): Record<string, string> {
  const lines = text.split("\n");
  assertEquals(lines[0], "---");
  const end = lines.indexOf("---", 1);
  assert(end > 1, "frontmatter is not closed");
  const out: Record<string, string> = {};
  for (const line of lines.slice(1, end)) {
    const m = /^([a-z][a-z0-9-]*): (.+)$/.exec(line);
    assert(m, `not a key: value line: ${line}`);
    out[m[1]] = m[2].startsWith('"') ? JSON.parse(m[2]) : m[2];
  }
  return out;
}

/** Every field name in a JSON Schema (nested objects and array items too). */
function fieldNames(node: JsonSchema): string[] {
  const out: string[] = [];
  for (const [k, child] of Object.entries(node.properties ?? {})) {
    out.push(k, ...fieldNames(child), ...(child.items ? fieldNames(child.items) : []));
  }
  return out;
}

async function listTree(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const rel = prefix + e.name;
    out.push(rel);
    if (e.isDirectory) out.push(...await listTree(`${dir}/${e.name}`, rel + "/"));
  }
  return out.sort();
}

Deno.test("setup all: one skill for Claude, one in ~/.agents; Cursor and OpenClaw covered", async () => {
  const h = await makeHome();
  try {
    const r = await h.setup("all");
    assert(r.ok);
    assertEquals(actions(r), {
      "claude:skill": "written",
      "codex:skill": "written",
      "cursor:skill": "covered",
      "openclaw:skill": "covered",
    });
    assertEquals(pick(r, "cursor").coveredBy, `${h.home}/.claude/skills/draftcli/SKILL.md`);
    assertEquals(pick(r, "openclaw").coveredBy, `${h.home}/.agents/skills/draftcli/SKILL.md`);
    assertEquals(await h.read(".cursor/skills/draftcli/SKILL.md"), null);
    assertEquals(await h.read(".openclaw/skills/draftcli/SKILL.md"), null);

    const skill = (await h.read(".claude/skills/draftcli/SKILL.md"))!;
    assertEquals(await h.read(".agents/skills/draftcli/SKILL.md"), skill);
    const fm = frontmatter(skill);
    assertEquals(fm.name, "draftcli");
    assert(fm.description.length > 50 && fm.description.length <= 1024, fm.description);
    assertMatch(fm.description, /JianYing/);
    // SKILL.md indexes every command and links to references/<group>.md, which holds the fields.
    const links = [...skill.matchAll(/\]\((references\/[a-z0-9_-]+\.md)\)/g)].map((m) => m[1]);
    assert(links.length > 0);
    for (const link of links) {
      assert(await h.read(`.claude/skills/draftcli/${link}`), `broken link ${link}`);
      assertEquals(
        await h.read(`.agents/skills/draftcli/${link}`),
        await h.read(`.claude/skills/draftcli/${link}`),
      );
    }
    for (const spec of toySpecs) {
      const group = (await h.read(`.claude/skills/draftcli/references/${spec.name[0]}.md`))!;
      assert(skill.includes(`\`${spec.name.join(" ")}\``), `index misses ${spec.name}`);
      assert(group.includes(`draftcli ${spec.name.join(" ")}`), `missing ${spec.name}`);
      for (const f of fieldNames(toJsonSchema(spec.input))) {
        const shown = [`\`${f}\``, `<${f}>`, `\`--${toKebab(f)}\``].some((x) => group.includes(x));
        assert(shown, `missing field ${f}`);
      }
    }
    assert(await h.read(".config/draftcli/setup-manifest.json"));

    const again = await h.setup("all");
    assertEquals(actions(again), {
      "claude:skill": "unchanged",
      "codex:skill": "unchanged",
      "cursor:skill": "covered",
      "openclaw:skill": "covered",
    });
    assertEquals(await h.read(".claude/skills/draftcli/SKILL.md"), skill);
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup cursor alone writes ~/.cursor; after setup claude it is covered and deduplicated", async () => {
  const h = await makeHome();
  try {
    assertEquals(pick(await h.setup(["cursor"]), "cursor").action, "written");
    assert(await h.read(".cursor/skills/draftcli/SKILL.md"));
    assertEquals(pick(await h.setup(["openclaw"]), "openclaw").action, "written");
    assert(await h.read(".openclaw/skills/draftcli/SKILL.md"));

    assertEquals(pick(await h.setup(["claude"]), "claude").action, "written");
    const r = await h.setup(["cursor"]);
    assertEquals(pick(r, "cursor").action, "covered");
    assertMatch(pick(r, "cursor").note ?? "", /removed setup's earlier copy/);
    assertEquals(await h.read(".cursor/skills/draftcli/SKILL.md"), null);
    assert(!(await listTree(h.home)).includes(".cursor/skills/draftcli"));

    // A skill the user put in ~/.agents covers OpenClaw too, and a user-made copy is left alone.
    await h.write(".agents/skills/draftcli/SKILL.md", "---\nname: draftcli\n---\nmine\n");
    await h.write(".openclaw/skills/draftcli/SKILL.md", "edited by the user\n");
    const o = await h.setup(["openclaw"]);
    assertEquals(pick(o, "openclaw").action, "covered");
    assertMatch(pick(o, "openclaw").note ?? "", /differs/);
    assertEquals(await h.read(".openclaw/skills/draftcli/SKILL.md"), "edited by the user\n");
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup keeps a user-edited skill; --force backs it up and rewrites", async () => {
  const h = await makeHome();
  try {
    await h.setup(["claude"]);
    const original = (await h.read(".claude/skills/draftcli/SKILL.md"))!;
    const edited = original + "\nMy own note.\n";
    await h.write(".claude/skills/draftcli/SKILL.md", edited);

    const kept = await h.setup(["claude"]);
    assertEquals(pick(kept, "claude").action, "kept");
    assertEquals(await h.read(".claude/skills/draftcli/SKILL.md"), edited);

    const forced = await h.setup(["claude"], { force: true });
    const res = pick(forced, "claude");
    assertEquals(res.action, "backed_up");
    assertEquals(res.backup, `${h.home}/.claude/skills/draftcli/SKILL.md.bak-20261121T120000Z`);
    assertEquals(await Deno.readTextFile(res.backup!), edited);
    assertEquals(await h.read(".claude/skills/draftcli/SKILL.md"), original);

    // A second forced backup in the same second gets its own name.
    await h.write(".claude/skills/draftcli/SKILL.md", "again\n");
    const twice = pick(await h.setup(["claude"], { force: true }), "claude");
    assertEquals(twice.backup, `${res.backup}-1`);
    assertEquals(await Deno.readTextFile(twice.backup!), "again\n");

    // The skill changes with the registry: setup's own unmodified copy is updated in place.
    const fewer = await h.setup(["claude"], { specs: toySpecs.slice(0, 2) });
    assertEquals(pick(fewer, "claude").action, "updated");
    notDeepStrictEqual(await h.read(".claude/skills/draftcli/SKILL.md"), original);
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup --dry-run reports and writes nothing (skills and MCP)", async () => {
  const h = await makeHome();
  try {
    await h.write(".cursor/mcp.json", '{"mcpServers":{"x":{"command":"x"}}}\n');
    const before = await listTree(h.home);
    const r = await h.setup("all", { dryRun: true, mcp: true });
    assert(r.dryRun);
    assertEquals(actions(r), {
      "claude:skill": "would_write",
      "claude:mcp": "would_write",
      "codex:skill": "would_write",
      "codex:mcp": "would_write",
      "cursor:skill": "covered",
      "cursor:mcp": "would_write",
      "openclaw:skill": "covered",
      "openclaw:mcp": "would_write",
    });
    assertEquals(await listTree(h.home), before);
    assertEquals(await h.read(".cursor/mcp.json"), '{"mcpServers":{"x":{"command":"x"}}}\n');
  } finally {
    await h.cleanup();
  }
});

const CLAUDE_JSON = {
  numStartups: 12,
  userID: "abc",
  projects: { "/work/p": { mcpServers: { local: { command: "l" } }, allowedTools: [] } },
  mcpServers: { github: { type: "stdio", command: "gh-mcp", args: [], env: { T: "1" } } },
};
const CURSOR_JSON = `{
    "mcpServers": {
        "context7": { "url": "https://example.com/mcp" }
    },
    "other": true
}
`;
const OPENCLAW_JSON5 = `// OpenClaw config, edited by hand
{
  agents: { defaults: { workspace: "~/.openclaw/workspace" } }, // keep me
  mcp: {
    servers: {
      context7: { command: "uvx", args: ["context7-mcp"] },
    },
  },
}
`;
const CODEX_TOML = `# Codex settings
model = "gpt-5"

[mcp_servers.other]
command = "other-mcp" # the other server
args = ["--x"]

[mcp_servers.other.env]
TOKEN = "t"

# profiles below
[profiles.fast]
model = "small"
`;

async function seedConfigs(h: Home) {
  await h.write(".claude.json", JSON.stringify(CLAUDE_JSON, null, 2) + "\n");
  await h.write(".cursor/mcp.json", CURSOR_JSON);
  await h.write(".openclaw/openclaw.json", OPENCLAW_JSON5);
  await h.write(".codex/config.toml", CODEX_TOML);
}

Deno.test("setup --mcp merges into JSON, JSON5 and TOML configs keeping foreign keys", async () => {
  const h = await makeHome();
  try {
    await seedConfigs(h);
    const r = await h.setup("all", { mcp: true });
    assertEquals(actions(r)["claude:mcp"], "written");
    assertEquals(actions(r)["cursor:mcp"], "written");
    assertEquals(actions(r)["codex:mcp"], "written");
    // JSON5 with comments: rewriting would drop them, so it is kept without --force.
    assertEquals(actions(r)["openclaw:mcp"], "kept");
    assertMatch(pick(r, "openclaw", "mcp").note ?? "", /openclaw mcp set draftcli/);
    assertEquals(await h.read(".openclaw/openclaw.json"), OPENCLAW_JSON5);

    const claude = JSON.parse((await h.read(".claude.json"))!);
    assertEquals(claude.mcpServers.draftcli, {
      type: "stdio",
      command: CMD[0],
      args: ["mcp"],
      env: {},
    });
    delete claude.mcpServers.draftcli;
    assertEquals(claude, CLAUDE_JSON);

    const cursorText = (await h.read(".cursor/mcp.json"))!;
    assertMatch(cursorText, /^ {4}"mcpServers"/m); // the file's own 4-space indent is kept
    const cursor = JSON.parse(cursorText);
    assertEquals(cursor.mcpServers.draftcli, { command: CMD[0], args: ["mcp"] });
    assertEquals(cursor.mcpServers.context7, { url: "https://example.com/mcp" });
    assertEquals(cursor.other, true);

    const codexText = (await h.read(".codex/config.toml"))!;
    for (const comment of ["# Codex settings", "# the other server", "# profiles below"]) {
      assert(codexText.includes(comment), `lost ${comment}`);
    }
    const codex = parseToml(codexText) as Record<string, Record<string, unknown>>;
    assertEquals(codex.mcp_servers.draftcli, { command: CMD[0], args: ["mcp"] });
    delete codex.mcp_servers.draftcli;
    assertEquals(codex, parseToml(CODEX_TOML));

    // --force: OpenClaw's JSON5 file is backed up and rewritten as JSON with every value kept.
    const forced = await h.setup(["openclaw"], { mcp: true, force: true });
    const oc = pick(forced, "openclaw", "mcp");
    assertEquals(oc.action, "backed_up");
    assertEquals(await Deno.readTextFile(oc.backup!), OPENCLAW_JSON5);
    const openclaw = JSON.parse((await h.read(".openclaw/openclaw.json"))!);
    assertEquals(openclaw.mcp.servers.draftcli, { command: CMD[0], args: ["mcp"] });
    delete openclaw.mcp.servers.draftcli;
    assertEquals(openclaw, JSON5.parse(OPENCLAW_JSON5));

    const again = await h.setup("all", { mcp: true });
    for (const t of ["claude", "cursor", "openclaw", "codex"] as const) {
      assertEquals(pick(again, t, "mcp").action, "unchanged", t);
    }

    // A changed executable path updates setup's own entries (no --force needed).
    const moved = await h.setup(["codex", "cursor"], { mcp: true, command: ["/new/draftcli"] });
    assertEquals(pick(moved, "codex", "mcp").action, "updated");
    assertEquals(pick(moved, "cursor", "mcp").action, "updated");
    assertEquals(
      (parseToml((await h.read(".codex/config.toml"))!) as {
        mcp_servers: Record<string, { command: string }>;
      }).mcp_servers.draftcli.command,
      "/new/draftcli",
    );
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup --mcp keeps a foreign draftcli entry unless --force", async () => {
  const h = await makeHome();
  try {
    const foreign = { mcpServers: { draftcli: { command: "/somewhere/else", args: ["mcp"] } } };
    await h.write(".cursor/mcp.json", JSON.stringify(foreign));
    const r = await h.setup(["cursor"], { mcp: true });
    assertEquals(pick(r, "cursor", "mcp").action, "kept");
    assertEquals(JSON.parse((await h.read(".cursor/mcp.json"))!), foreign);
    const f = pick(await h.setup(["cursor"], { mcp: true, force: true }), "cursor", "mcp");
    assertEquals(f.action, "backed_up");
    assertEquals(JSON.parse(await Deno.readTextFile(f.backup!)), foreign);
    assertEquals(
      JSON.parse((await h.read(".cursor/mcp.json"))!).mcpServers.draftcli.command,
      CMD[0],
    );
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup --uninstall removes only what setup wrote", async () => {
  const h = await makeHome();
  try {
    await seedConfigs(h);
    await h.write(".claude/skills/other/SKILL.md", "---\nname: other\n---\n");
    await h.setup("all", { mcp: true, force: true });
    // The user edits the ~/.agents copy after setup: uninstall must keep it.
    const agentsSkill = (await h.read(".agents/skills/draftcli/SKILL.md"))! + "\nmine\n";
    await h.write(".agents/skills/draftcli/SKILL.md", agentsSkill);

    const r = await h.setup("all", { uninstall: true });
    assertEquals(actions(r), {
      "claude:skill": "removed",
      "claude:mcp": "removed",
      "codex:skill": "kept",
      "codex:mcp": "removed",
      "cursor:skill": "not_installed",
      "cursor:mcp": "removed",
      "openclaw:skill": "not_installed",
      "openclaw:mcp": "removed",
    });
    assertEquals(await h.read(".claude/skills/draftcli/SKILL.md"), null);
    assert(!(await listTree(h.home)).some((p) => p.includes(".claude/skills/draftcli")));
    assert(await h.read(".claude/skills/other/SKILL.md"));
    assertEquals(await h.read(".agents/skills/draftcli/SKILL.md"), agentsSkill);

    assertEquals(JSON.parse((await h.read(".claude.json"))!), CLAUDE_JSON);
    const cursor = JSON.parse((await h.read(".cursor/mcp.json"))!);
    assertEquals(cursor, JSON.parse(CURSOR_JSON));
    assertEquals(parseToml((await h.read(".codex/config.toml"))!), parseToml(CODEX_TOML));
    assert((await h.read(".codex/config.toml"))!.includes("# profiles below"));
    const openclaw = JSON.parse((await h.read(".openclaw/openclaw.json"))!);
    assertEquals(openclaw, JSON5.parse(OPENCLAW_JSON5));

    const again = await h.setup("all", { uninstall: true });
    assertEquals(pick(again, "claude").action, "not_installed");
    assert(!again.results.some((x) => x.kind === "mcp"));
  } finally {
    await h.cleanup();
  }
});

Deno.test("uninstall deletes a config file that setup created and left empty", async () => {
  const h = await makeHome();
  try {
    await h.setup(["cursor", "codex"], { mcp: true });
    assert(await h.read(".cursor/mcp.json"));
    assert(await h.read(".codex/config.toml"));
    await h.setup(["cursor", "codex"], { uninstall: true });
    assertEquals(await h.read(".cursor/mcp.json"), null);
    assertEquals(await h.read(".codex/config.toml"), null);
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup --mcp uses the claude and openclaw CLIs when they are on PATH", async () => {
  const h = await makeHome();
  try {
    await h.write(".openclaw/openclaw.json", OPENCLAW_JSON5);
    const claudeExe = await fakeCli(h, "claude");
    const openclawExe = await fakeCli(h, "openclaw");
    const r = await h.setup(["claude", "openclaw"], { mcp: true });
    assertEquals(pick(r, "claude", "mcp").action, "written");
    assertEquals(pick(r, "claude", "mcp").command, [
      claudeExe,
      "mcp",
      "add",
      "--scope",
      "user",
      "draftcli",
      "--",
      CMD[0],
      "mcp",
    ]);
    // The openclaw CLI owns its JSON5 file, so no --force is needed on that path.
    assertEquals(pick(r, "openclaw", "mcp").action, "written");
    assertEquals(pick(r, "openclaw", "mcp").command, [
      openclawExe,
      "mcp",
      "set",
      "draftcli",
      JSON.stringify({ command: CMD[0], args: ["mcp"] }),
    ]);
    const log = () => h.read("agent-cli.log").then((t) => (t ?? "").trim().split("\n"));
    assertEquals((await log()).length, 2);
    assertEquals(JSON.parse((await h.read(".claude.json"))!).mcpServers.draftcli.command, CMD[0]);

    const again = await h.setup(["claude", "openclaw"], { mcp: true });
    assertEquals(pick(again, "claude", "mcp").action, "unchanged");
    assertEquals(pick(again, "openclaw", "mcp").action, "unchanged");
    assertEquals((await log()).length, 2, "no CLI call when nothing changes");

    const un = await h.setup(["claude", "openclaw"], { uninstall: true });
    assertEquals(pick(un, "claude", "mcp").action, "removed");
    assertEquals(pick(un, "openclaw", "mcp").action, "removed");
    const calls = (await log()).map((l) => JSON.parse(l).slice(0, 3).join(" "));
    // (A failed fake CLI shows in the results' notes.)
    assertEquals(calls.slice(2), ["claude mcp remove", "openclaw mcp unset"], JSON.stringify(un));
    assertEquals(JSON.parse((await h.read(".claude.json"))!).mcpServers, {});
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup --mcp falls back to editing ~/.claude.json when the claude CLI fails", async () => {
  const h = await makeHome();
  try {
    await fakeCli(h, "claude");
    h.env.FAKE_AGENT_FAIL = "1";
    await h.write(".claude.json", JSON.stringify(CLAUDE_JSON));
    const r = pick(await h.setup(["claude"], { mcp: true }), "claude", "mcp");
    assertEquals(r.action, "written");
    assertMatch(r.note ?? "", /failed \(fake failure: not logged in\); edited .*\.claude\.json/);
    const claude = JSON.parse((await h.read(".claude.json"))!);
    assertEquals(claude.mcpServers.draftcli.args, ["mcp"]);
    assertEquals(claude.numStartups, 12);
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup reports an unparseable config as failed and carries on", async () => {
  const h = await makeHome();
  try {
    await h.write(".cursor/mcp.json", "{ not json");
    const r = await h.setup(["cursor", "codex"], { mcp: true });
    assertEquals(r.ok, false);
    const bad = pick(r, "cursor", "mcp");
    assertEquals(bad.action, "failed");
    assertEquals(bad.error?.code, "invalid_json");
    assertEquals(pick(r, "codex", "mcp").action, "written");
    assertEquals(await h.read(".cursor/mcp.json"), "{ not json");
  } finally {
    await h.cleanup();
  }
});

Deno.test("setup command: argv parses into the input and runs against $HOME", async () => {
  const h = await makeHome();
  try {
    const spec = await resolveSpec(makeSetupCommand(() => toySpecs));
    const raw = await parseCommandArgs(
      specShape(spec),
      ["codex", "--dry-run", "--mcp"],
      () => Promise.resolve(""),
    );
    const input = validate(spec.input, raw);
    assertEquals(input, {
      target: "codex",
      dryRun: true,
      mcp: true,
      force: false,
      uninstall: false,
    });
    const warnings: string[] = [];
    const report = await spec.run(input, {
      env: h.env,
      draftsDir: () => Promise.resolve(h.home),
      searchRoots: () => Promise.resolve([h.home]),
      config: () => Promise.resolve({}),
      warn: (m) => void warnings.push(m),
    }) as SetupReport;
    assertEquals(actions(report), { "codex:skill": "would_write", "codex:mcp": "would_write" });
    assertEquals(await listTree(h.home), ["bin"]);
    // Running from source (not compiled) with no draftcli on PATH, the MCP entry is this
    // checkout's `deno run … main.ts mcp` (absolute paths), which really starts the server.
    const real = await spec.run({ ...input, dryRun: false }, {
      env: h.env,
      draftsDir: () => Promise.resolve(h.home),
      searchRoots: () => Promise.resolve([h.home]),
      config: () => Promise.resolve({}),
      warn: (m) => void warnings.push(m),
    }) as SetupReport;
    assert(real.ok);
    const codex = parseToml((await h.read(".codex/config.toml"))!) as {
      mcp_servers: Record<string, unknown>;
    };
    const entry = codex.mcp_servers.draftcli as { command: string; args: string[] };
    assertEquals(entry.command, Deno.execPath());
    assertEquals(entry.args[0], "run");
    assert(
      entry.args.at(-2)!.endsWith("/main.ts") && entry.args.at(-1) === "mcp",
      entry.args.join(" "),
    );
    assertEquals(warnings, []);
  } finally {
    await h.cleanup();
  }
});
