/**
 * Where each agent looks for user-level skills and MCP servers (see
 * ../shared/research/integrations.md, summarised in docs/AGENTS.md).
 */
import { join } from "../path.ts";
import { DraftcliError } from "../errors.ts";

/** Agents `draftcli setup` knows. */
export type Agent = "claude" | "cursor" | "openclaw" | "codex";

/**
 * Processing order for `setup all`: the agents that read only their own folder come first, so
 * Cursor and OpenClaw can find the copies those wrote and report "covered".
 */
export const AGENTS: readonly Agent[] = ["claude", "codex", "cursor", "openclaw"];

/** Environment and platform, injectable for tests. */
export interface HostEnv {
  env: Record<string, string | undefined>;
  os: typeof Deno.build.os;
}

/** The user's home: HOME, or USERPROFILE on Windows (HOME there only as a fallback). */
export function homeDir(host: HostEnv): string {
  const { env, os } = host;
  const home = os === "windows" ? env.USERPROFILE || env.HOME : env.HOME || env.USERPROFILE;
  if (!home) {
    throw new DraftcliError("usage", "cannot find the home folder", {
      hint: os === "windows" ? "set USERPROFILE" : "set HOME",
    });
  }
  return home;
}

/** draftcli's own config folder: $XDG_CONFIG_HOME/draftcli, ~/.config/draftcli, %APPDATA%\draftcli. */
export function draftcliConfigDir(host: HostEnv): string {
  const { env, os } = host;
  if (os === "windows" && env.APPDATA) return join(env.APPDATA, "draftcli");
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, "draftcli");
  return join(homeDir(host), ".config", "draftcli");
}

/** The setup manifest (hashes of what setup wrote). */
export function manifestPath(host: HostEnv): string {
  return join(draftcliConfigDir(host), "setup-manifest.json");
}

/** How draftcli's MCP entry is stored for an agent. */
export type McpFormat = "json" | "json5" | "toml";

/** One agent's user-level locations. */
export interface AgentLayout {
  agent: Agent;
  /** The skills folder setup writes `draftcli/SKILL.md` into. */
  skillRoot: string;
  /** Other skills folders this agent also reads (a draftcli skill there covers it). */
  alsoReads: string[];
  /** The MCP config file. */
  mcpConfig: string;
  /** Key path of the server map inside that file. */
  mcpPath: string[];
  mcpFormat: McpFormat;
  /** The agent's own CLI that can register MCP servers, if setup uses it. */
  cli?: "claude" | "openclaw";
}

/** The layout of one agent under the current HOME. */
export function agentLayout(agent: Agent, host: HostEnv): AgentLayout {
  const home = homeDir(host);
  const { env } = host;
  const claudeSkills = join(home, ".claude", "skills");
  const agentsSkills = join(home, ".agents", "skills");
  const codexHome = env.CODEX_HOME || join(home, ".codex");
  const openclawState = env.OPENCLAW_STATE_DIR || join(home, ".openclaw");
  switch (agent) {
    case "claude":
      return {
        agent,
        skillRoot: claudeSkills,
        alsoReads: [],
        mcpConfig: join(home, ".claude.json"),
        mcpPath: ["mcpServers"],
        mcpFormat: "json",
        cli: "claude",
      };
    case "codex":
      return {
        agent,
        skillRoot: agentsSkills,
        alsoReads: [],
        mcpConfig: join(codexHome, "config.toml"),
        mcpPath: ["mcp_servers"],
        mcpFormat: "toml",
      };
    case "cursor":
      return {
        agent,
        skillRoot: join(home, ".cursor", "skills"),
        alsoReads: [claudeSkills, agentsSkills, join(home, ".codex", "skills")],
        mcpConfig: join(home, ".cursor", "mcp.json"),
        mcpPath: ["mcpServers"],
        mcpFormat: "json",
      };
    case "openclaw":
      return {
        agent,
        skillRoot: join(openclawState, "skills"),
        // OpenClaw reads ~/.agents/skills only with its default state folder.
        alsoReads: env.OPENCLAW_STATE_DIR ? [] : [agentsSkills],
        mcpConfig: env.OPENCLAW_CONFIG_PATH || join(openclawState, "openclaw.json"),
        mcpPath: ["mcp", "servers"],
        mcpFormat: "json5",
        cli: "openclaw",
      };
  }
}

/** The MCP server entry for an agent, running `command… mcp`. */
export function mcpEntry(agent: Agent, command: readonly string[]): Record<string, unknown> {
  const [cmd, ...pre] = command;
  const args = [...pre, "mcp"];
  // Claude Code's own `claude mcp add` writes this exact shape; matching it keeps reruns quiet.
  if (agent === "claude") return { type: "stdio", command: cmd, args, env: {} };
  return { command: cmd, args };
}
