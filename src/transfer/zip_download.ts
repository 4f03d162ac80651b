/**
 * Downloads one draft zip for `draft import <URL>` through the one HTTP client (http.ts): size
 * cap, timeouts, retries and redirects are its; this names the call "import" and the cap's
 * config key (maxZipBytes).
 */
import { fetchToFile, parseHttpUrl, type RetryOptions } from "./http.ts";

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

/**
 * Downloads `url` into `dest` (created or truncated; removed again on failure). Errors:
 * `invalid_input` (bad URL, over the cap), `http_error`, `network_error`.
 */
export async function downloadToFile(
  url: string,
  dest: string,
  opts: DownloadOptions,
): Promise<DownloadResult> {
  const u = parseHttpUrl(url, { label: "import", path: "source" });
  const { bytes, status, attempts } = await fetchToFile(u, dest, {
    ...opts,
    label: "import",
    limitKey: opts.limitKey ?? "maxZipBytes",
    limitCode: "invalid_input",
  });
  return { bytes, status, attempts };
}
