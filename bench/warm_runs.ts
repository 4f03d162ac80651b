/**
 * A warm server (DRAFTCLI_WARM=1, src/warm/) for a benchmark: started by one warm call in a
 * private XDG_RUNTIME_DIR, waited for (until it listens, or until its warm-up has ended), and
 * stopped (SIGTERM, then until it has removed its files and exited). One server per runtime
 * folder: a benchmark that warms two programs gives each its own folder.
 */

/** What a server's status file says (`<name>.status.json`). */
export interface WarmStatus {
  pid: number;
  served: number;
  warmedUp?: boolean;
}

/** The status of the warm server in `runtimeDir` (its XDG_RUNTIME_DIR), once one has started. */
export async function warmStatus(runtimeDir: string): Promise<WarmStatus | undefined> {
  try {
    for await (const e of Deno.readDir(`${runtimeDir}/draftcli`)) {
      if (e.name.endsWith(".status.json")) {
        try {
          return JSON.parse(await Deno.readTextFile(`${runtimeDir}/draftcli/${e.name}`));
        } catch { /* being replaced */ }
      }
    }
  } catch { /* no folder yet */ }
  return undefined;
}

/** Waits (up to 60 s) until `ready` holds, polling every 20 ms. */
export async function waitFor(what: string, ready: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The variables that send a call to the warm server of `runtimeDir`. */
export function warmEnv(runtimeDir: string): Record<string, string> {
  return { DRAFTCLI_WARM: "1", XDG_RUNTIME_DIR: runtimeDir };
}

/** Makes a private runtime folder (mode 0700, as the warm path requires) at `path`. */
export async function makeRuntimeDir(path: string): Promise<string> {
  await Deno.mkdir(path, { mode: 0o700 });
  await Deno.chmod(path, 0o700); // whatever the umask
  return path;
}

/**
 * Starts the warm server of `runtimeDir` with `call` (one warm call that finds no server and
 * starts one) and waits until it listens, and also until its warm-up has ended when `warmedUp`.
 */
export async function startWarm(
  runtimeDir: string,
  call: () => Promise<unknown>,
  warmedUp = false,
): Promise<void> {
  await call();
  await waitFor(warmedUp ? "the warm server's warm-up" : "the warm server", async () => {
    const status = await warmStatus(runtimeDir);
    return status !== undefined && (!warmedUp || status.warmedUp === true);
  });
}

/** Stops the warm server of `runtimeDir` (SIGTERM) and waits until it has removed its files and exited. */
export async function stopWarm(runtimeDir: string): Promise<void> {
  const status = await warmStatus(runtimeDir);
  if (!status) return;
  try {
    Deno.kill(status.pid, "SIGTERM");
  } catch { /* already gone */ }
  await waitFor(
    "the warm server to stop",
    async () => (await warmStatus(runtimeDir)) === undefined,
  );
  await waitFor("the warm server to exit", async () => {
    try {
      return /^\d+ \(.*\) Z /.test(await Deno.readTextFile(`/proc/${status.pid}/stat`));
    } catch {
      return true; // gone (or no /proc)
    }
  });
}
