/**
 * The user config file (`draftcli config …`): JSON with a few known keys (config_schema.ts),
 * checked on load by the validator generated from that schema (config_fast.ts), without zod.
 */
import { DraftcliError } from "../errors.ts";
import { configPath } from "./home.ts";
import { readJsonIfExists, writeFileAtomic } from "./atomic.ts";
import { redactUrl } from "../text/redact.ts";
import { withLock } from "./lock.ts";
import { dirname } from "../path.ts";
import type { Config } from "./config_schema.ts";
import { FAIL } from "../fast_input.ts";
import { ConfigFile } from "../generated/config_fast.ts";

export type { Config };

/** Keys whose values are secrets: shown as "***" and never logged. */
export const SECRET_KEYS: ReadonlySet<string> = new Set(["uploadToken"]);

/** Loads the config (empty when the file is missing). */
export async function loadConfig(env: Record<string, string | undefined>): Promise<Config> {
  const path = configPath(env);
  let raw: unknown;
  try {
    raw = await readJsonIfExists(path);
  } catch (err) {
    throw new DraftcliError("usage", `config file ${path} is not valid JSON: ${err}`, {
      hint: "fix or delete the file, or use 'draftcli config set'",
    });
  }
  if (raw === undefined) return {};
  const fast = ConfigFile(raw);
  if (fast !== FAIL) return fast as Config;
  // The zod schema words what is wrong (loaded only then).
  const { ConfigSchema } = await import("./config_schema.ts");
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DraftcliError(
      "usage",
      `config file ${path}: ${issue.path.join(".")}: ${issue.message}`,
      {
        hint: "fix the file or run 'draftcli config set <key> <value>'",
      },
    );
  }
  return parsed.data;
}

/** Saves the whole config atomically. */
export async function saveConfig(
  env: Record<string, string | undefined>,
  config: Config,
): Promise<string> {
  const path = configPath(env);
  await writeFileAtomic(path, JSON.stringify(config, null, 2) + "\n");
  return path;
}

/**
 * Read-modify-write of the config under a lock beside it (`config.json.lock`), so concurrent
 * `config set` calls never lose each other's keys. `change` returns the config to save.
 */
export async function updateConfig<T extends Config>(
  env: Record<string, string | undefined>,
  change: (config: Config) => T | Promise<T>,
): Promise<{ path: string; config: T }> {
  const path = configPath(env);
  await Deno.mkdir(dirname(path), { recursive: true });
  return await withLock(`${path}.lock`, async () => {
    const config = await change(await loadConfig(env));
    await saveConfig(env, config);
    return { path, config };
  });
}

/** The config with secrets masked (and credentials inside URL values), for printing. */
export function redactConfig(config: Config): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) {
    out[k] = SECRET_KEYS.has(k) && v ? "***" : typeof v === "string" ? redactUrl(v) : v;
  }
  return out;
}
