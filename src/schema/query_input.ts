/** Input fields of the `query` commands and `text-style` (catalog look-ups without a draft). */
import { z } from "zod";
import { draftIdSchema } from "./common.ts";

/** Which editor's catalog to read: a draft's, or one named outright. */
export const editionFields = {
  draftId: draftIdSchema.optional().describe(
    "read the catalog of this draft's editor (JianYing or CapCut)",
  ),
  editor: z.enum(["jianying", "capcut"]).optional().describe(
    "editor whose catalog to read (default: the draft's, else config editor, else jianying)",
  ),
};

/** What a catalog query does. */
export const CATALOG_ACTIONS = ["list", "search", "categories"] as const;

/** Largest page of a catalog query. */
export const MAX_QUERY_LIMIT = 5000;

/** Listing, searching and paging options shared by every catalog query. */
export const catalogQueryFields = {
  action: z.enum(CATALOG_ACTIONS).optional().describe(
    "list every item, search by --keyword, or list the categories " +
      "(default: search when --keyword is given, else list)",
  ),
  keyword: z.string().trim().min(1, "must not be empty").max(200).optional().describe(
    "part of a name, an alias (e.g. the other editor's name) or a resource/effect id",
  ),
  category: z.string().min(1).max(100).optional().describe(
    "only items of this category (see --action categories)",
  ),
  limit: z.number().int().min(1).max(MAX_QUERY_LIMIT).default(100).describe(
    "items per page",
  ),
  offset: z.number().int().min(0).max(1_000_000).default(0).describe(
    "items to skip (paging: next page = offset + limit)",
  ),
};

/** The input of every catalog `query` command other than animations. */
export const QueryCatalogInput = z.object({ ...editionFields, ...catalogQueryFields }).strict();

/** The input of cutcli's `query <target>-animations` (`modeField` only for images). */
export function animationsInput<M extends z.ZodRawShape>(modeField: M) {
  return z.object({
    type: z.enum(["in", "out", "loop"]).default("in").describe(
      "in (entrance, default), out (exit) or loop",
    ),
    ...modeField,
    ...editionFields,
    ...catalogQueryFields,
  }).strict();
}
