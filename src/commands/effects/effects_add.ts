/** `effects add`: add video effects on effect tracks (start/end) or onto one clip (segmentId). */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `effects add` (load zod). */
async function schemas() {
  const [{ z }, { addOutput }, { draftIdSchema }, { EffectInfo }] = await Promise.all([
    import("zod"),
    import("../../schema/add_output.ts"),
    import("../../schema/common.ts"),
    import("../../schema/visual_items.ts"),
  ]);
  /** Input of `effects add`. */
  const EffectsAddInput = z.object({
    draftId: draftIdSchema,
    effectInfos: z.array(EffectInfo).min(1).max(10000).describe("effects to add"),
  }).strict();
  return { input: EffectsAddInput, output: addOutput("effectIds") };
}

/** The input of `effects add`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `effects add`. */
export const command = defineCommandFile({
  name: ["effects", "add"],
  summary: "add video effects on effect tracks (start/end) or onto one clip (segmentId)",
  description:
    "Names come from the video_effects catalog of the draft's editor. Without segmentId an " +
    "effect goes on the first effect track where it overlaps nothing (else a new one) and " +
    "applies to everything below it; with segmentId it applies to that video/photo segment " +
    "for its whole length. params take 0..100 per parameter name.",
  positionals: ["draftId"],
  mutates: true,
  examples: [
    `effects add "$ID" --effect-infos '[{"effectTitle":"70s","start":0,"end":3000000,"params":{"speed":60}}]'`,
    `effects add "$ID" --effect-infos "[{\\"effectTitle\\":\\"1998\\",\\"segmentId\\":\\"$VIDEO\\"}]"`,
  ],
  schemas,
  async run(input: Input, ctx) {
    const { addEffects } = await import("../../ops/effects.ts");
    return addEffects(ctx, input.draftId, input.effectInfos);
  },
});
