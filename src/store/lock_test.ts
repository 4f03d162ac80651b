import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { currentOwner, inspectHeld, lockTimeoutFromEnv, type OwnerInfo, withLock } from "./lock.ts";
import { DraftcliError } from "../errors.ts";
import { holdLock } from "../../test/helpers/lock_holder.ts";
import { tempDir } from "../../test/helpers/temp.ts";

async function tempLock(): Promise<{ dir: string; path: string }> {
  const dir = (await tempDir("draftcli-lock-")).path;
  return { dir, path: `${dir}/lock` };
}

function owner(over: Partial<OwnerInfo>): OwnerInfo {
  return { ...currentOwner(), ...over };
}

async function setAge(path: string, ageMs: number) {
  const t = new Date(Date.now() - ageMs);
  await Deno.utime(path, t, t);
}

async function lockedError(p: Promise<unknown>): Promise<DraftcliError> {
  const err = await p.then(() => undefined, (e) => e);
  assert(err instanceof DraftcliError, `expected a DraftcliError, got ${err}`);
  return err;
}

Deno.test("withLock serialises critical sections in one process", async () => {
  const { dir, path } = await tempLock();
  try {
    let inside = 0;
    let maxInside = 0;
    let done = 0;
    await Promise.all(Array.from({ length: 8 }, () =>
      withLock(path, async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        await new Promise((r) => setTimeout(r, 5));
        done++;
        inside--;
      })));
    assertEquals(maxInside, 1);
    assertEquals(done, 8);
    await rejects(Deno.stat(path), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a live holder in another process makes us wait, then time out with `locked`", async () => {
  const { dir, path } = await tempLock();
  const child = await holdLock(path);
  try {
    const seen = await inspectHeld(path, { staleMs: 60_000, breakStale: false });
    assertEquals(seen.state, "live");
    const t0 = Date.now();
    const err = await lockedError(withLock(path, () => Promise.resolve(1), { timeoutMs: 250 }));
    assert(Date.now() - t0 >= 250, "waited for the timeout");
    assertEquals(err.code, "locked");
    assertEquals(err.exitCode, 6);
    assert(err.message.includes(`process ${child.pid}`), err.message);
  } finally {
    await child.kill();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the lock of a process killed while holding it is recovered at once", async () => {
  const { dir, path } = await tempLock();
  try {
    const child = await holdLock(path);
    await child.kill(); // SIGKILL: no cleanup ran, the file is still there
    await Deno.stat(path);
    const got = await withLock(path, () => Promise.resolve("ran"), { timeoutMs: 0 });
    assertEquals(got, "ran");
    await rejects(Deno.stat(path), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lock file naming a dead pid on this host (no OS lock held) is stale", async () => {
  const { dir, path } = await tempLock();
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["eval", "setTimeout(() => {}, 60_000)"],
      stdout: "null",
      stderr: "null",
    }).spawn();
    await Deno.writeTextFile(path, JSON.stringify(owner({ pid: child.pid })));
    child.kill("SIGKILL");
    await child.status;
    assertEquals(await withLock(path, () => Promise.resolve(1), { timeoutMs: 0 }), 1);
    // Also a half-written (empty) one: its creator died between create and write.
    await Deno.writeTextFile(path, "");
    assertEquals(await withLock(path, () => Promise.resolve(2), { timeoutMs: 0 }), 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lock from another host without a shared OS lock: the age rule decides", async () => {
  const { dir, path } = await tempLock();
  try {
    // As on a network folder whose OS locks are not shared between machines.
    await Deno.writeTextFile(path, JSON.stringify(owner({ hostname: "elsewhere.invalid" })));
    const err = await lockedError(
      withLock(path, () => Promise.resolve(1), { timeoutMs: 150, staleMs: 60_000 }),
    );
    assertEquals(err.code, "locked");
    assert(/elsewhere\.invalid/.test(err.message), err.message);
    await setAge(path, 120_000); // untouched for longer than staleMs → stale
    assertEquals(
      await withLock(path, () => Promise.resolve(2), { timeoutMs: 0, staleMs: 60_000 }),
      2,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the holder's heartbeat keeps its lock's mtime fresh", async () => {
  const { dir, path } = await tempLock();
  try {
    await withLock(path, async () => {
      await setAge(path, 10_000);
      await new Promise((r) => setTimeout(r, 250));
      const age = Date.now() - (await Deno.stat(path)).mtime!.getTime();
      assert(age < 5_000, `mtime refreshed (age ${age} ms)`);
    }, { staleMs: 400, heartbeatMs: 50 });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("release leaves a lock file that is no longer ours", async () => {
  const { dir, path } = await tempLock();
  try {
    const theirs = JSON.stringify(owner({}));
    await withLock(path, async () => {
      // Someone replaced our lock file: we must not delete theirs.
      await Deno.remove(path);
      await Deno.writeTextFile(path, theirs);
    });
    assertEquals(await Deno.readTextFile(path), theirs);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("many contenders breaking one stale lock never let two holders in", async () => {
  const { dir, path } = await tempLock();
  try {
    for (let round = 0; round < 5; round++) {
      await Deno.writeTextFile(path, JSON.stringify(owner({ pid: 999_999 })));
      let inside = 0;
      let maxInside = 0;
      await Promise.all(Array.from({ length: 10 }, () =>
        withLock(path, async () => {
          inside++;
          maxInside = Math.max(maxInside, inside);
          await new Promise((r) => setTimeout(r, 1));
          inside--;
        })));
      assertEquals(maxInside, 1);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("DRAFTCLI_LOCK_TIMEOUT_MS parsing", () => {
  assertEquals(lockTimeoutFromEnv(undefined), 30_000);
  assertEquals(lockTimeoutFromEnv(""), 30_000);
  assertEquals(lockTimeoutFromEnv("250"), 250);
  assertEquals(lockTimeoutFromEnv("0"), 0);
  assertEquals(lockTimeoutFromEnv("-5"), 30_000);
  assertEquals(lockTimeoutFromEnv("soon"), 30_000);
  assertEquals(lockTimeoutFromEnv("Infinity"), 30_000);
});
