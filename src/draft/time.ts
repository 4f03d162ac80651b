/** Time helpers: everything is integer microseconds; the editors snap to the fps frame grid. */

/** One second in µs. */
export const SECOND = 1_000_000;

/** Longest time draftcli accepts or writes: 24 h in µs (inputs, probed media, a timeline). */
export const MAX_TIME_US = 86_400_000_000;

/** Rounds a µs time to the nearest frame boundary of `fps` (integer µs). */
export function toFrameGrid(us: number, fps: number): number {
  const frame = SECOND / fps;
  return Math.round(Math.round(us / frame) * frame);
}

/** A time range as the editors store it. */
export interface TimeRange {
  start: number;
  duration: number;
}

/**
 * A µs time on the frame grid: kept when it is within 1 µs of a frame boundary (the editors
 * truncate where draftcli rounds: 5166666 and 5166667 are both frame 155 at 30 fps), else
 * snapped to the nearest boundary.
 */
export function onFrameGrid(us: number, fps: number): number {
  const g = toFrameGrid(us, fps);
  return Math.abs(g - us) <= 1 ? us : g;
}

/** `[start, end)` on the grid (see onFrameGrid), as a TimeRange. */
export function gridRange(start: number, end: number, fps: number): TimeRange {
  const s = onFrameGrid(start, fps);
  const e = onFrameGrid(end, fps);
  return { start: s, duration: e - s };
}

/** Do two ranges overlap (touching ends do not)? */
export function overlaps(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.start + b.duration && b.start < a.start + a.duration;
}
