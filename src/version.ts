/** The one place the version comes from: deno.json's "version" field. */
import denoJson from "../deno.json" with { type: "json" };

/** Semantic version of this build of draftcli. */
export const VERSION: string = denoJson.version;

/** The build target triple, e.g. "x86_64-unknown-linux-gnu" (Deno's own target). */
export const TARGET: string = Deno.build.target;

/** What `draftcli --version` prints: `draftcli <version> <target>` and a newline. */
export function versionLine(): string {
  return `draftcli ${VERSION} ${TARGET}\n`;
}

/**
 * Permissions draftcli runs with: baked into every binary (scripts/compile.ts) and passed by every
 * run from source (`setup`'s source command, the tests). A compiled binary never prompts, so each
 * one it needs must be granted here:
 * - read / write: drafts folders, media files, the config file, atomic writes and the lock file;
 * - env: HOME / USERPROFILE / LOCALAPPDATA for the config and drafts locations, DRAFTCLI_*;
 * - net: downloading remote media and uploading;
 * - run: ffprobe (media probing fallback) and the agent CLIs that `setup` registers with;
 * - sys: OS and home directory detection (default drafts folders per OS).
 * The catalogs are embedded with `--include` (`INCLUDES` in scripts/compile.ts); all
 * other data through static JSON imports.
 */
export const PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-net",
  "--allow-run",
  "--allow-sys",
] as const;
