/**
 * Resolves the media URLs of a command's items before the draft is touched: downloads into a
 * private staging folder, probes every file (cached per draft), warns where the caller's facts
 * disagree with the file.
 */
import { basename, isInside, join, relative } from "../path.ts";
import { resolveMedia } from "../media/media_resolve.ts";
import { ProbeCache } from "../media/probe_cache.ts";
import type { MediaFacts } from "../draft/segment_builders.ts";
import type { StagedFile } from "../store/commit.ts";
import { STATE_DIR } from "../store/locate.ts";
import { readJsonIfExists } from "../store/atomic.ts";
import { DraftcliError } from "../errors.ts";
import { orUndefined } from "../files.ts";
import type { NewDraftOptions } from "../store/create.ts";
import { mutateDraftAt } from "../store/commit.ts";
import { registerDraft } from "../store/draft_index.ts";
import type { DraftDocument } from "../draft/document.ts";
import { makeStagingDir } from "../store/txn.ts";
import { tidyStateDir } from "../store/load.ts";
import { cacheDir } from "../store/home.ts";
import { type MediaPlacement, MediaPlacer, type PlacedFile } from "../media/place.ts";
import { toPlaceholder } from "../transfer/draft_media_paths.ts";

/** One URL to resolve, and where it came from (for error messages). */
export interface MediaRequest {
  url: string;
  /** The item's full name in the input, e.g. "imageInfos[3].imageUrl" (errors name it so). */
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
  /** The private staging folder made in the draft, if any (see store/txn.ts `makeStagingDir`). */
  stagingDir?: string;
}

/**
 * Downloads and probes every requested URL for the draft in `dir`. With placement "copy" (the
 * default) local files are staged into the draft's resources/ too (src/media/place.ts) and the
 * timeline references them in the editor's draft-folder form (`##_draftpath_placeholder_…_##/…`);
 * "reference" keeps them where they are.
 */
export async function resolveBatch(
  dir: string,
  requests: MediaRequest[],
  opts: {
    env: Record<string, string | undefined>;
    maxDownloadBytes?: number;
    placement?: MediaPlacement;
  },
): Promise<ResolvedBatch> {
  const stateDir = join(dir, STATE_DIR);
  const cachePath = probeCachePath(dir, opts.env);
  const copy = (opts.placement ?? "copy") === "copy";
  const remote = copy || requests.some((r) => /^https?:/i.test(r.url.trim()));
  // Downloads land in a private folder that names its owner, so recovery can tell a dead
  // process's leftovers from a running download.
  const staging = remote
    ? await makeStagingDir(join(stateDir, "staging")).catch((err) => {
      throw goneOr(dir, err);
    })
    : undefined;
  const stagingDir = staging?.dir ?? join(stateDir, "staging", crypto.randomUUID());
  const cache = ProbeCache.fromJSON(
    cachePath ? await readJsonIfExists<unknown>(cachePath).catch(() => undefined) : undefined,
  );
  const cleanup = async () => {
    await staging?.remove();
    tidyStateDir(dir);
  };
  try {
    const placer = new MediaPlacer(join(dir, "resources"), stagingDir);
    // A local file copied into the draft is named by its content: the hash comes from the read
    // that probes it (none for a file the draft holds already as a hard link).
    const toCopy = (path: string) => copy && !isInside(path, dir);
    const resolved = await resolveMedia(
      requests.map((r) => ({ url: r.url, index: r.index, field: r.field, label: r.field })),
      {
        stagingDir,
        resourcesDir: join(dir, "resources"),
        cache,
        download: opts.maxDownloadBytes ? { maxBytes: opts.maxDownloadBytes } : undefined,
        home: opts.env.HOME ?? opts.env.USERPROFILE,
        hashLocal: (path, stat) => toCopy(path) && placer.needsHash(path, stat),
      },
    );
    const byUrl = new Map<string, ResolvedFile>();
    const staged: StagedFile[] = [];
    // Placed in input order, so that of two files with the same bytes the first is the one stored.
    const placements = new Map<string, PlacedFile>();
    for (const [url, r] of resolved) {
      if (r.stagedPath || !toCopy(r.path)) continue;
      placements.set(url, await placer.place(r.path, r.info.format, r.sha256, r.stat));
    }
    for (const [url, r] of resolved) {
      const placed: { path: string; fileName: string; stagedPath?: string } = placements.get(url) ??
        r;
      const inside = copy || r.stagedPath !== undefined;
      byUrl.set(url, {
        url,
        path: placed.path,
        materialPath: inside && (placements.has(url) || isInside(placed.path, dir))
          ? toPlaceholder(relative(dir, placed.path).replaceAll("\\", "/"))
          : undefined,
        fileName: r.fileName, // the caller's file name (shown by the editor), not the stored one
        kind: r.info.kind,
        format: r.info.format,
        durationUs: r.info.durationUs,
        width: r.info.width,
        height: r.info.height,
        hasAudio: r.info.hasAudio,
        hasVideo: r.info.hasVideo,
        stagedPath: placed.stagedPath,
      });
      if (placed.stagedPath) {
        staged.push({ from: placed.stagedPath, to: placed.path, size: r.stat?.size });
      }
    }
    return {
      byUrl,
      staged,
      cacheFile: { path: cachePath, data: JSON.stringify(cache.toJSON()) },
      cleanup,
      stagingDir: staging?.dir,
    };
  } catch (err) {
    await cleanup();
    throw goneOr(dir, err);
  }
}

/** `draft_not_found` for a draft folder deleted while its media were resolved, else `err`. */
function goneOr(dir: string, err: unknown): unknown {
  if (!(err instanceof Deno.errors.NotFound) || orUndefined(() => Deno.statSync(dir))) return err;
  return new DraftcliError("draft_not_found", `draft '${basename(dir)}' was deleted`, {
    hint: "run 'draftcli draft list' to see the drafts",
    path: "draftId",
  });
}

/**
 * Where the probe cache of a draft lives: in its `.draftcli/` for a draft draftcli made (it has
 * `state.json`), else in draftcli's cache folder (a person's draft folder gets no file of
 * ours), named by a hash of the folder; "" (not kept) without a cache folder.
 */
function probeCachePath(dir: string, env: Record<string, string | undefined>): string {
  if (orUndefined(() => Deno.statSync(join(dir, STATE_DIR, "state.json")))) {
    return join(dir, STATE_DIR, "probe-cache.json");
  }
  const cache = cacheDir(env);
  if (!cache) return "";
  // FNV-1a (64 bits as two 32-bit halves) of the folder path: a name, not a secret.
  let a = 0x811c9dc5, b = 0x01000193;
  for (let i = 0; i < dir.length; i++) {
    a = Math.imul(a ^ dir.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ dir.charCodeAt(i), 0x811c9dc5) >>> 0;
  }
  const name = a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
  return join(cache, "probes", `${name}.json`);
}

/**
 * The media URLs a batch needs resolved: each item's `key`, named `<field>[i].<key>`, once per
 * URL (resolution names a URL by its first item anyway, see media_resolve.ts `resolveMedia`).
 */
export function mediaRequests<T>(
  items: readonly T[],
  field: string,
  key: keyof T & string,
): MediaRequest[] {
  const requests: MediaRequest[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const url = String(items[i][key]);
    if (seen.has(url)) continue;
    seen.add(url);
    requests.push({ url, index: i, field: `${field}[${i}].${key}` });
  }
  return requests;
}

/**
 * An item's `sourceDuration` when it is within one frame × speed of (end - start) × speed (the
 * editors keep such a slice after a speed change), else an error naming the item.
 */
export function checkSourceDuration(
  field: string,
  sourceDuration: number | undefined,
  targetUs: number,
  speed: number,
  frameUs: number,
): number | undefined {
  if (sourceDuration === undefined) return undefined;
  const nominal = Math.round(targetUs * speed);
  const slack = Math.ceil(frameUs * speed);
  if (Math.abs(sourceDuration - nominal) > slack) {
    throw new DraftcliError(
      "invalid_input",
      `${field}.sourceDuration: ${sourceDuration} µs is not (end - start) × speed = ${nominal} µs`,
      {
        path: `${field}.sourceDuration`,
        hint: `use ${nominal - slack}..${nominal + slack} µs, or leave sourceDuration out`,
      },
    );
  }
  return sourceDuration;
}

/** Refuses fades that together outlast their item (`field` names the item). */
export function checkFadesFit(field: string, fadeIn: number, fadeOut: number, durationUs: number) {
  if (fadeIn + fadeOut > durationUs) {
    throw new DraftcliError("invalid_input", `${field}: fades are longer than the item`, {
      path: `${field}.fadeInDuration`,
      hint: "fadeInDuration + fadeOutDuration must not exceed end - start",
    });
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
    // Name the command that takes this kind of file, when the file is of a kind one takes.
    const other = KIND_COMMAND[file.kind];
    throw new DraftcliError(
      "media_error",
      `${field}: ${file.fileName} is ${
        file.kind === "audio" ? "an" : "a"
      } ${file.kind} file (${file.format})`,
      { hint: other ? `${hint}; use '${other}' for ${file.kind} files` : hint, path: field },
    );
  }
}

/** The add command for each kind of media file. */
const KIND_COMMAND: Record<string, string> = {
  image: "images add",
  video: "videos add",
  audio: "audios add",
};

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

/** What the media-writing helpers need of a command's context. */
export interface MediaContext {
  env: Record<string, string | undefined>;
  config(): Promise<{ maxDownloadBytes?: number; media?: MediaPlacement }>;
  warn(message: string): void;
}

/** `resolveBatch` for the draft folder `dir` with the caller's download cap and placement. */
async function resolveFor(
  ctx: MediaContext,
  dir: string,
  requests: MediaRequest[],
  placement?: MediaPlacement,
): Promise<ResolvedBatch> {
  const config = await ctx.config();
  return await resolveBatch(dir, requests, {
    env: ctx.env,
    maxDownloadBytes: config.maxDownloadBytes,
    placement: placement ?? config.media,
  });
}

/**
 * The common shape of a media-adding command: resolve every URL first (downloads, probes),
 * then build into the draft under its lock and commit once, moving downloads into resources/
 * and saving the probe cache with the same commit. `resultReady` is told the built result
 * while the commit's files are flushed (`MutateOptions`).
 */
export async function mutateWithMedia<T>(
  ctx: MediaContext,
  target: { roots: string[]; draftId: string; dir: string },
  requests: MediaRequest[],
  build: (doc: DraftDocument, media: Map<string, ResolvedFile>) => T,
  placement?: MediaPlacement,
  resultReady?: (result: T) => void,
): Promise<T> {
  const batch = await resolveFor(ctx, target.dir, requests, placement);
  try {
    return await mutateDraftAt(target.dir, (doc) => {
      // New items: the loaded ones stay as they were (saved from their loaded bytes)
      doc.keepLoadedItems();
      return Promise.resolve({
        result: build(doc, batch.byUrl),
        staged: batch.staged,
        files: [batch.cacheFile],
      });
    }, { warn: ctx.warn, ownStaging: batch.stagingDir, resultReady });
  } finally {
    await batch.cleanup();
  }
}

/** Sets each created item's `trackIndex` (position among tracks of its kind) after placement. */
export function settleTrackIndexes(
  doc: DraftDocument,
  created: Record<string, unknown>[],
  type: string,
): void {
  const tracks = doc.tracksOf(type);
  // a batch's items are mostly on one track: its index is looked up once per run of them
  let trackId: unknown;
  let index = -1;
  for (let k = 0; k < created.length; k++) {
    const c = created[k];
    if (c.trackId !== trackId) {
      trackId = c.trackId;
      index = tracks.findIndex((t) => t.id === trackId);
    }
    c.trackIndex = index;
  }
}

/** Where `writeWithMedia` writes: into an existing draft folder, or a new draft. */
export type MediaWriteTarget =
  | { existing: { roots: string[]; dir: string } }
  | { create: Omit<NewDraftOptions, "fill"> };

/** What `writeWithMedia` made: the builder's output and the draft as written. */
export interface MediaWrite<T> {
  out: T;
  draftId: string;
  dir: string;
  duration: number;
  created: boolean;
}

/**
 * Resolves a command's media for its target draft, runs `build` on the document, and writes it
 * once: an existing draft through `mutateWithMedia`; a new draft assembled in its hidden folder
 * (media placed there) and renamed into place, then registered in the editor's index. A failure
 * anywhere leaves the existing draft unchanged, or no new folder at all.
 */
export async function writeWithMedia<T>(
  ctx: MediaContext,
  target: MediaWriteTarget,
  requests: MediaRequest[],
  build: (doc: DraftDocument, byUrl: Map<string, ResolvedFile>) => T,
  placement?: MediaPlacement,
): Promise<MediaWrite<T>> {
  const made = (doc: DraftDocument, out: T, created: boolean): MediaWrite<T> => ({
    out,
    draftId: doc.draftId,
    dir: doc.dir,
    duration: doc.duration,
    created,
  });
  if ("existing" in target) {
    const { roots, dir } = target.existing;
    return await mutateWithMedia(
      ctx,
      { roots, draftId: basename(dir), dir },
      requests,
      (doc, byUrl) => made(doc, build(doc, byUrl), false),
      placement,
    );
  }
  let out: T | undefined;
  // The creation code (and its empty-draft skeletons) loads only for a call that makes a draft.
  const { createDraft } = await import("../store/create.ts");
  const doc = await createDraft({
    ...target.create,
    fill: async (doc, folder) => {
      const batch = await resolveFor(ctx, folder, requests, placement);
      try {
        out = build(doc, batch.byUrl);
      } catch (err) {
        await batch.cleanup();
        throw err;
      }
      return { staged: batch.staged, files: [batch.cacheFile], cleanup: batch.cleanup };
    },
  });
  await registerDraft(doc.dir, { os: target.create.os, warn: ctx.warn }, doc).catch((err) =>
    ctx.warn(`the draft was made but not registered in the editor's index: ${err.message}`)
  );
  return made(doc, out as T, true);
}
