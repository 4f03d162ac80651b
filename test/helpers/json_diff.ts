/** Leaf-level differences between two parsed JSON trees, for "nothing else changed" checks. */

import { diffRaw, rawOf } from "./structural_diff.ts";

/**
 * Every path where the values `a` and `b` differ (`/materials/texts/3/content`). With `byId`, lists
 * whose items all have unique ids are compared by id (`/tracks/<id>/segments/<id>/speed`), so an
 * inserted item shows as itself rather than as a shift of everything after it. Values only: for
 * number lexemes, key order and id order, compare the texts with structuralDiff.
 */
export function jsonDiff(a: unknown, b: unknown, opts: { byId?: boolean } = {}): string[] {
  return diffRaw(rawOf(a), rawOf(b), {
    byId: opts.byId ?? false,
    lexemes: false,
    order: false,
    style: "slash",
  }).map((c) => c.path);
}
