/**
 * Crashes leave nothing for long: a fill killed with SIGKILL never shows a half-filled copy and
 * its hidden folder is swept once old and ownerless; an interrupted delete is finished; cache
 * temps go; an add racing a delete never brings the deleted folder back.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { join } from "node:path";
import { fileUrl, fixture, runCli, runOk, spawnCli, tempWorld } from "./helpers/cli.ts";
import { holdLock } from "./helpers/lock_holder.ts";
import { cacheDir } from "../src/store/home.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const entries = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();
const visible = (dir: string) => entries(dir).filter((n) => !n.startsWith("."));
const hidden = (dir: string, kind: string) =>
  entries(dir).filter((n) => n.startsWith(".") && n.includes(`.${kind}`));

/**
 * Waits until `ok()`; fails after `ms`, or at once with its exit code and stderr when `child`
 * (the process that should bring it about) has ended first.
 */
async function until(
  what: string,
  ok: () => boolean,
  child: Deno.ChildProcess,
  ms = 60_000,
): Promise<void> {
  const end = Date.now() + ms;
  let ended = false;
  child.status.then(() => ended = true, () => ended = true);
  while (!ok()) {
    if (ended) {
      const out = await child.output();
      throw new Error(
        `the process ended (exit ${out.code}) before ${what}: ${
          new TextDecoder().decode(out.stderr)
        }`,
      );
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A 127.0.0.1 server whose answers wait until `release()`; counts the requests it got. */
function holdingServer(body: Uint8Array<ArrayBuffer>) {
  let release!: () => void;
  const gate = new Promise<void>((r) => release = r);
  let requests = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    requests++;
    await gate;
    return new Response(body);
  });
  return {
    url: (p: string) => `http://127.0.0.1:${server.addr.port}/${p}`,
    requests: () => requests,
    release,
    async close() {
      release();
      await server.shutdown();
    },
  };
}

Deno.test("fill killed with SIGKILL: no visible copy; swept once old and ownerless, never while alive", async () => {
  const w = await tempWorld();
  const server = holdingServer(await Deno.readFile(fixture("image.png")));
  try {
    const src = await runOk(w, ["draft", "create", "--name", "Template"]);
    await runOk(w, [
      "images",
      "add",
      src.draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }]),
    ]);
    const fill = (p: string) => [
      "draft",
      "fill",
      src.draftId,
      "--name",
      "Filled",
      "--media",
      JSON.stringify({ "image.png": server.url(p) }),
    ];

    const killed = spawnCli(fill("a.png"), w.env);
    await until("the fill's download", () => server.requests() === 1, killed);
    assertEquals(hidden(w.draftsDir, "copying").length, 1);
    killed.kill("SIGKILL");
    await killed.output();
    assertEquals(visible(w.draftsDir), [src.draftId], "no half-filled copy appears");
    const list = await runOk(w, ["draft", "list"]) as unknown as Json[];
    assertEquals(list.map((d) => d.draftId), [src.draftId]);
    assertEquals(hidden(w.draftsDir, "copying").length, 1, "young leftovers are left alone");

    // A live fill's hidden folder survives a sweep that counts every leftover as old.
    const alive = spawnCli(fill("b.png"), w.env);
    await until("the second fill's download", () => server.requests() === 2, alive);
    const swept = { ...w.env, DRAFTCLI_LEFTOVER_AGE_MS: "0" };
    assertEquals((await runCli(["draft", "list"], { env: swept })).code, 0);
    assertEquals(hidden(w.draftsDir, "copying").length, 1, "the dead fill's folder is gone");
    server.release();
    const done = await alive.output();
    const out = JSON.parse(new TextDecoder().decode(done.stdout));
    assertEquals(done.code, 0, new TextDecoder().decode(done.stderr));
    assertEquals([out.replaced.media, out.filePath], [1, join(w.draftsDir, out.draftId)]);
    assertEquals(visible(w.draftsDir), [src.draftId, out.draftId].sort());
    assertEquals(hidden(w.draftsDir, "copying"), []);
  } finally {
    await server.close();
    await w.cleanup();
  }
});

Deno.test("an interrupted delete is finished; a live owner's folder and young ones are kept", async () => {
  const w = await tempWorld();
  try {
    const old = new Date(Date.now() - 3600_000);
    const make = (name: string, files: number) => {
      const dir = join(w.draftsDir, name);
      Deno.mkdirSync(join(dir, "resources"), { recursive: true });
      for (let i = 0; i < files; i++) Deno.writeTextFileSync(join(dir, "resources", `${i}`), "x");
      return dir;
    };
    const grave = make(".0A1B2C3D-1111-4222-8333-444455556666.deleting-0123abcd", 500);
    Deno.utimeSync(grave, old, old);
    const owned = make(".AAAAAAAA-1111-4222-8333-444455556666.creating", 3);
    Deno.mkdirSync(join(owned, ".draftcli"));
    const holder = await holdLock(join(owned, ".draftcli", "owner.json"));
    Deno.utimeSync(owned, old, old);
    const young = make(".BBBBBBBB-1111-4222-8333-444455556666.importing", 3);
    // Not draftcli's: a hidden folder of another shape, and a visible one.
    const other = make(".keep.me", 1);
    Deno.utimeSync(other, old, old);
    make("not-a-draft.creating", 1);

    const r = await runCli(["draft", "create", "--name", "After"], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const id = (r.json as Json).draftId;
    assertEquals(
      entries(w.draftsDir).filter((n) => !n.endsWith(".lock")),
      [
        ".AAAAAAAA-1111-4222-8333-444455556666.creating",
        ".BBBBBBBB-1111-4222-8333-444455556666.importing",
        ".keep.me",
        id,
        "not-a-draft.creating",
      ].sort(),
    );
    await holder.release();
    assert(Deno.statSync(young).isDirectory);
    const list = await runCli(["draft", "list"], {
      env: { ...w.env, DRAFTCLI_LEFTOVER_AGE_MS: "0" },
    });
    assertEquals(list.code, 0, list.stderr);
    assertEquals(
      entries(w.draftsDir).filter((n) => !n.endsWith(".lock")),
      [
        ".keep.me",
        id,
        "not-a-draft.creating",
      ].sort(),
    );
  } finally {
    await w.cleanup();
  }
});

Deno.test("cache temps of killed writers are swept once old", async () => {
  const w = await tempWorld();
  try {
    const cache = cacheDir(w.env)!;
    Deno.mkdirSync(cache, { recursive: true });
    const stale = join(cache, "locations.json.dead0001.draftcli-tmp");
    const fresh = join(cache, "locations.json.live0001.draftcli-tmp");
    Deno.writeTextFileSync(stale, "{");
    Deno.writeTextFileSync(fresh, "{");
    const old = new Date(Date.now() - 3600_000);
    Deno.utimeSync(stale, old, old);
    const d = await runOk(w, ["draft", "create", "--name", "One"]);
    // Found by the scan once its folder no longer carries its id: remembered in the cache.
    Deno.renameSync(d.filePath, join(w.draftsDir, "moved"));
    await runOk(w, ["draft", "info", d.draftId]);
    assertEquals(entries(cache), ["locations.json", "locations.json.live0001.draftcli-tmp"]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("an add racing a delete never re-creates the deleted folder", async () => {
  const w = await tempWorld();
  try {
    const d = await runOk(w, ["draft", "create", "--name", "Racing"]);
    // A large local image: placing it hashes 256 MiB first, so the add is still before the
    // placement when it is stopped; it is stopped while the draft is deleted.
    const big = join(w.root, "big.png");
    Deno.writeFileSync(big, await Deno.readFile(fixture("image.png")));
    Deno.truncateSync(big, 2 ** 28);
    const add = spawnCli([
      "images",
      "add",
      d.draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: big, start: 0, end: 1_000_000 }]),
    ], w.env);
    const staging = join(d.filePath, ".draftcli", "staging");
    await until("the add's staging folder", () => {
      try {
        return entries(staging).length > 0;
      } catch {
        return false;
      }
    }, add);
    add.kill("SIGSTOP");
    const del = await runCli(["draft", "delete", d.draftId, "--yes"], { env: w.env });
    add.kill("SIGCONT");
    assertEquals(del.code, 0, del.stderr);
    const out = await add.output();
    const err = new TextDecoder().decode(out.stderr);
    assertEquals(out.code, 3, err);
    assert(err.includes('"draft_not_found"'), err);
    assert(!(await Deno.lstat(d.filePath).then(() => true, () => false)), "folder stays gone");
    assertEquals(entries(w.draftsDir).filter((n) => !n.endsWith(".lock")), []);
  } finally {
    await w.cleanup();
  }
});
