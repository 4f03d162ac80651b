/** The `draft fill --fit` modes and the speed range the editors take (no imports: cheap to load). */

/** The `--fit` modes; absent means trim. */
export const FIT_MODES = ["loop", "stretch", "extend"] as const;
/** A `--fit` mode. */
export type FitMode = typeof FIT_MODES[number];

/** Slowest playback speed the editors take (reference §3.5). */
export const MIN_SPEED = 0.1;
/** Fastest playback speed the editors take. */
export const MAX_SPEED = 100;

/**
 * Most passes a file is repeated to fill a length (`draft fill --fit loop`, `draft easy` with a
 * video shorter than its audio). Counted before any pass is built: a short file under a long
 * segment would otherwise build a segment per pass.
 */
export const MAX_LOOP_PASSES = 10_000;
