/**
 * Freeing the disk space of the files a commit replaces, left until after a call's answer. Where
 * the file system discards freed blocks as it frees them (ext4 mounted with `discard`, common on
 * cloud machines), renaming a new file over a flushed one, or removing a flushed file, costs
 * ~0.2–0.3 ms; without that option it costs a few tens of µs. A resident process (the warm
 * server) turns deferral on: a commit then keeps each file it replaces under a second name in the
 * draft's trash folder, so that its renames free nothing, moves its journal there instead of
 * removing it, and leaves the trash to `runDeferredFrees`, which the server runs once the answer
 * is sent. A process killed before then leaves the trash to the next writer's recovery. A run in
 * a process of its own frees at once: it would pay the same before its exit anyway.
 */

let enabled = false;
const pending: (() => void)[] = [];

/** The trash folder of a draft's state folder: one folder per commit, removed whole. */
export const TRASH_DIR = "trash";

/** Turns deferral on for this process (the warm server), or off again (`false`). */
export function deferFrees(on = true): void {
  enabled = on;
}

/** Is deferral on? */
export function freesDeferred(): boolean {
  return enabled;
}

/** Queues `free` for `runDeferredFrees`. */
export function deferFree(free: () => void): void {
  pending.push(free);
}

/** Runs the queued frees, in order; each one's failure is its own (a trash already gone). */
export function runDeferredFrees(): void {
  for (const free of pending.splice(0)) {
    try {
      free();
    } catch { /* removed by another writer's recovery meanwhile */ }
  }
}
