/**
 * Editions (JianYing Pro, CapCut) and their version profiles: the one place that knows how the
 * editors differ. Builders and the store ask a profile (or the edition facts); nothing else
 * branches on the edition. Everything here is data plus pure functions (no I/O), so every rule
 * can be unit-tested for any OS. Evidence labels follow the reference (draft-format.md): real =
 * seen in editor-saved files, lib = what open-source writers emit and users report working,
 * issue = reports in public issue threads, untested = no evidence either way.
 */
import { joinPath, localAppData, type OsName } from "./os.ts";
import { DraftcliError } from "../errors.ts";
import type { SkeletonName } from "./skeletons.ts";

/** The two editions draftcli writes for. */
export type Edition = "jianying" | "capcut";

/** All editions, in default order. */
export const EDITIONS: readonly Edition[] = ["jianying", "capcut"];

/** How sure we are that a profile's output opens in those versions. */
export type Evidence = "real" | "lib" | "issue" | "untested";

/** A JSON object as stored in draft files. */
export type Json = Record<string, unknown>;

/** Names a timeline document is stored under inside a draft folder. */
export type TimelineFile = "draft_content.json" | "draft_info.json" | "template-2.tmp";

/** Every timeline file name, primary names first. */
export const TIMELINE_FILES: readonly TimelineFile[] = [
  "draft_content.json",
  "draft_info.json",
  "template-2.tmp",
];

/** Timeline file names the editor reads (not mirrors): a draft folder needs one of these. */
export const PRIMARY_TIMELINE_FILES: readonly TimelineFile[] = [
  "draft_content.json",
  "draft_info.json",
];

/** One edition-version range and what a draft for it must look like. */
export interface VersionProfile {
  edition: Edition;
  /** Stable id, e.g. "capcut-7-8". */
  id: string;
  /** Human label, e.g. "CapCut 7.x–8.x". */
  label: string;
  /** Major versions covered, inclusive. */
  minMajor: number;
  maxMajor: number;
  /** `platform.app_version` stamped when nothing more precise is known. */
  appVersion: string;
  /** Top-level `new_version` matching appVersion (reference §7.3). */
  newVersion: string;
  /** Which extracted skeleton the timeline and meta start from. */
  skeleton: SkeletonName;
  /** Files in the draft folder the timeline is written to (same bytes in each). */
  timelineFiles: readonly TimelineFile[];
  /**
   * `Timelines/` (multi-timeline layout): never created for a new draft (the editor builds it
   * from the root files on first open); when a loaded draft has `Timelines/project.json`, the
   * timeline is also written to `Timelines/<main_timeline_id>/` ("follow"), because newer
   * builds read that copy and ignore root-only edits (reference §1.2, §7.2).
   */
  timelinesFolder: "follow";
  /** Name of the materials list holding masks (reference §4.10). */
  maskList: "masks" | "common_mask";
  /**
   * Printed when a mask is written for this profile: versions reported to ignore masks that
   * tools write, with a workaround. Undefined: masks are known to show (no warning).
   */
  maskWarning?: string;
  /** How well this profile is backed by evidence. */
  evidence: Evidence;
  /** What a user should know. */
  notes: readonly string[];
}

/** Where the editor's draft index (`root_meta_info.json`) rules differ per edition. */
export interface RootIndexRules {
  /** Create `root_meta_info.json` when the drafts root has none? */
  createIfMissing: boolean;
  /** Why (shown by `draftcli editors`, written to docs/editions.md). */
  note: string;
}

/** Per-edition facts that do not change between versions. */
export interface EditionFacts {
  edition: Edition;
  displayName: string;
  appId: number;
  appSource: "lv" | "cc";
  /** Default name of the masks list (a profile's `maskList` wins). */
  maskList: "masks" | "common_mask";
  /** `check_flag` the editor writes on materials. */
  checkFlags: { photo: number; video: number; audio: number };
  /** The editor's default drafts folder on an OS (undefined where the editor does not exist). */
  defaultDraftsRoot(os: OsName, env: Record<string, string | undefined>): string | undefined;
  /** Every folder the editor keeps drafts in by default on an OS, most common first. */
  draftsRootCandidates(os: OsName, env: Record<string, string | undefined>): string[];
  /** Static sibling files of a new draft (file name → text), as the editor writes them. */
  siblingFiles: Readonly<Record<string, string>>;
  /** `root_meta_info.json` handling. */
  rootIndex: RootIndexRules;
  /** First major version that encrypts the timeline when it saves (undefined: never). */
  encryptsFromMajor?: number;
  /**
   * Transitions and video effects carry `effect_id` equal to the numeric `resource_id` (every
   * CapCut-saved draft); otherwise the catalog's own effect id is written.
   */
  effectIdIsResourceId: boolean;
}

const ROOT_TAIL = ["User Data", "Projects", "com.lveditor.draft"];

/** One way an editor lays out its drafts folder on an OS. */
interface RootRecipe {
  os: OsName;
  /** "localappdata" = %LOCALAPPDATA%, "home" = the home folder. */
  base: "localappdata" | "home";
  parts: readonly string[];
}

function rootsFrom(recipes: readonly RootRecipe[]) {
  return (os: OsName, env: Record<string, string | undefined>): string[] => {
    const home = env.HOME ?? env.USERPROFILE;
    const out: string[] = [];
    for (const r of recipes) {
      if (r.os !== os) continue;
      const base = r.base === "home" ? home : localAppData(env);
      if (base) out.push(joinPath(os, base, ...r.parts));
    }
    return out;
  };
}

const JIANYING_ROOTS: readonly RootRecipe[] = [
  { os: "windows", base: "localappdata", parts: ["JianyingPro", ...ROOT_TAIL] },
  { os: "mac", base: "home", parts: ["Movies", "JianyingPro", ...ROOT_TAIL] },
];
const CAPCUT_ROOTS: readonly RootRecipe[] = [
  { os: "windows", base: "localappdata", parts: ["CapCut", ...ROOT_TAIL] },
  { os: "mac", base: "home", parts: ["Movies", "CapCut", ...ROOT_TAIL] },
  // Mac App Store build (sandboxed) — reference §1.1, [lib][?].
  {
    os: "mac",
    base: "home",
    parts: [
      "Library",
      "Containers",
      "com.lemon.lvoverseas",
      "Data",
      "Movies",
      "CapCut",
      ...ROOT_TAIL,
    ],
  },
];

function factsRoots(recipes: readonly RootRecipe[]) {
  const all = rootsFrom(recipes);
  return {
    draftsRootCandidates: all,
    defaultDraftsRoot: (os: OsName, env: Record<string, string | undefined>) => all(os, env)[0],
  };
}

const PROXY_CONFIG = { marterials: null, use_converter: false, video_resolution: 720 };
const PERFORMANCE_OPT = JSON.stringify({
  manual_cancle_precombine_segs: null,
  need_auto_precombine_segs: null,
});

/** Facts per edition. */
export const EDITION_FACTS: Readonly<Record<Edition, EditionFacts>> = {
  jianying: {
    edition: "jianying",
    displayName: "JianYing Pro (剪映专业版)",
    appId: 3704,
    appSource: "lv",
    maskList: "masks",
    checkFlags: { photo: 63487, video: 63487, audio: 1 },
    ...factsRoots(JIANYING_ROOTS),
    siblingFiles: {
      "draft_agency_config.json": JSON.stringify(PROXY_CONFIG),
      "draft_biz_config.json": "",
      "performance_opt_info.json": PERFORMANCE_OPT,
    },
    rootIndex: {
      createIfMissing: false,
      note:
        "an existing root_meta_info.json gets an entry; a missing one is not created (whether JianYing accepts a tool-made index is unknown; it lists new folders after a refresh)",
    },
    encryptsFromMajor: 6,
    effectIdIsResourceId: false,
  },
  capcut: {
    edition: "capcut",
    displayName: "CapCut",
    appId: 359289,
    appSource: "cc",
    maskList: "common_mask",
    checkFlags: { photo: 62978047, video: 62978047, audio: 1 },
    ...factsRoots(CAPCUT_ROOTS),
    siblingFiles: {
      "draft_agency_config.json": JSON.stringify({
        is_auto_agency_enabled: false,
        is_auto_agency_popup: false,
        is_single_agency_mode: false,
        ...PROXY_CONFIG,
      }),
      "draft_biz_config.json": "",
      "performance_opt_info.json": PERFORMANCE_OPT,
    },
    rootIndex: {
      createIfMissing: true,
      note:
        "CapCut 8.7+ (Windows) and recent macOS builds list only drafts found in root_meta_info.json; creating the file when missing was reported to work (draftcli does so only when the folder holds no other draft, which an index listing only the new one could hide)",
    },
    effectIdIsResourceId: true,
  },
};

const BOTH = ["draft_content.json", "draft_info.json"] as const;
const BOTH_AND_MIRROR = [...BOTH, "template-2.tmp"] as const;

/** Every version profile, oldest first within an edition. */
export const PROFILES: readonly VersionProfile[] = [
  {
    edition: "jianying",
    id: "jianying-5",
    label: "JianYing Pro 5.x and older",
    minMajor: 0,
    maxMajor: 5,
    appVersion: "5.9.0",
    newVersion: "110.0.0",
    skeleton: "jianying-5.9",
    timelineFiles: BOTH,
    timelinesFolder: "follow",
    maskList: "masks",
    evidence: "real",
    notes: [
      "plaintext drafts; Windows reads draft_content.json, macOS draft_info.json (both written)",
      "5.9 is backed by editor-saved drafts; versions before 5.7 are untested",
    ],
  },
  {
    edition: "jianying",
    id: "jianying-6-9",
    label: "JianYing Pro 6.x–9.x",
    minMajor: 6,
    maxMajor: 9,
    appVersion: "5.9.0",
    newVersion: "110.0.0",
    skeleton: "jianying-5.9",
    timelineFiles: BOTH,
    timelinesFolder: "follow",
    maskList: "masks",
    maskWarning:
      "JianYing 8.5–9.x were reported to ignore masks that tools write to 'masks' (6.x–8.4 show " +
      "them; pyJianYingDraft #102, #114): on 8.5 or later, check the clip and add the mask in " +
      "the editor if it is missing (select the clip → Mask), or create the draft with " +
      "--editor-version 10 (masks in 'common_mask', the list JianYing 11.4 reads)",
    evidence: "issue",
    notes: [
      "the editor encrypts draft_content.json when it saves; draftcli writes plaintext (accepted) but refuses to edit encrypted drafts",
      "stamped as 5.9.0, which newer JianYing upgrades on open",
      "masks in 'masks': shown by 6.x–8.4, reported ignored on 8.5/8.7 (warning printed)",
    ],
  },
  {
    edition: "jianying",
    id: "jianying-10",
    label: "JianYing Pro 10.x and later",
    minMajor: 10,
    maxMajor: 99,
    appVersion: "5.9.0",
    newVersion: "110.0.0",
    skeleton: "jianying-5.9",
    timelineFiles: BOTH,
    timelinesFolder: "follow",
    maskList: "common_mask",
    maskWarning:
      "JianYing 10.x–11.x ignore masks that tools write to 'masks' (pyJianYingDraft #160 on " +
      "10.8); draftcli writes them to 'common_mask', the list JianYing 11.4 reads (pyJianYingDraft " +
      "PR #198), not yet confirmed on a device: if the mask does not show, add it in the editor " +
      "(select the clip → Mask)",
    evidence: "issue",
    notes: [
      "macOS 11.x reads draft_info.json (written)",
      "masks in 'common_mask' (the list 11.4 reads, pyJianYingDraft PR #198); 'masks' was reported ignored on 10.8/11.4 (warning printed)",
      "some 10.x builds were reported to reject tool drafts; verify on device",
    ],
  },
  {
    edition: "capcut",
    id: "capcut-legacy",
    label: "CapCut 4.x and older",
    minMajor: 0,
    maxMajor: 4,
    appVersion: "2.2.0",
    newVersion: "75.0.0",
    skeleton: "capcut-6.5",
    timelineFiles: BOTH_AND_MIRROR,
    timelinesFolder: "follow",
    maskList: "masks",
    evidence: "untested",
    notes: [
      "one CapCut 2.2 (macOS) draft seen: masks list named 'masks'; timeline shape taken from 6.5",
    ],
  },
  {
    edition: "capcut",
    id: "capcut-5-6",
    label: "CapCut 5.x–6.x",
    minMajor: 5,
    maxMajor: 6,
    appVersion: "6.5.0",
    newVersion: "138.0.0",
    skeleton: "capcut-6.5",
    timelineFiles: BOTH_AND_MIRROR,
    timelinesFolder: "follow",
    maskList: "common_mask",
    evidence: "real",
    notes: ["template from a real CapCut 6.5 draft; 5.8, 5.9 and 6.9 saves seen"],
  },
  {
    edition: "capcut",
    id: "capcut-7-8",
    label: "CapCut 7.x–8.x",
    minMajor: 7,
    maxMajor: 8,
    appVersion: "8.1.1",
    newVersion: "159.0.0",
    skeleton: "capcut-8.1",
    timelineFiles: BOTH_AND_MIRROR,
    timelinesFolder: "follow",
    maskList: "common_mask",
    evidence: "real",
    notes: [
      "8.4+ creates Timelines/ itself on first open; drafts that have it are written there too",
      "8.7 (Windows) lists only drafts registered in root_meta_info.json (done)",
      "segments get track_attribute 0 like their tracks (the 8.1 text sample sat on a locked track, 4)",
    ],
  },
  {
    edition: "capcut",
    id: "capcut-9",
    label: "CapCut 9.x",
    minMajor: 9,
    maxMajor: 9,
    appVersion: "9.1.0",
    newVersion: "179.0.0",
    skeleton: "capcut-9.1",
    timelineFiles: BOTH_AND_MIRROR,
    timelinesFolder: "follow",
    maskList: "common_mask",
    evidence: "real",
    notes: [
      "requires every local file registered in draft_meta_info.json (done)",
      "9.2.8 (macOS beta) reads Timelines/<id>/ first; written when present",
      "config.maintrack_adsorb true, as a fresh draft (CapCut 2.2–8.1 samples; the 9.1 sample's false is its user's magnet toggle)",
    ],
  },
  {
    edition: "capcut",
    id: "capcut-10",
    label: "CapCut 10.x and later",
    minMajor: 10,
    maxMajor: 99,
    appVersion: "9.1.0",
    newVersion: "179.0.0",
    skeleton: "capcut-9.1",
    timelineFiles: BOTH_AND_MIRROR,
    timelinesFolder: "follow",
    maskList: "common_mask",
    evidence: "untested",
    notes: [
      "same files as 9.x, stamped 9.1.0 unless an app-saved draft on the machine gives its own markers",
      "reports of tool drafts rejected as corrupted, cause unknown; verify on device",
    ],
  },
];

/** The profile used when nothing says otherwise. */
export const DEFAULT_PROFILE: Readonly<Record<Edition, string>> = {
  jianying: "jianying-5",
  capcut: "capcut-7-8",
};

/** The numeric parts of a version string ("9.2.8-beta4" → [9, 2, 8]); undefined if none. */
export function versionParts(version: string): number[] | undefined {
  const m = /^v?(\d+(?:\.\d+){0,3})/.exec(version.trim());
  return m ? m[1].split(".").map(Number) : undefined;
}

/** Finds the profile for an edition and a version string ("5.9", "8", "9.1.0") or profile id. */
export function findProfile(edition: Edition, version?: string): VersionProfile {
  const mine = PROFILES.filter((p) => p.edition === edition);
  if (!version) return mine.find((p) => p.id === DEFAULT_PROFILE[edition])!;
  const byId = profileById(version);
  if (byId?.edition === edition) return byId;
  const parts = /^v?\d+(?:\.\d+){0,3}(?:-[\w.]+)?$/.test(version.trim())
    ? versionParts(version)
    : undefined;
  if (!parts) {
    throw new DraftcliError(
      "invalid_input",
      `editor version '${version}' is not a version number`,
      {
        hint: `use a version like 5.9 or 8.1.1, or a profile id: ${
          mine.map((p) => p.id).join(", ")
        }`,
        path: "editorVersion",
      },
    );
  }
  const major = parts[0];
  const found = mine.find((p) => major >= p.minMajor && major <= p.maxMajor);
  if (!found) {
    throw new DraftcliError("invalid_input", `no ${edition} profile covers version '${version}'`, {
      hint: `known major versions: ${mine[0].minMajor}–${mine[mine.length - 1].maxMajor}`,
      path: "editorVersion",
    });
  }
  return found;
}

/** The profile for an app version read from a draft; unreadable versions give the default. */
export function profileForAppVersion(edition: Edition, appVersion: unknown): VersionProfile {
  const parts = typeof appVersion === "string" ? versionParts(appVersion) : undefined;
  try {
    return findProfile(edition, parts ? String(parts[0]) : undefined);
  } catch {
    return findProfile(edition); // a version no profile covers: the edition's default
  }
}

/** Profile ids of earlier draftcli builds, still found in `.draftcli/state.json` files. */
const PROFILE_ALIASES: Readonly<Record<string, string>> = { "capcut-6": "capcut-5-6" };

/** The profile with this id (undefined when unknown, e.g. from a newer draftcli). */
export function profileById(id: string | undefined): VersionProfile | undefined {
  if (id === undefined) return undefined;
  const real = PROFILE_ALIASES[id] ?? id;
  return PROFILES.find((p) => p.id === real);
}

/** The edition that wrote a timeline, from its platform block (`app_source`). */
export function editionOfPlatform(platform: unknown): Edition | undefined {
  const source = (platform as Json | undefined)?.app_source;
  return EDITIONS.find((e) => EDITION_FACTS[e].appSource === source);
}

/** Keys of the platform block that identify a machine: never copied, always blank. */
export const DEVICE_KEYS: readonly string[] = ["device_id", "hard_disk_id", "mac_address"];

/** The timeline file the editor reads first on an OS (the one named in the draft index). */
export function primaryTimelineFile(os: OsName): TimelineFile {
  return os === "mac" ? "draft_info.json" : "draft_content.json";
}

/** What a draft folder already holds, for deciding where its timeline goes. */
export interface FolderTimelines {
  /** Timeline file names present in the folder root. */
  rootFiles: readonly string[];
  /** `main_timeline_id` from `Timelines/project.json`, when that file exists. */
  mainTimelineId?: string;
  /** Timeline file names present in `Timelines/<main_timeline_id>/`. */
  nestedFiles?: readonly string[];
}

/** Is this a safe single folder name for `Timelines/<id>/`? */
export function isTimelineId(id: unknown): id is string {
  return typeof id === "string" && /^[\w-]+$/.test(id);
}

/**
 * Paths (relative, as parts) the timeline of a draft is written to: the profile's files, plus
 * any other timeline file the folder root already has (kept in sync); for a loaded draft with
 * `Timelines/project.json`, also `Timelines/<main_timeline_id>/` — the files already there, or
 * the root's primary files when that folder is empty. A new draft (`folder` undefined) never
 * gets `Timelines/`.
 */
export function timelineTargets(profile: VersionProfile, folder?: FolderTimelines): string[][] {
  const names = new Set<string>(profile.timelineFiles);
  for (const n of folder?.rootFiles ?? []) {
    if ((TIMELINE_FILES as readonly string[]).includes(n)) names.add(n);
  }
  const ordered = TIMELINE_FILES.filter((n) => names.has(n));
  const out: string[][] = ordered.map((n) => [n]);
  if (profile.timelinesFolder === "follow" && isTimelineId(folder?.mainTimelineId)) {
    const present = TIMELINE_FILES.filter((n) => folder.nestedFiles?.includes(n));
    const nested = present.length
      ? present
      : ordered.filter((n) => (PRIMARY_TIMELINE_FILES as readonly string[]).includes(n));
    for (const n of nested) out.push(["Timelines", folder.mainTimelineId, n]);
  }
  return out;
}
