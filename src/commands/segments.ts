/** `segments` command group: list, update, move and remove segments of any kind by id. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema } from "../schema/common.ts";
import { SegmentIds, SegmentMove, SegmentUpdate } from "../schema/segments.ts";
import * as run from "./run/segments.ts";

const ripple = z.boolean().default(false).describe(
  "shift later segments on the same track to close (or open) the gap",
);

/** Input of `segments list`. */
export const SegmentsListInput = z.object({ draftId: draftIdSchema }).strict();

/** Input of `segments update`. */
export const SegmentsUpdateInput = z.object({
  draftId: draftIdSchema,
  updates: z.array(SegmentUpdate).min(1).max(10000).describe("changes, one item per segment"),
}).strict();

/** Input of `segments move`. */
export const SegmentsMoveInput = z.object({
  draftId: draftIdSchema,
  moves: z.array(SegmentMove).min(1).max(10000).describe("moves, one item per segment"),
  ripple,
}).strict();

/** Input of `segments remove`. */
export const SegmentsRemoveInput = z.object({
  draftId: draftIdSchema,
  segmentIds: SegmentIds.describe("ids of the segments to remove"),
  ripple,
}).strict();

/** `segments list`. */
export const segmentsList = defineCommand({
  name: ["segments", "list"],
  summary: "list every segment of every kind with its track, times, text or file",
  description: 'Output: {"draftId","duration","count","segments":[{segmentId,kind,materialId,' +
    "track:{index,id,name,type},start,end,duration,sourceStart?,speed?,volume?,text?,file?," +
    "attached:{effects?,filters?,animations?,transitions?,fades?,masks?,keyframes?}}]} (attached " +
    "holds only the kinds the segment has). Writes nothing.",
  positionals: ["draftId"],
  input: SegmentsListInput,
  examples: ['segments list "$ID"'],
  run: run.segmentsList,
});

/** `segments update`. */
export const segmentsUpdate = defineCommand({
  name: ["segments", "update"],
  summary: "change segments' timing, speed, caption text/style, volume, fades or transform",
  description: "Each item names a segment by id and sets only the fields it gives. Fields " +
    "apply by kind: start/end all; sourceStart, speed video and audio; volume and fades audio " +
    "and video; text and style captions (a new text takes the caption's first style); " +
    "transform fields visuals and captions. Every item is " +
    "checked before anything is written; a change that makes segments overlap is refused. A " +
    "transition whose clip no longer touches the next one is detached and listed in " +
    "transitionsDropped [{segmentId,transitionId,name}].",
  positionals: ["draftId"],
  input: SegmentsUpdateInput,
  mutates: true,
  destructive: true,
  idempotent: true,
  examples: [
    `segments update "$ID" --updates "[{\\"segmentId\\":\\"$SEG\\",\\"end\\":2000000,\\"transformX\\":0.5}]"`,
    `segments update "$ID" --updates "[{\\"segmentId\\":\\"$AUDIO\\",\\"volume\\":0.5,\\"fadeOutDuration\\":300000}]"`,
  ],
  run: run.segmentsUpdate,
});

/** `segments move`. */
export const segmentsMove = defineCommand({
  name: ["segments", "move"],
  summary: "move segments to a new start and/or another track of their kind",
  description: "trackIndex counts the tracks of the segment's kind as 'segments list' prints; " +
    "one past the last makes a new track. With --ripple the segments after it on its track " +
    "move with it (same track), or close its gap and open one on the target track. A track " +
    "left empty is removed. A transition whose clip no longer touches the next one is " +
    "detached and listed in transitionsDropped [{segmentId,transitionId,name}].",
  positionals: ["draftId"],
  input: SegmentsMoveInput,
  mutates: true,
  destructive: true,
  idempotent: false,
  examples: [
    `segments move "$ID" --moves "[{\\"segmentId\\":\\"$SEG\\",\\"start\\":6000000}]"`,
    `segments move "$ID" --moves "[{\\"segmentId\\":\\"$SEG\\",\\"start\\":500000}]" --ripple`,
  ],
  run: run.segmentsMove,
});

/** `segments remove`. */
export const segmentsRemove = defineCommand({
  name: ["segments", "remove"],
  summary: "remove segments with the materials and effects only they used",
  description: "Materials, transitions, animations, fades, speeds and other companions that no " +
    "remaining segment uses go with them; shared ones stay. A track left empty is removed. " +
    "With --ripple later segments on the same track move left to close the gap. A remaining " +
    "clip's transition that no next clip touches any more is detached and listed in " +
    "transitionsDropped [{segmentId,transitionId,name}].",
  positionals: ["draftId"],
  input: SegmentsRemoveInput,
  mutates: true,
  destructive: true,
  idempotent: false,
  examples: [
    `segments remove "$ID" --segment-ids "[\\"$SEG\\"]"`,
    `segments remove "$ID" --segment-ids "[\\"$SEG\\"]" --ripple`,
  ],
  run: run.segmentsRemove,
});

/** The `segments` commands. */
export const segmentCommands = [segmentsList, segmentsUpdate, segmentsMove, segmentsRemove];
