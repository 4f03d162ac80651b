/**
 * Drafts roots: which folder to use (flag, env, config, editor default for the OS, Linux
 * fallback). The editor's draft index in a root is root_index.ts.
 */
import { resolve } from "../path.ts";
import { type Edition, EDITION_FACTS, EDITIONS } from "../editions/profiles.ts";
import type { Config } from "./config.ts";
import { cacheDir, currentOs, fallbackDraftsDir, type OsName } from "./home.ts";
import { withLocations } from "./locations.ts";

/** Inputs to drafts-folder resolution. */
export interface RootInputs {
  flag?: string;
  env: Record<string, string | undefined>;
  config: Config;
  os?: OsName;
}

/**
 * The drafts folder the flag or the environment names, if any: flag > env DRAFTCLI_DRAFTS_DIR >
 * env CUT_DRAFTS_DIR (cutcli's variable, so its `.env` files keep working). It wins over the
 * config's.
 */
export function namedRoot(
  flag: string | undefined,
  env: Record<string, string | undefined>,
): string | undefined {
  const chosen = flag || env.DRAFTCLI_DRAFTS_DIR || env.CUT_DRAFTS_DIR;
  return chosen ? resolve(chosen) : undefined;
}

/** An explicitly chosen drafts folder, if any: the one named by flag or env, else the config's. */
export function explicitRoot(i: RootInputs): string | undefined {
  const chosen = i.config.draftsDir;
  return namedRoot(i.flag, i.env) ?? (chosen ? resolve(chosen) : undefined);
}

function isDirSync(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * The editor's own drafts folder on this OS: the first default location that exists, else the
 * main default; undefined where the editor does not exist (Linux).
 */
export function editorDraftsRoot(
  edition: Edition,
  env: Record<string, string | undefined>,
  os: OsName = currentOs(),
): string | undefined {
  const candidates = EDITION_FACTS[edition].draftsRootCandidates(os, env);
  return candidates.find(isDirSync) ?? candidates[0];
}

/** The drafts folder for new drafts of an edition. */
export function draftsRootFor(i: RootInputs, edition: Edition): string {
  const explicit = explicitRoot(i);
  if (explicit) return explicit;
  const os = i.os ?? currentOs();
  return editorDraftsRoot(edition, i.env, os) ?? fallbackDraftsDir(i.env, os);
}

/**
 * Every folder where an existing draft may be, without duplicates; the list carries the user's
 * remembered draft locations (locations.ts) for `locateDraft`.
 */
export function searchRoots(i: RootInputs): string[] {
  const explicit = explicitRoot(i);
  const roots = explicit ? [explicit] : [...new Set(EDITIONS.map((e) => draftsRootFor(i, e)))];
  return withLocations(roots, cacheDir(i.env, i.os));
}

/** Editions whose default drafts folder exists on this machine. */
// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
export async function installedEditions(i: RootInputs): Promise<Edition[]> {
  const os = i.os ?? currentOs();
  const found: Edition[] = [];
  for (const e of EDITIONS) {
    for (const root of EDITION_FACTS[e].draftsRootCandidates(os, i.env)) {
      try {
        if ((Deno.statSync(root)).isDirectory) {
          found.push(e);
          break;
        }
      } catch { /* not installed */ }
    }
  }
  return found;
}

/** File name of the editor's draft index in a drafts root (root_index.ts edits it). */
export const ROOT_INDEX_FILE = "root_meta_info.json";
