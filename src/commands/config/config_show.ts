/**
 * `config show`: print the config file path, its settings (secrets masked) and the drafts folder in
 * force.
 */
import { defineCommandFile } from "../spec.ts";

/** The schemas of `config show` (load zod). */
async function schemas() {
  const { z } = await import("zod");
  /** Input of `config show`: none. */
  const ConfigShowInput = z.object({}).strict();
  return { input: ConfigShowInput };
}

/** `config show`. */
export const command = defineCommandFile({
  name: ["config", "show"],
  summary:
    "print the config file path, its settings (secrets masked) and the drafts folder in force",
  schemas,
  async run(_input: unknown, ctx) {
    const { redactConfig } = await import("../../store/config.ts");
    const { configPath } = await import("../../store/home.ts");
    const config = await ctx.config();
    return {
      path: configPath(ctx.env),
      config: redactConfig(config),
      draftsDir: await ctx.draftsDir(),
      searchRoots: await ctx.searchRoots(),
    };
  },
});
