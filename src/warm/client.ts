/**
 * The client side of the opt-in warm server (DRAFTCLI_WARM=1): where the server's socket lives,
 * the frames both sides exchange, and one call forwarded to a running server. `main.ts` loads
 * this module (and nothing else of draftcli) before the command front; it imports nothing, so a
 * warm call costs little more than the runtime's own start. The server (`warm_server.ts`) reuses
 * its helpers; starting one is `start.ts`.
 *
 * Wire format: the request is one frame, a big-endian u32 byte length and that many bytes of
 * UTF-8 JSON (`WarmRequest`). The answer is a stream of frames, each a kind byte, a big-endian
 * u32 length and the payload (`Frame`).
 */

/** The protocol's version: a request or answer of any other version is not used. */
export const PROTOCOL = 1;

/** The hidden argv (alone) that makes `main.ts` run the warm server instead of a command. */
export const SERVER_ARG = "__draftcli-warm-server";

/** The variable that opts in to the warm server ("1"). */
export const WARM_ENV = "DRAFTCLI_WARM";

/** Largest request frame, in bytes (its argv, cwd and environment as JSON). */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

/** Most argv words, and most environment variables, a request may carry. */
export const MAX_ITEMS = 100_000;

/** Longest Unix socket path, in bytes (`sun_path` holds 108 with the final NUL). */
export const MAX_SOCKET_PATH = 107;

/** Largest answer frame (one write of stdout or stderr). */
export const MAX_ANSWER_FRAME = 1024 * 1024 * 1024;

/** The kinds of the frames a server sends. */
export const Frame = {
  /** The request is valid and queued (nothing has run yet). */
  queued: 0,
  /** Bytes the call wrote to stdout. */
  stdout: 1,
  /** Bytes the call wrote to stderr. */
  stderr: 2,
  /** The call's exit code (i32), last frame. */
  exit: 3,
  /**
   * The server will not run this call (nothing ran): the client runs it in-process. Sent when the
   * call would have to wait too long behind another one (`warm_server.ts` `queueWaitMs`).
   */
  declined: 4,
  /** The call starts running now: from here on it must not be run again. */
  started: 5,
  /** The answer to a ping: the server's identity (UTF-8). */
  pong: 6,
} as const;

/** One forwarded call. */
export interface WarmRequest {
  v: number;
  /** The program identity the client expects (`programIdentity`). */
  id: string;
  /** A liveness probe only (no call): answered with a `pong` frame. */
  ping?: boolean;
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  /** The caller's file mode creation mask (0–0o777), which files the call creates get. */
  umask: number;
}

/** Where a server of this program listens, and its status file. */
export interface WarmPaths {
  dir: string;
  socket: string;
  /** JSON `{ pid, served, warmedUp }`, rewritten shortly after the last call of a burst. */
  status: string;
  /** The program identity the socket name is derived from. */
  id: string;
}

/** What a warm attempt came to: served (the exit code), or run in-process (and start a server?). */
export type WarmOutcome = { code: number } | { code?: undefined; startServer: boolean };

/** A 64-bit FNV-1a hash of `text`, as 16 hex digits (names, not security). */
function hash(text: string): string {
  let h1 = 0x811c9dc5, h2 = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}

/** `path`'s size and modification time, or "-" when it cannot be read. */
function fileStamp(path: string): string {
  try {
    const st = Deno.statSync(path);
    return `${st.size}:${st.mtime?.getTime() ?? 0}`;
  } catch {
    return "-";
  }
}

/**
 * The identity of the running program: its version, the runtime or binary that runs it and the
 * entry file, each with its size and modification time, so that a new build (or a new Deno) never
 * talks to a server of an old one. From a checkout, an edit under src/ changes none of these:
 * stop the server after one (see docs/performance.md).
 */
export function programIdentity(version: string): string {
  const exec = Deno.execPath();
  let main = Deno.mainModule;
  // A file URL's path (no URL object: its first use costs a run ~0.25 ms; nor a decode of a path
  // with no escape in it: the first `decodeURIComponent` of a run costs ~0.2 ms).
  if (main.startsWith("file://")) {
    main = main.slice(7);
    if (main.includes("%")) main = decodeURIComponent(main);
  }
  return `${PROTOCOL}|${version}|${exec}|${fileStamp(exec)}|${main}|${fileStamp(main)}`;
}

/**
 * The warm server's folder, created with mode 0700 when missing: `$XDG_RUNTIME_DIR/draftcli`,
 * else `$TMPDIR/draftcli-<uid>` (`/tmp` when TMPDIR is unset). Undefined (no warm path) on
 * Windows, or when the folder is a link, is not a folder, is not the user's own, or is open to
 * the group or others.
 */
export function warmFolder(env: Record<string, string | undefined>): string | undefined {
  if (Deno.build.os === "windows") return undefined;
  const runtime = env.XDG_RUNTIME_DIR;
  const uid = Deno.uid();
  if (uid === null) return undefined;
  const dir = runtime?.startsWith("/")
    ? `${runtime.replace(/\/+$/, "")}/draftcli`
    : `${(env.TMPDIR?.startsWith("/") ? env.TMPDIR : "/tmp").replace(/\/+$/, "")}/draftcli-${uid}`;
  let st: Deno.FileInfo;
  try {
    st = Deno.lstatSync(dir);
  } catch {
    try {
      Deno.mkdirSync(dir, { mode: 0o700 }); // a folder made meanwhile by another call fails it
      st = Deno.lstatSync(dir);
    } catch {
      return undefined;
    }
  }
  if (!st.isDirectory || st.isSymlink || st.uid !== uid || (st.mode ?? 0o777) & 0o077) {
    return undefined;
  }
  return dir;
}

/** The warm server's socket and status file for this program, or undefined (no warm path). */
export function warmPaths(
  version: string,
  env: Record<string, string | undefined>,
): WarmPaths | undefined {
  const dir = warmFolder(env);
  if (dir === undefined) return undefined;
  const id = programIdentity(version);
  const name = hash(id);
  const socket = `${dir}/${name}.sock`;
  // A Unix socket's path is at most 107 bytes (108 with its NUL). The server binds a temporary
  // name first (`<pid>.tmp.sock`, shorter than `<hash>.sock`) in the same folder.
  if (new TextEncoder().encode(socket).length > MAX_SOCKET_PATH) return undefined;
  return { dir, socket, status: `${dir}/${name}.status.json`, id };
}

/**
 * True when a call may be served by the warm server: it reads no stdin (`-`, `@-`), is not one
 * of the long-running commands (`mcp`, `preview`: any word spelling them keeps the call here),
 * and its stderr is not a terminal (progress lines are drawn only on one).
 */
export function forwardable(argv: readonly string[], stderrIsTerminal: boolean): boolean {
  if (stderrIsTerminal) return false;
  for (const w of argv) {
    if (w === "mcp" || w === "preview" || w === "-" || w === "@-") return false;
    if (w.endsWith("=@-") || w.endsWith("=-")) return false;
  }
  return true;
}

/** Writes all of `bytes` to `w`. */
export async function writeFully(w: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let off = 0;
  while (off < bytes.length) off += await w.write(bytes.subarray(off));
}

/** Writes all of `bytes` to a synchronous stream (stdout or stderr). */
function writeSyncFully(stream: typeof Deno.stdout, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += stream.writeSync(bytes.subarray(off));
}

/** Reads exact byte counts from a connection, through a buffer. */
export class FrameReader {
  #conn: Deno.Conn;
  #buf = new Uint8Array(64 * 1024);
  #start = 0;
  #end = 0;

  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /** The next `n` bytes, or undefined when the connection ends first. */
  async take(n: number): Promise<Uint8Array | undefined> {
    if (this.#end - this.#start < n) {
      if (this.#buf.length - this.#start < n) {
        const grown = new Uint8Array(Math.max(n, this.#buf.length));
        grown.set(this.#buf.subarray(this.#start, this.#end));
        this.#end -= this.#start;
        this.#start = 0;
        this.#buf = grown;
      }
      while (this.#end - this.#start < n) {
        const got = await this.#conn.read(this.#buf.subarray(this.#end));
        if (got === null) return undefined;
        this.#end += got;
      }
    }
    const out = this.#buf.slice(this.#start, this.#start + n);
    this.#start += n;
    return out;
  }
}

/** A length-prefixed request frame for `body`. */
export function requestFrame(body: WarmRequest): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(body));
  const frame = new Uint8Array(4 + json.length);
  new DataView(frame.buffer).setUint32(0, json.length);
  frame.set(json, 4);
  return frame;
}

/** An answer frame of `kind` carrying `payload`. */
export function answerFrame(kind: number, payload: Uint8Array): Uint8Array {
  const frame = new Uint8Array(5 + payload.length);
  frame[0] = kind;
  new DataView(frame.buffer).setUint32(1, payload.length);
  frame.set(payload, 5);
  return frame;
}

/** The next answer frame, or undefined when the connection ends (or the frame is too big). */
export async function readAnswer(
  reader: FrameReader,
): Promise<{ kind: number; payload: Uint8Array } | undefined> {
  const head = await reader.take(5);
  if (!head) return undefined;
  const len = new DataView(head.buffer, head.byteOffset).getUint32(1);
  if (len > MAX_ANSWER_FRAME) return undefined;
  const payload = await reader.take(len);
  return payload && { kind: head[0], payload };
}

/**
 * Forwards this call to a running warm server when one answers: writes its stdout and stderr
 * bytes as they come and returns its exit code. When there is none, or it declines, or fails
 * before the call started, the call runs in-process (`startServer`: whether to start a server
 * for the next call). A server lost after the call started is reported as an error (the call may
 * have changed a draft: running it again could apply it twice).
 */
export async function callWarm(argv: string[], version: string): Promise<WarmOutcome> {
  const here = { startServer: false };
  try {
    if (!forwardable(argv, Deno.stderr.isTerminal())) return here;
    const env = Deno.env.toObject();
    const paths = warmPaths(version, env);
    if (!paths) return here;
    let conn: Deno.Conn;
    try {
      conn = await Deno.connect({ transport: "unix", path: paths.socket });
    } catch {
      return { startServer: true };
    }
    try {
      const request = {
        v: PROTOCOL,
        id: paths.id,
        argv,
        cwd: Deno.cwd(),
        env,
        umask: Deno.umask(),
      };
      return await exchange(conn, request);
    } finally {
      try {
        conn.close();
      } catch { /* already closed */ }
    }
  } catch {
    return here;
  }
}

/** Sends the request and relays the answer (see `callWarm`). */
async function exchange(conn: Deno.Conn, request: WarmRequest): Promise<WarmOutcome> {
  const reader = new FrameReader(conn);
  // No timer here (the first timer of a run costs milliseconds): a server answers `queued` as
  // soon as it has read the request, whatever else it is running. A listener that closes the
  // connection or answers anything else first is no server of ours: a new one replaces it.
  let started = false;
  try {
    await writeFully(conn, requestFrame(request));
    const first = await readAnswer(reader);
    if (first?.kind !== Frame.queued) return { startServer: true };
  } catch {
    return { startServer: true };
  }
  try {
    for (;;) {
      const frame = await readAnswer(reader);
      if (!frame) break;
      if (frame.kind === Frame.started) started = true;
      else if (!started) return { startServer: false }; // declined, or out of order
      else if (frame.kind === Frame.stdout) writeSyncFully(Deno.stdout, frame.payload);
      else if (frame.kind === Frame.stderr) writeSyncFully(Deno.stderr, frame.payload);
      else if (frame.kind === Frame.exit && frame.payload.length === 4) {
        return { code: new DataView(frame.payload.buffer).getInt32(0) };
      } else break;
    }
  } catch (err) {
    if (!started) return { startServer: false };
    if (err instanceof Deno.errors.BrokenPipe) {
      return {
        code: lostOutput("stdout_closed", 10, "stdout was closed before its output was written"),
      };
    }
  }
  if (!started) return { startServer: false };
  return { code: lostOutput("io_error", 9, "the warm server stopped before the call ended") };
}

/**
 * Reports a call that ran in the server but whose end could not be relayed; returns `exit` (the
 * documented exit code of `code`).
 */
function lostOutput(code: string, exit: number, what: string): number {
  const error = {
    code,
    message: `the call ran in the warm server (DRAFTCLI_WARM), but ${what}`,
    hint: "if the command changes a draft, its change may be saved: do not run it again " +
      "without --request-id; read the result with 'draftcli draft info <draftId>'",
  };
  try {
    writeSyncFully(Deno.stderr, new TextEncoder().encode(JSON.stringify({ error }) + "\n"));
  } catch { /* stderr is gone too */ }
  return exit;
}
