/** Which drafts folder to use: flag, env, config, editor default for the OS, Linux fallback. */
import { resolve } from "node:path";
import { type Edition, EDITION_FACTS, EDITIONS } from "../editions/profiles.ts";
import type { Config } from "./config.ts";
import { currentOs, fallbackDraftsDir, type OsName } from "./home.ts";

/** Inputs to drafts-folder resolution. */
export interface RootInputs {
  flag?: string;
  env: Record<string, string | undefined>;
  config: Config;
  os?: OsName;
}

/** An explicitly chosen drafts folder (flag > env > config), if any. */
export function explicitRoot(i: RootInputs): string | undefined {
  const chosen = i.flag ?? i.env.DRAFTCLI_DRAFTS_DIR ?? i.config.draftsDir;
  return chosen ? resolve(chosen) : undefined;
}

/** The drafts folder for new drafts of an edition. */
export function draftsRootFor(i: RootInputs, edition: Edition): string {
  const explicit = explicitRoot(i);
  if (explicit) return explicit;
  const os = i.os ?? currentOs();
  return EDITION_FACTS[edition].defaultDraftsRoot(os, i.env) ?? fallbackDraftsDir(i.env, os);
}

/** Every folder where an existing draft may be, without duplicates. */
export function searchRoots(i: RootInputs): string[] {
  const explicit = explicitRoot(i);
  if (explicit) return [explicit];
  return [...new Set(EDITIONS.map((e) => draftsRootFor(i, e)))];
}

/** Editions whose default drafts folder exists on this machine. */
export async function installedEditions(i: RootInputs): Promise<Edition[]> {
  const os = i.os ?? currentOs();
  const found: Edition[] = [];
  for (const e of EDITIONS) {
    const root = EDITION_FACTS[e].defaultDraftsRoot(os, i.env);
    if (!root) continue;
    try {
      if ((await Deno.stat(root)).isDirectory) found.push(e);
    } catch { /* not installed */ }
  }
  return found;
}
