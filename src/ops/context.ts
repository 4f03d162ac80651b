/**
 * What an operation may ask of its caller's environment: env, drafts folders, config and a way to
 * warn. The CLI and the MCP server each provide one; operations know nothing of argv or stdout.
 */
import type { Edition } from "../editions/profiles.ts";
import type { Config } from "../store/config.ts";

/** What a command can ask of its environment (no argv, no stdout: those belong to the CLI). */
export interface CommandContext {
  /** Environment variables (real env in the CLI; a copy in tests). */
  env: Record<string, string | undefined>;
  /**
   * The drafts folder in force: `--drafts-dir`, env DRAFTCLI_DRAFTS_DIR, env CUT_DRAFTS_DIR,
   * config, else the
   * editor's default folder for this OS (the given edition, else the default edition).
   */
  draftsDir(edition?: Edition): Promise<string>;
  /** Folders to search for an existing draft id, in order. */
  searchRoots(): Promise<string[]>;
  /** The user config (empty when there is no config file). */
  config(): Promise<Config>;
  /** A warning for a human, printed on stderr; never part of the JSON result. */
  warn(message: string): void;
  /** A progress line for a human watching a long run (stderr, CLI only; absent over MCP). */
  progress?(message: string): void;
  /**
   * Told the command's result before the command ends: an operation that saves a draft hands it
   * over while the save's files are flushed, so the front can render it during that wait (CLI
   * only). Only a result the command returns as it is, unchanged from then on; the save may
   * still fail after it. Never throws.
   */
  resultReady?(result: unknown): void;
  /**
   * Serves every command as an MCP tool on stdio until stdin closes. Provided by the entry point
   * (main.ts wires the MCP front-end); only the `mcp` command uses it.
   */
  serveMcp?(): Promise<void>;
}
