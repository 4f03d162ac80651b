/**
 * Editor builds and what draftcli stamps for them: the known builds (app version → `new_version`,
 * reference §7.3), the stamp a new draft gets, its `platform` block, and the support matrix
 * printed by `draftcli editors` and kept in docs/editions.md. For creating drafts and for
 * reporting; a command that edits a draft needs only profiles.ts. Pure data and functions.
 */
import type { OsName } from "./os.ts";
import {
  DEVICE_KEYS,
  type Edition,
  EDITION_FACTS,
  type Evidence,
  type Json,
  profileById,
  PROFILES,
  versionParts,
  type VersionProfile,
} from "./profiles.ts";

/** What each evidence level means (for `draftcli editors` and docs/editions.md). */
export const EVIDENCE_MEANING: Readonly<Record<Evidence, string>> = {
  real: "shape taken from drafts the editor itself saved",
  lib: "what open-source writers emit and users report as opening",
  issue: "only reports in public issue threads; verify on your machine",
  untested: "no evidence either way",
};

/** An editor build whose `new_version` is known (reference §7.3). */
export interface KnownBuild {
  edition: Edition;
  appVersion: string;
  newVersion: string;
  os: "windows" | "mac";
  evidence: Evidence;
  /** May draftcli stamp this pair on new drafts? (released builds with real/lib evidence) */
  stamp: boolean;
}

/** Observed `new_version` per app version (reference §7.3); `version` stays 360000. */
export const KNOWN_BUILDS: readonly KnownBuild[] = [
  b("jianying", "3.1.0-beta7", "52.0.0", "mac", "real", false),
  b("jianying", "5.7.0", "107.0.0", "mac", "real", true),
  b("jianying", "5.9.0", "110.0.0", "windows", "real", true),
  b("capcut", "2.2.0", "75.0.0", "mac", "real", true),
  b("capcut", "5.8.0", "131.0.0", "windows", "real", true),
  b("capcut", "5.9.1", "132.0.0", "windows", "real", true),
  b("capcut", "6.5.0", "138.0.0", "mac", "real", true),
  b("capcut", "6.7.0", "140.0.0", "windows", "lib", true),
  b("capcut", "6.9.0", "142.0.0", "windows", "real", true),
  b("capcut", "7.8.0", "153.0.0", "windows", "real", true),
  b("capcut", "7.9.0", "155.0.0", "windows", "real", true),
  b("capcut", "8.1.1", "159.0.0", "windows", "real", true),
  b("capcut", "9.1.0", "179.0.0", "windows", "real", true),
  b("capcut", "9.2.8-beta4", "183.0.0", "mac", "issue", false),
];

function b(
  edition: Edition,
  appVersion: string,
  newVersion: string,
  os: "windows" | "mac",
  evidence: Evidence,
  stamp: boolean,
): KnownBuild {
  return { edition, appVersion, newVersion, os, evidence, stamp };
}

/**
 * Is build `a` at most `limit`? Parts missing from `limit` match anything ("8.1" allows 8.1.9),
 * so a user saying "8" means every 8.x build.
 */
export function versionAtMost(a: string, limit: string): boolean {
  const x = versionParts(a) ?? [];
  const y = versionParts(limit) ?? [];
  for (let i = 0; i < y.length; i++) {
    const xi = x[i] ?? 0;
    if (xi !== y[i]) return xi < y[i];
  }
  return true;
}

/** Orders version strings ascending (numeric parts; a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const x = versionParts(a) ?? [];
  const y = versionParts(b) ?? [];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d;
  }
  return Number(!/-/.test(a)) - Number(!/-/.test(b));
}

/** The `new_version` observed for an exact app version, if known. */
export function newVersionFor(edition: Edition, appVersion: string): string | undefined {
  return KNOWN_BUILDS.find((k) => k.edition === edition && k.appVersion === appVersion)
    ?.newVersion;
}

/** The app version that wrote a `new_version`, if known (for encrypted or meta-only drafts). */
export function appVersionFor(edition: Edition, newVersion: string): string | undefined {
  return KNOWN_BUILDS.find((k) => k.edition === edition && k.newVersion === newVersion)
    ?.appVersion;
}

/** The version pair stamped into `platform`/`last_modified_platform` and `new_version`. */
export interface Stamp {
  appVersion: string;
  newVersion: string;
  /** Where it came from: the profile default or the known-builds table. */
  source: "profile" | "table";
}

/**
 * What to stamp for a profile and a requested version: never newer than the request (an editor
 * refuses or warns on drafts from newer builds), so the newest stampable known build at most the
 * requested version; the profile's own pair when no version is requested or none fits.
 */
export function stampFor(profile: VersionProfile, requested?: string): Stamp {
  const own: Stamp = {
    appVersion: profile.appVersion,
    newVersion: profile.newVersion,
    source: "profile",
  };
  if (!requested || profileById(requested)) return own;
  const fits = KNOWN_BUILDS.filter((k) =>
    k.edition === profile.edition && k.stamp && versionAtMost(k.appVersion, requested)
  ).sort((x, y) => compareVersions(x.appVersion, y.appVersion));
  const best = fits.at(-1);
  if (!best) return own;
  if (best.appVersion === own.appVersion) return own;
  return { appVersion: best.appVersion, newVersion: best.newVersion, source: "table" };
}

/** The `os` value the editors write ("windows" | "mac"); Linux drafts are stamped as Windows. */
export function markerOs(os: OsName): "windows" | "mac" {
  return os === "mac" ? "mac" : "windows";
}

/** A plausible `os_version` per stamped OS (values seen in editor files). */
export const DEFAULT_OS_VERSION: Readonly<Record<"windows" | "mac", string>> = {
  windows: "10.0.19045",
  mac: "15.5",
};

/**
 * The `platform` / `last_modified_platform` block for a new draft: the skeleton's block with this
 * edition's app id/source, the stamped version, the OS, and blank device hashes. `from` (markers
 * read from an app-written draft) supplies app_version, os and os_version when given.
 */
export function platformFor(
  profile: VersionProfile,
  os: OsName,
  stamp: Stamp,
  base: Json,
  from?: Json,
): Json {
  const facts = EDITION_FACTS[profile.edition];
  const osName = typeof from?.os === "string" ? from.os : markerOs(os);
  const block: Json = {
    ...base,
    app_id: facts.appId,
    app_source: facts.appSource,
    app_version: typeof from?.app_version === "string" ? from.app_version : stamp.appVersion,
    os: osName,
    os_version: typeof from?.os_version === "string"
      ? from.os_version
      : DEFAULT_OS_VERSION[osName === "mac" ? "mac" : "windows"],
  };
  for (const k of DEVICE_KEYS) block[k] = "";
  return block;
}

/** One row of the support matrix: a version range and how well it is backed. */
export interface SupportRow {
  editor: string;
  versions: string;
  profile: string;
  evidence: Evidence;
  stamps: string;
  notes: string;
}

/** The support matrix, generated from PROFILES (printed by `editors`, kept in docs/editions.md). */
export function supportMatrix(): SupportRow[] {
  return PROFILES.map((p) => ({
    editor: EDITION_FACTS[p.edition].displayName,
    versions: p.label.replace(/^(JianYing Pro|CapCut) /, ""),
    profile: p.id,
    evidence: p.evidence,
    stamps: `${p.appVersion} / ${p.newVersion}`,
    notes: p.notes.join("; "),
  }));
}

/** The support matrix as a Markdown table (the generated part of docs/editions.md). */
export function supportMatrixMarkdown(): string {
  const esc = (s: string) => s.replaceAll("|", "\\|");
  const lines = [
    "| Editor | Versions | Profile | Evidence | Stamped app / new_version | Notes |",
    "|---|---|---|---|---|---|",
    ...supportMatrix().map((r) =>
      `| ${esc(r.editor)} | ${esc(r.versions)} | \`${r.profile}\` | ${r.evidence} | ${r.stamps} | ${
        esc(r.notes)
      } |`
    ),
  ];
  return lines.join("\n");
}

/** The known-builds table as Markdown (also generated into docs/editions.md). */
export function knownBuildsMarkdown(): string {
  const lines = [
    "| Editor | App version | new_version | OS | Evidence | Stamped |",
    "|---|---|---|---|---|---|",
    ...KNOWN_BUILDS.map((k) =>
      `| ${k.edition} | ${k.appVersion} | ${k.newVersion} | ${k.os} | ${k.evidence} | ${
        k.stamp ? "yes" : "no"
      } |`
    ),
  ];
  return lines.join("\n");
}
