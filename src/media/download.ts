/**
 * Downloads remote media (http/https only) into a staging folder: bounded parallelism, connect
 * and idle timeouts, retries with exponential backoff (network errors, 408, 429 and 5xx: `retryableStatus`), a redirect
 * limit and a size cap. Each file is named by its content (first 16 hex digits of its SHA-256)
 * plus the extension sniffed from its bytes, and written atomically (temp file + rename); never
 * by anything the URL or the server says (path, Content-Disposition). Messages show URLs with
 * their credentials masked (`redactUrl`).
 */
import { join } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { mkdirHere } from "../files.ts";
import { sniff, SNIFF_BYTES } from "./sniff.ts";
import { redactText, redactUrl } from "../text/redact.ts";
import { MAX_REDIRECTS, retryableStatus } from "../transfer/http.ts";

/** One URL to fetch; `index` (and `label`, if given) name the item in errors. */
export interface DownloadRequest {
  url: string;
  index: number;
  /** How errors name the item, e.g. "imageInfos[3].imageUrl"; default "item <index>". */
  label?: string;
}

/** Tuning for `downloadAll`; every field has a default. */
export interface DownloadOptions {
  /** Downloads running at once (default 4). */
  concurrency?: number;
  /** Time allowed until the response headers arrive (default 15 s). */
  connectTimeoutMs?: number;
  /** Time allowed between two pieces of the body (default 30 s). */
  idleTimeoutMs?: number;
  /** Extra attempts after a network error or a 408, 429 or 5xx answer (default 3). */
  retries?: number;
  /** Wait before the first retry, doubled for each further one (default 500 ms). */
  retryDelayMs?: number;
  /** Redirects followed per URL (default 5). */
  maxRedirects?: number;
  /** Largest file accepted, in bytes (default 2 GiB). */
  maxBytes?: number;
  /** User-Agent header sent. */
  userAgent?: string;
  /** Told about retries. */
  warn?: (message: string) => void;
  /** Cancels every download. */
  signal?: AbortSignal;
}

/** A finished download: the staged file and what it holds. */
export interface DownloadResult {
  url: string;
  /** Absolute path of the file in the staging folder. */
  stagedPath: string;
  /** `<first 16 hex of sha256>.<sniffed ext>` ("bin" when the bytes are of no known type). */
  fileName: string;
  /** Full SHA-256 of the content, hex. */
  sha256: string;
  /** Size in bytes. */
  size: number;
}

/** Defaults of `DownloadOptions`. */
export const DOWNLOAD_DEFAULTS = {
  concurrency: 4,
  connectTimeoutMs: 15_000,
  idleTimeoutMs: 30_000,
  retries: 3,
  retryDelayMs: 500,
  maxRedirects: MAX_REDIRECTS,
  maxBytes: 2 * 1024 ** 3,
  userAgent: "draftcli",
} as const;

type Settings = Required<Omit<DownloadOptions, "warn" | "signal">> & {
  warn?: (message: string) => void;
};

/** A failed attempt: the error to report and whether trying again may help. */
class AttemptError extends Error {
  constructor(readonly error: DraftcliError, readonly retryable: boolean) {
    super(error.message);
  }
}

/** Thrown inside workers when another download failed and everything is being cancelled. */
class Cancelled extends Error {}

const HTTP_REASONS: Record<number, [string, string]> = {
  400: ["bad request", "the server rejected the request; check the URL"],
  401: [
    "needs authentication",
    "the server wants a login; download the file yourself and pass it as a file:// URL",
  ],
  403: [
    "forbidden",
    "the server refuses access (the link may have expired or need a login); download the " +
    "file yourself and pass it as a file:// URL",
  ],
  404: ["not found", "check the URL: the server has no file there"],
  410: ["gone", "the file was removed from the server; use another URL"],
  429: ["too many requests", "the server is rate-limiting; wait and try again"],
};

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(2)} GiB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(2)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(2)} KiB`;
  return `${n} bytes`;
}

function labelOf(req: DownloadRequest): string {
  return req.label ?? `item ${req.index}`;
}

function httpError(req: DownloadRequest, url: string, status: number, attempts: number) {
  const known = HTTP_REASONS[status];
  const [reason, hint] = known ??
    (status >= 500
      ? ["server error", "the server failed; try again later or use another URL"]
      : ["request rejected", "check the URL"]);
  const tries = retryableStatus(status) && attempts > 1 ? ` after ${attempts} attempts` : "";
  return new DraftcliError(
    "http_error",
    `${labelOf(req)}: ${redactUrl(url)}: ${reason} (HTTP ${status})${tries}`,
    { hint, path: req.label },
  );
}

function networkError(req: DownloadRequest, url: string, what: string) {
  return new DraftcliError(
    "network_error",
    `${labelOf(req)}: cannot download ${redactUrl(url)}: ${redactText(what)}`,
    {
      hint: "check the URL and the network connection (draftcli already retried with backoff); " +
        "for a slow server, download the file yourself and pass it as a file:// URL",
      path: req.label,
    },
  );
}

function describeFetchFailure(err: unknown): string {
  // fetch throws "TypeError: fetch failed" with the real reason in its cause chain.
  const messages: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    messages.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  const all = messages.join(" | ");
  if (/refused/i.test(all)) return "connection refused";
  if (/dns error|lookup|name or service|nodename/i.test(all)) return "host not found";
  if (/reset/i.test(all)) return "connection reset";
  if (/certificate|tls|ssl/i.test(all)) return "TLS/certificate error";
  const last = messages[messages.length - 1] ?? "network failure";
  return last.replace(/^error sending request for url \([^)]*\):\s*/i, "") || "network failure";
}

function parseHttpUrl(req: DownloadRequest): URL {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    throw new DraftcliError("invalid_input", `${labelOf(req)}: not a URL: ${redactUrl(req.url)}`, {
      hint: "use an http(s):// URL, or an absolute file:// URL for a local file",
      path: req.label,
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new DraftcliError(
      "invalid_input",
      `${labelOf(req)}: only http and https URLs can be downloaded: ${redactUrl(req.url)}`,
      {
        hint: "use an http(s):// URL, or an absolute file:// URL for a local file",
        path: req.label,
      },
    );
  }
  return url;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Cancelled());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await Deno.remove(path);
  } catch {
    // already gone
  }
}

/** One attempt: follows redirects, streams the body into a temp file, renames it into place. */
async function attempt(
  req: DownloadRequest,
  start: URL,
  stagingDir: string,
  s: Settings,
  cancel: AbortSignal,
  attemptNo: number,
): Promise<DownloadResult> {
  let current = start;
  let response: Response | null = null;
  let ctrl = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, ms);
  };

  try {
    for (let hop = 0;; hop++) {
      ctrl = new AbortController();
      timedOut = false;
      arm(s.connectTimeoutMs);
      try {
        response = await fetch(current, {
          redirect: "manual",
          signal: AbortSignal.any([ctrl.signal, cancel]),
          headers: { "user-agent": s.userAgent },
        });
      } catch (err) {
        if (cancel.aborted) throw new Cancelled();
        const what = timedOut
          ? `no answer within ${s.connectTimeoutMs / 1000} s (timed out)`
          : describeFetchFailure(err);
        throw new AttemptError(networkError(req, current.href, what), true);
      }
      clearTimeout(timer);
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= s.maxRedirects) {
          throw new AttemptError(
            new DraftcliError(
              "http_error",
              `${labelOf(req)}: ${
                redactUrl(start.href)
              }: too many redirects (more than ${s.maxRedirects})`,
              {
                hint: "the server redirects in circles or too often; use the final URL",
                path: req.label,
              },
            ),
            false,
          );
        }
        const next = new URL(location, current);
        if (next.protocol !== "http:" && next.protocol !== "https:") {
          throw new AttemptError(
            new DraftcliError(
              "http_error",
              `${labelOf(req)}: ${redactUrl(start.href)}: redirected to an unsupported URL: ${
                redactUrl(next.href)
              }`,
              { hint: "only http and https can be downloaded", path: req.label },
            ),
            false,
          );
        }
        current = next;
        continue;
      }
      break;
    }

    const res = response!;
    if (!res.ok) {
      await res.body?.cancel();
      throw new AttemptError(
        httpError(req, start.href, res.status, attemptNo),
        retryableStatus(res.status),
      );
    }
    const declared = Number(res.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > s.maxBytes) {
      await res.body?.cancel();
      throw new AttemptError(tooLarge(req, start.href, s.maxBytes, declared), false);
    }
    return await receive(req, start, res, stagingDir, s, cancel, arm, () => timedOut);
  } finally {
    clearTimeout(timer);
  }
}

function tooLarge(req: DownloadRequest, url: string, max: number, size?: number) {
  const got = size !== undefined ? ` (${formatBytes(size)})` : "";
  return new DraftcliError(
    "media_error",
    `${labelOf(req)}: ${redactUrl(url)}: the file is larger than the ${
      formatBytes(max)
    } limit${got}`,
    {
      hint: "use a smaller file, or raise the limit: draftcli config set maxDownloadBytes <bytes>",
      path: req.label,
    },
  );
}

async function receive(
  req: DownloadRequest,
  start: URL,
  res: Response,
  stagingDir: string,
  s: Settings,
  cancel: AbortSignal,
  arm: (ms: number) => void,
  timedOut: () => boolean,
): Promise<DownloadResult> {
  const { createHash } = await import("node:crypto");
  const tmp = join(stagingDir, `.dl-${crypto.randomUUID()}.part`);
  const hash = createHash("sha256");
  const head = new Uint8Array(SNIFF_BYTES);
  let headLength = 0;
  let size = 0;
  let done = false;
  const file = await Deno.open(tmp, { write: true, createNew: true });
  const reader = res.body!.getReader();
  try {
    for (;;) {
      arm(s.idleTimeoutMs);
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (cancel.aborted) throw new Cancelled();
        const what = timedOut()
          ? `the server stopped sending for ${s.idleTimeoutMs / 1000} s (timed out)`
          : `connection lost during the download (${describeFetchFailure(err)})`;
        throw new AttemptError(networkError(req, start.href, what), true);
      }
      if (chunk.done) break;
      const bytes = chunk.value;
      size += bytes.length;
      if (size > s.maxBytes) {
        throw new AttemptError(tooLarge(req, start.href, s.maxBytes), false);
      }
      if (headLength < SNIFF_BYTES) {
        const take = Math.min(SNIFF_BYTES - headLength, bytes.length);
        head.set(bytes.subarray(0, take), headLength);
        headLength += take;
      }
      hash.update(bytes);
      for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
    }
    await file.sync();
    file.close();
    const sha256 = hash.digest("hex");
    const ext = sniff(head.subarray(0, headLength))?.ext ?? "bin";
    const fileName = `${sha256.slice(0, 16)}.${ext}`;
    const stagedPath = join(stagingDir, fileName);
    await Deno.rename(tmp, stagedPath);
    done = true;
    return { url: req.url, stagedPath, fileName, sha256, size };
  } finally {
    if (!done) {
      try {
        file.close();
      } catch {
        // already closed
      }
      await reader.cancel().catch(() => {});
      await removeQuietly(tmp);
    }
  }
}

/** Fetches one URL with retries. */
async function downloadOne(
  req: DownloadRequest,
  url: URL,
  stagingDir: string,
  s: Settings,
  cancel: AbortSignal,
): Promise<DownloadResult> {
  for (let attemptNo = 1;; attemptNo++) {
    try {
      return await attempt(req, url, stagingDir, s, cancel, attemptNo);
    } catch (err) {
      if (!(err instanceof AttemptError)) throw err;
      if (!err.retryable || attemptNo > s.retries) throw err.error;
      const delay = s.retryDelayMs * 2 ** (attemptNo - 1);
      s.warn?.(
        `${err.message}; retrying in ${delay} ms (attempt ${attemptNo + 1} of ${s.retries + 1})`,
      );
      await sleep(delay, cancel);
    }
  }
}

/**
 * Downloads every URL (each distinct URL once) into `stagingDir`, at most `concurrency` at a
 * time. Returns the result for each requested URL, in request order. On the first failure the
 * other downloads are cancelled, their partial files removed, and the error is thrown:
 * `network_error` (unreachable, timeout), `http_error` (status, redirects), `media_error` (over
 * the size limit) or `invalid_input` (not http/https). Files already completed stay in
 * `stagingDir`, which the caller owns.
 */
export async function downloadAll(
  requests: DownloadRequest[],
  stagingDir: string,
  opts: DownloadOptions = {},
): Promise<Map<string, DownloadResult>> {
  const s: Settings = {
    ...DOWNLOAD_DEFAULTS,
    ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)),
  } as Settings;
  s.concurrency = Math.max(1, Math.floor(s.concurrency));

  // Validate everything before fetching anything; group identical URLs.
  const unique = new Map<string, { req: DownloadRequest; url: URL; urls: string[] }>();
  for (const req of requests) {
    const url = parseHttpUrl(req);
    const group = unique.get(url.href);
    if (group) group.urls.push(req.url);
    else unique.set(url.href, { req, url, urls: [req.url] });
  }
  const results = new Map<string, DownloadResult>();
  if (unique.size === 0) return results;
  mkdirHere(stagingDir); // its parent is the caller's (a draft's state folder: never re-created)

  const stop = new AbortController();
  const cancel = opts.signal ? AbortSignal.any([stop.signal, opts.signal]) : stop.signal;
  const queue = [...unique.values()];
  let failure: unknown = null;

  const worker = async () => {
    for (;;) {
      const job = queue.shift();
      if (!job || failure !== null) return;
      try {
        const result = await downloadOne(job.req, job.url, stagingDir, s, cancel);
        for (const url of job.urls) results.set(url, { ...result, url });
      } catch (err) {
        if (err instanceof Cancelled) {
          if (failure === null && opts.signal?.aborted) {
            failure = new DraftcliError("network_error", "downloads cancelled");
          }
          return;
        }
        if (failure === null) failure = err;
        stop.abort();
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(s.concurrency, queue.length) }, worker));
  if (failure !== null) throw failure;
  // In the order of the requests, whatever order the downloads finished in.
  const ordered = new Map<string, DownloadResult>();
  for (const req of requests) ordered.set(req.url, results.get(req.url)!);
  return ordered;
}
