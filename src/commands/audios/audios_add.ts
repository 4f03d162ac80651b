/** `audios add`: audio segments from audio files or URLs. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `audios add` (load zod). */
async function schemas() {
  const [{ z }, { addOutput }, { draftIdSchema, mediaPlacement }, { AudioInfo }] = await Promise
    .all([
      import("zod"),
      import("../../schema/add_output.ts"),
      import("../../schema/common.ts"),
      import("../../schema/media_items.ts"),
    ]);
  return {
    input: z.object({
      draftId: draftIdSchema,
      audioInfos: z.array(AudioInfo).min(1).max(10000).describe("audio items to add"),
      media: mediaPlacement,
    }).strict(),
    output: addOutput("audioIds"),
  };
}

/** The input of `audios add`, as validated. */
export type AudiosAddInput = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `audios add`. */
export const command = defineCommandFile({
  name: ["audios", "add"],
  summary: "add audio segments (first audio track where they fit, else a new one)",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    `audios add "$ID" --audio-infos '[{"audioUrl":"file:///abs/bgm.mp3","start":0,"end":10000000,"volume":0.5}]'`,
  ],
  schemas,
  async run(input: AudiosAddInput, ctx) {
    const { addAudios } = await import("../../ops/audios.ts");
    return addAudios(ctx, input.draftId, input.audioInfos, { media: input.media });
  },
});
