/**
 * Shared HTTP helpers for uploads and downloads: URL checks, redaction of credentials in
 * anything a human may see, retry timing, and the error for a final HTTP status.
 */
import { DraftcliError } from "../errors.ts";
import { redactUrl } from "../text/redact.ts";

/** Retry and timeout settings shared by uploads and downloads. */
export interface RetryOptions {
  /** Extra attempts after the first on network errors, 408, 429 and 5xx (default 3). */
  retries?: number;
  /** First retry delay in ms, doubled each time, capped at 30 s (default 500). */
  retryDelayMs?: number;
  /** Time allowed to connect (upload) or to get response headers (download), ms (default 15 s). */
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

/** Parses an http(s) URL or throws `invalid_input` (the message shows it redacted). */
export function parseHttpUrl(url: string, field: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DraftcliError("invalid_input", `'${redactUrl(url)}' is not a URL`, {
      hint: "use an http:// or https:// URL",
      path: field,
    });
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new DraftcliError("invalid_input", `'${redactUrl(url)}' is not an http(s) URL`, {
      hint: "use an http:// or https:// URL",
      path: field,
    });
  }
  return u;
}

export { redactSecrets, redactUrl } from "../text/redact.ts";

/** The URL without its query string and fragment (a presigned URL's public form). */
export function withoutQuery(url: string | URL): string {
  const u = new URL(String(url));
  u.search = "";
  u.hash = "";
  return u.toString();
}

/** Delay before retry number `n` (1-based): base × 2^(n-1), capped at 30 s. */
export function backoffMs(n: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (n - 1), 30_000);
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Redirects followed per request by both download paths. */
export const MAX_REDIRECTS = 5;

/** Is this HTTP status worth another attempt? (The one retry rule of every transfer.) */
export function retryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** The error for a final HTTP status; `what` is e.g. "upload to https://h/p?***". */
export function httpStatusError(status: number, what: string, detail = ""): DraftcliError {
  const tail = detail ? `: ${detail}` : "";
  const known: Record<number, [string, string]> = {
    401: [
      "the server wants a valid token",
      "pass --token, set DRAFTCLI_UPLOAD_TOKEN, or 'draftcli config set uploadToken <token>'",
    ],
    403: [
      "URL expired or not allowed",
      "presigned URLs expire: ask for a fresh one; check the token and the bucket policy",
    ],
    404: ["not found", "check the URL"],
    413: [
      "too large for the server",
      "the server limits request size; ask for a larger limit or another target",
    ],
  };
  const [why, hint] = known[status] ??
    [
      `HTTP ${status}`,
      retryableStatus(status) ? "try again later" : "check the URL and the server",
    ];
  return new DraftcliError("http_error", `${what} failed: HTTP ${status} (${why})${tail}`, {
    hint,
  });
}
