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

/** `[start, end)` snapped to the grid, as a TimeRange. */
export function gridRange(start: number, end: number, fps: number): TimeRange {
  const s = toFrameGrid(start, fps);
  const e = toFrameGrid(end, fps);
  return { start: s, duration: e - s };
}

/** Do two ranges overlap (touching ends do not)? */
export function overlaps(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.start + b.duration && b.start < a.start + a.duration;
}
