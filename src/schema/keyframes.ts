/** Input schema of `keyframes add` items (ranges per property come from src/draft/keyframes.ts). */
import { z } from "zod";
import { timeUs } from "./common.ts";
import { EASINGS, KEYFRAME_PROPERTIES, PROPERTY_INFO } from "../draft/keyframes.ts";

const easingNames = Object.keys(EASINGS) as [keyof typeof EASINGS, ...(keyof typeof EASINGS)[]];

/** The fields of a keyframe other than the segment it targets. */
export const keyframeFields = {
  property: z.enum(KEYFRAME_PROPERTIES).describe(
    KEYFRAME_PROPERTIES.map((p) => `${p}: ${PROPERTY_INFO[p].unit}`).join("; "),
  ),
  offset: timeUs.describe("µs from the segment start, 0..segment duration"),
  value: z.number().describe("value in the property's unit (see property)"),
  easing: z.enum(easingNames).optional().describe(
    "curve to the next keyframe: linear (default, the editors' Line), hold, smooth",
  ),
};

/** Checks a keyframe's value against its property's range. */
export function checkKeyframeValue(
  v: { property: keyof typeof PROPERTY_INFO; value: number },
  ctx: z.RefinementCtx,
) {
  const info = PROPERTY_INFO[v.property];
  if (!info) return;
  const low = info.minExclusive ? v.value <= info.min : v.value < info.min;
  if (low || v.value > info.max) {
    ctx.addIssue({
      code: "custom",
      path: ["value"],
      message: `${v.property} must be ${
        info.minExclusive ? ">" : ">="
      } ${info.min} and <= ${info.max} (${info.unit})`,
    });
  }
}

/** One keyframe of `keyframes add`. */
export const KeyframeInfo = z.object({
  segmentId: z.string().min(1).max(200).describe(
    "segment id (from 'images list', 'audios list', 'captions list' …)",
  ),
  ...keyframeFields,
}).strict().superRefine(checkKeyframeValue);
