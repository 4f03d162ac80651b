/**
 * Where entrance / exit / loop animations sit inside a segment (reference §4.7): in at 0, out
 * at the end, visual combo over the whole segment, text loop between in and out. Durations that
 * do not fit are shortened in proportion, with a warning.
 */
import type { AnimationInput } from "./segment_builders.ts";
import { DraftcliError } from "../errors.ts";

/** A resolved catalog entry as far as animations need it. */
export interface AnimationEntry {
  name: string;
  resourceId: string;
  effectId: string;
  durationUs: number | null;
}

/** Requested animations of one segment. */
export interface AnimationRequest {
  in?: { entry: AnimationEntry; duration?: number };
  out?: { entry: AnimationEntry; duration?: number };
  loop?: { entry: AnimationEntry; duration?: number };
}

const DEFAULT_US = 500_000;

/** Plans the animations of a segment of `segmentUs` length; `field` names the item for errors. */
export function planAnimations(
  req: AnimationRequest,
  segmentUs: number,
  target: "visual" | "text",
  field: string,
  warn: (m: string) => void,
): AnimationInput[] {
  if (!req.in && !req.out && !req.loop) return []; // most items of a batch
  const materialType = target === "visual" ? "video" : "sticker";
  if (target === "visual" && req.loop && (req.in || req.out)) {
    throw new DraftcliError(
      "invalid_input",
      `${field}: loopAnimation (a combo animation) cannot be combined with inAnimation/outAnimation`,
      { hint: "use either a combo animation or entrance/exit animations", path: field },
    );
  }
  let dIn = req.in ? req.in.duration ?? req.in.entry.durationUs ?? DEFAULT_US : 0;
  let dOut = req.out ? req.out.duration ?? req.out.entry.durationUs ?? DEFAULT_US : 0;
  if (dIn + dOut > segmentUs) {
    const k = segmentUs / (dIn + dOut);
    const nIn = Math.floor(dIn * k);
    const nOut = Math.floor(dOut * k);
    warn(
      `${field}: animations (${
        dIn + dOut
      } µs) exceed the item (${segmentUs} µs); shortened to in ${nIn} µs, out ${nOut} µs`,
    );
    dIn = nIn;
    dOut = nOut;
  }
  const out: AnimationInput[] = [];
  const make = (type: AnimationInput["type"], e: AnimationEntry, start: number, duration: number) =>
    out.push({
      type,
      name: e.name,
      resourceId: e.resourceId,
      effectId: e.effectId,
      start,
      duration,
      materialType,
    });
  if (req.in) make("in", req.in.entry, 0, dIn);
  if (req.out) make("out", req.out.entry, segmentUs - dOut, dOut);
  if (req.loop) {
    if (target === "visual") {
      let d = req.loop.duration ?? segmentUs;
      if (d > segmentUs) {
        warn(`${field}: loopAnimationDuration ${d} µs exceeds the item; using ${segmentUs} µs`);
        d = segmentUs;
      }
      make("group", req.loop.entry, 0, d);
    } else {
      const span = segmentUs - dIn - dOut;
      if (span <= 0) {
        warn(`${field}: no room left for the loop animation after in/out; loop dropped`);
      } else make("loop", req.loop.entry, dIn, Math.min(req.loop.duration ?? span, span));
    }
  }
  return out;
}
