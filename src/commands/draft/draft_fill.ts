/**
 * `draft fill`: copy a draft (e.g. one made in the editor) and replace texts and media in the copy.
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `draft fill` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema, mediaPlacement }, { draftNameSchema }, { FIT_MODES }] =
    await Promise.all([
      import("zod"),
      import("../../schema/common.ts"),
      import("../../schema/draft.ts"),
      import("../../draft/fit_modes.ts"),
    ]);
  const stringMap = z.record(z.string().min(1).max(5000), z.string().min(1).max(5000));
  /** Input of `draft fill`. */
  const DraftFillInput = z.object({
    source: draftIdSchema.describe("id of the draft to copy"),
    name: draftNameSchema.optional().describe("name of the copy"),
    texts: stringMap.optional().describe('{"current text or segment id": "new text"}'),
    media: stringMap.optional().describe(
      '{"material name, file name or material id": "new file path or URL"}',
    ),
    allowMissing: z.boolean().default(false).describe("warn instead of failing on unmatched keys"),
    fit: z.enum(FIT_MODES).optional().describe(
      "how a video/audio of another length fits each segment playing it. Absent: segment and " +
        "source range stay (a longer file is trimmed, a too-short one is an error). loop: the " +
        "file repeats as back-to-back segments (in animation on the first, out animation and " +
        "transition on the last). stretch: the whole file at speed = file / segment length " +
        "(0.1–100). extend: the segment becomes the file's length; later segments stay put, " +
        "an overlap is an error. Ignored for photos",
    ),
    mediaPlacement: mediaPlacement,
  }).strict();
  return { input: DraftFillInput };
}

/** The input of `draft fill`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft fill`. */
export const command = defineCommandFile({
  name: ["draft", "fill"],
  summary: "copy a draft (e.g. one made in the editor) and replace texts and media in the copy",
  description: "Texts are matched by their exact current text or by text segment id and keep " +
    "their style, animations and keyframes; media by material name, the old file's base name " +
    "or material id; the new file is probed and fitted to each segment that plays it (--fit). " +
    "A replaced file is replaced everywhere it is played, compound clips included, and what the " +
    "editor derived from it (reversed copy, stabilisation, cut-out, separated vocals, beats) is " +
    "cleared for the editor to derive again. Every other field is kept. A key that matches " +
    "nothing is an error listing the keys that would (--allow-missing: a warning). The source " +
    "draft is never modified. Prints {draftId, filePath, name, sourceDraftId, replaced: {texts, " +
    "media}, cleared: [{materialId, key, was}]} (+ unlisted: [{file, id?, was}] for the media " +
    "pool and proxy entries of replaced files, fitted: [{segmentId, fit, duration, speed, pieces}] with --fit).",
  positionals: ["source"],
  mutates: true,
  examples: [
    `draft fill "$ID" --name "Episode 2" --texts '{"Episode 1":"Episode 2"}' --media '{"cover.jpg":"/abs/cover2.jpg"}'`,
    `draft fill "$ID" --name "Episode 2" --media '{"intro.mp4":"/abs/short-intro.mp4"}' --fit loop`,
  ],
  schemas,
  async run(input: Input, ctx) {
    const { fillDraft } = await import("../../ops/fill.ts");
    return await fillDraft(ctx, input.source, {
      name: input.name,
      texts: input.texts,
      media: input.media,
      allowMissing: input.allowMissing,
      placement: input.mediaPlacement,
      fit: input.fit,
    });
  },
});
