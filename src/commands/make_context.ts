/** Builds the CommandContext of one CLI (or MCP) invocation. */
import type { CommandContext } from "./spec.ts";
import { type Config, loadConfig } from "../store/config.ts";
import { draftsRootFor, searchRoots } from "../store/roots.ts";

/** Creates a context; the config file is read at most once, on first use. */
export function makeContext(opts: {
  env: Record<string, string | undefined>;
  draftsDirFlag?: string;
  warn: (message: string) => void;
}): CommandContext {
  let config: Promise<Config> | undefined;
  const getConfig = () => (config ??= loadConfig(opts.env));
  return {
    env: opts.env,
    warn: opts.warn,
    config: getConfig,
    async draftsDir(edition) {
      const cfg = await getConfig();
      return draftsRootFor(
        { flag: opts.draftsDirFlag, env: opts.env, config: cfg },
        edition ?? cfg.editor ?? "jianying",
      );
    },
    async searchRoots() {
      return searchRoots({ flag: opts.draftsDirFlag, env: opts.env, config: await getConfig() });
    },
  };
}
