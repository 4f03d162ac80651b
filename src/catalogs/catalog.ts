/**
 * Embedded resource catalogs per edition: display names ↔ resource ids for animations,
 * transitions, filters, effects, masks, fonts, mix modes and audio effects.
 *
 * The data is `src/catalogs/data/<edition>/<kind>.json` (copied from shared/catalogs, see
 * docs/catalogs.md), embedded in the binary with `--include`. A kind's file is read, parsed and
 * normalised on first use only, so start-up does not pay for the ~4.5 MB of catalogs.
 */

import { DraftcliError } from "../errors.ts";
import { closest } from "../text/closest.ts";
import { readEmbeddedText } from "../embedded.ts";

/** The editor editions draftcli writes drafts for. */
export const EDITIONS = ["jianying", "capcut"] as const;

/** `jianying` = JianYing Pro (剪映, domestic); `capcut` = CapCut (international). */
export type Edition = typeof EDITIONS[number];

/** Every catalog kind, in documentation order. */
export const CATALOG_KINDS = [
  "video_intro",
  "video_outro",
  "video_group",
  "text_intro",
  "text_outro",
  "text_loop",
  "transitions",
  "filters",
  "video_effects",
  "masks",
  "fonts",
  "mix_modes",
  "audio_effects",
] as const;

/** One catalog kind (one JSON file per edition). */
export type CatalogKind = typeof CATALOG_KINDS[number];

/** One adjustable parameter of an effect, filter, font, mix mode or audio effect. */
export interface CatalogParam {
  /** Parameter name as the draft stores it (e.g. `effects_adjust_filter`). */
  readonly name: string;
  /** Default value in the source's raw range (usually 0–1). */
  readonly default: number;
  /** Lower end of the raw range. */
  readonly min: number;
  /** Upper end of the raw range. */
  readonly max: number;
}

/** Where an entry's main fields come from (see docs/catalogs.md). */
export type CatalogSource = "pyJianYingDraft" | "CapCutAPI" | "pyCapCut";

/** One catalog entry, normalised from the JSON record. */
export interface CatalogEntry {
  /** Display name exactly as the source gives it. */
  readonly name: string;
  /** Other names for the same resource: the other source's name and the other edition's name. */
  readonly aliases: readonly string[];
  /** Every name the other edition uses for this resource id in the same kind (may be empty). */
  readonly otherEditionNames: readonly string[];
  /** `resource_id` as written into the draft. Never empty. */
  readonly resourceId: string;
  /** `effect_id` / `id` as written into the draft (numeric string or UUID). */
  readonly effectId: string;
  /** Default duration in µs (animations and transitions), otherwise null. */
  readonly durationUs: number | null;
  /** True when paid (VIP) in the source; null when the source has no flag (masks). */
  readonly isVip: boolean | null;
  /** Transitions only: whether the transition overlaps the two clips. */
  readonly isOverlap?: boolean;
  /** Adjustable parameters in source order (empty when the source lists none). */
  readonly params: readonly CatalogParam[];
  /** `video_effects`: scene | character; `audio_effects`: scene, tone, speech_to_song, … */
  readonly category?: string;
  /** Masks only: the mask shape type (`line`, `mirror`, `circle`, …). */
  readonly resourceType?: string;
  /** Masks only: default width/height ratio, relative to the clip. */
  readonly defaultAspectRatio?: number;
  /** Masks from CapCutAPI only: the default mask settings (centerX, feather, invert, …). */
  readonly defaultConfig?: Readonly<Record<string, number | boolean>>;
  /** Resource md5 from the source. */
  readonly md5?: string;
  /** Enum member name in the source; tells apart CapCut duplicates like `Mix` / `Mix_1`. */
  readonly enum?: string;
  /** Which source the entry comes from. */
  readonly source: CatalogSource;
}

/** The JSON record as stored in the data files (only the fields read here). */
interface RawEntry {
  name: string;
  enum?: string;
  source: CatalogSource;
  aliases?: string[];
  capcut_names?: string[];
  jianying_names?: string[];
  resource_id: string;
  effect_id: string;
  md5?: string | null;
  duration_us?: number | null;
  is_vip?: boolean | null;
  is_overlap?: boolean;
  params?: CatalogParam[];
  category?: string;
  resource_type?: string;
  default_aspect_ratio?: number;
  default_config?: Record<string, number | boolean> | null;
  also_in?: { resource_id?: string }[];
}

/** A parsed kind plus the lookup tables built from it. */
interface LoadedCatalog {
  entries: readonly CatalogEntry[];
  byResourceId: Map<string, CatalogEntry>;
  /** Resource ids that only a secondary source gives (older tables) → the entry. */
  byOtherResourceId: Map<string, CatalogEntry>;
}

const EMPTY: LoadedCatalog = {
  entries: Object.freeze([]),
  byResourceId: new Map(),
  byOtherResourceId: new Map(),
};

const cache = new Map<string, LoadedCatalog>();

/** True when `value` is a known edition name. */
export function isEdition(value: string): value is Edition {
  return (EDITIONS as readonly string[]).includes(value);
}

/** True when `value` is a known catalog kind. */
export function isCatalogKind(value: string): value is CatalogKind {
  return (CATALOG_KINDS as readonly string[]).includes(value);
}

/** The folder of the catalog files, relative to the repository root (what the binary embeds). */
export const CATALOG_DIR = "src/catalogs/data";

/** Kinds an edition has no data for (every other kind has a file). */
const MISSING: Readonly<Record<Edition, readonly CatalogKind[]>> = {
  jianying: [],
  capcut: ["mix_modes"],
};

/** Whether a kind has data for an edition (`mix_modes` is JianYing only). */
export function hasCatalog(edition: Edition, kind: CatalogKind): boolean {
  return isEdition(edition) && isCatalogKind(kind) && !MISSING[edition].includes(kind);
}

function checkArgs(edition: string, kind: string): void {
  if (!isEdition(edition)) {
    throw new DraftcliError("unknown_name", `unknown edition "${edition}"`, {
      hint: `use one of: ${EDITIONS.join(", ")}`,
    });
  }
  if (!isCatalogKind(kind)) {
    const near = closest(kind, CATALOG_KINDS, 3);
    throw new DraftcliError(
      "unknown_name",
      `unknown catalog kind "${kind}"; closest: ${near.join(", ")}`,
      { hint: `use one of: ${CATALOG_KINDS.join(", ")}` },
    );
  }
}

function toEntry(raw: RawEntry, edition: Edition): CatalogEntry {
  const other = edition === "jianying" ? raw.capcut_names : raw.jianying_names;
  const entry: { -readonly [K in keyof CatalogEntry]: CatalogEntry[K] } = {
    name: raw.name,
    aliases: raw.aliases ?? [],
    otherEditionNames: other ?? [],
    resourceId: raw.resource_id,
    effectId: raw.effect_id,
    durationUs: raw.duration_us ?? null,
    isVip: raw.is_vip ?? null,
    params: raw.params ?? [],
    source: raw.source,
  };
  if (raw.is_overlap !== undefined) entry.isOverlap = raw.is_overlap;
  if (raw.category !== undefined) entry.category = raw.category;
  if (raw.resource_type !== undefined) entry.resourceType = raw.resource_type;
  if (raw.default_aspect_ratio !== undefined) entry.defaultAspectRatio = raw.default_aspect_ratio;
  if (raw.default_config) entry.defaultConfig = raw.default_config;
  if (raw.md5) entry.md5 = raw.md5;
  if (raw.enum !== undefined) entry.enum = raw.enum;
  return entry;
}

/** The embedded JSON text of one kind (undefined when the edition lacks the kind). */
export function loadCatalogText(edition: Edition, kind: CatalogKind): string | undefined {
  if (!hasCatalog(edition, kind)) return undefined;
  try {
    return readEmbeddedText(`${CATALOG_DIR}/${edition}/${kind}.json`);
  } catch (err) {
    throw new Error(`embedded catalog ${edition}/${kind} is unreadable: ${(err as Error).message}`);
  }
}

function load(edition: Edition, kind: CatalogKind): LoadedCatalog {
  checkArgs(edition, kind);
  const key = `${edition}/${kind}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const text = loadCatalogText(edition, kind);
  if (text === undefined) {
    cache.set(key, EMPTY);
    return EMPTY;
  }
  const raws = JSON.parse(text) as RawEntry[];
  const entries = raws.map((r) => toEntry(r, edition));
  const byResourceId = new Map<string, CatalogEntry>();
  const byOtherResourceId = new Map<string, CatalogEntry>();
  entries.forEach((e, i) => {
    if (!byResourceId.has(e.resourceId)) byResourceId.set(e.resourceId, e);
    for (const rec of raws[i].also_in ?? []) {
      const id = rec.resource_id;
      if (id && !byOtherResourceId.has(id)) byOtherResourceId.set(id, e);
    }
  });
  const loaded: LoadedCatalog = {
    entries: Object.freeze(entries),
    byResourceId,
    byOtherResourceId,
  };
  cache.set(key, loaded);
  return loaded;
}

/**
 * All entries of one kind for an edition, in file order (primary source first). Parsed on first
 * call and cached. `mix_modes` has no CapCut data: for `capcut` it returns an empty list (and
 * `resolveName` fails with `unknown_name`).
 */
export function getCatalog(edition: Edition, kind: CatalogKind): readonly CatalogEntry[] {
  return load(edition, kind).entries;
}

/** The distinct `category` values of a kind, in first-seen order (empty when it has none). */
export function listCategories(edition: Edition, kind: CatalogKind): string[] {
  const seen = new Set<string>();
  for (const e of getCatalog(edition, kind)) if (e.category !== undefined) seen.add(e.category);
  return [...seen];
}

/**
 * Normalises a name for loose matching: Unicode NFKC (full-width → half-width, ideographic space
 * → space), lower case, and spaces, underscores and dashes removed.
 */
export function normalizeName(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(/[\s_\-\u2010-\u2015\u2212]+/g, "");
}

/** Options for `searchCatalog`. */
export interface SearchOptions {
  /** Only entries of this category (see `listCategories`). */
  category?: string;
}

/** Every name an entry answers to besides its own: aliases, other-edition names and enum. */
export function entryAliases(entry: CatalogEntry): string[] {
  const out = new Set<string>([...entry.aliases, ...entry.otherEditionNames]);
  if (entry.enum !== undefined) out.add(entry.enum);
  out.delete(entry.name);
  return [...out];
}

/**
 * Entries whose name, aliases, other-edition names or enum contain `keyword` (compared after
 * `normalizeName`), or whose resource/effect id equals it. Ranked: exact name matches first,
 * then names starting with the keyword, then other name matches, then alias-only matches; file
 * order within each rank. An empty keyword lists every entry (of the category, if given).
 */
export function searchCatalog(
  edition: Edition,
  kind: CatalogKind,
  keyword: string,
  opts: SearchOptions = {},
): CatalogEntry[] {
  let entries = getCatalog(edition, kind);
  if (opts.category !== undefined) entries = entries.filter((e) => e.category === opts.category);
  const q = normalizeName(keyword);
  if (q === "") return [...entries];
  const raw = keyword.trim().toLowerCase();
  const ranked: { e: CatalogEntry; rank: number; i: number }[] = [];
  entries.forEach((e, i) => {
    const n = normalizeName(e.name);
    let rank = -1;
    if (n === q) rank = 0;
    else if (n.startsWith(q)) rank = 1;
    else if (n.includes(q)) rank = 2;
    else if (entryAliases(e).some((a) => normalizeName(a).includes(q))) rank = 3;
    else if (e.resourceId === keyword.trim() || e.effectId.toLowerCase() === raw) rank = 3;
    if (rank >= 0) ranked.push({ e, rank, i });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.i - b.i).map((r) => r.e);
}

/**
 * The entry with this resource id in the edition's catalog of `kind`, or undefined. When several
 * entries share the id (CapCut `Mix` / `Mix_1`), the first in file order wins. Falls back to ids
 * that only a secondary source (an older table) gives for the same item, returning the current
 * entry; so a draft written with an older id still counts as known.
 */
export function findByResourceId(
  edition: Edition,
  kind: CatalogKind,
  id: string,
): CatalogEntry | undefined {
  const c = load(edition, kind);
  return c.byResourceId.get(id) ?? c.byOtherResourceId.get(id);
}
