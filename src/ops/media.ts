/**
 * Resolves the media URLs of a command's items before the draft is touched: downloads into a
 * private staging folder, probes every file (cached per draft), warns where the caller's facts
 * disagree with the file.
 */
import { join } from "node:path";
import { resolveMedia } from "../media/resolve.ts";
import { ProbeCache } from "../media/probe_cache.ts";
import type { MediaFacts } from "../draft/build.ts";
import type { StagedFile } from "../store/drafts.ts";
import { STATE_DIR } from "../store/drafts.ts";
import { readJsonIfExists } from "../store/atomic.ts";
import { DraftcliError } from "../errors.ts";
import { makeStagingDir } from "../store/txn.ts";

/** One URL to resolve, and where it came from (for error messages). */
export interface MediaRequest {
  url: string;
  /** e.g. "imageInfos[3].imageUrl" */
  field: string;
  index: number;
}

/** A resolved file with the facts the builders need. */
export interface ResolvedFile extends MediaFacts {
  url: string;
  format: string;
  hasVideo: boolean;
  stagedPath?: string;
}

/** Result of resolving all of a command's media. */
export interface ResolvedBatch {
  byUrl: Map<string, ResolvedFile>;
  /** Downloads to move into resources/ at commit. */
  staged: StagedFile[];
  /** The updated probe cache to persist at commit. */
  cacheFile: { path: string; data: string };
  /** Removes the staging folder (call in finally). */
  cleanup(): Promise<void>;
}

/** Downloads and probes every requested URL for the draft in `dir`. */
export async function resolveBatch(
  dir: string,
  requests: MediaRequest[],
  opts: { env: Record<string, string | undefined>; maxDownloadBytes?: number },
): Promise<ResolvedBatch> {
  const stateDir = join(dir, STATE_DIR);
  const cachePath = join(stateDir, "probe-cache.json");
  const remote = requests.some((r) => /^https?:/i.test(r.url.trim()));
  // Downloads land in a private folder that names its owner, so recovery can tell a dead
  // process's leftovers from a running download.
  const staging = remote ? await makeStagingDir(join(stateDir, "staging")) : undefined;
  const stagingDir = staging?.dir ?? join(stateDir, "staging", crypto.randomUUID());
  const cache = ProbeCache.fromJSON(
    await readJsonIfExists<unknown>(cachePath).catch(() => undefined),
  );
  const cleanup = async () => {
    await staging?.remove();
  };
  try {
    const resolved = await resolveMedia(
      requests.map((r) => ({ url: r.url, index: r.index, field: r.field })),
      {
        stagingDir,
        resourcesDir: join(dir, "resources"),
        cache,
        download: opts.maxDownloadBytes ? { maxBytes: opts.maxDownloadBytes } : undefined,
      },
    );
    const byUrl = new Map<string, ResolvedFile>();
    const staged: StagedFile[] = [];
    for (const [url, r] of resolved) {
      byUrl.set(url, {
        url,
        path: r.path,
        fileName: r.fileName,
        kind: r.info.kind,
        format: r.info.format,
        durationUs: r.info.durationUs,
        width: r.info.width,
        height: r.info.height,
        hasAudio: r.info.hasAudio,
        hasVideo: r.info.hasVideo,
        stagedPath: r.stagedPath,
      });
      if (r.stagedPath) staged.push({ from: r.stagedPath, to: r.path });
    }
    return {
      byUrl,
      staged,
      cacheFile: { path: cachePath, data: JSON.stringify(cache.toJSON()) },
      cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Refuses a file of the wrong kind for a command, naming the item. */
export function expectKind(
  file: ResolvedFile,
  kinds: readonly string[],
  field: string,
  hint: string,
): void {
  if (!kinds.includes(file.kind)) {
    throw new DraftcliError(
      "media_error",
      `${field}: ${file.fileName} is ${
        file.kind === "audio" ? "an" : "a"
      } ${file.kind} file (${file.format})`,
      { hint, path: field },
    );
  }
}

/** Warns when a caller-supplied fact disagrees with the file. */
export function warnMismatch(
  warn: (m: string) => void,
  field: string,
  what: string,
  given: number | undefined,
  actual: number,
  tolerance = 0,
): void {
  if (given !== undefined && Math.abs(given - actual) > tolerance) {
    warn(`${field}: ${what} ${given} differs from the file (${actual}); using the file's value`);
  }
}
