/** `keyframes` command group. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema } from "../schema/common.ts";
import { KeyframeInfo } from "../schema/keyframes.ts";
import * as run from "./run/keyframes.ts";

/** Input of `keyframes add`. */
export const KeyframesAddInput = z.object({
  draftId: draftIdSchema,
  keyframes: z.array(KeyframeInfo).min(1).max(10000).describe("keyframes to set"),
}).strict();

/** Input of `keyframes list`. */
export const KeyframesListInput = z.object({
  draftId: draftIdSchema,
  segmentId: z.string().min(1).max(200).describe("segment id"),
}).strict();

/** `keyframes add`. */
export const keyframesAdd = defineCommand({
  name: ["keyframes", "add"],
  summary: "animate a segment's position, scale, rotation, opacity or volume with keyframes",
  description: "Offsets are µs from the segment start. Units are those of the static fields: " +
    "positions like transformX/Y, scale factors, degrees, opacity 0..1, volume 1 = 100 %. A " +
    "keyframe at an offset that already has one for that property replaces it. Visual " +
    "properties apply to photo, video, text and sticker segments (opacity: photo and video " +
    "only); volume to audio and video segments. scale_x / scale_y turn the uniform-scale lock " +
    "off; uniform_scale writes the same value to the X and Y scale lists.",
  positionals: ["draftId"],
  input: KeyframesAddInput,
  mutates: true,
  examples: [
    `keyframes add "$ID" --keyframes "[{\\"segmentId\\":\\"$SEG\\",\\"property\\":\\"position_x\\",\\"offset\\":0,\\"value\\":-0.5},{\\"segmentId\\":\\"$SEG\\",\\"property\\":\\"position_x\\",\\"offset\\":2000000,\\"value\\":0.5}]"`,
    `keyframes add "$ID" --keyframes "[{\\"segmentId\\":\\"$AUDIO\\",\\"property\\":\\"volume\\",\\"offset\\":0,\\"value\\":0}]"`,
  ],
  run: run.keyframesAdd,
});

/** `keyframes list`. */
export const keyframesList = defineCommand({
  name: ["keyframes", "list"],
  summary: "list a segment's keyframes in user units",
  description: 'Output: {"draftId","segmentId","segmentKind","trackId","start","duration",' +
    '"keyframes":[{property,offset,value,…,timeOffset}]}; timeOffset repeats offset under ' +
    "cutcli's name.",
  positionals: ["draftId"],
  input: KeyframesListInput,
  examples: ['keyframes list "$ID" --segment-id "$SEG"'],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  run: run.keyframesList,
});

/** All `keyframes` commands. */
export const keyframeCommands = [keyframesAdd, keyframesList];
