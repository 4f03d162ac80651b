/**
 * The transitions of a draft as `transitions list` shows them. Apart from the transition
 * builders in `transition_materials.ts` so that a list loads none.
 */
import type { DraftDocument } from "./document.ts";
import type { PlacedTransition } from "./transition_materials.ts";
import { nextAdjacent } from "./summary.ts";

/**
 * A transition as `transitions list` shows it (`rightSegmentId` is "" when the left segment no
 * longer touches a next one).
 */
export interface TransitionView extends PlacedTransition {
  trackId: string;
  trackIndex: number;
  name: string;
  resourceId: string;
  isOverlap: boolean;
}

/** Every transition of the draft, by video track and time. */
export function listTransitions(doc: DraftDocument): TransitionView[] {
  const byId = new Map(doc.materials("transitions").map((m) => [m.id as string, m]));
  const out: TransitionView[] = [];
  for (const track of doc.tracks) {
    const sorted = [...track.segments].sort(
      (a, b) => a.target_timerange.start - b.target_timerange.start,
    );
    for (const seg of sorted) {
      for (const id of seg.extra_material_refs ?? []) {
        const m = byId.get(id);
        if (!m) continue;
        out.push({
          trackId: track.id,
          trackIndex: doc.tracksOf(track.type).indexOf(track),
          leftSegmentId: seg.id,
          rightSegmentId: nextAdjacent(track, seg)?.id ?? "",
          duration: Number(m.duration),
          materialId: id,
          name: String(m.name ?? ""),
          resourceId: String(m.resource_id ?? ""),
          isOverlap: m.is_overlap === true,
        });
      }
    }
  }
  return out;
}
