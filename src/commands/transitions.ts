/** `transitions` command group. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema, durationUs } from "../schema/common.ts";
import * as run from "./run/transitions.ts";

/** Input of `transitions add`. */
export const TransitionsAddInput = z.object({
  draftId: draftIdSchema,
  auto: z.string().min(1).max(100).describe(
    "transition name from the catalog, e.g. 叠化 / Mix, or fade",
  ),
  duration: durationUs.optional().describe("transition length µs (default: the catalog's)"),
  trackIndex: z.number().int().min(0).max(1000).optional().describe(
    "video track, 0-based (default 0 = the main track)",
  ),
}).strict();

/** Input of `transitions list`. */
export const TransitionsListInput = z.object({ draftId: draftIdSchema }).strict();

/** `transitions add`. */
export const transitionsAdd = defineCommand({
  name: ["transitions", "add"],
  summary: "put one transition between every adjacent photo/video pair of a video track",
  description: "Replaces the transitions already between those pairs. Each duration is clamped " +
    "to the shorter of the two clips (with a warning on stderr). Prints " +
    "{draftId, trackId, trackIndex, transition, resourceId, items:[{leftSegmentId, " +
    "rightSegmentId, duration, materialId}]}.",
  positionals: ["draftId"],
  input: TransitionsAddInput,
  mutates: true,
  examples: [
    'transitions add "$ID" --auto fade --duration 500000',
    'transitions add "$ID" --auto 叠化 --track-index 1',
  ],
  run: run.transitionsAdd,
});

/** `transitions list`. */
export const transitionsList = defineCommand({
  name: ["transitions", "list"],
  summary: "list transitions with the segments they join",
  positionals: ["draftId"],
  input: TransitionsListInput,
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  run: run.transitionsList,
});

/** All `transitions` commands. */
export const transitionCommands = [transitionsAdd, transitionsList];
