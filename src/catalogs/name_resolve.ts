/**
 * Name → catalog entry resolution for one edition: exact name, aliases (including the other
 * edition's name for the same resource), the special alias `fade`, raw ids, then a normalised
 * match; anything else fails with `unknown_name` and the closest names.
 */

import { DraftcliError } from "../errors.ts";
import { closest } from "../text/closest.ts";
import {
  type CatalogEntry,
  type CatalogKind,
  type Edition,
  EDITIONS,
  entryAliases,
  getCatalog,
  hasCatalog,
  listCategories,
  normalizeName,
} from "./catalog.ts";
import { compatTarget } from "./compat.ts";

/** Options for `resolveName`. */
export interface ResolveOptions {
  /**
   * Only consider entries of this category (e.g. `character` for JianYing video effects whose
   * names also exist as `scene`). Without it, the first entry in file order wins.
   */
  category?: string;
  /** Input path put on the error (e.g. `segments[2].transition`). */
  path?: string;
  /**
   * Told when the name is only a near match: a cutcli name standing for the closest catalog
   * entry, or a name only the other edition's catalog lists (matched by resource md5).
   */
  warn?: (message: string) => void;
}

/**
 * What the special alias `fade` (any case) means per kind: the plain cross-fade transition and
 * the fade-in / fade-out animations. The ids are the same in both editions (JianYing 叠化 /
 * CapCut Mix, 渐显 / Fade In, 渐隐 / Fade Out).
 */
export const FADE_RESOURCE_IDS: Readonly<Partial<Record<CatalogKind, string>>> = {
  transitions: "6724845717472416269", // 叠化 / Mix
  video_intro: "6798320778182922760", // 渐显 / Fade In
  text_intro: "6724916044072227332", // 渐显 / Fade In
  video_outro: "6798320902548230669", // 渐隐 / Fade Out
  text_outro: "6724919382104871427", // 渐隐 / Fade Out
};

/** Lookup tables over one kind's entries; each list keeps file order. */
interface NameIndex {
  name: Map<string, CatalogEntry[]>;
  alias: Map<string, CatalogEntry[]>;
  enumName: Map<string, CatalogEntry[]>;
  resourceId: Map<string, CatalogEntry[]>;
  effectId: Map<string, CatalogEntry[]>;
  /** Built on the first lookup that needs it (normalising every name costs a few ms). */
  norm?: { name: Map<string, CatalogEntry[]>; alias: Map<string, CatalogEntry[]> };
}

const indexes = new WeakMap<readonly CatalogEntry[], NameIndex>();

function add(map: Map<string, CatalogEntry[]>, key: string, e: CatalogEntry): void {
  const list = map.get(key);
  if (!list) map.set(key, [e]);
  else if (list[list.length - 1] !== e) list.push(e);
}

function indexOf(entries: readonly CatalogEntry[]): NameIndex {
  const hit = indexes.get(entries);
  if (hit) return hit;
  const idx: NameIndex = {
    name: new Map(),
    alias: new Map(),
    enumName: new Map(),
    resourceId: new Map(),
    effectId: new Map(),
  };
  for (const e of entries) {
    add(idx.name, e.name, e);
    for (const a of [...e.aliases, ...e.otherEditionNames]) add(idx.alias, a, e);
    if (e.enum !== undefined) add(idx.enumName, e.enum, e);
    add(idx.resourceId, e.resourceId, e);
    add(idx.effectId, e.effectId.toLowerCase(), e);
  }
  indexes.set(entries, idx);
  return idx;
}

function normIndex(
  idx: NameIndex,
  entries: readonly CatalogEntry[],
): NonNullable<NameIndex["norm"]> {
  if (!idx.norm) {
    const norm = {
      name: new Map<string, CatalogEntry[]>(),
      alias: new Map<string, CatalogEntry[]>(),
    };
    for (const e of entries) {
      add(norm.name, normalizeName(e.name), e);
      for (const a of entryAliases(e)) add(norm.alias, normalizeName(a), e);
    }
    idx.norm = norm;
  }
  return idx.norm;
}

const DIGITS = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pick(list: CatalogEntry[] | undefined, category?: string): CatalogEntry | undefined {
  if (!list) return undefined;
  return category === undefined ? list[0] : list.find((e) => e.category === category);
}

/** The `draftcli query …` words that list each kind. */
export const QUERY_COMMAND_FOR_KIND: Readonly<Record<CatalogKind, string>> = {
  video_intro: "query animations --kind image --type in",
  video_outro: "query animations --kind image --type out",
  video_group: "query animations --kind image --type loop",
  text_intro: "query animations --kind text --type in",
  text_outro: "query animations --kind text --type out",
  text_loop: "query animations --kind text --type loop",
  transitions: "query transitions",
  filters: "query filters",
  video_effects: "query effects",
  masks: "query masks",
  fonts: "query fonts",
  mix_modes: "query mix-modes",
  audio_effects: "query audio-effects",
};

/**
 * The command line that searches a kind's catalog, for hints: of `edition` when given (the
 * draft's edition: a search run as written then finds names that draft accepts).
 */
export function searchCommand(kind: CatalogKind, edition?: Edition): string {
  const editor = edition ? ` --editor ${edition}` : "";
  return `draftcli ${
    QUERY_COMMAND_FOR_KIND[kind]
  }${editor} --action search --keyword <part of a name>`;
}

/** The other editions whose catalog of `kind` has `name` (exact, alias or normalised). */
function editionsHaving(edition: Edition, kind: CatalogKind, name: string): Edition[] {
  return EDITIONS.filter((e) =>
    e !== edition && hasCatalog(e, kind) && lookup(getCatalog(e, kind), name) !== undefined
  );
}

/** Exact, alias or normalised match of `name` among `entries` (no ids, no fade). */
function lookup(entries: readonly CatalogEntry[], name: string): CatalogEntry | undefined {
  const idx = indexOf(entries);
  const found = pick(idx.name.get(name)) ?? pick(idx.alias.get(name)) ??
    pick(idx.enumName.get(name));
  if (found) return found;
  const norm = normalizeName(name);
  if (norm === "") return undefined;
  const loose = normIndex(idx, entries);
  return pick(loose.name.get(norm)) ?? pick(loose.alias.get(norm));
}

/**
 * A stand-in for a name the edition's catalog lacks: a cutcli name's closest entry
 * (src/catalogs/compat.ts), else the entry with the same resource md5 as the other edition's
 * entry of that name. The warning says which entry is used.
 */
function nearEquivalent(
  edition: Edition,
  kind: CatalogKind,
  name: string,
  warn?: (message: string) => void,
): CatalogEntry | undefined {
  const entries = getCatalog(edition, kind);
  const target = compatTarget(kind, edition, name);
  const compat = target === undefined ? undefined : lookup(entries, target);
  if (compat) {
    warn?.(
      `${kind} "${name}" is not in the ${edition} catalog; using the closest equivalent "${compat.name}"`,
    );
    return compat;
  }
  for (const other of EDITIONS) {
    if (other === edition || !hasCatalog(other, kind)) continue;
    const theirs = lookup(getCatalog(other, kind), name);
    if (!theirs?.md5) continue;
    const ours = entries.find((e) => e.md5 === theirs.md5);
    if (ours) {
      warn?.(
        `${kind} "${name}" is only in the ${other} catalog; using the ${edition} entry with the same resource, "${ours.name}"`,
      );
      return ours;
    }
  }
  return undefined;
}

/**
 * Resolves a user-given name to the edition's own catalog entry of `kind`. Order:
 * 1. exact display name;
 * 2. `fade` (any case) for transitions (叠化 / Mix), video_intro and text_intro (渐显 / Fade In),
 *    video_outro and text_outro (渐隐 / Fade Out);
 * 3. exact alias: the other source's name or the other edition's name for the same resource
 *    (JianYing `渐显` ↔ CapCut `Fade In`), then the source enum name (`Mix_1`, `_1980`);
 * 4. a raw id present in the catalog: all digits → resource id, then effect id; a UUID → effect id;
 * 5. normalised match (`normalizeName`: case, full-width ↔ half-width, spaces, underscores and
 *    dashes ignored) on names, then on aliases and enum names;
 * 6. a near equivalent, with a warning through `opts.warn`: a cutcli name's closest entry
 *    (`CUTCLI_NAMES`), else the entry sharing the resource md5 of the other edition's entry.
 *
 * Ambiguity: when several entries match at the first step that matches (duplicate names such as
 * CapCut `Mix` / `Mix_1`, JianYing video effects that exist as both `scene` and `character`),
 * the first in file order wins, or the first of `opts.category` when given (with a category,
 * only that category is searched). Pass the enum name (`Mix_1`) or the id to get another one.
 *
 * @throws DraftcliError `unknown_name` listing the 5 closest names, when nothing matches (also
 * for kinds an edition does not have: `mix_modes` on capcut), or when the category is unknown.
 */
export function resolveName(
  edition: Edition,
  kind: CatalogKind,
  name: string,
  opts: ResolveOptions = {},
): CatalogEntry {
  const entries = getCatalog(edition, kind);
  const { category, path } = opts;
  if (!hasCatalog(edition, kind)) {
    const editions = EDITIONS.filter((e) => hasCatalog(e, kind)).join(", ");
    throw new DraftcliError(
      "unknown_name",
      `unknown ${kind} name "${name}": no ${edition} source lists any ${kind}`,
      { hint: `${kind} exist only for edition ${editions}`, path },
    );
  }
  if (category !== undefined) {
    const categories = listCategories(edition, kind);
    if (!categories.includes(category)) {
      throw new DraftcliError(
        "unknown_name",
        `unknown ${kind} category "${category}" for ${edition}`,
        {
          hint: categories.length
            ? `use one of: ${categories.join(", ")}`
            : `${kind} has no categories; leave the category out`,
          path,
        },
      );
    }
  }
  const idx = indexOf(entries);
  const trimmed = name.trim();

  const exact = pick(idx.name.get(name), category) ?? pick(idx.name.get(trimmed), category);
  if (exact) return exact;

  const fadeId = FADE_RESOURCE_IDS[kind];
  if (fadeId !== undefined && trimmed.toLowerCase() === "fade") {
    const fade = pick(idx.resourceId.get(fadeId));
    if (fade) return fade;
  }

  const alias = pick(idx.alias.get(trimmed), category) ?? pick(idx.enumName.get(trimmed), category);
  if (alias) return alias;

  if (DIGITS.test(trimmed)) {
    const byId = pick(idx.resourceId.get(trimmed), category) ??
      pick(idx.effectId.get(trimmed), category);
    if (byId) return byId;
  } else if (UUID.test(trimmed)) {
    const byId = pick(idx.effectId.get(trimmed.toLowerCase()), category);
    if (byId) return byId;
  }

  const norm = normalizeName(trimmed);
  if (norm !== "") {
    const loose = normIndex(idx, entries);
    const found = pick(loose.name.get(norm), category) ?? pick(loose.alias.get(norm), category);
    if (found) return found;
  }

  const near = category === undefined
    ? nearEquivalent(edition, kind, trimmed, opts.warn)
    : undefined;
  if (near) return near;

  const pool = category === undefined ? entries : entries.filter((e) => e.category === category);
  const candidates = pool.flatMap((e) => [e.name, ...e.aliases, ...e.otherEditionNames]);
  const nearest = closest(trimmed, candidates, 5, { normalize: normalizeName });
  const where = category === undefined ? edition : `${edition} (category ${category})`;
  const elsewhere = editionsHaving(edition, kind, trimmed);
  const note = elsewhere.length
    ? ` ("${trimmed}" is a ${elsewhere.join(" / ")} name; this draft is ${edition})`
    : "";
  throw new DraftcliError(
    "unknown_name",
    `unknown ${kind} name "${name}" for ${where}${note}; closest: ${nearest.join(", ")}`,
    { hint: `list ${edition} names with: ${searchCommand(kind, edition)}`, path },
  );
}
