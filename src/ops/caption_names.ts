/**
 * The catalog-backed resolvers of a captions plan (see `CaptionNames` in captions.ts): fonts from
 * the edition's fonts catalog or this machine, animations from its text animation catalogs.
 */
import type { CaptionNames } from "./captions.ts";
import { resolveAnimations } from "./catalog_names.ts";
import { resolveFont } from "./fonts.ts";

/** Resolves a captions call's font and animation names against the edition's catalogs. */
export const CATALOG_NAMES: CaptionNames = {
  font: (edition, name, warn) => resolveFont(edition, name, "font", undefined, warn),
  animations: (edition, item, field, warn) => resolveAnimations(edition, item, "text", field, warn),
};
