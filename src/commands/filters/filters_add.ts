/** `filters add`: add filters on filter tracks (start/end) or onto one clip (segmentId). */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `filters add` (load zod). */
async function schemas() {
  const [{ z }, { addOutput }, { draftIdSchema }, { FilterInfo }] = await Promise.all([
    import("zod"),
    import("../../schema/add_output.ts"),
    import("../../schema/common.ts"),
    import("../../schema/visual_items.ts"),
  ]);
  /** Input of `filters add`. */
  const FiltersAddInput = z.object({
    draftId: draftIdSchema,
    filterInfos: z.array(FilterInfo).min(1).max(10000).describe("filters to add"),
  }).strict();
  return { input: FiltersAddInput, output: addOutput("effectIds") };
}

/** The input of `filters add`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `filters add`. */
export const command = defineCommandFile({
  name: ["filters", "add"],
  summary: "add filters on filter tracks (start/end) or onto one clip (segmentId)",
  description:
    "Names come from the filters catalog of the draft's editor. A clip keeps one filter: a " +
    "second one replaces the first (with a warning).",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    `filters add "$ID" --filter-infos '[{"filterTitle":"赛博朋克","start":0,"end":5000000,"intensity":80}]'`,
  ],
  schemas,
  async run(input: Input, ctx) {
    const { addFilters } = await import("../../ops/effects.ts");
    return addFilters(ctx, input.draftId, input.filterInfos);
  },
});
