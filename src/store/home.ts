/** User folders per OS, derived only from environment variables (testable with a fake HOME). */
import { currentOs, joinPath, localAppData } from "../editions/os.ts";

export { currentOs, joinPath, type OsName } from "../editions/os.ts";

/** The user's home folder (HOME, or USERPROFILE on Windows). */
export function homeDir(env: Record<string, string | undefined>): string {
  const home = env.HOME ?? env.USERPROFILE;
  if (!home) throw new Error("cannot find the home folder: set HOME");
  return home;
}

/** Where draftcli keeps its config file. */
export function configPath(env: Record<string, string | undefined>, os = currentOs()): string {
  if (env.DRAFTCLI_CONFIG) return env.DRAFTCLI_CONFIG;
  if (os === "windows" && env.APPDATA) return joinPath(os, env.APPDATA, "draftcli", "config.json");
  const base = env.XDG_CONFIG_HOME ?? joinPath(os, homeDir(env), ".config");
  return joinPath(os, base, "draftcli", "config.json");
}

/** The drafts folder used on an OS where neither editor exists (Linux). */
export function fallbackDraftsDir(
  env: Record<string, string | undefined>,
  os = currentOs(),
): string {
  const base = env.XDG_DATA_HOME ?? joinPath(os, homeDir(env), ".local", "share");
  return joinPath(os, base, "draftcli", "drafts");
}

/**
 * Where draftcli keeps caches it can always rebuild (the draft locations): DRAFTCLI_CACHE_DIR,
 * else the OS's cache folder; undefined without a home folder (then nothing is cached).
 */
export function cacheDir(
  env: Record<string, string | undefined>,
  os = currentOs(),
): string | undefined {
  if (env.DRAFTCLI_CACHE_DIR) return env.DRAFTCLI_CACHE_DIR;
  if (os === "windows") {
    const local = localAppData(env);
    return local ? joinPath(os, local, "draftcli", "cache") : undefined;
  }
  const home = env.HOME ?? env.USERPROFILE;
  if (os === "mac") return home ? joinPath(os, home, "Library", "Caches", "draftcli") : undefined;
  const base = env.XDG_CACHE_HOME ?? (home ? joinPath(os, home, ".cache") : undefined);
  return base ? joinPath(os, base, "draftcli") : undefined;
}
