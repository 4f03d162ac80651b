/**
 * `config set-dir`: set the drafts folder used when --drafts-dir and DRAFTCLI_DRAFTS_DIR are
 * absent.
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { resolve } from "../../path.ts";

/** The schemas of `config set-dir` (load zod). */
async function schemas() {
  const { z } = await import("zod");
  /** Input of `config set-dir`. */
  const ConfigSetDirInput = z.object({
    path: z.string().min(1).describe("drafts folder (created if missing)"),
  }).strict();
  return { input: ConfigSetDirInput };
}

/** The input of `config set-dir`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `config set-dir`. */
export const command = defineCommandFile({
  name: ["config", "set-dir"],
  summary: "set the drafts folder used when --drafts-dir and DRAFTCLI_DRAFTS_DIR are absent",
  positionals: ["path"],
  mutates: true,
  destructive: true,
  idempotent: true,
  // Over MCP, config_set {"key":"draftsDir"} does the same.
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { updateConfig } = await import("../../store/config.ts");
    const dir = resolve(input.path);
    await Deno.mkdir(dir, { recursive: true });
    const { path } = await updateConfig(ctx.env, (config) => ({ ...config, draftsDir: dir }));
    return { path, draftsDir: dir };
  },
});
