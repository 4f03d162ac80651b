/**
 * How a photo batch resolves its items' animation and transition names. The catalog-backed
 * resolvers (`CATALOG_VISUAL_NAMES` in catalog_names.ts) load only for a call that names one, so
 * a plain `images add` does not load the catalog code.
 */
import type { Edition } from "../editions/profiles.ts";
import type { AnimationRequest } from "../draft/animation_plan.ts";
import type { TransitionEntry } from "../draft/transition_materials.ts";
import type { AnimationFields } from "./catalog_names.ts";

/** Resolvers of an item's animation names and its transition name (`field` is the item's path). */
export interface VisualNames {
  animations(
    edition: Edition,
    item: AnimationFields,
    field: string,
    warn?: (message: string) => void,
  ): AnimationRequest;
  transition(
    edition: Edition,
    item: { transition?: string },
    field: string,
    warn?: (message: string) => void,
  ): TransitionEntry | undefined;
}

/** The resolvers of a call that names no animation and no transition (nothing to look up). */
export const NO_NAMES: VisualNames = { animations: () => ({}), transition: () => undefined };

/** The resolvers `items` need: the catalogs' when one names an animation or a transition. */
export async function visualNames(
  items: readonly (AnimationFields & { transition?: string })[],
): Promise<VisualNames> {
  const named = items.some((it) =>
    it.inAnimation || it.outAnimation || it.loopAnimation || it.transition
  );
  return named ? (await import("./catalog_names.ts")).CATALOG_VISUAL_NAMES : NO_NAMES;
}
