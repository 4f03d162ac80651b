/**
 * Downloads one URL to a file with a size cap (declared Content-Length and counted bytes),
 * timeouts, and retries with backoff on network errors and 5xx. Used by `draft import <URL>`.
 */
import { DraftcliError } from "../errors.ts";
import {
  backoffMs,
  httpStatusError,
  MAX_REDIRECTS,
  parseHttpUrl,
  redactSecrets,
  redactUrl,
  RETRY_DEFAULTS,
  retryableStatus,
  type RetryOptions,
  sleep,
} from "./http.ts";

/** Options of `downloadToFile`. */
export interface DownloadOptions extends RetryOptions {
  /** Largest body accepted, bytes. */
  maxBytes: number;
  /** Sent as `Authorization: Bearer <token>`; never printed. */
  token?: string;
  /** Bytes received so far and the declared total (0 when unknown). */
  onProgress?: (received: number, total: number) => void;
  /** Names the size cap in the error hint (default maxZipBytes). */
  limitKey?: string;
}

/** What `downloadToFile` got. */
export interface DownloadResult {
  bytes: number;
  status: number;
  attempts: number;
}

class Retryable extends Error {}

/**
 * Downloads `url` into `dest` (created or truncated; removed again on failure). Errors:
 * `invalid_input` (bad URL, over the cap), `http_error`, `network_error`.
 */
export async function downloadToFile(
  url: string,
  dest: string,
  opts: DownloadOptions,
): Promise<DownloadResult> {
  const u = parseHttpUrl(url, "source");
  const s = { ...RETRY_DEFAULTS };
  for (const k of Object.keys(RETRY_DEFAULTS) as (keyof RetryOptions)[]) {
    if (typeof opts[k] === "number") s[k] = opts[k]!;
  }
  const what = `download of ${redactUrl(u)}`;
  const secrets = [opts.token, u.search.slice(1), u.password];
  const headers: Record<string, string> = { "User-Agent": "draftcli" };
  if (opts.token) headers["Authorization"] = `Bearer ${opts.token}`;
  const tooBig = (n: string) =>
    new DraftcliError("invalid_input", `${what}: ${n}, over the limit of ${opts.maxBytes} bytes`, {
      hint: `if the source is trusted, raise the limit: draftcli config set ${
        opts.limitKey ?? "maxZipBytes"
      } <bytes>`,
    });
  let attempts = 0;
  let last: DraftcliError | undefined;
  while (attempts <= s.retries) {
    if (attempts > 0) await sleep(backoffMs(attempts, s.retryDelayMs));
    attempts++;
    const ctrl = new AbortController();
    let timer = setTimeout(
      () => ctrl.abort(new Retryable("no answer (timeout)")),
      s.connectTimeoutMs,
    );
    const out = await Deno.open(dest, { write: true, create: true, truncate: true });
    let received = 0;
    try {
      let res = await fetch(u, { headers, signal: ctrl.signal, redirect: "manual" });
      // Redirects by hand: a bounded number of hops, http(s) only, never retried.
      for (let hop = 0, at = u; res.status >= 300 && res.status < 400; hop++) {
        const location = res.headers.get("location");
        await res.body?.cancel();
        if (!location) break;
        if (hop >= MAX_REDIRECTS) {
          throw new DraftcliError(
            "http_error",
            `${what} failed: too many redirects (more than ${MAX_REDIRECTS})`,
            { hint: "the server redirects in circles or too often; use the final URL" },
          );
        }
        at = new URL(location, at);
        if (at.protocol !== "http:" && at.protocol !== "https:") {
          throw new DraftcliError("http_error", `${what} failed: redirected to a non-http URL`, {
            hint: "use an http:// or https:// URL",
          });
        }
        res = await fetch(at, { headers, signal: ctrl.signal, redirect: "manual" });
      }
      if (!res.ok) {
        await res.body?.cancel();
        const err = httpStatusError(res.status, what);
        if (retryableStatus(res.status)) throw new Retryable(err.message);
        throw err;
      }
      const declared = Number(res.headers.get("content-length") ?? 0);
      if (declared > opts.maxBytes) {
        await res.body?.cancel();
        throw tooBig(`the server announces ${declared} bytes`);
      }
      const reader = res.body!.getReader();
      while (true) {
        clearTimeout(timer);
        timer = setTimeout(
          () => ctrl.abort(new Retryable(`no data for ${s.idleTimeoutMs} ms (idle timeout)`)),
          s.idleTimeoutMs,
        );
        const { done, value } = await reader.read();
        if (done) break;
        received += value.length;
        if (received > opts.maxBytes) {
          await reader.cancel();
          throw tooBig(`more than ${opts.maxBytes} bytes arrived`);
        }
        let off = 0;
        while (off < value.length) off += await out.write(value.subarray(off));
        opts.onProgress?.(received, declared);
      }
      clearTimeout(timer);
      out.close();
      return { bytes: received, status: res.status, attempts };
    } catch (err) {
      clearTimeout(timer);
      try {
        out.close();
      } catch { /* closed */ }
      await Deno.remove(dest).catch(() => {});
      if (err instanceof DraftcliError) throw err;
      const cause = ctrl.signal.aborted ? ctrl.signal.reason : err;
      const reason = redactSecrets(String((cause as Error)?.message ?? cause), secrets);
      last = cause instanceof Retryable && /^download of .* failed: HTTP/.test(reason)
        ? new DraftcliError("http_error", reason, { hint: "try again later" })
        : new DraftcliError("network_error", `${what} failed: ${reason}`, {
          hint: "check the network and the URL; draftcli retried with backoff",
        });
    }
  }
  throw new DraftcliError(last!.code, `${last!.message} (after ${attempts} attempts)`, {
    hint: last!.hint,
  });
}
