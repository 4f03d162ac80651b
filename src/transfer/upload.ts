/**
 * Uploads a file over HTTP: a presigned PUT (object stores) or a multipart POST to an endpoint
 * that answers with the file's URL. The body is streamed from disk with an exact
 * Content-Length (node:http, because fetch sends streamed bodies chunked, which presigned PUTs
 * refuse). Retries with exponential backoff on network errors and 5xx; 4xx is final. The bearer
 * token and URL query strings never appear in errors.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { ClientRequest, IncomingMessage } from "node:http";
import { basename } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { isSecretParam } from "../text/redact.ts";
import {
  backoffMs,
  httpStatusError,
  parseHttpUrl,
  redactSecrets,
  redactUrl,
  RETRY_DEFAULTS,
  retryableStatus,
  type RetryOptions,
  sleep,
  withoutQuery,
} from "./http.ts";

/** How the file is sent. */
export type UploadMethod = "put" | "post";

/** Options of `uploadFile`. */
export interface UploadOptions extends RetryOptions {
  /** put = raw body (presigned URL); post = multipart form. Default: see `defaultMethod`. */
  method?: UploadMethod;
  /** Sent as `Authorization: Bearer <token>`; never printed. */
  token?: string;
  /** The URL to report instead of the one derived from the target or the POST answer. */
  downloadUrl?: string;
  /** Body type (default application/zip). */
  contentType?: string;
  /** Multipart field name for POST (default "file"). */
  fieldName?: string;
  /** File name sent in the multipart part (default: the file's name). */
  fileName?: string;
  /** Bytes sent so far and the total, after each chunk (restarts at 0 on a retry). */
  onProgress?: (sent: number, total: number) => void;
}

/** What `uploadFile` did. */
export interface UploadResult {
  downloadUrl: string;
  /** HTTP status of the successful attempt. */
  status: number;
  /** Attempts made (1 = no retry). */
  attempts: number;
  method: UploadMethod;
}

/** Does the URL's query string look presigned (a secret parameter, see SECRET_PARAMS)? */
export function looksPresigned(url: URL): boolean {
  for (const k of url.searchParams.keys()) if (isSecretParam(k)) return true;
  return false;
}

/** `put` when the URL's query string looks presigned, else `post`. */
export function defaultMethod(url: URL): UploadMethod {
  return looksPresigned(url) ? "put" : "post";
}

/**
 * Fills a download-URL template (config `downloadUrl`): `{name}` = the zip's file name,
 * `{draftId}`, `{sha256}`; values are URL-encoded. A template without braces is used as is.
 */
export function fillDownloadUrl(
  template: string,
  vars: { name: string; draftId: string; sha256: string },
): string {
  return template.replace(
    /\{(name|draftId|sha256)\}/g,
    (_, k: keyof typeof vars) => encodeURIComponent(vars[k]),
  );
}

/** Keys of a POST answer that may hold the file's URL, in order of preference. */
const URL_KEYS = ["url", "downloadUrl", "download_url", "location"] as const;

/** Finds the file's URL in a POST answer: url, downloadUrl, download_url, location, data.url. */
export function urlFromAnswer(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const o = body as Record<string, unknown>;
  for (const k of URL_KEYS) if (typeof o[k] === "string" && /^https?:\/\//i.test(o[k])) return o[k];
  const data = o.data as Record<string, unknown> | undefined;
  if (data && typeof data === "object") {
    for (const k of URL_KEYS) {
      if (typeof data[k] === "string" && /^https?:\/\//i.test(data[k] as string)) {
        return data[k] as string;
      }
    }
  }
  return undefined;
}

class NetError extends Error {}

interface Answer {
  status: number;
  body: string;
  location?: string;
}

function safeFileName(name: string): string {
  return name.replace(/[^\w.\- ]/g, "_") || "upload.zip";
}

/** One HTTP request with a streamed body; resolves with the status and (capped) answer body. */
function send(
  url: URL,
  method: "PUT" | "POST",
  headers: Record<string, string>,
  body: () => AsyncIterable<Uint8Array>,
  total: number,
  opts: Required<RetryOptions> & { onProgress?: (sent: number, total: number) => void },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const make = url.protocol === "https:" ? httpsRequest : httpRequest;
    let settled = false;
    let answered = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(connect);
      clearTimeout(idle);
      req.destroy();
      reject(err);
    };
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () => fail(new NetError(`no progress for ${opts.idleTimeoutMs} ms (idle timeout)`)),
        opts.idleTimeoutMs,
      );
    };
    const req: ClientRequest = make(url, { method, headers, agent: false });
    const connect = setTimeout(
      () => fail(new NetError(`could not connect within ${opts.connectTimeoutMs} ms`)),
      opts.connectTimeoutMs,
    );
    req.on("socket", (socket) => {
      const connected = () => {
        clearTimeout(connect);
        touch();
        pump().catch((err) => fail(err instanceof Error ? err : new Error(String(err))));
      };
      if (socket.connecting) {
        socket.once(url.protocol === "https:" ? "secureConnect" : "connect", connected);
      } else connected();
    });
    req.on("error", (err: Error & { code?: string }) => {
      if (!answered) fail(new NetError(err.code ? `${err.code}: ${err.message}` : err.message));
    });
    req.on("response", (res: IncomingMessage) => {
      answered = true;
      touch();
      const chunks: Uint8Array[] = [];
      let size = 0;
      res.on("data", (c: Uint8Array) => {
        touch();
        if (size < 1024 * 1024) chunks.push(c);
        size += c.length;
      });
      res.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(connect);
        clearTimeout(idle);
        const location = res.headers.location;
        resolve({
          status: res.statusCode ?? 0,
          body: new TextDecoder().decode(concat(chunks)),
          location: typeof location === "string" ? location : undefined,
        });
      });
      res.on("error", (err) => fail(new NetError(err.message)));
    });
    const pump = async () => {
      let sent = 0;
      for await (const chunk of body()) {
        if (settled || answered) return;
        const ok = req.write(chunk);
        if (!ok) {
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
        opts.onProgress?.(sent, total);
      }
      if (!settled && !answered) req.end();
    };
  });
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

async function* fileChunks(path: string, chunkSize = 256 * 1024): AsyncGenerator<Uint8Array> {
  const f = await Deno.open(path, { read: true });
  try {
    while (true) {
      const buf = new Uint8Array(chunkSize);
      const n = await f.read(buf);
      if (n === null) return;
      yield buf.subarray(0, n);
    }
  } finally {
    f.close();
  }
}

/**
 * Uploads `path` to `target`. PUT: the file is the body, the result URL is the target without
 * its query string (or `downloadUrl`). POST: one multipart part (`file`), and the result URL is
 * read from the JSON answer (`url`, `downloadUrl`, `download_url`, `location`, `data.url`) or a
 * Location header. Errors: `http_error` (final status, or 5xx after the last retry),
 * `network_error` (connection, timeouts), `invalid_input` (bad URL, missing file).
 */
export async function uploadFile(
  path: string,
  target: string,
  opts: UploadOptions = {},
): Promise<UploadResult> {
  const url = parseHttpUrl(target, "to");
  const method = opts.method ?? defaultMethod(url);
  const st = await Deno.stat(path).catch(() => {
    throw new DraftcliError("invalid_input", `no file ${path} to upload`, { path });
  });
  const settings = { ...RETRY_DEFAULTS, ...definedOnly(opts), onProgress: opts.onProgress };
  const contentType = opts.contentType ?? "application/zip";
  const headers: Record<string, string> = { "User-Agent": "draftcli" };
  if (opts.token) headers["Authorization"] = `Bearer ${opts.token}`;
  let total = st.size;
  let body: () => AsyncIterable<Uint8Array>;
  if (method === "put") {
    headers["Content-Type"] = contentType;
    body = () => fileChunks(path);
  } else {
    const boundary = `draftcli-${crypto.randomUUID()}`;
    const enc = new TextEncoder();
    const head = enc.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${
        opts.fieldName ?? "file"
      }"; filename="${
        safeFileName(opts.fileName ?? basename(path))
      }"\r\nContent-Type: ${contentType}\r\n\r\n`,
    );
    const tail = enc.encode(`\r\n--${boundary}--\r\n`);
    total = head.length + st.size + tail.length;
    headers["Content-Type"] = `multipart/form-data; boundary=${boundary}`;
    headers["Accept"] = "application/json";
    body = async function* () {
      yield head;
      yield* fileChunks(path);
      yield tail;
    };
  }
  headers["Content-Length"] = String(total);
  const what = `upload to ${redactUrl(url)}`;
  const secrets = [opts.token, url.search.slice(1), url.password];
  let attempts = 0;
  let last: DraftcliError | undefined;
  while (attempts <= settings.retries) {
    if (attempts > 0) await sleep(backoffMs(attempts, settings.retryDelayMs));
    attempts++;
    let answer: Answer;
    try {
      answer = await send(url, method === "put" ? "PUT" : "POST", headers, body, total, settings);
    } catch (err) {
      const reason = redactSecrets(String((err as Error).message), secrets);
      last = new DraftcliError("network_error", `${what} failed: ${reason}`, {
        hint: "check the network and the URL; draftcli retried with backoff",
      });
      continue;
    }
    const snippet = redactSecrets(answer.body.slice(0, 200).replace(/\s+/g, " ").trim(), secrets);
    if (answer.status >= 200 && answer.status < 300) {
      return {
        downloadUrl: opts.downloadUrl ?? downloadUrlOf(method, url, answer, what),
        status: answer.status,
        attempts,
        method,
      };
    }
    last = httpStatusError(answer.status, what, snippet);
    if (!retryableStatus(answer.status)) throw last;
  }
  if (last && attempts > 1) {
    last = new DraftcliError(last.code, `${last.message} (after ${attempts} attempts)`, {
      hint: last.hint,
    });
  }
  throw last!;
}

function definedOnly(o: RetryOptions): RetryOptions {
  const out: Record<string, number> = {};
  for (const k of Object.keys(RETRY_DEFAULTS) as (keyof RetryOptions)[]) {
    if (typeof o[k] === "number") out[k] = o[k]!;
  }
  return out;
}

function downloadUrlOf(method: UploadMethod, url: URL, answer: Answer, what: string): string {
  if (method === "put") return withoutQuery(url);
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch { /* no JSON */ }
  const found = urlFromAnswer(json) ??
    (answer.location && /^https?:\/\//i.test(answer.location) ? answer.location : undefined);
  if (found) return found;
  throw new DraftcliError(
    "http_error",
    `${what} succeeded (HTTP ${answer.status}) but the answer holds no URL (looked for url, downloadUrl, download_url, location, data.url)`,
    { hint: "pass --download-url to say where the file can be fetched, or use --method put" },
  );
}
