/** `build`: build a whole video from one JSON spec (all items of every add command, one write). */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `build` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema, mediaPlacement }, { BuildSpec }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
    import("../../schema/build_input.ts"),
  ]);
  /** Input of `build`. */
  const BuildInput = z.object({
    spec: z.record(z.string(), z.unknown()).describe(
      "the spec: inline JSON, @file.json, or - for stdin (schema: 'draftcli schema build')",
    ),
    into: draftIdSchema.optional().describe("add to this existing draft instead of a new one"),
    media: mediaPlacement,
  }).strict();
  /** The `build` tool's input over MCP: the same, with the spec's own schema shown. */
  const BuildToolInput = BuildInput.extend({
    spec: BuildSpec.describe('the spec (full schema: docs {"topic":"build"})'),
  });
  return { input: BuildInput, toolInput: BuildToolInput };
}

/** The input of `build`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `build`. */
export const command = defineCommandFile({
  name: ["build"],
  summary: "build a whole video from one JSON spec (all items of every add command, one write)",
  description: "The spec holds the add commands' items keyed by command name: images, videos, " +
    "audios, captions (+ captionOptions: the captions add style flags), effects, filters, " +
    "stickers, keyframes, masks, transitions {auto, duration}, markers, tracks (the track " +
    "layout; items name theirs by trackIndex), and draft {name, width, height, fps, ratio, " +
    'editor, editorVersion}. Any item may carry "ref"; keyframes, masks and segment-bound ' +
    'effects/filters may name their segment by "segmentRef". The whole spec is checked first ' +
    "and every problem is listed at once with its JSON path (exit 2, nothing written). Prints " +
    "{draftId, filePath, created, refs: {ref: segmentId}, counts, duration}. Full schema: " +
    "'draftcli schema build'.",
  positionals: ["spec"],
  mutates: true,
  examples: [
    `build '{"draft":{"name":"Demo"},"images":[{"ref":"a","imageUrl":"file:///abs/a.jpg","start":0,"end":3000000,"inAnimation":"渐显"}],"keyframes":[{"segmentRef":"a","property":"uniform_scale","offset":0,"value":1.2}]}'`,
    "build @examples/build-slideshow.json",
    'build --into "$ID" @more.json',
  ],
  schemas,
  async run(input: Input, ctx) {
    const { buildDraft } = await import("../../ops/build.ts");
    return await buildDraft(ctx, input.spec, {
      into: input.into,
      media: input.media,
    });
  },
});
