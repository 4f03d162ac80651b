/**
 * Downloads remote media (http/https only) into a staging folder through the one HTTP client
 * (src/transfer/http.ts: timeouts, retries, redirects, size cap, redacted errors), several at
 * once. Each file is named by its content (first 16 hex digits of its SHA-256) plus the extension
 * sniffed from its bytes, and moved into place whole (temp file + rename); never by anything the
 * URL or the server says (path, Content-Disposition).
 */
import { join } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { mkdirHere } from "../files.ts";
import { sniff, SNIFF_BYTES } from "./sniff.ts";
import { fetchToFile, parseHttpUrl, type RetryOptions } from "../transfer/http.ts";

/** One URL to fetch; `index` (and `label`, if given) name the item in errors. */
export interface DownloadRequest {
  url: string;
  index: number;
  /** How errors name the item, e.g. "imageInfos[3].imageUrl"; default "item <index>". */
  label?: string;
}

/** Tuning for `downloadAll`; every field has a default (retry fields: RETRY_DEFAULTS). */
export interface DownloadOptions extends RetryOptions {
  /** Downloads running at once (default 4). */
  concurrency?: number;
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

/** Defaults of `DownloadOptions` besides the client's (retries, timeouts, redirects). */
const DOWNLOAD_DEFAULTS = { concurrency: 4, maxBytes: 2 * 1024 ** 3 } as const;

const URL_HINT = "use an http(s):// URL, or an absolute file:// URL for a local file";

function labelOf(req: DownloadRequest): string {
  return req.label ?? `item ${req.index}`;
}

/** Fetches one URL into a temp file of `stagingDir`, then renames it to its content name. */
async function downloadOne(
  req: DownloadRequest,
  url: URL,
  stagingDir: string,
  opts: DownloadOptions,
  signal: AbortSignal,
): Promise<DownloadResult> {
  const tmp = join(stagingDir, `.dl-${crypto.randomUUID()}.part`);
  const got = await fetchToFile(url, tmp, {
    ...opts,
    label: labelOf(req),
    path: req.label,
    maxBytes: opts.maxBytes ?? DOWNLOAD_DEFAULTS.maxBytes,
    limitKey: "maxDownloadBytes",
    limitCode: "media_error",
    sha256: true,
    headBytes: SNIFF_BYTES,
    signal,
  });
  const sha256 = got.sha256!;
  const fileName = `${sha256.slice(0, 16)}.${sniff(got.head!)?.ext ?? "bin"}`;
  const stagedPath = join(stagingDir, fileName);
  try {
    await Deno.rename(tmp, stagedPath);
  } catch (err) {
    await Deno.remove(tmp).catch(() => {});
    throw err;
  }
  return { url: req.url, stagedPath, fileName, sha256, size: got.bytes };
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
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? DOWNLOAD_DEFAULTS.concurrency));

  // Validate everything before fetching anything; group identical URLs.
  const unique = new Map<string, { req: DownloadRequest; url: URL; urls: string[] }>();
  for (const req of requests) {
    const url = parseHttpUrl(req.url, { label: labelOf(req), path: req.label, hint: URL_HINT });
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
        const result = await downloadOne(job.req, job.url, stagingDir, opts, cancel);
        for (const url of job.urls) results.set(url, { ...result, url });
      } catch (err) {
        // The first failure wins; the others are the downloads it cancelled.
        if (failure === null) {
          failure = opts.signal?.aborted
            ? new DraftcliError("network_error", "downloads cancelled")
            : err;
        }
        stop.abort();
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  if (failure !== null) throw failure;
  // In the order of the requests, whatever order the downloads finished in.
  const ordered = new Map<string, DownloadResult>();
  for (const req of requests) ordered.set(req.url, results.get(req.url)!);
  return ordered;
}
