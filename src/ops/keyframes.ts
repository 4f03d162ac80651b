/** `keyframes add`: keyframes on any segment, in user units. */
import type { z } from "zod";
import type { KeyframeInfo } from "../schema/keyframe_input.ts";
import type { CommandContext } from "./context.ts";
import { mutateDraft } from "../store/commit.ts";
import { propertiesFor, setKeyframe } from "../draft/segment_keyframes.ts";
import { segmentKind } from "../draft/keyframe_reading.ts";
import { findSegmentOrThrow } from "../draft/segment_list.ts";
import { DraftcliError } from "../errors.ts";
import type { DraftDocument } from "../draft/document.ts";

type Item = z.infer<typeof KeyframeInfo>;

/**
 * Sets keyframes in an in-memory draft, all checked before any is set; returns them in input
 * order (`field` is the list's input path).
 */
export function applyKeyframes(doc: DraftDocument, items: Item[], field = "keyframes") {
  const targets = items.map((it, i) => {
    const f = `${field}[${i}]`;
    const { segment } = findSegmentOrThrow(doc, it.segmentId, `${f}.segmentId`);
    const kind = segmentKind(doc, segment);
    const allowed = propertiesFor(kind);
    if (!allowed.includes(it.property)) {
      throw new DraftcliError(
        "invalid_input",
        `${f}.property: ${it.property} does not apply to ${kind} segment ${segment.id}`,
        {
          path: `${f}.property`,
          hint: allowed.length
            ? `${kind} segments take: ${allowed.join(", ")}`
            : `${kind} segments take no keyframes`,
        },
      );
    }
    const duration = segment.target_timerange.duration;
    if (it.offset > duration) {
      throw new DraftcliError(
        "invalid_input",
        `${f}.offset: ${it.offset} µs is past the end of segment ${segment.id} (${duration} µs long)`,
        { path: `${f}.offset`, hint: `offsets are µs from the segment start, 0..${duration}` },
      );
    }
    return { segment, kind };
  });
  return items.map((it, i) => {
    const { segment, kind } = targets[i];
    const keyframeIds = setKeyframe(doc, segment, it);
    return {
      segmentId: segment.id,
      segmentKind: kind,
      property: it.property,
      offset: it.offset,
      value: it.value,
      easing: it.easing ?? "linear",
      keyframeIds,
    };
  });
}

/** Adds keyframes (all checked before anything is written); returns them in input order. */
export async function addKeyframes(ctx: CommandContext, draftId: string, items: Item[]) {
  const roots = await ctx.searchRoots();
  return await mutateDraft(
    roots,
    draftId,
    (doc) =>
      Promise.resolve({ result: { draftId: doc.draftId, items: applyKeyframes(doc, items) } }),
    ctx,
  );
}
