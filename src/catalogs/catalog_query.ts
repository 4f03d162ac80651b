/**
 * Catalog queries for `draftcli query …`: list, search or list the categories of one kind for
 * one edition, with paging, as plain JSON items.
 */
import { DraftcliError } from "../errors.ts";
import {
  type CatalogEntry,
  type CatalogKind,
  type CatalogParam,
  type Edition,
  EDITIONS,
  entryAliases,
  getCatalog,
  hasCatalog,
  listCategories,
  searchCatalog,
} from "./catalog.ts";

/** What a query does. */
export type CatalogAction = "list" | "search" | "categories";

/** One catalog query. */
export interface CatalogQuery {
  /** Default: `search` when a keyword is given, else `list`. */
  action?: CatalogAction;
  keyword?: string;
  category?: string;
  /** Page size (items after `offset`). */
  limit: number;
  offset: number;
}

/** One catalog entry as printed. Optional fields appear only where the kind has them. */
export interface CatalogItem {
  name: string;
  /** Other names it answers to (other source, enum name); the other editor's names excluded. */
  aliases: string[];
  /** The names the other editor uses for the same resource. */
  otherEditionNames: string[];
  resourceId: string;
  effectId: string;
  /** Default length in µs (animations and transitions). */
  defaultDurationUs?: number;
  /** True for paid (VIP) items; null when the source has no flag (masks). */
  isVip: boolean | null;
  category?: string;
  /** Adjustable parameters, raw range (usually 0..1). */
  params?: CatalogParam[];
  /** Transitions: whether the two clips overlap during the transition. */
  isOverlap?: boolean;
  /** Masks: the shape type. */
  resourceType?: string;
  /** Masks: default width/height ratio. */
  defaultAspectRatio?: number;
}

/** One category with the number of items in it. */
export interface CategoryItem {
  category: string;
  count: number;
}

/** The result of a query: `total` counts every match, `items` is the requested page. */
export interface CatalogQueryResult {
  editor: Edition;
  kind: CatalogKind;
  action: CatalogAction;
  total: number;
  offset: number;
  limit: number;
  items: CatalogItem[] | CategoryItem[];
}

/** The printed form of one entry. */
export function catalogItem(e: CatalogEntry): CatalogItem {
  const other = new Set(e.otherEditionNames);
  const item: CatalogItem = {
    name: e.name,
    aliases: entryAliases(e).filter((a) => !other.has(a)),
    otherEditionNames: [...e.otherEditionNames],
    resourceId: e.resourceId,
    effectId: e.effectId,
    isVip: e.isVip,
  };
  if (e.durationUs !== null) item.defaultDurationUs = e.durationUs;
  if (e.category !== undefined) item.category = e.category;
  if (e.params.length) item.params = e.params.map((p) => ({ ...p }));
  if (e.isOverlap !== undefined) item.isOverlap = e.isOverlap;
  if (e.resourceType !== undefined) item.resourceType = e.resourceType;
  if (e.defaultAspectRatio !== undefined) item.defaultAspectRatio = e.defaultAspectRatio;
  return item;
}

function checkQuery(edition: Edition, kind: CatalogKind, q: CatalogQuery): CatalogAction {
  if (!hasCatalog(edition, kind)) {
    const editions = EDITIONS.filter((e) => hasCatalog(e, kind));
    throw new DraftcliError("invalid_input", `${edition} has no ${kind} catalog`, {
      hint: `${kind} exist only in ${editions.join(", ")}; pass --editor ${editions[0]}`,
      path: "editor",
    });
  }
  const action = q.action ?? (q.keyword !== undefined ? "search" : "list");
  if (action === "search" && (q.keyword === undefined || q.keyword.trim() === "")) {
    throw new DraftcliError("usage", "--action search needs --keyword", {
      hint: "add --keyword <part of a name>, or use --action list to see every item",
      path: "keyword",
    });
  }
  if (action !== "search" && q.keyword !== undefined) {
    throw new DraftcliError("usage", `--keyword does not go with --action ${action}`, {
      hint: "use --action search (or leave out --action) to search by keyword",
      path: "keyword",
    });
  }
  const categories = listCategories(edition, kind);
  if (q.category !== undefined) {
    if (action === "categories") {
      throw new DraftcliError("usage", "--category does not go with --action categories", {
        hint: "leave out --category to list the categories",
        path: "category",
      });
    }
    if (!categories.length) {
      throw new DraftcliError("invalid_input", `${kind} has no categories`, {
        hint: "leave out --category",
        path: "category",
      });
    }
    if (!categories.includes(q.category)) {
      throw new DraftcliError(
        "unknown_name",
        `unknown ${kind} category "${q.category}" for ${edition}`,
        { hint: `use one of: ${categories.join(", ")}`, path: "category" },
      );
    }
  }
  return action;
}

/**
 * Runs one query. Errors: `usage` for search without a keyword (or a keyword with list /
 * categories), `unknown_name` for an unknown category (the hint lists the valid ones),
 * `invalid_input` for a kind the edition lacks (mix modes in CapCut) or a category on a kind
 * without categories.
 */
export function queryCatalog(
  edition: Edition,
  kind: CatalogKind,
  q: CatalogQuery,
): CatalogQueryResult {
  const action = checkQuery(edition, kind, q);
  const page = <T>(all: T[]) => all.slice(q.offset, q.offset + q.limit);
  const base = { editor: edition, kind, action, total: 0, offset: q.offset, limit: q.limit };
  if (action === "categories") {
    const counts = new Map<string, number>();
    for (const e of getCatalog(edition, kind)) {
      if (e.category !== undefined) counts.set(e.category, (counts.get(e.category) ?? 0) + 1);
    }
    const all = [...counts].map(([category, count]) => ({ category, count }));
    return { ...base, total: all.length, items: page(all) };
  }
  const matches = action === "search"
    ? searchCatalog(edition, kind, q.keyword!, { category: q.category })
    : getCatalog(edition, kind).filter((e) =>
      q.category === undefined || e.category === q.category
    );
  return { ...base, total: matches.length, items: page(matches).map(catalogItem) };
}
