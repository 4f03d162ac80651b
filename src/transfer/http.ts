/**
 * The one HTTP client of draftcli. Media downloads of the add commands (`src/media/media_download.ts`),
 * `draft import <URL>` (`download.ts`) and `draft upload` (`upload.ts`) all go through it. It owns:
 * - URL checks: http and https only (`parseHttpUrl`);
 * - one retry policy: network errors, timeouts, 408, 429 and 5xx are retried (`retryableStatus`),
 *   other answers are final; backoff doubles from `retryDelayMs`, capped at 30 s;
 * - timeouts: until the answer's headers (a bodiless request) or until connected (a request with
 *   a body), then an idle timeout on every pause of the transfer;
 * - redirects of downloads, followed by hand: at most `maxRedirects`, http(s) targets only, the
 *   token dropped when the redirect leaves the origin; uploads never follow one;
 * - a download streamed into a file under a byte cap (Content-Length checked first, then the
 *   bytes counted); a failure after the file was opened removes it;
 * - the error shapes: `invalid_input` (bad URL), `http_error` (final status, redirects),
 *   `network_error` (connection, timeouts), the caller's code over the size cap; every URL, token
 *   and server text in them is redacted (src/text/redact.ts).
 * Bodiless requests use fetch. A request with a streamed body uses node:http, loaded on first
 * use: fetch sends a streamed body chunked, which presigned PUTs refuse.
 */
import { DraftcliError, type ErrorCode } from "../errors.ts";
import { redactSecrets, redactUrl } from "../text/redact.ts";
import { Sha256Stream } from "../files.ts";
import { after } from "../clock.ts";

/** Retry and timeout settings, the same for every request. */
export interface RetryOptions {
  /** Extra attempts after the first on network errors, timeouts, 408, 429 and 5xx (default 3). */
  retries?: number;
  /** First retry delay in ms, doubled each time, capped at 30 s (default 500). */
  retryDelayMs?: number;
  /** Time allowed to get the answer's headers (download) or to connect (upload), ms (15 s). */
  connectTimeoutMs?: number;
  /** Longest pause in the transfer before giving up, ms (default 60 s). */
  idleTimeoutMs?: number;
}

/** Defaults of RetryOptions. */
export const RETRY_DEFAULTS: Required<RetryOptions> = {
  retries: 3,
  retryDelayMs: 500,
  connectTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
};

/** Redirects followed per download (default of `maxRedirects`). */
export const MAX_REDIRECTS = 5;

/** Longest wait between two attempts, ms. */
const MAX_BACKOFF_MS = 30_000;

/** What every request says about itself: how messages name it, who hears of retries. */
export interface RequestOptions extends RetryOptions {
  /** Starts every message, e.g. "imageInfos[3].imageUrl", "item 2", "import", "upload". */
  label: string;
  /** The error's `path` (the input field the URL came from), if any. */
  path?: string;
  /** Sent as `Authorization: Bearer <token>`; never printed, never sent to another origin. */
  token?: string;
  /** User-Agent header (default "draftcli"). */
  userAgent?: string;
  /** Told before each retry. */
  warn?: (message: string) => void;
  /** Cancels the request and its retries. */
  signal?: AbortSignal;
}

/** Where a URL came from, for `parseHttpUrl`'s errors. */
export interface UrlSource {
  label: string;
  path?: string;
  /** How to fix a bad URL (default: use an http:// or https:// URL). */
  hint?: string;
}

/** Parses an http(s) URL or throws `invalid_input` (the message shows it redacted). */
export function parseHttpUrl(url: string, from: UrlSource): URL {
  const fail = (what: string) =>
    new DraftcliError("invalid_input", `${from.label}: ${what}: ${redactUrl(url)}`, {
      hint: from.hint ?? "use an http:// or https:// URL",
      path: from.path,
    });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw fail("not a URL");
  }
  if (!isHttp(u)) throw fail("only http and https URLs are supported");
  return u;
}

function isHttp(u: URL): boolean {
  return u.protocol === "http:" || u.protocol === "https:";
}

export { redactUrl } from "../text/redact.ts";

/** The URL without its query string and fragment (a presigned URL's public form). */
export function withoutQuery(url: string | URL): string {
  const u = new URL(String(url));
  u.search = "";
  u.hash = "";
  return u.toString();
}

/** Delay before retry number `n` (1-based): base × 2^(n-1), capped at 30 s. */
export function backoffMs(n: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (n - 1), MAX_BACKOFF_MS);
}

/** Is this HTTP status worth another attempt? (The one retry rule of every transfer.) */
export function retryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** "1.5 MiB", "512 bytes": sizes in messages. */
function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(2)} GiB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(2)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(2)} KiB`;
  return `${n} bytes`;
}

type Direction = "download" | "upload";

/** Why a final status failed and how to fix it; `upload` replaces the hint for uploads. */
const STATUS: Record<number, { reason: string; hint: string; upload?: string }> = {
  400: { reason: "bad request", hint: "the server rejected the request; check the URL" },
  401: {
    reason: "the server wants a valid token",
    hint: "the server wants a login; download the file yourself and pass the local file",
    upload: "pass --token, set DRAFTCLI_UPLOAD_TOKEN, or 'draftcli config set uploadToken <token>'",
  },
  403: {
    reason: "URL expired or not allowed",
    hint: "the link may have expired or need a login: ask for a fresh one, or download the " +
      "file yourself and pass the local file",
    upload: "presigned URLs expire: ask for a fresh one; check the token and the bucket policy",
  },
  404: { reason: "not found", hint: "check the URL: the server has nothing there" },
  410: { reason: "gone", hint: "it was removed from the server; use another URL" },
  413: {
    reason: "too large for the server",
    hint: "the server limits request size; ask for a larger limit or another target",
  },
  429: { reason: "too many requests", hint: "the server is rate-limiting; wait and try again" },
};

function statusReason(status: number, dir: Direction): [string, string] {
  const known = STATUS[status];
  if (known) return [known.reason, (dir === "upload" && known.upload) || known.hint];
  if (status >= 500) {
    return ["server error", "the server failed; try again later or use another URL"];
  }
  if (status >= 300 && status < 400) return ["redirected", "use the URL it redirects to"];
  return ["request rejected", "check the URL and the server"];
}

/** A failed attempt: the error to report once the attempts end, and whether to try again. */
class Failure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint: string,
    readonly retryable: boolean,
    /** Goes after " after N attempts" (what the server said). */
    readonly tail = "",
  ) {
    super(message);
  }

  toError(attempts: number, path?: string): DraftcliError {
    const after = attempts > 1 ? ` after ${attempts} attempts` : "";
    return new DraftcliError(this.code, this.message + after + this.tail, {
      hint: this.hint,
      path,
    });
  }
}

/** Everything one request needs: settings with defaults, the URL, its secrets, messages. */
class Call {
  readonly s: Required<RetryOptions>;
  readonly shown: string;
  readonly secrets: (string | undefined)[];

  constructor(readonly url: URL, readonly o: RequestOptions, readonly dir: Direction) {
    this.s = { ...RETRY_DEFAULTS };
    for (const k of Object.keys(RETRY_DEFAULTS) as (keyof RetryOptions)[]) {
      if (typeof o[k] === "number") this.s[k] = o[k]!;
    }
    this.shown = redactUrl(url);
    this.secrets = [o.token, url.search.slice(1), url.password];
  }

  headers(to: URL = this.url): Record<string, string> {
    const h: Record<string, string> = { "User-Agent": this.o.userAgent ?? "draftcli" };
    if (this.o.token && to.origin === this.url.origin) {
      h["Authorization"] = `Bearer ${this.o.token}`;
    }
    return h;
  }

  status(status: number, detail = ""): Failure {
    const [reason, hint] = statusReason(status, this.dir);
    const said = detail ? `; the server said: ${redactSecrets(detail, this.secrets)}` : "";
    const message = `${this.o.label}: ${this.shown}: ${reason} (HTTP ${status})`;
    return new Failure("http_error", message, hint, retryableStatus(status), said);
  }

  network(reason: string): Failure {
    const verb = this.dir === "download" ? "cannot download" : "cannot upload to";
    const why = redactSecrets(reason, this.secrets);
    return new Failure(
      "network_error",
      `${this.o.label}: ${verb} ${this.shown}: ${why}`,
      "check the URL and the network connection (draftcli already retried with backoff)",
      true,
    );
  }

  final(code: ErrorCode, what: string, hint: string): Failure {
    return new Failure(code, `${this.o.label}: ${this.shown}: ${what}`, hint, false);
  }

  cancelled(): DraftcliError {
    return new DraftcliError("network_error", `${this.o.label}: ${this.shown}: cancelled`, {
      path: this.o.path,
    });
  }

  /** Runs `attempt` until it succeeds, fails for good, or the retries are used up. */
  async retrying<T>(attempt: (n: number) => Promise<T>): Promise<[T, number]> {
    for (let n = 1;; n++) {
      if (this.o.signal?.aborted) throw this.cancelled();
      try {
        return [await attempt(n), n];
      } catch (err) {
        if (this.o.signal?.aborted) throw this.cancelled();
        if (!(err instanceof Failure)) throw err;
        if (!err.retryable || n > this.s.retries) throw err.toError(n, this.o.path);
        const delay = backoffMs(n, this.s.retryDelayMs);
        this.o.warn?.(
          `${err.message}${err.tail}; retrying in ${delay} ms (attempt ${n + 1} of ${
            this.s.retries + 1
          })`,
        );
        await sleep(delay, this.o.signal);
      }
    }
  }
}

/** Waits `ms` milliseconds, or less when `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * A timer that aborts the attempt; re-armed for each phase (headers, each pause). Its clock is
 * clock.ts's (the request it guards keeps the process alive).
 */
class Deadline {
  readonly ctrl = new AbortController();
  reason = "";
  #cancel: (() => void) | undefined;

  arm(ms: number, reason: string): void {
    this.#cancel?.();
    this.#cancel = after(ms, () => {
      this.reason = reason;
      this.ctrl.abort();
    });
  }

  clear(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }
}

/** The cause of a failed connection in a few words ("connection refused", "host not found"…). */
function describeNetworkFailure(err: unknown): string {
  // fetch throws "TypeError: fetch failed" with the real reason in its cause chain.
  const messages: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    messages.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  const all = messages.join(" | ");
  if (/refused/i.test(all)) return "connection refused";
  if (/dns error|lookup|name or service|nodename|ENOTFOUND|EAI_AGAIN/i.test(all)) {
    return "host not found";
  }
  if (/reset|hang up/i.test(all)) return "connection reset";
  if (/certificate|tls|ssl/i.test(all)) return "TLS/certificate error";
  const last = messages[messages.length - 1] ?? "network failure";
  return last.replace(/^error sending request for url \([^)]*\):\s*/i, "") || "network failure";
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/** Options of `fetchToFile`. */
export interface FetchToFileOptions extends RequestOptions {
  /** Largest body accepted, bytes. */
  maxBytes: number;
  /** The config key that raises `maxBytes`, named in the hint over the cap. */
  limitKey: string;
  /** Error code over the cap (default invalid_input). */
  limitCode?: ErrorCode;
  /** Redirects followed (default MAX_REDIRECTS). */
  maxRedirects?: number;
  /** Also compute the body's SHA-256. */
  sha256?: boolean;
  /** Keep up to this many first bytes of the body (to sniff its type). */
  headBytes?: number;
  /** Bytes received so far and the declared total (0 when unknown); restarts on a retry. */
  onProgress?: (received: number, total: number) => void;
}

/** What `fetchToFile` got. */
export interface Fetched {
  bytes: number;
  /** HTTP status of the answer. */
  status: number;
  /** Attempts made (1 = no retry). */
  attempts: number;
  /** SHA-256 of the body, hex (with `sha256`). */
  sha256?: string;
  /** The first `headBytes` bytes (with `headBytes`). */
  head?: Uint8Array;
}

/**
 * GETs `url` into the file `dest` (created or truncated once the answer is good, synced; removed
 * again if the transfer then fails), following redirects, retrying per the one policy. Throws the
 * DraftcliErrors described at the top of this module.
 */
export async function fetchToFile(
  url: URL,
  dest: string,
  o: FetchToFileOptions,
): Promise<Fetched> {
  const call = new Call(url, o, "download");
  const [got, attempts] = await call.retrying(() => fetchOnce(call, dest, o));
  return { ...got, attempts };
}

async function fetchOnce(
  call: Call,
  dest: string,
  o: FetchToFileOptions,
): Promise<Omit<Fetched, "attempts">> {
  const { s } = call;
  const maxRedirects = o.maxRedirects ?? MAX_REDIRECTS;
  const deadline = new Deadline();
  const signal = o.signal
    ? AbortSignal.any([deadline.ctrl.signal, o.signal])
    : deadline.ctrl.signal;
  const tooBig = (size?: number) =>
    call.final(
      o.limitCode ?? "invalid_input",
      `the file is larger than the ${formatBytes(o.maxBytes)} limit${
        size === undefined ? "" : ` (${formatBytes(size)})`
      }`,
      `if the source is trusted, raise the limit: draftcli config set ${o.limitKey} <bytes>`,
    );
  let file: Deno.FsFile | undefined;
  let done = false;
  try {
    // Redirects by hand: a bounded number of hops, http(s) only, never retried.
    let res: Response;
    for (let hop = 0, at = call.url;; hop++) {
      deadline.arm(
        s.connectTimeoutMs,
        `no answer within ${seconds(s.connectTimeoutMs)} (timed out)`,
      );
      try {
        res = await fetch(at, { headers: call.headers(at), signal, redirect: "manual" });
      } catch (err) {
        throw call.network(deadline.reason || describeNetworkFailure(err));
      }
      deadline.clear();
      const location = res.headers.get("location");
      if (res.status < 300 || res.status >= 400 || !location) break;
      await res.body?.cancel();
      if (hop >= maxRedirects) {
        throw call.final(
          "http_error",
          `too many redirects (more than ${maxRedirects})`,
          "the server redirects in circles or too often; use the final URL",
        );
      }
      const next = new URL(location, at);
      if (!isHttp(next)) {
        throw call.final(
          "http_error",
          `redirected to an unsupported URL: ${redactUrl(next)}`,
          "only http and https URLs are supported; use the final URL",
        );
      }
      at = next;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw call.status(res.status);
    }
    const declared = Number(res.headers.get("content-length") ?? 0);
    if (Number.isFinite(declared) && declared > o.maxBytes) {
      await res.body?.cancel();
      throw tooBig(declared);
    }
    const hash = o.sha256 ? new Sha256Stream() : undefined;
    const head = o.headBytes ? new Uint8Array(o.headBytes) : undefined;
    let headLength = 0;
    let received = 0;
    file = await Deno.open(dest, { write: true, create: true, truncate: true });
    const reader = (res.body ?? ReadableStream.from<Uint8Array>([])).getReader();
    try {
      for (;;) {
        deadline.arm(
          s.idleTimeoutMs,
          `the server stopped sending for ${seconds(s.idleTimeoutMs)} (idle timeout)`,
        );
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          throw call.network(
            deadline.reason ||
              `connection lost during the download (${describeNetworkFailure(err)})`,
          );
        }
        if (chunk.done) break;
        const bytes = chunk.value;
        received += bytes.length;
        if (received > o.maxBytes) throw tooBig();
        if (head && headLength < head.length) {
          const take = Math.min(head.length - headLength, bytes.length);
          head.set(bytes.subarray(0, take), headLength);
          headLength += take;
        }
        await hash?.update(bytes);
        for (let off = 0; off < bytes.length;) off += await file.write(bytes.subarray(off));
        o.onProgress?.(received, declared || 0);
      }
    } finally {
      deadline.clear();
      await reader.cancel().catch(() => {});
    }
    await file.sync();
    file.close();
    done = true;
    return {
      bytes: received,
      status: res.status,
      ...(hash ? { sha256: await hash.hex() } : {}),
      ...(head ? { head: head.subarray(0, headLength) } : {}),
    };
  } finally {
    deadline.clear();
    if (file && !done) {
      try {
        file.close();
      } catch { /* closed */ }
      await Deno.remove(dest).catch(() => {});
    }
  }
}

/** Options of `sendBody`. */
export interface SendOptions extends RequestOptions {
  method: "PUT" | "POST";
  /** Headers besides User-Agent, Authorization and Content-Length. */
  headers: Record<string, string>;
  /** The body, from its start: called again for each attempt. */
  body: () => AsyncIterable<Uint8Array>;
  /** Exact body length, sent as Content-Length. */
  length: number;
  /** Bytes sent so far and the total, after each chunk (restarts at 0 on a retry). */
  onProgress?: (sent: number, total: number) => void;
}

/** The successful answer to `sendBody`. */
export interface Sent {
  status: number;
  /** The answer's body (about its first MiB), as text. */
  text: string;
  /** The Location header, if any. */
  location?: string;
  attempts: number;
}

/**
 * Sends a streamed body with an exact Content-Length, retrying per the one policy (each attempt
 * sends the body from its start). Redirects are not followed: any answer but 2xx is an error.
 */
export async function sendBody(url: URL, o: SendOptions): Promise<Sent> {
  const call = new Call(url, o, "upload");
  const node = url.protocol === "https:" ? await import("node:https") : await import("node:http");
  const [answer, attempts] = await call.retrying(async () => {
    const a = await sendOnce(call, node.request, o);
    if (a.status >= 200 && a.status < 300) return a;
    throw call.status(a.status, a.text.slice(0, 200).replace(/\s+/g, " ").trim());
  });
  return { ...answer, attempts };
}

type NodeRequest = typeof import("node:http").request;

/** One exchange over node:http; resolves with the status and (capped) answer text. */
function sendOnce(
  call: Call,
  request: NodeRequest,
  o: SendOptions,
): Promise<Omit<Sent, "attempts">> {
  const { s, url } = call;
  const headers = { ...o.headers, ...call.headers(), "Content-Length": String(o.length) };
  return new Promise((resolve, reject) => {
    let settled = false;
    let answered = false;
    const deadline = new Deadline();
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      deadline.clear();
      o.signal?.removeEventListener("abort", onAbort);
      req.destroy();
      reject(err);
    };
    const onAbort = () => fail(call.network("cancelled"));
    const touch = () =>
      deadline.arm(s.idleTimeoutMs, `no progress for ${seconds(s.idleTimeoutMs)} (idle timeout)`);
    deadline.ctrl.signal.addEventListener("abort", () => fail(call.network(deadline.reason)));
    o.signal?.addEventListener("abort", onAbort, { once: true });
    const req = request(url, { method: o.method, headers, agent: false });
    deadline.arm(
      s.connectTimeoutMs,
      `could not connect within ${seconds(s.connectTimeoutMs)} (timed out)`,
    );
    req.on("socket", (socket) => {
      const connected = () => {
        touch();
        pump().catch((err) => fail(call.network(describeNetworkFailure(err))));
      };
      if (socket.connecting) {
        socket.once(url.protocol === "https:" ? "secureConnect" : "connect", connected);
      } else connected();
    });
    req.on("error", (err: Error) => {
      if (!answered) fail(call.network(describeNetworkFailure(err)));
    });
    req.on("response", (res) => {
      answered = true;
      touch();
      const decoder = new TextDecoder();
      let text = "";
      res.on("data", (c: Uint8Array) => {
        touch();
        if (text.length < 1024 * 1024) text += decoder.decode(c, { stream: true });
      });
      res.on("end", () => {
        if (settled) return;
        settled = true;
        deadline.clear();
        o.signal?.removeEventListener("abort", onAbort);
        const location = res.headers.location;
        resolve({
          status: res.statusCode ?? 0,
          text: text + decoder.decode(),
          location: typeof location === "string" ? location : undefined,
        });
      });
      res.on("error", (err: Error) => fail(call.network(describeNetworkFailure(err))));
    });
    const pump = async () => {
      let sent = 0;
      for await (const chunk of o.body()) {
        if (settled || answered) return;
        if (!req.write(chunk)) {
          await new Promise<void>((r) => {
            const done = () => {
              req.off("drain", done);
              req.off("close", done);
              r();
            };
            req.on("drain", done);
            req.on("close", done);
          });
        }
        sent += chunk.length;
        touch();
        o.onProgress?.(sent, o.length);
      }
      if (!settled && !answered) req.end();
    };
  });
}
