/** `masks` command group. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema } from "../schema/common.ts";
import { maskFields, segmentIdList } from "../schema/visual_items.ts";
import * as run from "./run/masks.ts";

/** Input of `masks add`. */
export const MasksAddInput = z.object({
  draftId: draftIdSchema,
  segmentIds: segmentIdList,
  ...maskFields,
}).strict();

/** Input of `masks list`. */
export const MasksListInput = z.object({
  draftId: draftIdSchema,
  segmentId: z.string().min(1).max(200).optional().describe(
    "only the mask of this segment (an empty list when it has none)",
  ),
}).strict();

/** `masks add`. */
export const masksAdd = defineCommand({
  name: ["masks", "add"],
  summary: "put a mask on video/photo segments (one per segment; a new one replaces the old)",
  description:
    "JianYing 8.5 and later were reported to ignore masks that tools write; on those profiles " +
    "a warning names the version and the workaround (CapCut: no warning). Positions are " +
    "relative to the clip, not the canvas.",
  positionals: ["draftId"],
  input: MasksAddInput,
  mutates: true,
  examples: [
    'masks add "$ID" --segment-ids "$SEG,$VIDEO" --name circle --height 0.6 --feather 20',
    'masks add "$ID" --segment-ids "$SEG" --name 矩形 --width 0.8 --height 0.5 --round-corner 30 --invert',
  ],
  run: run.masksAdd,
});

/** `masks list`. */
export const masksList = defineCommand({
  name: ["masks", "list"],
  summary: "list the masks on video/photo segments",
  positionals: ["draftId"],
  input: MasksListInput,
  examples: ['masks list "$ID"', 'masks list "$ID" --segment-id "$SEG"'],
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  run: run.masksList,
});

/** The `masks` commands. */
export const maskCommands = [masksAdd, masksList];
