/**
 * `config set`: set one config key (draftsDir, editor, editorVersion, uploadUrl, uploadToken,
 * downloadUrl, maxDownloadBytes, maxZipBytes, ffmpeg, media); an empty value removes it.
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { ConfigSchema } from "../../store/config_schema.ts";
import { DraftcliError } from "../../errors.ts";
import { resolve } from "../../path.ts";
import { validate } from "../../schema/parse_input.ts";
import { parseDecimal } from "../../text/decimal.ts";

/** The config file's keys (the handler checks new values with the config schema too). */
const KEYS = Object.keys(ConfigSchema.shape) as (keyof typeof ConfigSchema.shape)[];

/** The schemas of `config set` (load zod). */
async function schemas() {
  const { z } = await import("zod");
  /** Input of `config set`. */
  const ConfigSetInput = z.object({
    key: z.string().describe(`one of ${KEYS.join(", ")}`),
    value: z.string().describe("new value (numbers for size caps; empty to unset)"),
  }).strict();
  return { input: ConfigSetInput };
}

/** The input of `config set`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `config set`. */
export const command = defineCommandFile({
  name: ["config", "set"],
  summary: `set one config key (${KEYS.join(", ")}); an empty value removes it`,
  positionals: ["key", "value"],
  mutates: true,
  destructive: true,
  idempotent: true,
  schemas,
  async run(input: Input, ctx) {
    const { redactConfig, updateConfig } = await import("../../store/config.ts");
    // The keys and the check of the new config come from the zod schema.
    const keys: string[] = KEYS;
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
