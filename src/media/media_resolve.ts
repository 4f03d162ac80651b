/**
 * Turns the media URLs of an input into local files with their probe results: `file://` URLs
 * are referenced where they are, http(s) URLs are downloaded into the staging folder (the draft
 * writer moves them into the draft's resources folder when it commits).
 */
import { isAbsolute, normalize, resolve } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { redactUrl } from "../text/redact.ts";
import type { DownloadOptions, DownloadResult } from "./media_download.ts";
import { type ProbeCache, probeCached } from "./probe_cache.ts";
import { probeFile, probeOpened, type ProbeOptions, readForProbe } from "./probe.ts";
import { SNIFF_BYTES } from "./sniff.ts";
import { sha256Bytes, sha256Of, WHOLE_HASH_BYTES } from "../files.ts";
import type { MediaInfo } from "./types.ts";

/** One media reference of the input: its URL and where it sits (to name it in errors). */
export interface MediaRef {
  url: string;
  /** Index of the item in its list. */
  index: number;
  /**
   * The input field, e.g. "imageInfos.imageUrl" or "imageInfos[].imageUrl": the item is named
   * "imageInfos[3].imageUrl" (the index goes at "[]" or after the first name).
   */
  field: string;
  /** The item's full name when the caller has it ("media.cover.jpg"); else from field and index. */
  label?: string;
}

/** Where `resolveMedia` puts things and how it probes and downloads. */
export interface ResolveOptions {
  /** Downloads land here first (created if missing). */
  stagingDir: string;
  /** The draft's resources folder: downloaded files end up here as `<fileName>`. */
  resourcesDir: string;
  /** Probe results are looked up and stored here. */
  cache?: ProbeCache;
  /** Download tuning. */
  download?: DownloadOptions;
  /** ffprobe settings (false: never run ffprobe). */
  ffprobe?: ProbeOptions["ffprobe"];
  /** Told about retries and ffprobe fallbacks. */
  warn?: (message: string) => void;
  /** The home folder `~/` paths expand to (default: none, so `~/` paths are refused). */
  home?: string;
  /** The folder relative paths resolve against (default: the process's working folder). */
  cwd?: string;
  /**
   * Whether a local file's content hash is wanted (to name its copy in the draft): it is then
   * computed from the same read as the probe (`ResolvedMedia.sha256`). Default: never.
   */
  hashLocal?: (path: string, stat: Deno.FileInfo) => boolean;
}

/** A media URL resolved to a local file with its facts. */
export interface ResolvedMedia {
  url: string;
  /** Final absolute path: the file itself for file:// URLs, `<resourcesDir>/<fileName>` else. */
  path: string;
  /** Set when downloaded: the staged file, which the caller moves to `path` at commit. */
  stagedPath?: string;
  /** The file's base name (for downloads: `<sha256 prefix>.<ext>`). */
  fileName: string;
  info: MediaInfo;
  /** A local file's stat, taken when it was checked (spares the placer another). */
  stat?: Deno.FileInfo;
  /** Hex sha256 of a local file's bytes, when `ResolveOptions.hashLocal` asked for it. */
  sha256?: string;
}

/** The name errors give a reference: its label, else its field with its index. */
function labelOf(ref: MediaRef): string {
  return ref.label ?? itemLabel(ref.field, ref.index);
}

/** Names an item: "imageInfos.imageUrl" + 3 → "imageInfos[3].imageUrl". */
export function itemLabel(field: string, index: number): string {
  if (field.includes("[]")) return field.replace("[]", `[${index}]`);
  const dot = field.indexOf(".");
  return dot < 0 ? `${field}[${index}]` : `${field.slice(0, dot)}[${index}]${field.slice(dot)}`;
}

/**
 * Decodes a `file:` URL to an absolute path (percent-decoding; `file:///C:/x` and
 * `file://server/share/x` on Windows). Throws `invalid_input` when the URL cannot name a local
 * file on this system. `parsed`: `url` already parsed, when the caller has it.
 */
export function fileUrlToPath(url: string, os: string = Deno.build.os, parsed?: URL): string {
  const u = parsed ?? new URL(url);
  if (u.protocol !== "file:") throw new TypeError(`not a file URL: ${url}`);
  if (/%2f/i.test(u.pathname) || (os === "windows" && /%5c/i.test(u.pathname))) {
    throw new DraftcliError("invalid_input", `file URL contains an encoded path separator: ${url}`);
  }
  const path = decodeURIComponent(u.pathname);
  const host = u.hostname === "localhost" ? "" : u.hostname;
  if (os === "windows") {
    if (host) return `\\\\${host}${path.replaceAll("/", "\\")}`;
    const drive = /^\/([A-Za-z]:)(\/|$)/.exec(path);
    if (!drive) {
      throw new DraftcliError("invalid_input", `file URL has no drive letter: ${url}`, {
        hint: "write Windows paths as file:///C:/folder/file.png",
      });
    }
    return `${drive[1]}\\${path.slice(drive[0].length).replaceAll("/", "\\")}`;
  }
  if (host) {
    throw new DraftcliError("invalid_input", `file URL names another host (${host}): ${url}`, {
      hint: "use file:///absolute/path (three slashes) for a file on this computer",
    });
  }
  return normalize(path);
}

/** A path of unreserved characters only: no `%`, `?`, `#` or `\\`. */
const PLAIN_PATH = /^\/[\w.~/-]*$/;
/** A `.` or `..` segment (the URL parser resolves those its own way). */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/**
 * What `fileUrlToPath` makes of a plain file URL (`file:///` and a `PLAIN_PATH` without dot
 * segments), without parsing it: the URL's tail, normalised. Undefined for any other URL, and
 * on Windows (drive letters). A batch names many files; parsing each URL costs more than the
 * rest of its check.
 */
export function simpleFileUrlPath(url: string, os: string = Deno.build.os): string | undefined {
  if (os === "windows" || !url.startsWith("file:///")) return undefined;
  const path = url.slice(7);
  return PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path) ? normalize(path) : undefined;
}

/** The file:// URL of an absolute path, for hints. */
function suggestFileUrl(path: string): string {
  const slashed = path.replaceAll("\\", "/");
  const withRoot = slashed.startsWith("/") ? slashed : `/${slashed}`;
  return `file://${encodeURI(withRoot).replaceAll("?", "%3F").replaceAll("#", "%23")}`;
}

type Classified =
  | { kind: "file"; ref: MediaRef; path: string }
  | { kind: "http"; ref: MediaRef };

/**
 * The local path a media reference names when it is a path rather than a URL: an absolute path,
 * `~/…` (under `home`), or a path relative to `cwd`. Undefined for anything with a URL scheme.
 */
export function plainPath(
  url: string,
  opts: { home?: string; cwd?: string; os?: string } = {},
): string | undefined {
  const os = opts.os ?? Deno.build.os;
  const windowsAbs = /^[A-Za-z]:[\\/]/.test(url) || url.startsWith("\\\\");
  if (windowsAbs) return os === "windows" ? url : undefined;
  if (isAbsolute(url)) return normalize(url);
  if (url === "~" || url.startsWith("~/") || url.startsWith("~\\")) {
    if (!opts.home) return undefined;
    return resolve(opts.home, url.slice(2));
  }
  if (url === "" || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) return undefined;
  return resolve(opts.cwd ?? Deno.cwd(), url);
}

function classify(ref: MediaRef, paths: { home?: string; cwd?: string }): Classified {
  const label = labelOf(ref);
  const url = ref.url.trim();
  const simple = simpleFileUrlPath(url);
  if (simple !== undefined) return { kind: "file", ref, path: simple };
  const local = plainPath(url, paths);
  if (local !== undefined) return { kind: "file", ref, path: local };
  const looksLikePath = /^[A-Za-z]:[\\/]/.test(url) || url.startsWith("\\\\") ||
    url.startsWith("~");
  if (looksLikePath) {
    throw new DraftcliError("invalid_input", `${label}: cannot use this path here: ${ref.url}`, {
      hint: url.startsWith("~")
        ? "HOME is not set, so ~ cannot be expanded; give an absolute path"
        : `give local files as absolute paths or file:// URLs, e.g. ${suggestFileUrl(url)}`,
      path: label,
    });
  }
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // relative path or garbage
  }
  if (!parsed) {
    throw new DraftcliError(
      "invalid_input",
      `${label}: not an absolute URL: ${redactUrl(ref.url) || "(empty)"}`,
      {
        hint: "give a file path, a file:// URL (file:///home/me/clip.mp4) or an http(s):// URL",
        path: label,
      },
    );
  }
  if (parsed.protocol === "http:" || parsed.protocol === "https:") return { kind: "http", ref };
  if (parsed.protocol === "file:") {
    let path: string;
    try {
      path = fileUrlToPath(url, undefined, parsed); // parsed once (a batch names many files)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new DraftcliError("invalid_input", `${label}: ${message}`, {
        hint: err instanceof DraftcliError && err.hint
          ? err.hint
          : "use an absolute file:// URL such as file:///home/me/clip.mp4",
        path: label,
      });
    }
    return { kind: "file", ref, path };
  }
  throw new DraftcliError(
    "invalid_input",
    `${label}: unsupported URL scheme "${parsed.protocol.replace(/:$/, "")}": ${
      redactUrl(ref.url)
    }`,
    {
      hint: "use an absolute file:// URL for a local file, or an http(s):// URL",
      path: label,
    },
  );
}

/** Prefixes a probe error with the input item it belongs to. */
function relabel(err: unknown, label: string): unknown {
  if (!(err instanceof DraftcliError)) return err;
  return new DraftcliError(err.code, `${label}: ${err.message}`, { hint: err.hint, path: label });
}

/** Checks that a local media file is there and is a file; returns its stat for the probe. */
function statLocal(path: string, label: string): Deno.FileInfo {
  let stat: Deno.FileInfo;
  try {
    stat = Deno.statSync(path);
  } catch (err) {
    const missing = err instanceof Deno.errors.NotFound;
    throw new DraftcliError(
      "media_not_found",
      missing
        ? `${label}: no such file: ${path}`
        : `${label}: cannot read ${path}: ${(err as Error).message}`,
      {
        hint: missing
          ? "check the path (relative paths start at the current folder; file:// URLs are percent-encoded)"
          : "check the file's permissions",
        path: label,
      },
    );
  }
  if (!stat.isFile) {
    throw new DraftcliError("media_error", `${label}: not a file: ${path}`, {
      hint: "the URL must point at a media file, not a folder",
      path: label,
    });
  }
  return stat;
}

/** Opens a local media file (checked by `statLocal`) for reading. */
function openLocal(path: string, label: string): Deno.FsFile {
  try {
    return Deno.openSync(path, { read: true });
  } catch (err) {
    throw new DraftcliError(
      "media_not_found",
      `${label}: cannot read ${path}: ${(err as Error).message}`,
      { hint: "check the file's permissions", path: label },
    );
  }
}

/** Checks that a local media file is there, a file and readable; returns its stat. */
function checkLocal(path: string, label: string): Deno.FileInfo {
  const stat = statLocal(path, label);
  openLocal(path, label).close();
  return stat;
}

/**
 * Every problem `resolveMedia` would find before probing (bad URLs, missing or unreadable local
 * files), for each distinct URL: lets a caller report them all at once with its other problems.
 */
export function mediaRefProblems(
  items: MediaRef[],
  paths: { home?: string; cwd?: string },
): unknown[] {
  const problems: unknown[] = [];
  const seen = new Set<string>();
  for (const ref of items) {
    if (seen.has(ref.url)) continue;
    seen.add(ref.url);
    try {
      const c = classify(ref, paths);
      if (c.kind === "file") checkLocal(c.path, itemLabel(ref.field, ref.index));
    } catch (err) {
      problems.push(err);
    }
  }
  return problems;
}

/**
 * Runs `fn` over `items` with at most `limit` at once. A `DraftcliError` of one item (a file that
 * is not media, a failed download) does not stop the others: every such problem is thrown at the
 * end together (see `together`); any other error stops the run.
 */
export async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  const problems: DraftcliError[] = [];
  let failed = false;
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined && !failed; item = queue.shift()) {
      try {
        await fn(item);
      } catch (err) {
        if (err instanceof DraftcliError) problems.push(err);
        else {
          failed = true;
          throw err;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (problems.length) throw together(problems);
}

/** Bytes of local files held at once for their hashes (files are read whole to be hashed). */
const HASH_BYTES_IN_FLIGHT = 256 << 20;

/** A bound on bytes held at once: `take` waits until its share is free, `give` returns it. */
class ByteBudget {
  readonly #total: number;
  #free: number;
  #waiting: (() => void)[] = [];

  constructor(total: number) {
    this.#total = total;
    this.#free = total;
  }

  /** Takes `n` bytes (at most the whole budget) once they are free; returns what it took. */
  async take(n: number): Promise<number> {
    const want = Math.min(n, this.#total);
    while (this.#free < want) await new Promise<void>((wake) => this.#waiting.push(wake));
    this.#free -= want;
    return want;
  }

  /** Returns bytes taken. */
  give(n: number): void {
    this.#free += n;
    for (const wake of this.#waiting.splice(0)) wake();
  }
}

/** One error for several media problems: the first's code, each listed under `problems`. */
function together(problems: DraftcliError[]): DraftcliError {
  if (problems.length === 1) return problems[0];
  const first = problems[0];
  return new DraftcliError(
    first.code,
    `${problems.length} media problems: ${problems.map((p) => p.message).join("; ")}`,
    {
      path: first.path,
      hint: "fix every listed item (see 'problems' in the output) and run again",
      output: {
        ok: false,
        problems: problems.map((p) => ({
          code: p.code,
          message: p.message,
          hint: p.hint,
          path: p.path,
        })),
      },
    },
  );
}

/**
 * Probes a local file open as `file` (through the cache) and, when `opts.hashLocal` asks, hashes
 * it, from one read: a file hashed by Web Crypto is read whole, the probe takes its facts from
 * those bytes, and the digest runs on the runtime's crypto thread (`digest`, which sets
 * `resolved.sha256`) while the caller reads the next files, within `budget`'s bound on the bytes
 * held. A larger file gets the probe's leading bytes and a streamed hash over the same handle.
 */
async function readLocal(
  { url, path, file, stat }: { url: string; path: string; file: Deno.FsFile; stat: Deno.FileInfo },
  opts: ResolveOptions,
  budget: ByteBudget,
  probeOpts: ProbeOptions,
): Promise<{ resolved: ResolvedMedia; digest?: Promise<void> }> {
  const hash = opts.hashLocal?.(path, stat) ?? false;
  const whole = hash && stat.size <= WHOLE_HASH_BYTES;
  const held = whole ? await budget.take(stat.size) : 0;
  let info: MediaInfo;
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  let sha256: string | undefined;
  try {
    if (whole) bytes = await readForProbe(file, stat.size, path);
    const probe = async () =>
      await probeOpened({
        path,
        file,
        stat,
        bytes: bytes ?? await readForProbe(file, SNIFF_BYTES, path),
      }, { ...probeOpts, stat });
    info = await probeCached(path, opts.cache, { ...probeOpts, stat }, probe);
    if (hash && !whole) sha256 = await sha256Of(file, stat.size);
  } catch (err) {
    budget.give(held);
    throw err;
  }
  const fileName = path.split(/[\\/]/).pop() ?? path;
  const resolved: ResolvedMedia = { url, path, fileName, info, stat };
  if (sha256) resolved.sha256 = sha256;
  if (!whole) return { resolved };
  const digest = sha256Bytes(bytes!).then((h) => void (resolved.sha256 = h))
    .finally(() => budget.give(held));
  return { resolved, digest };
}

/**
 * Resolves media URLs to local files and probes them (through the cache); each local file is
 * opened and read once, for its probe and the hash `opts.hashLocal` asks for (`readLocal`).
 * Each distinct URL appears once in the result. Plain paths are accepted too (absolute, `~/…`, relative to
 * `opts.cwd`). Errors name the item by field and index: `invalid_input` for empty references
 * and unsupported schemes, `media_not_found` for missing or unreadable files,
 * `media_error` for files that are not media, and the download errors of `downloadAll`.
 */
export async function resolveMedia(
  items: MediaRef[],
  opts: ResolveOptions,
): Promise<Map<string, ResolvedMedia>> {
  // every URL is checked before any work starts (each once: a URL used by many items is
  // named by its first)
  const firstByUrl = new Map<string, Classified>();
  for (const r of items) {
    if (!firstByUrl.has(r.url)) {
      firstByUrl.set(r.url, classify(r, { home: opts.home, cwd: opts.cwd }));
    }
  }
  const unique = [...firstByUrl.values()];
  const probeOpts = (name: string): ProbeOptions => ({
    name,
    ffprobe: opts.ffprobe,
    warn: opts.warn,
  });
  const result = new Map<string, ResolvedMedia>();

  // Local files: referenced in place.
  const locals = unique.filter((c): c is Extract<Classified, { kind: "file" }> =>
    c.kind === "file"
  );
  const statOf = new Map(locals.map((c) => [c, statLocal(c.path, labelOf(c.ref))]));
  const budget = new ByteBudget(HASH_BYTES_IN_FLIGHT);
  const digests: Promise<void>[] = [];
  const probing = eachLimited(locals, 8, async (c) => {
    const label = labelOf(c.ref);
    using file = openLocal(c.path, label);
    try {
      const { resolved, digest } = await readLocal(
        { url: c.ref.url, path: c.path, file, stat: statOf.get(c)! },
        opts,
        budget,
        probeOpts(c.path),
      );
      result.set(c.ref.url, resolved);
      if (digest) digests.push(digest);
    } catch (err) {
      throw relabel(err, label);
    }
  });
  try {
    await probing;
  } finally {
    await Promise.allSettled(digests); // nothing left running on a failure
  }
  await Promise.all(digests);

  // Remote files: downloaded into staging, bound for the resources folder.
  const remotes = unique.filter((c) => c.kind === "http");
  if (remotes.length > 0) {
    // The HTTP client loads only when a URL is used: an add of local files never parses it.
    const { downloadAll } = await import("./media_download.ts");
    const downloads = await downloadAll(
      remotes.map((c) => ({
        url: c.ref.url,
        index: c.ref.index,
        label: labelOf(c.ref),
      })),
      opts.stagingDir,
      { warn: opts.warn, ...opts.download },
    );
    await eachLimited(remotes, 8, async (c) => {
      const label = labelOf(c.ref);
      const d = downloads.get(c.ref.url) as DownloadResult;
      let info: MediaInfo;
      try {
        info = await probeFile(d.stagedPath, probeOpts(`${redactUrl(c.ref.url)} (downloaded)`));
      } catch (err) {
        throw relabel(err, label);
      }
      // Bytes of no sniffable type that ffprobe could read: name them by what it found.
      let fileName = d.fileName;
      if (fileName.endsWith(".bin") && info.format) {
        fileName = `${d.sha256.slice(0, 16)}.${info.format.replace(/[^A-Za-z0-9]/g, "")}`;
      }
      const path = resolve(opts.resourcesDir, fileName);
      // A rename keeps size and mtime, so the staged file's stamp stays valid for `path`.
      if (opts.cache) {
        const stat = await Deno.stat(d.stagedPath);
        opts.cache.set(path, stat, info);
      }
      result.set(c.ref.url, { url: c.ref.url, path, stagedPath: d.stagedPath, fileName, info });
    });
  }

  // Keep the input's order.
  const ordered = new Map<string, ResolvedMedia>();
  for (const c of unique) ordered.set(c.ref.url, result.get(c.ref.url)!);
  return ordered;
}
