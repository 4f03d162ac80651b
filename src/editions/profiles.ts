/**
 * Editions (JianYing Pro, CapCut) and their version profiles: the one place that knows how the
 * editors differ. Builders and the store ask a profile; nothing else branches on the edition.
 */
import skeletons from "./data/skeletons.json" with { type: "json" };
import prototypes from "./data/prototypes.json" with { type: "json" };
import { joinPath, type OsName } from "../store/home.ts";
import { DraftcliError } from "../errors.ts";

/** The two editions draftcli writes for. */
export type Edition = "jianying" | "capcut";

/** All editions, in default order. */
export const EDITIONS: readonly Edition[] = ["jianying", "capcut"];

/** How sure we are that a profile's output opens in those versions. */
export type Evidence = "real" | "lib" | "issue" | "untested";

/** A JSON object as stored in draft files. */
export type Json = Record<string, unknown>;

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
  /** `platform.app_version` we stamp. */
  appVersion: string;
  /** Top-level `new_version` matching appVersion (reference §7.3). */
  newVersion: string;
  /** Which extracted skeleton the timeline and meta start from. */
  skeleton: keyof typeof skeletons & string;
  /** File names the timeline is written to (same bytes in each). */
  timelineFiles: readonly string[];
  /** How well this profile is backed by evidence. */
  evidence: Evidence;
  /** What a user should know. */
  notes: readonly string[];
}

/** Per-edition facts that do not change between versions. */
export interface EditionFacts {
  edition: Edition;
  displayName: string;
  appId: number;
  appSource: "lv" | "cc";
  /** Name of the materials list holding masks. */
  maskList: "masks" | "common_mask";
  /** `check_flag` the editor writes on materials. */
  checkFlags: { photo: number; video: number; audio: number };
  /** The editor's default drafts folder on an OS (undefined where the editor does not exist). */
  defaultDraftsRoot(os: OsName, env: Record<string, string | undefined>): string | undefined;
}

const ROOT_TAIL = ["User Data", "Projects", "com.lveditor.draft"];

function rootFor(app: string) {
  return (os: OsName, env: Record<string, string | undefined>): string | undefined => {
    const home = env.HOME ?? env.USERPROFILE;
    if (os === "windows") {
      const local = env.LOCALAPPDATA ?? (home ? joinPath(os, home, "AppData", "Local") : undefined);
      return local ? joinPath(os, local, app, ...ROOT_TAIL) : undefined;
    }
    if (os === "mac") return home ? joinPath(os, home, "Movies", app, ...ROOT_TAIL) : undefined;
    return undefined;
  };
}

/** Facts per edition. */
export const EDITION_FACTS: Readonly<Record<Edition, EditionFacts>> = {
  jianying: {
    edition: "jianying",
    displayName: "JianYing Pro (剪映专业版)",
    appId: 3704,
    appSource: "lv",
    maskList: "masks",
    checkFlags: { photo: 63487, video: 63487, audio: 1 },
    defaultDraftsRoot: rootFor("JianyingPro"),
  },
  capcut: {
    edition: "capcut",
    displayName: "CapCut",
    appId: 359289,
    appSource: "cc",
    maskList: "common_mask",
    checkFlags: { photo: 62978047, video: 62978047, audio: 1 },
    defaultDraftsRoot: rootFor("CapCut"),
  },
};

const BOTH = ["draft_content.json", "draft_info.json"] as const;
const BOTH_AND_MIRROR = [...BOTH, "template-2.tmp"] as const;

/** Every version profile, newest last within an edition. */
export const PROFILES: readonly VersionProfile[] = [
  {
    edition: "jianying",
    id: "jianying-5",
    label: "JianYing Pro 5.x",
    minMajor: 0,
    maxMajor: 5,
    appVersion: "5.9.0",
    newVersion: "110.0.0",
    skeleton: "jianying-5.9",
    timelineFiles: BOTH,
    evidence: "real",
    notes: ["plaintext drafts; Windows reads draft_content.json, macOS draft_info.json"],
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
    evidence: "issue",
    notes: [
      "the editor encrypts draft_content.json when it saves; draftcli writes plaintext (accepted) but refuses to edit encrypted drafts",
      "stamped as 5.9.0, which newer JianYing upgrades on open",
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
    evidence: "issue",
    notes: [
      "macOS 11.x reads draft_info.json (written); masks from tools are reported ignored",
      "some 10.x builds were reported to reject tool drafts; verify on device",
    ],
  },
  {
    edition: "capcut",
    id: "capcut-6",
    label: "CapCut up to 6.x",
    minMajor: 0,
    maxMajor: 6,
    appVersion: "6.5.0",
    newVersion: "138.0.0",
    skeleton: "capcut-6.5",
    timelineFiles: BOTH_AND_MIRROR,
    evidence: "real",
    notes: ["template from a real CapCut 6.5 draft"],
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
    evidence: "real",
    notes: [
      "8.4+ creates Timelines/ itself on first open; drafts that have it are written there too",
    ],
  },
  {
    edition: "capcut",
    id: "capcut-9",
    label: "CapCut 9.x and later",
    minMajor: 9,
    maxMajor: 99,
    appVersion: "9.1.0",
    newVersion: "179.0.0",
    skeleton: "capcut-9.1",
    timelineFiles: BOTH_AND_MIRROR,
    evidence: "real",
    notes: ["requires every local file registered in draft_meta_info.json (done)"],
  },
];

/** The profile used when nothing says otherwise. */
export const DEFAULT_PROFILE: Readonly<Record<Edition, string>> = {
  jianying: "jianying-5",
  capcut: "capcut-7-8",
};

/** Finds the profile for an edition and a version string ("5.9", "8", "9.1.0") or profile id. */
export function findProfile(edition: Edition, version?: string): VersionProfile {
  const mine = PROFILES.filter((p) => p.edition === edition);
  if (!version) return mine.find((p) => p.id === DEFAULT_PROFILE[edition])!;
  const byId = mine.find((p) => p.id === version);
  if (byId) return byId;
  const m = /^v?(\d+)(?:\.\d+){0,3}$/.exec(version.trim());
  if (!m) {
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
  const major = Number(m[1]);
  const found = mine.find((p) => major >= p.minMajor && major <= p.maxMajor);
  if (!found) {
    throw new DraftcliError("invalid_input", `no ${edition} profile covers version '${version}'`, {
      hint: `known major versions: ${mine[0].minMajor}–${mine[mine.length - 1].maxMajor}`,
      path: "editorVersion",
    });
  }
  return found;
}

/** A fresh copy of the empty timeline and meta documents a profile starts from. */
export function skeletonFor(profile: VersionProfile): { content: Json; meta: Json } {
  const s =
    (skeletons as unknown as Record<string, { content: Json; meta: Json }>)[profile.skeleton];
  return structuredClone(s);
}

type ProtoName = keyof typeof prototypes.capcut;

/** A fresh copy of an editor object prototype (edition-specific where we have one). */
export function prototype(edition: Edition, name: ProtoName): Json {
  // Copies come from a cached JSON text: JSON.parse is ~3× faster than structuredClone here,
  // and the prototypes are plain JSON (they come from a JSON file), so the copy is exact.
  const key = `${edition}/${name}`;
  let text = prototypeText.get(key);
  if (text === undefined) {
    const own = (prototypes as unknown as Record<string, Record<string, Json>>)[edition];
    text = JSON.stringify(own?.[name] ?? (prototypes.capcut as Record<string, Json>)[name]);
    prototypeText.set(key, text);
  }
  return JSON.parse(text);
}

const prototypeText = new Map<string, string>();

/** Names of the available prototypes. */
export type PrototypeName = ProtoName;
