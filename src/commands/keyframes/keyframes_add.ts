/**
 * `keyframes add`: animate a segment's position, scale, rotation, opacity or volume with keyframes.
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `keyframes add` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }, { KeyframeInfo }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
    import("../../schema/keyframe_input.ts"),
  ]);
  /** Input of `keyframes add`. */
  const KeyframesAddInput = z.object({
    draftId: draftIdSchema,
    keyframes: z.array(KeyframeInfo).min(1).max(10000).describe("keyframes to set"),
  }).strict();
  return { input: KeyframesAddInput };
}

/** The input of `keyframes add`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `keyframes add`. */
export const command = defineCommandFile({
  name: ["keyframes", "add"],
  summary: "animate a segment's position, scale, rotation, opacity or volume with keyframes",
  description: "Offsets are µs from the segment start. Units are those of the static fields: " +
    "positions like transformX/Y, scale factors, degrees, opacity 0..1, volume 1 = 100 %. A " +
    "keyframe at an offset that already has one for that property replaces it. Visual " +
    "properties apply to photo, video, text and sticker segments (opacity: photo and video " +
    "only); volume to audio and video segments. scale_x / scale_y turn the uniform-scale lock " +
    "off; uniform_scale writes the same value to the X and Y scale lists.",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    `keyframes add "$ID" --keyframes "[{\\"segmentId\\":\\"$SEG\\",\\"property\\":\\"position_x\\",\\"offset\\":0,\\"value\\":-0.5},{\\"segmentId\\":\\"$SEG\\",\\"property\\":\\"position_x\\",\\"offset\\":2000000,\\"value\\":0.5}]"`,
    `keyframes add "$ID" --keyframes "[{\\"segmentId\\":\\"$AUDIO\\",\\"property\\":\\"volume\\",\\"offset\\":0,\\"value\\":0}]"`,
  ],
  schemas,
  async run(input: Input, ctx) {
    const { addKeyframes } = await import("../../ops/keyframes.ts");
    return addKeyframes(ctx, input.draftId, input.keyframes);
  },
});
