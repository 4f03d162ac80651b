/**
 * What the catalog `query` commands share: which editor's catalog a look-up reads (the draft's
 * with `--draft-id`, else `--editor`, else the config's editor, else JianYing), the catalog kind
 * of each animation type, the output note of their help, and `catalogQueryCommand`, which
 * declares a look-up in one catalog kind.
 */
import type { z } from "zod";
import { type CommandDef, defineCommandFile } from "../spec.ts";
import type { CatalogKind, Edition } from "../../catalogs/catalog.ts";
import { DraftcliError } from "../../errors.ts";
import type { CommandContext } from "../../ops/context.ts";

/** The output of a catalog look-up, for the commands' help. */
export const CATALOG_OUTPUT = 'Output: {"editor","kind","action","total","offset","limit",' +
  '"items"}; total counts every match, items is one page. Each item: name, aliases, ' +
  "otherEditionNames (the other editor's names), resourceId, effectId, isVip (true = paid), " +
  "and where the kind has them defaultDurationUs, category, params ({name,default,min,max}, " +
  "raw range), isOverlap, resourceType. --action categories lists {category,count}.";

/** The catalog kind of each animation target and type. */
export const ANIMATION_KINDS: Record<
  "image" | "text",
  Record<"in" | "out" | "loop", CatalogKind>
> = {
  image: { in: "video_intro", out: "video_outro", loop: "video_group" },
  text: { in: "text_intro", out: "text_outro", loop: "text_loop" },
};

/**
 * The edition a look-up is for: the draft's when `draftId` is given (an `editor` that disagrees
 * is an error), else `editor`, else the config's editor, else jianying.
 */
export async function editionFor(
  input: { draftId?: string; editor?: Edition },
  ctx: CommandContext,
): Promise<Edition> {
  if (input.draftId !== undefined) {
    const { locateDraft, peekEdition } = await import("../../store/drafts.ts");
    const edition = await peekEdition(await locateDraft(await ctx.searchRoots(), input.draftId));
    if (input.editor !== undefined && input.editor !== edition) {
      throw new DraftcliError(
        "invalid_input",
        `draft '${input.draftId}' is a ${edition} draft, but --editor is ${input.editor}`,
        { hint: "leave out --editor (the draft decides) or leave out --draft-id", path: "editor" },
      );
    }
    return edition;
  }
  return input.editor ?? (await ctx.config()).editor ?? "jianying";
}

/** The schemas of a catalog look-up (load zod). */
export async function catalogQuerySchemas() {
  return { input: (await import("../../schema/query_input.ts")).QueryCatalogInput };
}

/** The input of a catalog look-up, as validated. */
export type CatalogQueryInput = z.infer<
  Awaited<ReturnType<typeof catalogQuerySchemas>>["input"]
>;

/** A `query <word>` command over one catalog kind. */
export function catalogQueryCommand(
  word: string,
  kind: CatalogKind,
  what: string,
  examples: string[],
  note = "",
): CommandDef<Awaited<ReturnType<typeof catalogQuerySchemas>>["input"]> {
  return defineCommandFile({
    name: ["query", word],
    summary: `list or search ${what}: names, resource ids`,
    description: note + CATALOG_OUTPUT,
    examples,
    schemas: catalogQuerySchemas,
    async run(input: CatalogQueryInput, ctx) {
      const { draftId, editor, ...q } = input;
      const { queryCatalog } = await import("../../catalogs/catalog_query.ts");
      return queryCatalog(await editionFor({ draftId, editor }, ctx), kind, q);
    },
  });
}
