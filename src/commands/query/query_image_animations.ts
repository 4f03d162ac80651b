/** `query image-animations`: cutcli's name for `query animations --kind image`. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { ANIMATION_KINDS, CATALOG_OUTPUT, editionFor } from "./query_catalog.ts";

/** The schemas of `query image-animations` (load zod; `mode` is accepted and ignored). */
async function schemas() {
  const [{ z }, { animationsInput }] = await Promise.all([
    import("zod"),
    import("../../schema/query_input.ts"),
  ]);
  return {
    input: animationsInput({
      mode: z.number().int().min(0).max(10).optional().describe(
        "accepted for cutcli scripts; ignored (images and videos share one set)",
      ),
    }),
  };
}

/** The input of `query image-animations`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `query image-animations`. */
export const command = defineCommandFile({
  name: ["query", "image-animations"],
  summary: "list or search image entrance (in), exit (out) and loop animations",
  description: "The same as 'query animations --kind image', under cutcli's name. " +
    CATALOG_OUTPUT,
  examples: ["query image-animations --type out --keyword 渐隐"],
  // Over MCP query_animations covers it (tools/list is read whole into the model's context).
  mcp: false,
  schemas,
  async run(input: Input, ctx) {
    const { queryCatalog } = await import("../../catalogs/catalog_query.ts");
    const { type, draftId, editor, mode: _mode, ...q } = input;
    return queryCatalog(
      await editionFor({ draftId, editor }, ctx),
      ANIMATION_KINDS.image[type],
      q,
    );
  },
});
