/**
 * Concurrent writers through real subprocesses: parallel `captions add` calls on one draft all
 * land, a stale lock of a dead process is recovered, and a live lock makes writers wait (and
 * time out with exit 6, leaving the draft unchanged).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runCli, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { checkDraft } from "./helpers/draft_check.ts";
import { currentOwner } from "../src/store/lock.ts";
import { holdLock } from "./helpers/lock_holder.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const WRITERS = Number(Deno.env.get("DRAFTCLI_CONCURRENT_WRITERS") ?? 20);

const caption = (i: number) =>
  JSON.stringify([{ text: `writer ${i}`, start: i * 1_000_000, end: i * 1_000_000 + 500_000 }]);

async function createDraft(env: Record<string, string>): Promise<{ id: string; dir: string }> {
  const r = await runCli(["draft", "create", "--name", "concurrency"], { env });
  assertEquals(r.code, 0, r.stderr);
  const j = r.json as Json;
  return { id: j.draftId, dir: j.filePath };
}

Deno.test(`${WRITERS} parallel 'captions add' processes all land in one consistent draft`, async () => {
  const w = await tempWorld();
  try {
    const { id, dir } = await createDraft(w.env);
    const runs = await Promise.all(
      Array.from(
        { length: WRITERS },
        (_, i) => runCli(["captions", "add", id, "--captions", caption(i)], { env: w.env }),
      ),
    );
    for (const r of runs) assertEquals(r.code, 0, r.stderr);

    const list = await runCli(["captions", "list", id], { env: w.env });
    assertEquals(list.code, 0, list.stderr);
    const texts = (list.json as Json[]).map((c) => c.text).sort();
    assertEquals(texts, Array.from({ length: WRITERS }, (_, i) => `writer ${i}`).sort());

    const info = await runCli(["draft", "info", id], { env: w.env });
    assertEquals(info.code, 0, info.stderr);
    const textTracks = (info.json as Json).tracks.filter((t: Json) => t.type === "text");
    assertEquals(textTracks.length, WRITERS);
    assertEquals((info.json as Json).materials.texts, WRITERS);
    assertEquals((info.json as Json).duration, (WRITERS - 1) * 1_000_000 + 500_000);

    // Every call reported its own track, and the ids are all distinct.
    const trackIds = new Set(runs.map((r) => (r.json as Json).trackId));
    assertEquals(trackIds.size, WRITERS);

    const check = await checkDraft(dir);
    assertEquals(check.problems, []);
    assertEquals(check.leftovers, []);
    assertEquals(check.segments.text, WRITERS);
  } finally {
    await w.cleanup();
  }
});

Deno.test("a stale lock left by a killed process is recovered", async () => {
  const w = await tempWorld();
  try {
    const { id, dir } = await createDraft(w.env);
    const lock = `${dir}/.draftcli/lock`;
    // A real process takes the draft's lock and is killed with SIGKILL while holding it.
    const holder = await holdLock(lock);
    await holder.kill();
    await Deno.stat(lock); // left behind
    const r = await runCli(["captions", "add", id, "--captions", caption(1)], {
      env: { ...w.env, DRAFTCLI_LOCK_TIMEOUT_MS: "2000" },
    });
    assertEquals(r.code, 0, r.stderr);

    // A hand-written lock naming a process that is gone (no OS lock held) is stale too.
    const victim = new Deno.Command(Deno.execPath(), {
      args: ["eval", "setTimeout(() => {}, 60_000)"],
      stdout: "null",
      stderr: "null",
    }).spawn();
    await Deno.writeTextFile(lock, JSON.stringify({ ...currentOwner(), pid: victim.pid }));
    victim.kill("SIGKILL");
    await victim.status;
    const r2 = await runCli(["captions", "add", id, "--captions", caption(2)], {
      env: { ...w.env, DRAFTCLI_LOCK_TIMEOUT_MS: "2000" },
    });
    assertEquals(r2.code, 0, r2.stderr);

    const check = await checkDraft(dir);
    assertEquals(check.problems, []);
    assertEquals(check.leftovers, []);
    assertEquals(check.segments.text, 2);
  } finally {
    await w.cleanup();
  }
});

Deno.test("a live lock makes writers wait, and time out with exit 6 and no change", async () => {
  const w = await tempWorld();
  try {
    const { id, dir } = await createDraft(w.env);
    const lock = `${dir}/.draftcli/lock`;
    const holder = await holdLock(lock);
    let released = false;
    try {
      const before = await snapshotDir(dir);

      const timedOut = await runCli(["captions", "add", id, "--captions", caption(0)], {
        env: { ...w.env, DRAFTCLI_LOCK_TIMEOUT_MS: "300" },
      });
      assertEquals(timedOut.code, 6, timedOut.stderr);
      assertEquals(timedOut.error?.code, "locked");
      assert(timedOut.error?.message.includes(`process ${holder.pid}`), timedOut.stderr);
      assert(timedOut.error?.hint?.includes("DRAFTCLI_LOCK_TIMEOUT_MS"));
      assertEquals(timedOut.stdout, "");
      assertEquals(await snapshotDir(dir), before);

      // Readers wait too (they recover under the lock).
      const reader = await runCli(["draft", "info", id], {
        env: { ...w.env, DRAFTCLI_LOCK_TIMEOUT_MS: "200" },
      });
      assertEquals(reader.code, 6, reader.stderr);

      // A writer with time to spare waits for the release, then succeeds.
      let finished = false;
      const waiting = runCli(["captions", "add", id, "--captions", caption(0)], {
        env: { ...w.env, DRAFTCLI_LOCK_TIMEOUT_MS: "60000" },
      }).then((r) => {
        finished = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 1500));
      assert(!finished, "the writer waits while the lock is held");
      assertEquals(await snapshotDir(dir), before);
      await holder.release();
      released = true;
      const r = await waiting;
      assertEquals(r.code, 0, r.stderr);
      const check = await checkDraft(dir);
      assertEquals(check.problems, []);
      assertEquals(check.leftovers, []);
      assertEquals(check.segments.text, 1);
    } finally {
      if (!released) await holder.kill();
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("parallel 'config set' calls keep every key", async () => {
  const w = await tempWorld();
  try {
    const sets: [string, string][] = [
      ["draftsDir", `${w.root}/elsewhere`],
      ["editor", "capcut"],
      ["editorVersion", "8.1"],
      ["uploadUrl", "https://up.example/x"],
      ["uploadToken", "secret-token"],
      ["downloadUrl", "https://dl.example/{key}"],
      ["maxDownloadBytes", "1000000"],
      ["maxZipBytes", "2000000"],
    ];
    const runs = await Promise.all(
      sets.map(([k, v]) => runCli(["config", "set", k, v], { env: w.env })),
    );
    for (const r of runs) assertEquals(r.code, 0, r.stderr);
    const show = await runCli(["config", "show"], { env: w.env });
    const config = (show.json as Json).config;
    assertEquals(Object.keys(config).sort(), sets.map(([k]) => k).sort());
    assertEquals(config.maxZipBytes, 2000000);
    assertEquals(config.uploadToken, "***");
  } finally {
    await w.cleanup();
  }
});
