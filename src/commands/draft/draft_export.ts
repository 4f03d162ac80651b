/** `draft export`: print the build spec of a draft (its items as 'draftcli build' takes them). */
import { defineCommandFile } from "../spec.ts";

/** `draft export`. */
export const command = defineCommandFile({
  name: ["draft", "export"],
  summary: "print the build spec of a draft (its items as 'draftcli build' takes them)",
  description: "Works on draftcli's drafts and on plaintext drafts made in the editor. Every " +
    "segment becomes an item whose ref is its segment id. What the spec cannot express " +
    "(text templates, compound clips, unknown material kinds, text scale, non-default shadows …) " +
    "is listed under _export.unsupported as {kind, scope: item|part, count, ids}; values the " +
    "editor allows and build refuses are exported in a form build takes and listed under " +
    "_export.adjusted as {path, from, to, why}. Caption styles come back as captionOptions and " +
    "keyword highlights. Prints the spec itself with _export: {draftId, unsupported, adjusted} " +
    "(a key build ignores), so 'draft export ID > s.json; draftcli build @s.json' rebuilds the " +
    "draft as a new one.",
  positionals: ["draftId"],
  examples: ['draft export "$ID"', 'draft export "$ID" > spec.json && draftcli build @spec.json'],
  schemas: async () => ({ input: (await import("../../schema/common.ts")).DraftOnlyInput }),
  async run(input, ctx) {
    const { exportDraft } = await import("../../ops/export.ts");
    return await exportDraft(ctx, input.draftId);
  },
});
