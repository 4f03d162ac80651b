/** `query animations`: entrance, exit and loop animations of images, videos and text. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { ANIMATION_KINDS, CATALOG_OUTPUT, editionFor } from "./query_catalog.ts";

/** The schemas of `query animations` (load zod). */
async function schemas() {
  const [{ z }, { catalogQueryFields, editionFields }] = await Promise.all([
    import("zod"),
    import("../../schema/query_input.ts"),
  ]);
  /** The input of `query animations`. */
  const QueryAnimationsInput = z.object({
    kind: z.enum(["image", "video", "text"]).describe(
      "image (also used by videos), video (same set as image) or text",
    ),
    type: z.enum(["in", "out", "loop"]).describe("in (entrance), out (exit) or loop (combo)"),
    ...editionFields,
    ...catalogQueryFields,
  }).strict();
  return { input: QueryAnimationsInput };
}

/** The input of `query animations`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `query animations`. */
export const command = defineCommandFile({
  name: ["query", "animations"],
  summary: "list or search entrance (in), exit (out) and loop animations for images or text",
  description: "Images and videos share one set (video_intro / video_outro / video_group); " +
    "text has its own (text_intro / text_outro / text_loop). " + CATALOG_OUTPUT,
  examples: [
    "query animations --kind image --type in --keyword 渐显",
    "query animations --kind text --type loop --editor capcut --limit 20",
  ],
  schemas,
  async run(input: Input, ctx) {
    const { queryCatalog } = await import("../../catalogs/catalog_query.ts");
    const { kind, type, draftId, editor, ...q } = input;
    const catalogKind = ANIMATION_KINDS[kind === "text" ? "text" : "image"][type];
    return queryCatalog(
      await editionFor({ draftId, editor }, ctx),
      catalogKind,
      q,
    );
  },
});
