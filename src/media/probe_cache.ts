/**
 * A per-draft cache of probe results keyed by (absolute path, size, mtime), so re-running a
 * command on the same files does not probe them again. It is plain JSON: the draft writer
 * persists it inside a draft draftcli made (`.draftcli/probe-cache.json`) as part of its atomic
 * write, and for any other draft in draftcli's cache folder (docs/media.md).
 */
import { implausibleClaim } from "./bounds.ts";
import { isAbsolute, resolve } from "../path.ts";
import { probeFile, type ProbeOptions } from "./probe.ts";
import type { MediaInfo } from "./types.ts";

/** The file facts a cache entry is valid for (a `Deno.FileInfo` fits). */
export interface FileStamp {
  size: number;
  /** Modification time; a file without one is never cached. */
  mtime: Date | number | null;
}

/** One cached probe result. */
export interface ProbeCacheEntry {
  size: number;
  mtimeMs: number;
  info: MediaInfo;
}

/** The JSON form of a ProbeCache. */
export interface ProbeCacheJSON {
  version: 1;
  entries: Record<string, ProbeCacheEntry>;
}

const mtimeMs = (stamp: FileStamp): number | null =>
  stamp.mtime === null
    ? null
    : typeof stamp.mtime === "number"
    ? stamp.mtime
    : stamp.mtime.getTime();

const absolute = (path: string): string => isAbsolute(path) ? path : resolve(path);

const KINDS = new Set(["image", "video", "audio"]);

function isMediaInfo(v: unknown): v is MediaInfo {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return KINDS.has(o.kind as string) && typeof o.format === "string" &&
    [o.durationUs, o.width, o.height].every((n) => typeof n === "number" && n >= 0) &&
    typeof o.hasAudio === "boolean" && typeof o.hasVideo === "boolean";
}

/**
 * Probe results keyed by absolute path; an entry is used only while the file's size and mtime
 * are the ones it was probed with.
 */
export class ProbeCache {
  #entries = new Map<string, ProbeCacheEntry>();
  #changed = false;

  /** The cached result for a file, or undefined if absent or the file changed since. */
  get(path: string, stamp: FileStamp): MediaInfo | undefined {
    const entry = this.#entries.get(absolute(path));
    const ms = mtimeMs(stamp);
    if (!entry || ms === null || entry.size !== stamp.size || entry.mtimeMs !== ms) {
      return undefined;
    }
    return { ...entry.info };
  }

  /** Records the probe result of a file as it was at `stamp`. */
  set(path: string, stamp: FileStamp, info: MediaInfo): void {
    const ms = mtimeMs(stamp);
    if (ms === null) return;
    this.#entries.set(absolute(path), { size: stamp.size, mtimeMs: ms, info: { ...info } });
    this.#changed = true;
  }

  /** Forgets a file. */
  delete(path: string): boolean {
    const had = this.#entries.delete(absolute(path));
    if (had) this.#changed = true;
    return had;
  }

  /** Keeps only the given paths (e.g. the files a draft still uses). */
  retain(paths: Iterable<string>): void {
    const keep = new Set([...paths].map(absolute));
    for (const key of [...this.#entries.keys()]) {
      if (!keep.has(key)) this.delete(key);
    }
  }

  /** How many files are cached. */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether anything was added or removed since it was created or loaded. */
  get changed(): boolean {
    return this.#changed;
  }

  /** The plain JSON form (entries sorted by path, so the file diffs well). */
  toJSON(): ProbeCacheJSON {
    const entries: Record<string, ProbeCacheEntry> = {};
    for (const key of [...this.#entries.keys()].sort()) entries[key] = this.#entries.get(key)!;
    return { version: 1, entries };
  }

  /**
   * Loads a cache from its JSON form. Anything unreadable (another version, damaged entries) is
   * dropped rather than trusted: the cache only ever saves work.
   */
  static fromJSON(json: unknown): ProbeCache {
    const cache = new ProbeCache();
    if (!json || typeof json !== "object") return cache;
    const { version, entries } = json as { version?: unknown; entries?: unknown };
    if (version !== 1 || !entries || typeof entries !== "object") return cache;
    for (const [path, e] of Object.entries(entries as Record<string, unknown>)) {
      const entry = e as Partial<ProbeCacheEntry> | null;
      if (
        !isAbsolute(path) || !entry || typeof entry.size !== "number" ||
        typeof entry.mtimeMs !== "number" || !isMediaInfo(entry.info) ||
        implausibleClaim(entry.info, entry.size) !== undefined
      ) continue;
      cache.#entries.set(path, { size: entry.size, mtimeMs: entry.mtimeMs, info: entry.info });
    }
    return cache;
  }
}

/**
 * Probes a file through the cache: a hit when the file's size and mtime are unchanged, else a
 * real probe whose result is stored. Without a cache it just probes. `probe`: how to probe on a
 * miss (default `probeFile` of `path`), e.g. a file the caller has open already.
 */
export async function probeCached(
  path: string,
  cache?: ProbeCache,
  opts: ProbeOptions = {},
  probe: (stat?: Deno.FileInfo) => Promise<MediaInfo> = (stat) =>
    probeFile(path, { ...opts, stat }),
): Promise<MediaInfo> {
  if (!cache) return await probe(opts.stat);
  let stat: Deno.FileInfo | null = opts.stat ?? null;
  try {
    stat ??= Deno.statSync(path);
  } catch {
    // The probe reports the missing or unreadable file with the right error.
  }
  if (stat?.isFile) {
    const hit = cache.get(path, stat);
    if (hit) return hit;
  }
  const info = await probe(stat ?? undefined);
  if (stat?.isFile) cache.set(path, stat, info);
  return info;
}
