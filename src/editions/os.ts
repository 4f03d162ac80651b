/** Operating systems as draftcli names them, and path joining per OS (pure: no file system). */

/** The operating systems draftcli knows folder conventions for. */
export type OsName = "windows" | "mac" | "linux";

/** The current OS in draftcli's terms. */
export function currentOs(): OsName {
  return Deno.build.os === "windows" ? "windows" : Deno.build.os === "darwin" ? "mac" : "linux";
}

/** Windows' per-user app data folder: LOCALAPPDATA, else `<home>\\AppData\\Local`. */
export function localAppData(env: Record<string, string | undefined>): string | undefined {
  const home = env.HOME ?? env.USERPROFILE;
  return env.LOCALAPPDATA ?? (home ? joinPath("windows", home, "AppData", "Local") : undefined);
}

/** Joins path parts with the OS separator, without normalising. */
export function joinPath(os: OsName, ...parts: string[]): string {
  const sep = os === "windows" ? "\\" : "/";
  return parts.map((
    p,
    i,
  ) => (i === 0 ? p.replace(/[\\/]+$/, "") : p.replace(/^[\\/]+|[\\/]+$/g, "")))
    .join(sep);
}
