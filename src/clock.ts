/**
 * Timers that leave Deno's Node layer unloaded: the runtime's `setTimeout` and `setInterval` load
 * a part of it on their first use (5–10 ms of a command's start). These count time with
 * `Atomics.waitAsync` instead. A pending wait does not keep the process alive, so they suit
 * deadlines and heartbeats beside work that does (a request, a lock held for an edit), not a
 * plain sleep.
 */

/** Calls `fire` once after `ms`, unless the returned cancel function is called first. */
export function after(ms: number, fire: () => void): () => void {
  return every(ms, fire, 1);
}

/**
 * Calls `beat` every `ms` (at most `times` times) until the returned stop function is called;
 * a call after stopping never comes.
 */
export function every(ms: number, beat: () => void, times = Infinity): () => void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  (async () => {
    for (let n = 0; n < times; n++) {
      const wait = Atomics.waitAsync(cell, 0, 0, ms);
      if (!wait.async || (await wait.value) !== "timed-out") return;
      beat();
    }
  })();
  return () => {
    Atomics.store(cell, 0, 1);
    Atomics.notify(cell, 0);
  };
}
