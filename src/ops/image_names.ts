/**
 * The catalog-backed names of a photo or video batch (see `VisualNames` in visual_names.ts):
 * animation and transition names resolved against the edition's catalogs, and the code that
 * applies them; a photo batch loads them only for a call whose items name one.
 */
import type { VisualNames } from "./visual_names.ts";
import { resolveAnimations, resolveItemTransition } from "./catalog_names.ts";
import { attempt } from "./problems.ts";
import { attachItemTransitions } from "../draft/transition_materials.ts";

/** Each visual item's animations and transition, resolved (`VisualNames.resolve`). */
export const resolveVisualNames: VisualNames["resolve"] = (edition, items, field, sink, warn) => ({
  anims: items.map((it, i) =>
    attempt(sink, () => resolveAnimations(edition, it, "visual", `${field}[${i}]`, warn))
  ),
  transitions: items.map((it, i) =>
    attempt(sink, () => resolveItemTransition(edition, it, `${field}[${i}]`, warn))
  ),
});

/** A photo batch's names resolved against the edition's catalogs. */
export const CATALOG_VISUAL_NAMES: VisualNames = {
  resolve: resolveVisualNames,
  attachTransitions: attachItemTransitions,
};
