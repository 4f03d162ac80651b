/**
 * The empty timeline and meta documents each version profile starts a new draft from. Only
 * draft creation needs them, so they live apart from `profiles.ts`, which every command loads.
 */
import skeletons from "./data/skeletons.json" with { type: "json" };
import type { Json, VersionProfile } from "./profiles.ts";

/** The name of an extracted skeleton (a key of `data/skeletons.json`). */
export type SkeletonName = keyof typeof skeletons & string;

/** A fresh copy of the empty timeline and meta documents a profile starts from. */
export function skeletonFor(profile: VersionProfile): { content: Json; meta: Json } {
  const s = (skeletons as unknown as Record<string, { content: Json; meta: Json }>)[
    profile.skeleton
  ];
  return structuredClone(s);
}
