/** `query text-animations`: cutcli's name for `query animations --kind text`. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { ANIMATION_KINDS, CATALOG_OUTPUT, editionFor } from "./query_catalog.ts";

/** The schemas of `query text-animations` (load zod). */
async function schemas() {
  const { animationsInput } = await import("../../schema/query_input.ts");
  return { input: animationsInput({}) };
}

/** The input of `query text-animations`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `query text-animations`. */
export const command = defineCommandFile({
  name: ["query", "text-animations"],
  summary: "list or search text entrance (in), exit (out) and loop animations",
  description: "The same as 'query animations --kind text', under cutcli's name. " +
    CATALOG_OUTPUT,
  examples: ["query text-animations --type out --keyword 渐隐"],
  // Over MCP query_animations covers it (tools/list is read whole into the model's context).
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { queryCatalog } = await import("../../catalogs/catalog_query.ts");
    const { type, draftId, editor, ...q } = input;
    return queryCatalog(
      await editionFor({ draftId, editor }, ctx),
      ANIMATION_KINDS.text[type],
      q,
    );
  },
});
