/** `config` commands: show, set-dir, set. */
import { z } from "zod";
import { resolve } from "../path.ts";
import { defineCommand } from "./spec.ts";
import { redactConfig, updateConfig } from "../store/config.ts";
import { ConfigSchema } from "../store/config_schema.ts";
import { configPath } from "../store/home.ts";
import { DraftcliError } from "../errors.ts";
import { validate } from "../schema/validate.ts";
import { parseDecimal } from "../text/decimal.ts";

const KEYS = Object.keys(ConfigSchema.shape) as (keyof typeof ConfigSchema.shape)[];

/** `config show`. */
export const configShow = defineCommand({
  name: ["config", "show"],
  summary:
    "print the config file path, its settings (secrets masked) and the drafts folder in force",
  input: z.object({}).strict(),
  async run(_input, ctx) {
    const config = await ctx.config();
    return {
      path: configPath(ctx.env),
      config: redactConfig(config),
      draftsDir: await ctx.draftsDir(),
      searchRoots: await ctx.searchRoots(),
    };
  },
});

/** `config set-dir`. */
export const configSetDir = defineCommand({
  name: ["config", "set-dir"],
  summary: "set the drafts folder used when --drafts-dir and DRAFTCLI_DRAFTS_DIR are absent",
  positionals: ["path"],
  input: z.object({ path: z.string().min(1).describe("drafts folder (created if missing)") })
    .strict(),
  mutates: true,
  destructive: true,
  idempotent: true,
  async run(input, ctx) {
    const dir = resolve(input.path);
    await Deno.mkdir(dir, { recursive: true });
    const { path } = await updateConfig(ctx.env, (config) => ({ ...config, draftsDir: dir }));
    return { path, draftsDir: dir };
  },
});

/** `config set`. */
export const configSet = defineCommand({
  name: ["config", "set"],
  summary: `set one config key (${KEYS.join(", ")}); an empty value removes it`,
  positionals: ["key", "value"],
  input: z.object({
    key: z.string().describe(`one of ${KEYS.join(", ")}`),
    value: z.string().describe("new value (numbers for size caps; empty to unset)"),
  }).strict(),
  mutates: true,
  destructive: true,
  idempotent: true,
  async run(input, ctx) {
    if (!KEYS.includes(input.key as never)) {
      throw new DraftcliError("invalid_input", `unknown config key '${input.key}'`, {
        hint: `keys: ${KEYS.join(", ")}`,
        path: "key",
      });
    }
    const numeric = input.key.startsWith("max");
    if (input.value !== "" && numeric && parseDecimal(input.value) === undefined) {
      throw new DraftcliError("invalid_input", `${input.key} takes a number of bytes`, {
        hint: "e.g. 'draftcli config set maxDownloadBytes 536870912' (512 MiB)",
        path: "value",
      });
    }
    const { path, config } = await updateConfig(ctx.env, (current) => {
      const next = { ...current } as Record<string, unknown>;
      if (input.value === "") delete next[input.key];
      else if (input.key === "draftsDir") next[input.key] = resolve(input.value);
      else next[input.key] = numeric ? parseDecimal(input.value) : input.value;
      return validate(ConfigSchema, next);
    });
    return { path, config: redactConfig(config) };
  },
});

/** All `config` commands. */
export const configCommands = [configShow, configSetDir, configSet];
