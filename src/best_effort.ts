/**
 * Best-effort wrappers for synchronous file operations (kept apart from files.ts, whose
 * node:crypto and node:os imports would load Deno's Node layer into every command).
 */
/** Runs a best-effort file operation: its error is ignored (a temp file already gone, …). */
export function ignoreErrors(op: () => unknown): void {
  try {
    op();
  } catch { /* best effort */ }
}

/** The result of a file operation, or undefined when it fails (a missing file, a dangling link). */
export function orUndefined<T>(op: () => T): T | undefined {
  try {
    return op();
  } catch {
    return undefined;
  }
}
