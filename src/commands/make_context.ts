/** Builds the CommandContext of one CLI (or MCP) invocation. */
import type { CommandContext } from "./spec.ts";
import { type Config, loadConfig } from "../store/config.ts";
import { draftsRootFor, namedRoot, searchRoots } from "../store/roots.ts";

/** Creates a context; the config file is read at most once, on first use (if ever). */
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
      const { draftsDirFlag: flag, env } = opts;
      // The config is read only when it may name the folder: the flag or env var wins over it.
      const config = namedRoot(flag, env) === undefined ? await getConfig() : {};
      return searchRoots({ flag, env, config });
    },
  };
}
