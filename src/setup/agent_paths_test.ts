import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { agentLayout, draftcliConfigDir, homeDir, mcpEntry } from "./agent_paths.ts";

Deno.test("home: HOME on unix, USERPROFILE first on Windows; none is a usage error", () => {
  assertEquals(homeDir({ env: { HOME: "/h", USERPROFILE: "C:\\u" }, os: "linux" }), "/h");
  assertEquals(homeDir({ env: { HOME: "/h", USERPROFILE: "C:\\u" }, os: "windows" }), "C:\\u");
  assertEquals(homeDir({ env: { HOME: "/h" }, os: "windows" }), "/h");
  throws(() => homeDir({ env: {}, os: "linux" }), /home folder/);
});

Deno.test("layouts honour CODEX_HOME, OPENCLAW_STATE_DIR / _CONFIG_PATH and XDG_CONFIG_HOME", () => {
  const host = {
    env: {
      HOME: "/h",
      CODEX_HOME: "/c",
      OPENCLAW_STATE_DIR: "/o",
      OPENCLAW_CONFIG_PATH: "/o/conf.json5",
      XDG_CONFIG_HOME: "/x",
    },
    os: "linux" as const,
  };
  assertEquals(agentLayout("codex", host).mcpConfig, "/c/config.toml");
  assertEquals(agentLayout("codex", host).skillRoot, "/h/.agents/skills");
  const oc = agentLayout("openclaw", host);
  assertEquals([oc.skillRoot, oc.mcpConfig, oc.alsoReads], ["/o/skills", "/o/conf.json5", []]);
  assertEquals(agentLayout("openclaw", { env: { HOME: "/h" }, os: "linux" }).alsoReads, [
    "/h/.agents/skills",
  ]);
  assertEquals(agentLayout("cursor", host).alsoReads, [
    "/h/.claude/skills",
    "/h/.agents/skills",
    "/h/.codex/skills",
  ]);
  assertEquals(draftcliConfigDir(host), "/x/draftcli");
  assertEquals(draftcliConfigDir({ env: { HOME: "/h" }, os: "linux" }), "/h/.config/draftcli");
});

Deno.test("mcp entries: Claude's shape matches what `claude mcp add` writes", () => {
  assertEquals(mcpEntry("claude", ["/b/draftcli"]), {
    type: "stdio",
    command: "/b/draftcli",
    args: ["mcp"],
    env: {},
  });
  assertEquals(mcpEntry("codex", ["draftcli"]), { command: "draftcli", args: ["mcp"] });
});
