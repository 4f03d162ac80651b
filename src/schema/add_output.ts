/**
 * The printed result of the add commands, as a schema that `--help` and the docs render: draftcli's
 * `items` plus cutcli's id lists (see ops/id_lists.ts).
 */
import { z } from "zod";

/**
 * Output of an add command whose material id list cutcli names `materialKey` (`textIds`,
 * `imageIds`, …).
 */
export function addOutput(materialKey: string) {
  return z.object({
    draftId: z.string().describe("the draft's id"),
    trackId: z.string().optional().describe("track of the first item (cutcli)"),
    segmentIds: z.array(z.string()).describe("segment ids in input order (cutcli)"),
    [materialKey]: z.array(z.string()).describe("material ids in input order (cutcli)"),
    segmentInfos: z.array(z.object({
      id: z.string().describe("segment id"),
      start: z.number().describe("timeline start µs"),
      end: z.number().describe("timeline end µs"),
    })).describe("timeline range of each segment (cutcli)"),
    items: z.array(z.object({
      segmentId: z.string(),
      materialId: z.string(),
      trackId: z.string(),
      trackIndex: z.number().describe("index among tracks of its type"),
      start: z.number().describe("timeline start µs"),
      end: z.number().describe("timeline end µs"),
    })).describe("one entry per input item, in input order, with kind-specific fields too"),
  });
}
