/** Resolves user-given names (animations, transitions …) against the draft's edition catalog. */
import { resolveName } from "../catalogs/name_resolve.ts";
import type { CatalogKind } from "../catalogs/catalog.ts";
import type { Edition } from "../editions/profiles.ts";
import { DraftcliError } from "../errors.ts";
import type { AnimationEntry, AnimationRequest } from "../draft/animation_plan.ts";

/** Resolves a name, re-labelling the error with the input field it came from. */
export function resolveField(
  edition: Edition,
  kind: CatalogKind,
  name: string,
  field: string,
  warn?: (message: string) => void,
): AnimationEntry & { isOverlap?: boolean } {
  try {
    const e = resolveName(edition, kind, name, {
      warn: warn && ((m) => warn(`${field}: ${m}`)),
    });
    return {
      name: e.name,
      resourceId: e.resourceId,
      effectId: e.effectId,
      durationUs: e.durationUs,
      isOverlap: e.isOverlap,
    };
  } catch (err) {
    if (err instanceof DraftcliError) {
      throw new DraftcliError(err.code, `${field}: ${err.message}`, {
        hint: err.hint,
        path: field,
      });
    }
    throw err;
  }
}

/** Fields of an item that name animations. */
export interface AnimationFields {
  inAnimation?: string;
  inAnimationDuration?: number;
  outAnimation?: string;
  outAnimationDuration?: number;
  loopAnimation?: string;
  loopAnimationDuration?: number;
}

/** Resolves an item's animation names for visual (video/image) or text segments. */
export function resolveAnimations(
  edition: Edition,
  item: AnimationFields,
  target: "visual" | "text",
  field: string,
  warn?: (message: string) => void,
): AnimationRequest {
  const kinds: Record<"in" | "out" | "loop", CatalogKind> = target === "visual"
    ? { in: "video_intro", out: "video_outro", loop: "video_group" }
    : { in: "text_intro", out: "text_outro", loop: "text_loop" };
  const req: AnimationRequest = {};
  if (item.inAnimation) {
    req.in = {
      entry: resolveField(edition, kinds.in, item.inAnimation, `${field}.inAnimation`, warn),
      duration: item.inAnimationDuration,
    };
  }
  if (item.outAnimation) {
    req.out = {
      entry: resolveField(edition, kinds.out, item.outAnimation, `${field}.outAnimation`, warn),
      duration: item.outAnimationDuration,
    };
  }
  if (item.loopAnimation) {
    req.loop = {
      entry: resolveField(edition, kinds.loop, item.loopAnimation, `${field}.loopAnimation`, warn),
      duration: item.loopAnimationDuration,
    };
  }
  return req;
}

/** Resolves one item's optional `transition` name (`field` is the item's path). */
export function resolveItemTransition(
  edition: Edition,
  item: { transition?: string },
  field: string,
  warn?: (message: string) => void,
): ReturnType<typeof resolveField> | undefined {
  return item.transition
    ? resolveField(edition, "transitions", item.transition, `${field}.transition`, warn)
    : undefined;
}

/** Resolves each item's optional `transition` name (undefined where an item has none). */
export function resolveItemTransitions(
  edition: Edition,
  items: readonly { transition?: string }[],
  field: string,
  warn?: (message: string) => void,
): (ReturnType<typeof resolveField> | undefined)[] {
  return items.map((it, i) =>
    it.transition
      ? resolveField(edition, "transitions", it.transition, `${field}[${i}].transition`, warn)
      : undefined
  );
}
