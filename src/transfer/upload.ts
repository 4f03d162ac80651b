/**
 * Uploads a file over HTTP: a presigned PUT (object stores) or a multipart POST to an endpoint
 * that answers with the file's URL. The body is streamed from disk, from its start on every
 * attempt, through the one HTTP client (http.ts `sendBody`: exact Content-Length, retries,
 * timeouts, redacted errors); this builds the body and reads the answer.
 */
import { basename } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { isSecretParam } from "../text/redact.ts";
import {
  parseHttpUrl,
  redactUrl,
  type RetryOptions,
  sendBody,
  type Sent,
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

function safeFileName(name: string): string {
  return name.replace(/[^\w.\- ]/g, "_") || "upload.zip";
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
  const url = parseHttpUrl(target, { label: "upload", path: "to" });
  const method = opts.method ?? defaultMethod(url);
  const st = await Deno.stat(path).catch(() => {
    throw new DraftcliError("invalid_input", `no file ${path} to upload`, { path });
  });
  const contentType = opts.contentType ?? "application/zip";
  const headers: Record<string, string> = {};
  let length = st.size;
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
    length = head.length + st.size + tail.length;
    headers["Content-Type"] = `multipart/form-data; boundary=${boundary}`;
    headers["Accept"] = "application/json";
    body = async function* () {
      yield head;
      yield* fileChunks(path);
      yield tail;
    };
  }
  const answer = await sendBody(url, {
    ...opts,
    label: "upload",
    method: method === "put" ? "PUT" : "POST",
    headers,
    body,
    length,
  });
  return {
    downloadUrl: opts.downloadUrl ?? downloadUrlOf(method, url, answer),
    status: answer.status,
    attempts: answer.attempts,
    method,
  };
}

function downloadUrlOf(method: UploadMethod, url: URL, answer: Sent): string {
  if (method === "put") return withoutQuery(url);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch { /* no JSON */ }
  const found = urlFromAnswer(json) ??
    (answer.location && /^https?:\/\//i.test(answer.location) ? answer.location : undefined);
  if (found) return found;
  throw new DraftcliError(
    "http_error",
    `upload: ${
      redactUrl(url)
    } succeeded (HTTP ${answer.status}) but the answer holds no URL (looked for url, downloadUrl, download_url, location, data.url)`,
    { hint: "pass --download-url to say where the file can be fetched, or use --method put" },
  );
}
