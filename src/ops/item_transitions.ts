/**
 * Attaches the transitions a batch's items name, once the items are placed. Apart from media.ts:
 * only a call whose items name a transition loads it (and the transition builders with it).
 */
import type { DraftDocument, Segment, Track } from "../draft/document.ts";
import { attachTransition, type TransitionEntry } from "../draft/transition_materials.ts";

/** Attaches each placed item's transition (to the next item on its track), after placement. */
export function attachItemTransitions(
  doc: DraftDocument,
  placed: { i: number; track: Track; seg: Segment }[],
  transitions: (TransitionEntry | undefined)[],
  items: readonly { transitionDuration?: number }[],
  field: string,
  warn: (m: string) => void,
): void {
  for (let k = 0; k < placed.length; k++) {
    const { i, track, seg } = placed[k];
    const entry = transitions[i];
    if (entry) {
      attachTransition(
        doc,
        track,
        seg,
        entry,
        items[i].transitionDuration,
        warn,
        `${field}[${i}].transition`,
      );
    }
  }
}
