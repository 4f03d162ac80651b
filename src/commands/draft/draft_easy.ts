/** `draft easy`: build a whole draft from one audio: captions, images or a video, and a title. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `draft easy` (load zod). */
async function schemas() {
  const { DraftEasyInput } = await import("../../schema/easy_input.ts");
  return { input: DraftEasyInput };
}

/** The input of `draft easy`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft easy`. */
export const command = defineCommandFile({
  name: ["draft", "easy"],
  summary: "build a whole draft from one audio: captions, images or a video, and a title",
  description:
    "The audio is probed and spans its full length; the draft lasts as long as it. Captions with start/end are placed as given (clamped to the audio); text-only captions are timed in proportion to their length and split at sentence punctuation when too long for the canvas. Images are spread evenly; a video is trimmed or looped to fit; --text becomes a title over the whole length. Caption style flags of 'captions add' apply. " +
    'Output: {"draftId","filePath","created","duration","counts","message":"ok"}.',
  positionals: ["draftId"],
  mutates: true,
  examples: [
    `draft easy --by-audio ./voice.mp3 --captions '["第一句话。","Second line!"]' --images '["./a.jpg","./b.jpg"]' --text "My title"`,
    "draft easy --by-audio https://example.com/v.mp3 --srt ./v.srt --img-url ./cover.png",
    'draft easy "$ID" --audio-url file:///abs/voice.mp3 --video-url ./loop.mp4',
  ],
  schemas,
  async run(input: Input, ctx) {
    const { draftEasy } = await import("../../ops/easy.ts");
    return await draftEasy(ctx, input);
  },
});
