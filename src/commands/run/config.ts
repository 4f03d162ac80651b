/** Handlers of the `config` commands (show, set-dir, set), free of zod at run time. */
import type { z } from "zod";
import { resolve } from "../../path.ts";
import type { CommandContext } from "../../ops/context.ts";
import type { ConfigSetDirInput, ConfigSetInput, ConfigShowInput } from "../config.ts";
import { redactConfig, updateConfig } from "../../store/config.ts";
import { configPath } from "../../store/home.ts";
import { DraftcliError } from "../../errors.ts";
import { parseDecimal } from "../../text/decimal.ts";

/** `config show`. */
export async function configShow(
  _input: z.infer<typeof ConfigShowInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const config = await ctx.config();
  return {
    path: configPath(ctx.env),
    config: redactConfig(config),
    draftsDir: await ctx.draftsDir(),
    searchRoots: await ctx.searchRoots(),
  };
}

/** `config set-dir`. */
export async function configSetDir(
  input: z.infer<typeof ConfigSetDirInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const dir = resolve(input.path);
  await Deno.mkdir(dir, { recursive: true });
  const { path } = await updateConfig(ctx.env, (config) => ({ ...config, draftsDir: dir }));
  return { path, draftsDir: dir };
}

/** `config set`. */
export async function configSet(
  input: z.infer<typeof ConfigSetInput>,
  ctx: CommandContext,
): Promise<unknown> {
  // The keys and the check of the new config come from the zod schema: loaded only here.
  const { ConfigSchema } = await import("../../store/config_schema.ts");
  const keys = Object.keys(ConfigSchema.shape);
  if (!keys.includes(input.key)) {
    throw new DraftcliError("invalid_input", `unknown config key '${input.key}'`, {
      hint: `keys: ${keys.join(", ")}`,
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
  const { validate } = await import("../../schema/validate.ts");
  const { path, config } = await updateConfig(ctx.env, (current) => {
    const next = { ...current } as Record<string, unknown>;
    if (input.value === "") delete next[input.key];
    else if (input.key === "draftsDir") next[input.key] = resolve(input.value);
    else next[input.key] = numeric ? parseDecimal(input.value) : input.value;
    return validate(ConfigSchema, next);
  });
  return { path, config: redactConfig(config) };
}
