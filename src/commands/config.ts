/** `config` commands: show, set-dir, set. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { ConfigSchema } from "../store/config_schema.ts";
import * as run from "./run/config.ts";

const KEYS = Object.keys(ConfigSchema.shape) as (keyof typeof ConfigSchema.shape)[];

/** Input of `config show`: none. */
export const ConfigShowInput = z.object({}).strict();

/** Input of `config set-dir`. */
export const ConfigSetDirInput = z.object({
  path: z.string().min(1).describe("drafts folder (created if missing)"),
}).strict();

/** Input of `config set`. */
export const ConfigSetInput = z.object({
  key: z.string().describe(`one of ${KEYS.join(", ")}`),
  value: z.string().describe("new value (numbers for size caps; empty to unset)"),
}).strict();

/** `config show`. */
export const configShow = defineCommand({
  name: ["config", "show"],
  summary:
    "print the config file path, its settings (secrets masked) and the drafts folder in force",
  input: ConfigShowInput,
  run: run.configShow,
});

/** `config set-dir`. */
export const configSetDir = defineCommand({
  name: ["config", "set-dir"],
  summary: "set the drafts folder used when --drafts-dir and DRAFTCLI_DRAFTS_DIR are absent",
  positionals: ["path"],
  input: ConfigSetDirInput,
  mutates: true,
  destructive: true,
  idempotent: true,
  // Over MCP, config_set {"key":"draftsDir"} does the same.
  mcp: false,
  run: run.configSetDir,
});

/** `config set`. */
export const configSet = defineCommand({
  name: ["config", "set"],
  summary: `set one config key (${KEYS.join(", ")}); an empty value removes it`,
  positionals: ["key", "value"],
  input: ConfigSetInput,
  mutates: true,
  destructive: true,
  idempotent: true,
  run: run.configSet,
});

/** All `config` commands. */
export const configCommands = [configShow, configSetDir, configSet];
