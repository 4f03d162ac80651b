/**
 * A separate process that takes a draftcli lock through the real `withLock` and holds it until
 * released (its stdin closes: a normal exit) or killed (SIGKILL: a crash).
 */

const LOCK_MODULE = new URL("../../src/store/lock.ts", import.meta.url).href;

/** A running lock holder. */
export interface LockHolder {
  pid: number;
  /** Lets it finish normally (it removes its lock). */
  release(): Promise<void>;
  /** Kills it with SIGKILL (its lock file stays behind). */
  kill(): Promise<void>;
}

/** Starts a holder of the lock at `path` and waits until it holds it. */
export async function holdLock(path: string): Promise<LockHolder> {
  const code = `import { withLock } from ${JSON.stringify(LOCK_MODULE)};
await withLock(${JSON.stringify(path)}, async () => {
  console.log("held");
  await new Response(Deno.stdin.readable).arrayBuffer();
});`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", code],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes("held")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the lock holder exited before taking the lock");
    seen += value;
  }
  reader.releaseLock();
  const finish = async () => {
    await child.status;
    await child.stdout.cancel().catch(() => {});
  };
  return {
    pid: child.pid,
    async release() {
      await child.stdin.close();
      await finish();
    },
    async kill() {
      child.kill("SIGKILL");
      await child.stdin.close().catch(() => {});
      await finish();
    },
  };
}
