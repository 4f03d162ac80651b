/**
 * The opt-in warm server (DRAFTCLI_WARM=1, src/warm/), end to end through real subprocesses:
 * off by default, a first call that runs in-process and starts a server, later calls served by
 * it with the same bytes as an in-process run, and a server that ignores bad frames, replaces a
 * stale socket, refuses an unsafe folder and stops when idle, when its socket goes or on
 * SIGTERM. Each test has its own XDG_RUNTIME_DIR and world, and stops the server it started.
 */
import {
  deepStrictEqual as assertEquals,
  notDeepStrictEqual as assertNotEquals,
  ok as assert,
} from "node:assert/strict";
import {
  cliCommand,
  type CliResult,
  cliResult,
  fixture,
  hermeticEnv,
  runCli,
  spawnCli,
  type TempWorld,
  tempWorld,
} from "./helpers/cli.ts";
import {
  MAX_ITEMS,
  MAX_SOCKET_PATH,
  programIdentity,
  PROTOCOL,
  SERVER_ARG,
  warmPaths,
} from "../src/warm/client.ts";
import { fileURLToPath } from "node:url";
import { tempDir } from "./helpers/temp.ts";
import { parseRequest, QUEUE_WAIT_MS, queueWaitMs, replaceEnv } from "../src/warm/warm_server.ts";
import { serverCommand } from "../src/warm/start.ts";

/** A world with the warm server opted in, its folder under the world's own runtime dir. */
interface WarmWorld extends TempWorld {
  runtime: string;
  /** The world's variables with DRAFTCLI_WARM=1. */
  warm: Record<string, string>;
}

async function warmWorld(extra: Record<string, string> = {}): Promise<WarmWorld> {
  const world = await tempWorld();
  const runtime = `${world.root}/run`;
  // A socket path over the system's bound would leave the warm path off and each test waiting.
  const socketBytes = new TextEncoder().encode(`${runtime}/draftcli/${"0".repeat(16)}.sock`).length;
  assert(socketBytes <= MAX_SOCKET_PATH, `TMPDIR is too deep for a Unix socket (${socketBytes} B)`);
  await Deno.mkdir(runtime, { mode: 0o700 });
  await Deno.chmod(runtime, 0o700);
  const env = { ...world.env, XDG_RUNTIME_DIR: runtime };
  return {
    ...world,
    env,
    runtime,
    // A long queue limit: a call that comes during a warm-up step (slow on a busy machine) is
    // served, not declined; the test of declining sets the default limit again.
    warm: {
      ...env,
      DRAFTCLI_WARM: "1",
      DRAFTCLI_WARM_IDLE_MS: "120000",
      DRAFTCLI_WARM_QUEUE_MS: "60000",
      ...extra,
    },
  };
}

/** The warm server's folder of a world. */
function folder(w: WarmWorld): string {
  return `${w.runtime}/draftcli`;
}

/** Names in a folder (none when it is missing). */
function names(dir: string): string[] {
  try {
    return [...Deno.readDirSync(dir)].map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/** A server's status file, and its socket's path. */
interface Status {
  pid: number;
  served: number;
  warmedUp: boolean;
  socket: string;
}

/** The server's status (`{ pid, served, warmedUp }`) and socket path, when one is listening. */
function status(w: WarmWorld): Status | undefined {
  const file = names(folder(w)).find((n) => n.endsWith(".status.json"));
  if (!file) return undefined;
  try {
    const s = JSON.parse(Deno.readTextFileSync(`${folder(w)}/${file}`));
    return { ...s, socket: `${folder(w)}/${file.replace(/\.status\.json$/, ".sock")}` };
  } catch {
    return undefined; // being replaced
  }
}

/** True while process `pid` exists. */
function alive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return !/^\d+ \(.*\) Z /.test(stat); // a zombie has exited
  } catch {
    return false;
  }
}

/** Waits until `ready()` holds (a generous deadline, not a timing assertion). */
async function until(what: string, ready: () => boolean): Promise<void> {
  for (let i = 0; i < 2400; i++) {
    if (ready()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Waits for the world's server to listen; its status. */
async function serverUp(w: WarmWorld): Promise<Status> {
  await until("the warm server", () => status(w) !== undefined);
  return status(w)!;
}

/**
 * Waits until the server's status counts `n` served calls (it is written just after the answer)
 * and checks that it does not count more.
 */
async function servedCount(w: WarmWorld, n: number): Promise<void> {
  await until(`${n} served calls`, () => (status(w)?.served ?? 0) >= n);
  assertEquals(status(w)?.served, n);
}

/** Stops the world's server, if any (SIGTERM), and waits until it exited. */
async function stopServer(w: WarmWorld): Promise<void> {
  const s = status(w);
  if (!s) return;
  try {
    Deno.kill(s.pid, "SIGTERM");
  } catch { /* gone */ }
  await until("the warm server to exit", () => !alive(s.pid));
}

/** Runs `fn` with a warm world, then stops its server and removes it. */
async function withWarm(
  fn: (w: WarmWorld) => Promise<void>,
  extra: Record<string, string> = {},
): Promise<void> {
  const w = await warmWorld(extra);
  try {
    await fn(w);
  } finally {
    await stopServer(w);
    await w.cleanup();
  }
}

/** The bytes a caller sees: exit code, stdout, stderr. */
function seen(r: CliResult): [number, string, string] {
  return [r.code, r.stdout, r.stderr];
}

/** Creates a draft; its id. */
async function createDraft(env: Record<string, string>): Promise<string> {
  return (await createDraftAt(env)).draftId;
}

/** Creates a draft; its id and folder. */
async function createDraftAt(
  env: Record<string, string>,
): Promise<{ draftId: string; filePath: string }> {
  const r = await runCli(["draft", "create", "--name", "warm"], { env });
  assertEquals(r.code, 0, r.stderr);
  return r.json as { draftId: string; filePath: string };
}

Deno.test("warm: off by default, no socket or folder is ever made", async () => {
  const w = await warmWorld();
  try {
    const id = await createDraft(w.env);
    for (const env of [w.env, { ...w.env, DRAFTCLI_WARM: "0" }]) {
      assertEquals((await runCli(["draft", "info", id], { env })).code, 0);
    }
    assertEquals(names(w.runtime), []);
  } finally {
    await w.cleanup();
  }
});

Deno.test("warm: the test helpers never pass the opt-in through", () => {
  const before = Deno.env.get("DRAFTCLI_WARM");
  Deno.env.set("DRAFTCLI_WARM", "1");
  try {
    const env = hermeticEnv();
    assertEquals(env.DRAFTCLI_WARM, undefined);
    assertEquals(env.XDG_RUNTIME_DIR, undefined);
  } finally {
    if (before === undefined) Deno.env.delete("DRAFTCLI_WARM");
    else Deno.env.set("DRAFTCLI_WARM", before);
  }
});

Deno.test("warm: the client module main.ts loads imports nothing", async () => {
  const client = await Deno.readTextFile(new URL("../src/warm/client.ts", import.meta.url));
  assertEquals(client.match(/^\s*(import|export)\b.*\bfrom\s/gm), null);
  assertEquals(client.match(/\bimport\s*\(/g), null);
});

Deno.test("warm: main.ts knows the server argument the starter passes", async () => {
  const main = await Deno.readTextFile(new URL("../main.ts", import.meta.url));
  assert(main.includes(`"${SERVER_ARG}"`));
});

Deno.test("warm: a first call runs in-process and starts a server; later calls are served by it with the same bytes", async () => {
  await withWarm(async (w) => {
    // The first call finds no server: it runs here, then starts one.
    const { draftId: id, filePath } = await createDraftAt(w.warm);
    const first = await serverUp(w);
    assertEquals(first.served, 0);
    // From `deno run` the server runs without the V8 code cache; a binary runs itself.
    const argv = Deno.readTextFileSync(`/proc/${first.pid}/cmdline`).split("\0").slice(0, -1);
    if (Deno.env.get("DRAFTCLI_BIN")) assertEquals(argv.slice(1), [SERVER_ARG]);
    else {
      const flags = argv.slice(0, argv.indexOf(SERVER_ARG) - 1);
      assert(flags.includes("--no-code-cache"), argv.join(" "));
    }
    const other = `${w.root}/elsewhere`;
    await Deno.mkdir(other);
    await Deno.writeTextFile(
      `${other}/bad.json`,
      JSON.stringify([{ text: "x", start: 5, end: 1 }]),
    );
    const calls: { args: string[]; cwd?: string }[] = [
      { args: ["draft", "info", id] },
      { args: ["draft", "info", id, "--pretty"] },
      { args: ["--pretty", "draft", "list"] },
      { args: ["draft", "info", "NO-SUCH-DRAFT"] }, // an error: exit code and stderr JSON
      { args: ["captions", "add", id, "--captions", "@bad.json"], cwd: other }, // relative @file
      { args: ["captions", "add", id, "--captions", "@bad.json"] }, // no such file here
      { args: ["no-such-command"] },
    ];
    let served = 0;
    for (const c of calls) {
      const warm = await runCli(c.args, { env: w.warm, cwd: c.cwd });
      served++;
      await servedCount(w, served);
      const here = await runCli(c.args, { env: w.env, cwd: c.cwd });
      assertEquals(seen(warm), seen(here), c.args.join(" "));
    }
    // A change made through the server, from another folder with a relative @file.
    await Deno.writeTextFile(
      `${other}/caps.json`,
      JSON.stringify([{ text: "warm caption", start: 0, end: 1_000_000 }]),
    );
    const added = await runCli(["captions", "add", id, "--captions", "@caps.json"], {
      env: w.warm,
      cwd: other,
    });
    assertEquals(added.code, 0, added.stderr);
    await servedCount(w, ++served);
    assert((await Deno.readTextFile(`${filePath}/draft_content.json`)).includes("warm caption"));
    // Still the same server process.
    assertEquals(status(w)?.pid, first.pid);
  });
});

Deno.test("warm: the server command: `deno run` without the code cache, or a binary itself", () => {
  const run = serverCommand("/opt/deno/bin/deno")!;
  assertEquals(run.slice(0, 2), ["/opt/deno/bin/deno", "run"]);
  assertEquals(run.at(-1), SERVER_ARG);
  // Before the entry file (after it, it would be one of the program's own arguments).
  const at = run.indexOf("--no-code-cache");
  assert(at > 1 && at < run.length - 2, run.join(" "));
  assertEquals(serverCommand("/usr/local/bin/draftcli"), ["/usr/local/bin/draftcli", SERVER_ARG]);
});

/** The warm-up folders in a world's server folder. */
function warmUpFolders(w: WarmWorld): string[] {
  return names(folder(w)).filter((n) => n.includes(".warmup-"));
}

Deno.test("warm: the server warms up on a scratch draft of its own and leaves nothing behind", async () => {
  await withWarm(async (w) => {
    const { draftId: id } = await createDraftAt(w.warm);
    const up = await serverUp(w);
    await until("the warm-up to end", () => status(w)?.warmedUp === true);
    const name = up.socket.slice(up.socket.lastIndexOf("/") + 1);
    assertEquals(names(folder(w)), [name, name.replace(/\.sock$/, ".status.json")]);
    // Its drafts were in its own folder: the caller's drafts folder and cache hold only theirs.
    assertEquals(names(w.draftsDir), [id]);
    const warm = await runCli(["draft", "list"], { env: w.warm });
    await servedCount(w, 1);
    assertEquals(seen(warm), seen(await runCli(["draft", "list"], { env: w.env })));
  }, { DRAFTCLI_WARM_UP_ROUNDS: "2" });
});

Deno.test("warm: a call during the warm-up runs in its own folder and environment; SIGTERM then leaves nothing", async () => {
  // A warm-up that outlasts the test: every call below comes while it runs.
  await withWarm(async (w) => {
    const { draftId: id, filePath } = await createDraftAt(w.warm);
    const { pid } = await serverUp(w);
    await until("the warm-up to start", () => warmUpFolders(w).length === 1);
    const other = `${w.root}/elsewhere`;
    await Deno.mkdir(other);
    await Deno.writeTextFile(
      `${other}/caps.json`,
      JSON.stringify([{ text: "during warm-up", start: 0, end: 1_000_000 }]),
    );
    const args = ["captions", "add", id, "--captions", "@caps.json"];
    const added = await runCli(args, { env: w.warm, cwd: other });
    assertEquals(added.code, 0, added.stderr);
    await servedCount(w, 1);
    const text = await Deno.readTextFile(`${filePath}/draft_content.json`);
    assert(text.includes("during warm-up"));
    const info = ["draft", "info", id];
    assertEquals(
      seen(await runCli(info, { env: w.warm })),
      seen(await runCli(info, { env: w.env })),
    );
    await servedCount(w, 2);
    assertEquals(status(w)?.warmedUp, false);
    Deno.kill(pid, "SIGTERM");
    await until("the server to exit", () => !alive(pid));
    assertEquals(names(folder(w)), []);
  }, { DRAFTCLI_WARM_UP_ROUNDS: "1000000" });
});

Deno.test("warm: a warm-up folder left by a killed server is removed by the next one", async () => {
  await withWarm(async (w) => {
    const id = await createDraft(w.warm);
    const killed = await serverUp(w);
    await until("the warm-up to start", () => warmUpFolders(w).length === 1);
    const [left] = warmUpFolders(w);
    Deno.kill(killed.pid, "SIGKILL");
    await until("the server to exit", () => !alive(killed.pid));
    // Its socket is stale now: the next call runs in-process and starts a new server.
    assertEquals((await runCli(["draft", "info", id], { env: w.warm })).code, 0);
    await until("a new server", () => (status(w)?.pid ?? killed.pid) !== killed.pid);
    await until(
      "the new warm-up",
      () => warmUpFolders(w).length === 1 && !warmUpFolders(w).includes(left),
    );
  }, { DRAFTCLI_WARM_UP_ROUNDS: "1000000" });
});

Deno.test("warm: each call gets its own environment (a different drafts folder per call)", async () => {
  await withWarm(async (w) => {
    const a = `${w.root}/drafts-a`, b = `${w.root}/drafts-b`;
    await Deno.mkdir(a);
    await Deno.mkdir(b);
    const idA = await createDraft({ ...w.warm, DRAFTCLI_DRAFTS_DIR: a });
    await serverUp(w);
    const idB = await createDraft({ ...w.warm, DRAFTCLI_DRAFTS_DIR: b });
    await servedCount(w, 1);
    for (const [dir, id, notId] of [[a, idA, idB], [b, idB, idA]]) {
      const warm = await runCli(["draft", "list"], {
        env: { ...w.warm, DRAFTCLI_DRAFTS_DIR: dir },
      });
      const here = await runCli(["draft", "list"], { env: { ...w.env, DRAFTCLI_DRAFTS_DIR: dir } });
      assertEquals(seen(warm), seen(here));
      assert(warm.stdout.includes(id) && !warm.stdout.includes(notId));
    }
    // A variable of one call is gone for the next (the server's environment is replaced): the
    // drafts folder is then the default one under HOME.
    const { DRAFTCLI_DRAFTS_DIR: _w, ...warmNoDir } = w.warm;
    const { DRAFTCLI_DRAFTS_DIR: _h, ...hereNoDir } = w.env;
    const missing = await runCli(["draft", "info", idA], { env: warmNoDir });
    assertEquals(seen(missing), seen(await runCli(["draft", "info", idA], { env: hereNoDir })));
    assertEquals(missing.error?.code, "draft_not_found");
    assert(missing.stderr.includes(w.home));
    await servedCount(w, 4);
  });
});

Deno.test("warm: a call that reads stdin runs in-process", async () => {
  await withWarm(async (w) => {
    const id = await createDraft(w.warm);
    await serverUp(w);
    const r = await runCli(["captions", "add", id, "--captions", "@-"], {
      env: w.warm,
      stdin: JSON.stringify([{ text: "from stdin", start: 0, end: 1_000_000 }]),
    });
    assertEquals(r.code, 0, r.stderr);
    // The next call is the first the server serves.
    assertEquals((await runCli(["draft", "info", id], { env: w.warm })).code, 0);
    await servedCount(w, 1);
  });
});

Deno.test("warm: a garbage or oversized frame closes its connection and changes nothing", async () => {
  await withWarm(async (w) => {
    const id = await createDraft(w.warm);
    const { socket } = await serverUp(w);
    const frames = [
      Uint8Array.of(0, 0, 0, 5, ...new TextEncoder().encode("hello")), // not JSON
      Uint8Array.of(0xff, 0xff, 0xff, 0xff), // over the size cap
      (() => { // JSON, but not a request of this protocol
        const body = new TextEncoder().encode(JSON.stringify({ v: 99, argv: ["draft", "list"] }));
        return Uint8Array.of(0, 0, 0, body.length, ...body);
      })(),
    ];
    for (const frame of frames) {
      const conn = await Deno.connect({ transport: "unix", path: socket });
      try {
        await conn.write(frame);
        const buf = new Uint8Array(16);
        assertEquals(await conn.read(buf), null); // closed, no answer
      } finally {
        conn.close();
      }
    }
    const r = await runCli(["draft", "info", id], { env: w.warm });
    assertEquals(r.code, 0);
    await servedCount(w, 1);
  });
});

Deno.test("warm: a stale or foreign socket file is replaced by a new server", async () => {
  await withWarm(async (w) => {
    const id = await createDraft(w.warm);
    const { socket, pid } = await serverUp(w);
    await stopServer(w);
    assertEquals(names(folder(w)), []); // SIGTERM removed its socket and status
    // A plain file where the socket goes.
    await Deno.writeTextFile(socket, "not a socket");
    const viaFile = await runCli(["draft", "info", id], { env: w.warm });
    assertEquals(seen(viaFile), seen(await runCli(["draft", "info", id], { env: w.env })));
    const second = await serverUp(w);
    assertNotEquals(second.pid, pid);
    assertEquals((await runCli(["draft", "info", id], { env: w.warm })).code, 0);
    await servedCount(w, 1);
    await stopServer(w);
    // A listener that answers garbage (bound elsewhere and moved in, as the server does).
    const temp = `${folder(w)}/foreign.sock`;
    const foreign = Deno.listen({ transport: "unix", path: temp });
    Deno.renameSync(temp, socket);
    const answering = (async () => {
      for await (const conn of foreign) {
        await conn.write(new TextEncoder().encode("garbage!garbage!")).catch(() => {});
        conn.close();
      }
    })();
    try {
      const viaForeign = await runCli(["draft", "info", id], { env: w.warm });
      assertEquals(seen(viaForeign), seen(await runCli(["draft", "info", id], { env: w.env })));
      const third = await serverUp(w);
      assertEquals((await runCli(["draft", "info", id], { env: w.warm })).code, 0);
      await servedCount(w, 1);
      assertEquals(status(w)?.pid, third.pid);
    } finally {
      foreign.close();
      await answering.catch(() => {});
    }
  });
});

Deno.test("warm: a folder open to others is not used", async () => {
  const w = await warmWorld();
  try {
    await Deno.mkdir(folder(w));
    await Deno.chmod(folder(w), 0o755);
    const id = await createDraft(w.warm);
    const r = await runCli(["draft", "info", id], { env: w.warm });
    assertEquals(seen(r), seen(await runCli(["draft", "info", id], { env: w.env })));
    assertEquals(names(folder(w)), []);
    // A link to a private folder is not used either.
    const real = `${w.root}/private`;
    await Deno.mkdir(real, { mode: 0o700 });
    await Deno.remove(folder(w));
    await Deno.symlink(real, folder(w));
    assertEquals((await runCli(["draft", "info", id], { env: w.warm })).code, 0);
    assertEquals(names(real), []);
  } finally {
    await stopServer(w);
    await w.cleanup();
  }
});

Deno.test("warm: a socket path up to the system's 107 bytes is used, a longer one is not", async () => {
  const dir = await tempDir();
  try {
    // `<runtime>/draftcli/<16 hex>.sock`: pad the runtime folder's name to the wanted length.
    const runtimeFor = (socketBytes: number) => {
      const base = `${dir.path}/r`;
      const pad = socketBytes - `${base}/draftcli/${"0".repeat(16)}.sock`.length;
      const runtime = base + "x".repeat(pad);
      Deno.mkdirSync(runtime, { mode: 0o700 });
      return runtime;
    };
    const fits = warmPaths("0.0.0", { XDG_RUNTIME_DIR: runtimeFor(MAX_SOCKET_PATH) });
    assertEquals(fits && new TextEncoder().encode(fits.socket).length, MAX_SOCKET_PATH);
    const long = warmPaths("0.0.0", { XDG_RUNTIME_DIR: runtimeFor(MAX_SOCKET_PATH + 1) });
    assertEquals(long, undefined);
  } finally {
    await dir.remove();
  }
});

Deno.test("warm: the server stops when idle, and when its socket is removed", async () => {
  await withWarm(async (w) => {
    await createDraft(w.warm);
    const { pid } = await serverUp(w);
    await until("the idle server to exit", () => !alive(pid));
    assertEquals(names(folder(w)), []);
  }, { DRAFTCLI_WARM_IDLE_MS: "300" });
  await withWarm(async (w) => {
    await createDraft(w.warm);
    const { pid, socket } = await serverUp(w);
    await Deno.remove(socket);
    await until("the server to notice its socket is gone", () => !alive(pid));
  });
});

Deno.test("warm: the server argument alone starts nothing without a usable folder", async () => {
  const w = await warmWorld();
  try {
    await Deno.chmod(w.runtime, 0o777);
    await Deno.mkdir(folder(w));
    await Deno.chmod(folder(w), 0o777);
    const r = await runCli([SERVER_ARG], { env: w.warm });
    assertEquals(r.code, 0);
    assertEquals(names(folder(w)), []);
  } finally {
    await w.cleanup();
  }
});

Deno.test("warm: the server takes a call's environment as its own, exactly", () => {
  const saved = { ...Deno.env.toObject() };
  try {
    const { PATH: _, ...rest } = saved;
    replaceEnv({ ...rest, DRAFTCLI_WARM_TEST: "a=b c" });
    assertEquals(Deno.env.get("PATH"), undefined);
    assertEquals({ ...Deno.env.toObject() }, { ...rest, DRAFTCLI_WARM_TEST: "a=b c" });
  } finally {
    replaceEnv(saved);
  }
  assertEquals({ ...Deno.env.toObject() }, saved);
});

Deno.test("warm: the program identity names the entry file by its path, with its size and time", () => {
  const entry = fileURLToPath(Deno.mainModule);
  const st = Deno.statSync(entry);
  const id = programIdentity("9.9.9");
  assert(id.startsWith(`${PROTOCOL}|9.9.9|${Deno.execPath()}|`), id);
  assert(id.endsWith(`|${entry}|${st.size}:${st.mtime?.getTime()}`), id);
});

Deno.test("warm: a variable named like an object's own member is replaced like any other", () => {
  const saved = { ...Deno.env.toObject() };
  try {
    // The call's environment is parsed from JSON: an object with the usual prototype.
    replaceEnv({ ...JSON.parse(JSON.stringify(saved)), toString: "a", constructor: "b" });
    assertEquals([Deno.env.get("toString"), Deno.env.get("constructor")], ["a", "b"]);
    replaceEnv(JSON.parse(JSON.stringify({ ...saved, __proto__x: "c" })));
    assertEquals([Deno.env.get("toString"), Deno.env.get("constructor")], [undefined, undefined]);
    assertEquals({ ...Deno.env.toObject() }, { ...saved, __proto__x: "c" });
  } finally {
    replaceEnv(saved);
  }
  assertEquals({ ...Deno.env.toObject() }, saved);
});

Deno.test("warm: the queue's limit is DRAFTCLI_WARM_QUEUE_MS when a positive integer", () => {
  assertEquals(queueWaitMs(undefined), QUEUE_WAIT_MS);
  assertEquals(queueWaitMs("250"), 250);
  for (const bad of ["", "0", "-5", "1.5", "abc", "1e400"]) {
    assertEquals(queueWaitMs(bad), QUEUE_WAIT_MS, bad);
  }
});

Deno.test("warm: a request frame is checked before anything runs", () => {
  const frame = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const good = {
    v: PROTOCOL,
    id: "x",
    argv: ["draft", "list"],
    cwd: "/tmp",
    env: { A: "1" },
    umask: 0o022,
  };
  assertEquals(parseRequest(frame(good)), good);
  const bad: unknown[] = [
    { ...good, v: PROTOCOL + 1 },
    { ...good, id: 1 },
    { ...good, argv: "draft list" },
    { ...good, argv: [1] },
    { ...good, argv: ["a\0b"] },
    { ...good, argv: Array(MAX_ITEMS + 1).fill("x") },
    { ...good, cwd: "relative" },
    { ...good, env: [] },
    { ...good, env: { "A=B": "1" } },
    { ...good, env: { A: 1 } },
    { ...good, umask: undefined },
    { ...good, umask: -1 },
    { ...good, umask: 0o1000 },
    { ...good, umask: 1.5 },
    { ...good, umask: "18" },
    [good],
    null,
  ];
  for (const b of bad) assertEquals(parseRequest(frame(b)), undefined, JSON.stringify(b));
  assertEquals(parseRequest(Uint8Array.of(0xff, 0xfe)), undefined); // not UTF-8
});

/**
 * An HTTP server on 127.0.0.1 that answers with a PNG only once `release()` is called;
 * `downloading` settles when a request has come in (a call is then running in the server).
 */
async function heldImageServer(): Promise<{
  http: Deno.HttpServer<Deno.NetAddr>;
  downloading: Promise<void>;
  release: () => void;
  /** The argv of an `images add` of one image from this server into `draftId`. */
  addArgv: (draftId: string) => string[];
}> {
  const png = await Deno.readFile(fixture("image.png"));
  let requested!: () => void;
  const downloading = new Promise<void>((r) => requested = r);
  let release!: () => void;
  const released = new Promise<void>((r) => release = r);
  const http = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    requested();
    await released;
    return new Response(png);
  });
  const addArgv = (draftId: string) => [
    "images",
    "add",
    draftId,
    "--image-infos",
    JSON.stringify([{
      imageUrl: `http://127.0.0.1:${http.addr.port}/pic.png`,
      start: 0,
      end: 1_000_000,
    }]),
  ];
  return { http, downloading, release, addArgv };
}

Deno.test("warm: SIGTERM during a call stops the server only after the call has ended", async () => {
  // The image download waits until the test lets it go, so the call is running at SIGTERM.
  const { http, downloading, release, addArgv } = await heldImageServer();
  try {
    await withWarm(async (w) => {
      const { draftId, filePath } = await createDraftAt(w.warm);
      const { pid, socket } = await serverUp(w);
      const call = runCli(addArgv(draftId), { env: w.warm });
      await downloading;
      Deno.kill(pid, "SIGTERM");
      // It stops taking calls at once (its socket goes), and finishes the one it runs.
      await until(
        "the socket to be removed",
        () => !names(folder(w)).includes(socket.slice(socket.lastIndexOf("/") + 1)),
      );
      assert(alive(pid));
      release();
      const r = await call;
      assertEquals(r.code, 0, r.stderr);
      assertEquals([...Deno.readDirSync(`${filePath}/resources`)].length, 1);
      await until("the server to exit", () => !alive(pid));
      assertEquals(names(folder(w)), []); // the call's end wrote no status back
    });
  } finally {
    release();
    await http.shutdown();
  }
});

Deno.test("warm: a client killed during its call leaves the server finishing it", async () => {
  const { http, downloading, release, addArgv } = await heldImageServer();
  try {
    await withWarm(async (w) => {
      const { draftId, filePath } = await createDraftAt(w.warm);
      const { pid } = await serverUp(w);
      const client = spawnCli(addArgv(draftId), w.warm, { cwd: w.root, output: "null" });
      await downloading;
      client.kill("SIGKILL");
      await client.status;
      release();
      await servedCount(w, 1); // the call ended in the server
      assertEquals([...Deno.readDirSync(`${filePath}/resources`)].length, 1);
      assert((await Deno.readTextFile(`${filePath}/draft_content.json`)).includes("resources/"));
      assertEquals(status(w)?.pid, pid);
      assertEquals((await runCli(["draft", "info", draftId], { env: w.warm })).code, 0);
      await servedCount(w, 2);
    });
  } finally {
    release();
    await http.shutdown();
  }
});

Deno.test("warm: a call that would wait behind a long one runs in its caller's process", async () => {
  const { http, downloading, release, addArgv } = await heldImageServer();
  let deadline: ReturnType<typeof setTimeout> | undefined;
  try {
    await withWarm(async (w) => {
      const { draftId: held } = await createDraftAt(w.warm);
      await serverUp(w);
      const other = await createDraft(w.warm); // served
      await servedCount(w, 1);
      const call = runCli(addArgv(held), { env: w.warm });
      await downloading; // the server is running the held add
      // A hang guard, not a timing check: the info call must end while the add is still held.
      const stuck = new Promise<"stuck">((r) => deadline = setTimeout(() => r("stuck"), 60_000));
      const info = runCli(["draft", "info", other], { env: w.warm });
      const first = await Promise.race([info.then(() => "info" as const), stuck]);
      release();
      assertEquals(first, "info");
      assertEquals(seen(await info), seen(await runCli(["draft", "info", other], { env: w.env })));
      assertEquals((await call).code, 0);
      await servedCount(w, 2); // the create and the add; the declined call is not counted
    }, { DRAFTCLI_WARM_QUEUE_MS: String(QUEUE_WAIT_MS) });
  } finally {
    clearTimeout(deadline);
    release();
    await http.shutdown();
  }
});

Deno.test("warm: files a served call creates get the caller's file mode creation mask", async () => {
  if (Deno.build.os === "windows") return;
  await withWarm(async (w) => {
    await createDraft(w.warm); // starts the server, with the tests' mask
    await serverUp(w);
    const { cmd, args } = cliCommand();
    // The client under another mask (`sh` sets it and runs the CLI in its place).
    const create = async (mask: string) => {
      const out = await new Deno.Command("sh", {
        args: ["-c", `umask ${mask} && exec "$0" "$@"`, cmd, ...args, "draft", "create"],
        env: hermeticEnv(w.warm),
        clearEnv: true,
        cwd: w.root,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = (b: Uint8Array) => new TextDecoder().decode(b);
      const r = cliResult(out.code, text(out.stdout), text(out.stderr));
      assertEquals(r.code, 0, r.stderr);
      return (r.json as { filePath: string }).filePath;
    };
    const mode = (path: string) => Deno.statSync(path).mode! & 0o777;
    const closed = await create("077");
    await servedCount(w, 1);
    const open = await create("022");
    await servedCount(w, 2);
    assertEquals([mode(closed), mode(`${closed}/draft_content.json`)], [0o700, 0o600]);
    assertEquals([mode(open), mode(`${open}/draft_content.json`)], [0o755, 0o644]);
  });
});

Deno.test("warm: a served add frees the files it replaced after its answer, leaving no trace", async () => {
  await withWarm(async (w) => {
    const { draftId, filePath } = await createDraftAt(w.warm);
    await serverUp(w);
    // A draft draftcli did not make (no state folder): a write leaves nothing of draftcli in it.
    await Deno.remove(`${filePath}/.draftcli`, { recursive: true });
    const caption = (text: string) => JSON.stringify([{ text, start: 0, end: 1_000_000 }]);
    const r = await runCli(["captions", "add", draftId, "--captions", caption("served")], {
      env: w.warm,
    });
    assertEquals(r.code, 0, r.stderr);
    await servedCount(w, 1);
    await until("the replaced files to be freed", () => !names(filePath).includes(".draftcli"));
    const content = await Deno.readTextFile(`${filePath}/draft_content.json`);
    assert(content.includes("served"));
    assertEquals(await Deno.readTextFile(`${filePath}/draft_info.json`), content);
  });
});
