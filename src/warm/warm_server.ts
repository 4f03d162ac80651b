/**
 * The warm server (DRAFTCLI_WARM=1): one resident draftcli process that runs the calls clients
 * forward to it (`client.ts`), one at a time, through the same `runApp` as an in-process run, so
 * that a call skips the runtime's module loading and cold code. A call that would wait behind
 * another for more than the queue's limit (DRAFTCLI_WARM_QUEUE_MS, default QUEUE_WAIT_MS) is declined: it runs in its caller's process instead. It
 * listens on a Unix socket in a folder only its user can enter (`warmFolder`), named after the
 * program's identity.
 *
 * Before each call it moves to the caller's folder and takes the caller's environment and file
 * mode creation mask as its own (every `Deno.cwd()` and `Deno.env` reader then sees the caller's
 * values, and files the call creates get the modes they would in-process), and its stdout and
 * stderr go back to the client as bytes. What stays in memory between calls is data that is the
 * same for every call: loaded modules, catalogs, compiled editor prototypes, the host name;
 * nothing read from a draft, the config file, the cache folder or the environment is kept (see
 * docs/performance.md).
 *
 * It stops after an idle time (DRAFTCLI_WARM_IDLE_MS, default 10 minutes), when its socket file
 * is removed or replaced, and on SIGTERM, removing its socket and status file; a call already
 * running is finished first (a client killed mid-call does not stop it).
 */
import { runApp } from "../cli/app.ts";
import { VERSION } from "../version.ts";
import { ignoreErrors, orUndefined } from "../files.ts";
import { deferFrees, runDeferredFrees } from "../store/deferred_frees.ts";
import { WarmUp, warmUpPrefix, warmUpRounds } from "./warm_up.ts";
import {
  answerFrame,
  Frame,
  FrameReader,
  MAX_ITEMS,
  MAX_REQUEST_BYTES,
  PROTOCOL,
  readAnswer,
  requestFrame,
  WARM_ENV,
  type WarmPaths,
  warmPaths,
  type WarmRequest,
  writeFully,
} from "./client.ts";

/** Default idle time before the server stops, in ms. */
const IDLE_MS = 10 * 60_000;

/** How often the server checks that its socket file is still its own, in ms. */
const WATCH_MS = 1_000;

/** How long after a call its count reaches the status file (a burst of calls writes it once), in ms. */
const STATUS_DELAY_MS = 50;

/**
 * How long a call may wait behind another one (or a warm-up step) before the server declines it,
 * in ms, by default: then it runs in the caller's own process (which costs about this much more
 * than a served call) instead of waiting for a long call (a large download) to end.
 */
export const QUEUE_WAIT_MS = 20;

/** The queue's limit: DRAFTCLI_WARM_QUEUE_MS when it is a positive integer, else QUEUE_WAIT_MS. */
export function queueWaitMs(value: string | undefined): number {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : QUEUE_WAIT_MS;
}

/** How long a connection may take to send its request, in ms. */
const REQUEST_WAIT_MS = 30_000;

const encoder = new TextEncoder();

/** The idle time: DRAFTCLI_WARM_IDLE_MS when it is a positive integer, else 10 minutes. */
export function idleMs(value: string | undefined): number {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : IDLE_MS;
}

/** The request in a frame body, or undefined when it is not a well-formed request. */
export function parseRequest(body: Uint8Array): WarmRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const r = value as Record<string, unknown>;
  if (r.v !== PROTOCOL || typeof r.id !== "string") return undefined;
  if (r.ping === true) {
    return { v: PROTOCOL, id: r.id, ping: true, argv: [], cwd: "/", env: {}, umask: 0o022 };
  }
  const { argv, cwd, env, umask } = r;
  if (typeof umask !== "number" || !Number.isInteger(umask) || umask < 0 || umask > 0o777) {
    return undefined;
  }
  if (!Array.isArray(argv) || argv.length > MAX_ITEMS) return undefined;
  if (!argv.every((a) => typeof a === "string" && !a.includes("\0"))) return undefined;
  if (typeof cwd !== "string" || !cwd.startsWith("/") || cwd.includes("\0")) return undefined;
  if (typeof env !== "object" || env === null || Array.isArray(env)) return undefined;
  const entries = Object.entries(env);
  if (entries.length > MAX_ITEMS) return undefined;
  for (const [k, v] of entries) {
    if (!k || k.includes("=") || k.includes("\0")) return undefined;
    if (typeof v !== "string" || v.includes("\0")) return undefined;
  }
  return { v: PROTOCOL, id: r.id, argv, cwd, env: env as Record<string, string>, umask };
}

/**
 * Makes the process environment exactly `env` (what every `Deno.env` reader then sees): compared
 * with one read of the whole environment, so only the variables that differ cost a call.
 */
export function replaceEnv(env: Record<string, string>): void {
  const current = Deno.env.toObject();
  for (const k of Object.keys(current)) if (!Object.hasOwn(env, k)) Deno.env.delete(k);
  for (const [k, v] of Object.entries(env)) {
    if (!Object.hasOwn(current, k) || current[k] !== v) Deno.env.set(k, v);
  }
}

/** The inode of `path` (undefined when it is missing). */
function inodeOf(path: string): number | undefined {
  return orUndefined(() => Deno.lstatSync(path).ino ?? undefined);
}

/** True when a warm server of identity `id` answers a ping on `socket`. */
async function answersPing(socket: string, id: string): Promise<boolean> {
  let conn: Deno.Conn;
  try {
    conn = await Deno.connect({ transport: "unix", path: socket });
  } catch {
    return false;
  }
  const timer = setTimeout(() => conn.close(), 2_000);
  try {
    await writeFully(
      conn,
      requestFrame({ v: PROTOCOL, id, ping: true, argv: [], cwd: "/", env: {}, umask: 0o022 }),
    );
    const frame = await readAnswer(new FrameReader(conn));
    return frame?.kind === Frame.pong && new TextDecoder().decode(frame.payload) === id;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* closed by the timer */ }
  }
}

/**
 * The frames of one answer, written in order and in as few writes as they come: a frame goes out
 * with the others made in the same turn of the event loop (`queued` with `started`, a call's
 * output with its exit code: one write, and one wake-up of the client, instead of one each), and
 * frames made while a write is under way go out together in the next. A client that went away
 * only loses them: the call goes on.
 */
class FrameWriter {
  #conn: Deno.Conn;
  #pending: Uint8Array[] = [];
  #flushing: Promise<void> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /**
   * Queues `frame`, written once the current turn of the event loop ends, or at once when `last`
   * (the last frame of an answer: nothing else is coming to wait for).
   */
  push(frame: Uint8Array, last = false): void {
    this.#pending.push(frame);
    if (last) this.#start();
    else this.#timer ??= setTimeout(() => this.#start(), 0);
  }

  /** Resolves when every queued frame is written (or the connection failed). */
  async drained(): Promise<void> {
    this.#start();
    while (this.#flushing) await this.#flushing;
  }

  /** Starts writing the queued frames unless a write is under way (which takes them next). */
  #start(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    // Only with frames to write: a flush of none would end before its promise is kept as the
    // write under way, and stay so.
    if (!this.#flushing && this.#pending.length) this.#flushing = this.#flush();
  }

  async #flush(): Promise<void> {
    try {
      while (this.#pending.length) {
        const frames = this.#pending.splice(0);
        const bytes = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
        let at = 0;
        for (const f of frames) {
          bytes.set(f, at);
          at += f.length;
        }
        await writeFully(this.#conn, bytes);
      }
    } catch {
      this.#pending = []; // the client is gone
    } finally {
      this.#flushing = undefined;
    }
  }
}

/** The running server's state. */
class WarmServer {
  readonly paths: WarmPaths;
  readonly listener: Deno.Listener<Deno.UnixConn, Deno.UnixAddr>;
  readonly inode: number | undefined;
  readonly idle: number;
  /** How long a call may wait in the queue before it is declined (`queueWaitMs`). */
  readonly queueWait: number;
  /** Calls run in turn: the chain of the queued ones. */
  queue: Promise<void> = Promise.resolve();
  busy = 0;
  served = 0;
  stopping = false;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  watchTimer: ReturnType<typeof setInterval> | undefined;
  statusTimer: ReturnType<typeof setTimeout> | undefined;
  /** Error.stackTraceLimit as the runtime set it (a call under DRAFTCLI_DEBUG gets it back). */
  readonly stackTraceLimit = Error.stackTraceLimit;
  /**
   * The file mode creation mask the server started with: each call's own runs only while the call
   * does, so its warm-up and its own files keep this one.
   */
  readonly umask = Deno.umask();
  /** Settles once the server has stopped and the call it was running has ended. */
  readonly stopped: Promise<void>;
  #settleStopped!: () => void;
  /** The warm-up still to run in idle turns (`warm_up.ts`). */
  readonly warmUp: WarmUp;
  /** A warm-up step is scheduled or queued. */
  #warming = false;

  constructor(
    paths: WarmPaths,
    listener: Deno.Listener<Deno.UnixConn, Deno.UnixAddr>,
    inode: number | undefined,
    idle: number,
    rounds: number,
    queueWait: number,
  ) {
    this.paths = paths;
    this.listener = listener;
    this.inode = inode;
    this.idle = idle;
    this.queueWait = queueWait;
    this.stopped = new Promise((resolve) => this.#settleStopped = resolve);
    const name = paths.socket.slice(paths.dir.length + 1, -".sock".length);
    this.warmUp = new WarmUp(paths.dir, warmUpPrefix(name), rounds);
  }

  /**
   * Writes the status file (pid, calls served, whether the warm-up has ended), atomically; none
   * once the server stops (its status file is gone for good).
   */
  writeStatus(): void {
    if (this.stopping) return;
    try {
      const tmp = `${this.paths.status}.${Deno.pid}.tmp`;
      const status = { pid: Deno.pid, served: this.served, warmedUp: this.warmUp.ended };
      Deno.writeTextFileSync(tmp, JSON.stringify(status) + "\n", { mode: 0o600 });
      Deno.renameSync(tmp, this.paths.status);
    } catch { /* the status is informative only */ }
  }

  /**
   * Writes the status file once no call has ended for STATUS_DELAY_MS: not in the time right
   * after an answer, when the caller's process exits and its next call may start.
   */
  statusSoon(): void {
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => this.writeStatus(), STATUS_DELAY_MS);
  }

  /** Restarts the idle countdown. */
  armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop(), this.idle);
  }

  /** Stops accepting, removes the socket and status file when still its own, and exits. */
  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.statusTimer);
    clearInterval(this.watchTimer);
    // Only its own files: a server that replaced this one has the same names.
    if (this.inode !== undefined && inodeOf(this.paths.socket) === this.inode) {
      ignoreErrors(() => Deno.removeSync(this.paths.socket));
    }
    try {
      if (JSON.parse(Deno.readTextFileSync(this.paths.status)).pid === Deno.pid) {
        ignoreErrors(() => Deno.removeSync(this.paths.status));
      }
    } catch { /* none, or not readable: not ours to remove */ }
    try {
      this.listener.close();
    } catch { /* already closed */ }
    // A call or warm-up step already running is finished (a call's journal makes it atomic
    // anyway), then the warm-up's folder goes, then the exit.
    void this.queue.then(() => {
      runDeferredFrees();
      this.warmUp.end();
      this.#settleStopped();
    });
  }

  /**
   * Queues the next warm-up step when no call is queued or running: from a timer, so that a
   * connection already waiting is read first; a call that comes during a step waits for that one
   * command only.
   */
  warmWhenIdle(): void {
    if (this.#warming || this.warmUp.ended || this.stopping || this.busy) return;
    this.#warming = true;
    setTimeout(() => {
      if (this.stopping || this.busy) return void (this.#warming = false);
      const step = this.queue.then(() => this.warmUp.step((a, e, c) => this.runScratch(a, e, c)));
      this.queue = step.then(() => {}, () => {});
      void step.then((more) => {
        this.#warming = false;
        if (more) this.warmWhenIdle();
        else this.writeStatus();
      }, () => {
        this.#warming = false;
        this.warmUp.end();
      });
    }, 0);
  }

  /** Runs a warm-up command as a call runs, in its folder and environment; its output stays here. */
  async runScratch(
    argv: string[],
    env: Record<string, string>,
    cwd: string,
  ): Promise<{ code: number; stdout: string }> {
    Deno.chdir(cwd);
    replaceEnv(env);
    Error.stackTraceLimit = 0;
    let stdout = "";
    try {
      const code = await runApp(argv, {
        stdout: (t) => void (stdout += t),
        stderr: () => {},
        readStdin: () => Promise.reject(new Error("the warm-up reads no stdin")),
        env,
        stderrIsTerminal: false,
      });
      return { code, stdout };
    } finally {
      runDeferredFrees();
      Deno.chdir("/"); // its folder goes when the warm-up ends
    }
  }

  /** Serves one connection: reads its request frame, answers a ping or queues the call. */
  async connection(conn: Deno.Conn): Promise<void> {
    const timer = setTimeout(() => conn.close(), REQUEST_WAIT_MS);
    let request: WarmRequest | undefined;
    try {
      const reader = new FrameReader(conn);
      const head = await reader.take(4);
      if (!head) return void conn.close();
      const len = new DataView(head.buffer).getUint32(0);
      // An oversized or malformed request closes the connection, and nothing runs.
      if (len > MAX_REQUEST_BYTES) return void conn.close();
      const body = await reader.take(len);
      request = body && parseRequest(body);
      if (!request) return void conn.close();
    } catch {
      try {
        conn.close();
      } catch { /* closed by the timer */ }
      return;
    } finally {
      clearTimeout(timer);
    }
    const req = request;
    if (req.ping) {
      await writeFully(conn, answerFrame(Frame.pong, encoder.encode(this.paths.id))).catch(
        () => {},
      );
      return void conn.close();
    }
    this.busy++;
    clearTimeout(this.idleTimer);
    const out = new FrameWriter(conn);
    const send = (kind: number, payload: Uint8Array) =>
      out.push(answerFrame(kind, payload), kind === Frame.exit || kind === Frame.declined);
    send(Frame.queued, new Uint8Array());
    // A call still waiting after the queue's limit is declined, and runs in its caller's process.
    let declined = false;
    const wait = setTimeout(() => {
      declined = true;
      send(Frame.declined, new Uint8Array());
    }, this.queueWait);
    // The disk space of the files a call replaced is freed once its answer is out, and before
    // the next call runs (which then never sees this call's trash).
    const turn = this.queue.then(async () => {
      clearTimeout(wait);
      if (declined) return false;
      try {
        return await this.run(req, send);
      } finally {
        await out.drained();
        runDeferredFrees();
      }
    });
    this.queue = turn.then(() => {}, () => {});
    const ran = await turn.catch(() => false);
    await out.drained();
    try {
      conn.close();
    } catch { /* closed */ }
    // Counted once the answer is out, so that the status costs the caller no wait.
    if (ran) {
      this.served++;
      this.statusSoon();
    }
    if (--this.busy === 0 && !this.stopping) {
      this.armIdle();
      this.warmWhenIdle();
    }
  }

  /**
   * Runs one call as `main.ts` would, in the caller's folder and environment; false when it
   * declined it (nothing ran).
   */
  async run(req: WarmRequest, send: (kind: number, payload: Uint8Array) => void): Promise<boolean> {
    if (this.stopping || req.id !== this.paths.id) {
      send(Frame.declined, new Uint8Array());
      return false;
    }
    try {
      Deno.chdir(req.cwd);
    } catch {
      send(Frame.declined, new Uint8Array()); // the caller's folder is gone: it runs it
      return false;
    }
    // Without the opt-in: a draftcli that the call itself starts (and waits for) must not queue
    // behind it in this server.
    const { [WARM_ENV]: _, ...env } = req.env;
    replaceEnv(env);
    Deno.umask(req.umask);
    Error.stackTraceLimit = env.DRAFTCLI_DEBUG ? this.stackTraceLimit : 0;
    send(Frame.started, new Uint8Array());
    let code: number;
    try {
      code = await runApp(req.argv, {
        stdout: (t) => send(Frame.stdout, encoder.encode(t)),
        stderr: (t) => send(Frame.stderr, encoder.encode(t)),
        readStdin: () => Promise.reject(new Error("the warm server reads no stdin")),
        env,
        stderrIsTerminal: false,
      });
    } catch (err) {
      // What an uncaught error does to an in-process run: its text on stderr, exit code 1.
      send(Frame.stderr, encoder.encode(`error: Uncaught ${String(err)}\n`));
      code = 1;
    } finally {
      Deno.umask(this.umask); // the server's own files (its status) keep its mask
    }
    const exit = new Uint8Array(4);
    new DataView(exit.buffer).setInt32(0, code);
    send(Frame.exit, exit);
    return true;
  }

  /** Stops the server when its socket file was removed or replaced. */
  watch(): void {
    this.watchTimer = setInterval(() => {
      if (inodeOf(this.paths.socket) !== this.inode) this.stop();
    }, WATCH_MS);
  }
}

/**
 * Runs the warm server until it stops (see the module comment). Exits at once when the folder is
 * unusable or a server of this program already answers on the socket.
 */
export async function serveWarm(): Promise<void> {
  // SIGTERM before the socket exists ends the process; after, it stops the server (which removes
  // its files). The handler runs between tasks, never inside the synchronous start below.
  const started: { server?: WarmServer } = {};
  Deno.addSignalListener("SIGTERM", () => started.server ? started.server.stop() : Deno.exit(0));
  const paths = warmPaths(VERSION, Deno.env.toObject());
  if (!paths) Deno.exit(0);
  if (await answersPing(paths.socket, paths.id)) Deno.exit(0);
  // Bound under a name of its own, then renamed over the socket path: a stale file or a server
  // that lost a start race is replaced whole (the loser sees its file replaced and stops).
  const temp = `${paths.dir}/${Deno.pid}.tmp.sock`;
  ignoreErrors(() => Deno.removeSync(temp));
  const listener = Deno.listen({ transport: "unix", path: temp });
  const inode = inodeOf(temp);
  Deno.renameSync(temp, paths.socket);
  const server = new WarmServer(
    paths,
    listener,
    inode,
    idleMs(Deno.env.get("DRAFTCLI_WARM_IDLE_MS")),
    warmUpRounds(Deno.env.get("DRAFTCLI_WARM_UP_ROUNDS")),
    queueWaitMs(Deno.env.get("DRAFTCLI_WARM_QUEUE_MS")),
  );
  started.server = server;
  // Commits leave freeing the files they replace until their call's answer is out.
  deferFrees();
  server.writeStatus();
  // A command's stray rejection must not end the server (nor the next caller's call).
  globalThis.addEventListener("unhandledrejection", (e) => e.preventDefault());
  server.watch();
  server.armIdle();
  server.warmWhenIdle();
  try {
    for await (const conn of listener) void server.connection(conn);
  } catch { /* the listener failed: stop as when it is closed */ }
  // The listener closes when the server stops; the process ends after the running call.
  server.stop();
  await server.stopped;
}
