/** `captions add`: captions on a new text track, from JSON items or an SRT file. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { DraftcliError } from "../../errors.ts";

/** The schemas of `captions add` (load zod). */
async function schemas() {
  const [{ z }, { addOutput }, { draftIdSchema }, { CaptionInfo }, { captionStyleFields }] =
    await Promise.all([
      import("zod"),
      import("../../schema/add_output.ts"),
      import("../../schema/common.ts"),
      import("../../schema/media_items.ts"),
      import("../../schema/caption_style.ts"),
    ]);
  return {
    input: z.object({
      draftId: draftIdSchema,
      captions: z.array(CaptionInfo).min(1).max(10000).optional().describe(
        "captions to add (or --srt)",
      ),
      srt: z.string().min(1).max(4096).optional().describe(
        "SRT subtitle file whose cues become the captions (instead of --captions): a file path " +
          "(absolute, relative to the current folder, or ~/…) or a file:// URL",
      ),
      ...captionStyleFields,
    }).strict(),
    output: addOutput("textIds"),
  };
}

/** The input of `captions add`, as validated. */
export type CaptionsAddInput = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `captions add`. */
export const command = defineCommandFile({
  name: ["captions", "add"],
  summary: "add captions on a new text track (style flags apply to every caption of the call)",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    `captions add "$ID" --captions '[{"text":"Hello 世界","start":0,"end":2000000,"keyword":"世界","keywordColor":"#ffde00"}]' --font-size 10 --bold`,
    'captions add "$ID" --srt ./subtitles.srt --font-size 10 --text-color "#ffde00"',
  ],
  schemas,
  async run(input: CaptionsAddInput, ctx) {
    const { addCaptions } = await import("../../ops/captions.ts");
    const { readSrtFile } = await import("../../ops/srt_file.ts");
    const { draftId, captions, srt, ...style } = input;
    if ((captions === undefined) === (srt === undefined)) {
      throw new DraftcliError(
        "usage",
        captions ? "pass either --captions or --srt, not both" : "pass --captions or --srt",
        { path: "captions", hint: "--captions takes JSON items; --srt an .srt file" },
      );
    }
    const items = captions ??
      (await readSrtFile(srt!, ctx.env)).map(({ text, start, end }) => ({ text, start, end }));
    return addCaptions(ctx, draftId, items, style);
  },
});
