/**
 * What a photo batch needs for the animation and transition names its items give: resolving
 * them, attaching the transitions. The catalog-backed one (`CATALOG_VISUAL_NAMES` in
 * image_names.ts) loads only for a call that names one, so a plain `images add` loads neither the
 * catalog code nor the transition builders.
 */
import type { Edition } from "../editions/profiles.ts";
import type { AnimationRequest } from "../draft/animation_plan.ts";
import type { attachItemTransitions, TransitionEntry } from "../draft/transition_materials.ts";
import type { AnimationFields } from "./catalog_names.ts";
import type { Problems } from "./problems.ts";

/** An item's fields that name things (`field` below is the path of its list, e.g. "imageInfos"). */
export type NamingItem = AnimationFields & { transition?: string };

/** A photo batch's names: resolved, then applied once its items are built and placed. */
export interface VisualNames {
  /**
   * Each item's animations and transition, resolved against `edition` (undefined for an item
   * naming none); with `sink`, an item's problem is recorded there and the item gets undefined.
   */
  resolve(
    edition: Edition,
    items: readonly NamingItem[],
    field: string,
    sink?: Problems,
    warn?: (message: string) => void,
  ): { anims: (AnimationRequest | undefined)[]; transitions: (TransitionEntry | undefined)[] };
  /** Attaches the placed items' resolved transitions (transition_materials.ts). */
  attachTransitions: typeof attachItemTransitions;
}

/** The names of a call that names no animation and no transition: nothing to resolve or apply. */
export const NO_NAMES: VisualNames = {
  // no name per item, and no path text made for each
  resolve: (_edition, items) => ({
    anims: new Array(items.length),
    transitions: new Array(items.length),
  }),
  attachTransitions: () => {},
};

/** The names `items` need: the catalogs' when one names an animation or a transition. */
export async function visualNames(items: readonly NamingItem[]): Promise<VisualNames> {
  const named = items.some((it) =>
    it.inAnimation || it.outAnimation || it.loopAnimation || it.transition
  );
  return named ? (await import("./image_names.ts")).CATALOG_VISUAL_NAMES : NO_NAMES;
}
