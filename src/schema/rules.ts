/**
 * The checks of input schemas that are not plain types and ranges (a field against another, a
 * string's shape), as plain functions without zod. The zod schemas refine with them, and the
 * generated fast validators (src/generated/entry/) call the very same functions, so a rule is
 * written once. A rule that reports issues takes an `IssueSink` (zod's refinement context fits).
 */
import { PROPERTY_INFO } from "../draft/keyframe_properties.ts";
import type { IssueSink } from "../fast_input.ts";

export type { IssueSink };

/** The message of endAfterStart. */
export const END_AFTER_START_MESSAGE = "end must be greater than start";

/** `end` must be after `start`. */
export function endAfterStart(v: { start: number; end: number }): boolean {
  return v.end > v.start;
}

/** A file path, a file:// URL or an http(s) URL: any other URL scheme is refused. */
export function isMediaLocation(s: string): boolean {
  // a batch mostly names one file throughout: its items are checked once
  if (s === lastMediaLocation) return true;
  const ok = /^(file:\/\/|https?:\/\/)/i.test(s) || !/^[A-Za-z][A-Za-z0-9+.-]+:/.test(s);
  if (ok) lastMediaLocation = s;
  return ok;
}

/** The last string `isMediaLocation` accepted. */
let lastMediaLocation: string | undefined;

/** A draft name the editors can use as a folder name (no \ / : * ? " < > | or NUL). */
export function isDraftName(s: string): boolean {
  return !/[\\/:*?"<>|\0]/.test(s);
}

/** Comma-separated segment ids with no empty part. */
export function isSegmentIdList(s: string): boolean {
  return s.split(",").every((p) => p.trim().length > 0);
}

/** A keyframe's value within its property's range. */
export function checkKeyframeValue(
  v: { property: keyof typeof PROPERTY_INFO; value: number },
  ctx: IssueSink,
): void {
  const info = PROPERTY_INFO[v.property];
  if (!info) return;
  const low = info.minExclusive ? v.value <= info.min : v.value < info.min;
  if (low || v.value > info.max) {
    ctx.addIssue({
      code: "custom",
      path: ["value"],
      message: `${v.property} must be ${
        info.minExclusive ? ">" : ">="
      } ${info.min} and <= ${info.max} (${info.unit})`,
    });
  }
}

/** An effect or filter item: on a segment, or on a track by time. */
interface Targeted {
  start?: number;
  end?: number;
  segmentId?: string;
  /** `build` specs only: the ref of a spec item whose segment this targets. */
  segmentRef?: string;
}

/**
 * Checks an effect/filter item: exactly one of the two naming fields, and either a segment to
 * attach to (no times: it lasts the whole segment) or a time range on a track.
 */
function checkTargeted(titleKey: string, idKey: string) {
  return (v: Targeted & Record<string, unknown>, ctx: IssueSink): void => {
    const hasTitle = v[titleKey] !== undefined;
    const hasId = v[idKey] !== undefined;
    if (hasTitle === hasId) {
      ctx.addIssue({
        code: "custom",
        message: `give exactly one of ${titleKey} and ${idKey}`,
        path: [hasTitle ? idKey : titleKey],
      });
    }
    if (v.segmentId !== undefined || v.segmentRef !== undefined) {
      for (const k of ["start", "end"] as const) {
        if (v[k] !== undefined) {
          ctx.addIssue({
            code: "custom",
            message: `${k} does not apply with segmentId (the item lasts the whole segment)`,
            path: [k],
          });
        }
      }
      return;
    }
    for (const k of ["start", "end"] as const) {
      if (v[k] === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `${k} is required unless segmentId is given`,
          path: [k],
        });
      }
    }
    if (v.start !== undefined && v.end !== undefined && v.end <= v.start) {
      ctx.addIssue({ code: "custom", message: END_AFTER_START_MESSAGE, path: ["end"] });
    }
  };
}

/** An effect item: effectTitle or effectId, on a segment or a time range. */
export const effectTargeted = checkTargeted("effectTitle", "effectId");

/** A filter item: filterTitle or filterId, on a segment or a time range. */
export const filterTargeted = checkTargeted("filterTitle", "filterId");

/** Exactly one of segmentId and segmentRef (build items that must target a segment). */
export function oneTarget(v: { segmentId?: string; segmentRef?: string }, ctx: IssueSink): void {
  if ((v.segmentId === undefined) === (v.segmentRef === undefined)) {
    ctx.addIssue({
      code: "custom",
      message: "give exactly one of segmentId and segmentRef",
      path: ["segmentRef"],
    });
  }
}

/** Not both segmentId and segmentRef (build effects and filters may have neither). */
export function notBothTargets(
  v: { segmentId?: string; segmentRef?: string },
  ctx: IssueSink,
): void {
  if (v.segmentRef !== undefined && v.segmentId !== undefined) {
    ctx.addIssue({
      code: "custom",
      message: "give segmentId or segmentRef, not both",
      path: ["segmentRef"],
    });
  }
}
