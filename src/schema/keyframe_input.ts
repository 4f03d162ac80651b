/** Input schema of `keyframes add` items (ranges per property come from src/draft/segment_keyframes.ts). */
import { z } from "zod";
import { timeUs } from "./common.ts";
import { EASINGS, KEYFRAME_PROPERTIES, PROPERTY_INFO } from "../draft/segment_keyframes.ts";
import { checkKeyframeValue } from "./rules.ts";
import { superRefineWith } from "./refine.ts";

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

/** One keyframe of `keyframes add`. */
export const KeyframeInfo = superRefineWith(
  z.object({
    segmentId: z.string().min(1).max(200).describe(
      "segment id (from 'images list', 'audios list', 'captions list' …)",
    ),
    ...keyframeFields,
  }).strict(),
  checkKeyframeValue,
);
