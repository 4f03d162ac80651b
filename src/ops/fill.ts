/**
 * `draft fill`: copies a draft (editor-made or not) and, in the copy only, replaces texts
 * (matched by their exact text or segment id) and media (matched by material name, file base
 * name or material id). Every key is checked against the source before the copy is made; a new
 * video/audio is probed and fitted to each segment that plays it (`fit`: trim by default).
 */
import type { CommandContext } from "./context.ts";
import { DraftcliError } from "../errors.ts";
import { Problems } from "./problems.ts";
import { expectKind, type MediaRequest, resolveBatch, type ResolvedFile } from "./media.ts";
import { toMediaUrl } from "./easy.ts";
import { saveDraft } from "../store/commit.ts";
import { loadDraft, readDraft } from "../store/load.ts";
import { registerDraft } from "../store/draft_index.ts";
import { duplicateDraft } from "../store/manage.ts";
import type { DraftDocument } from "../draft/document.ts";
import { type MediaSlot, mediaSlots, replaceMedia, replaceText, textSlots } from "../draft/fill.ts";
import { type FitMode, type FitOutcome, fitSegment } from "../draft/fit.ts";
import type { MediaPlacement } from "../media/place.ts";

/** Options of `draft fill`. */
export interface FillOptions {
  name?: string;
  /** current text (or text segment id) → new text */
  texts?: Record<string, string>;
  /** material name, file base name or material id → new file (path or URL) */
  media?: Record<string, string>;
  allowMissing?: boolean;
  placement?: MediaPlacement;
  /** how a video/audio of another length fits its segments (absent: trim, error if short) */
  fit?: FitMode;
}

const textMatches = (doc: DraftDocument, key: string) =>
  textSlots(doc).filter((s) => s.text === key || s.segmentId === key);
const mediaMatches = (doc: DraftDocument, key: string) =>
  mediaSlots(doc).filter((s) => s.names.includes(key));

/** Checks every key against the draft; returns the keys that match something. */
function checkKeys(doc: DraftDocument, opts: FillOptions, warn: (m: string) => void) {
  const sink = new Problems();
  const miss = (path: string, what: string, known: string[]) => {
    const err = new DraftcliError("invalid_input", `${path}: ${what} matches nothing`, {
      path,
      hint: known.length
        ? `keys that match: ${known.slice(0, 20).map((k) => JSON.stringify(k)).join(", ")}`
        : "the draft has nothing of this kind",
    });
    if (opts.allowMissing) warn(`${err.message} (ignored: --allow-missing)`);
    else sink.add(err);
  };
  const texts = Object.keys(opts.texts ?? {}).filter((key) => {
    if (textMatches(doc, key).length) return true;
    miss(`texts.${key}`, "this text", textSlots(doc).map((s) => s.text));
    return false;
  });
  const media = Object.keys(opts.media ?? {}).filter((key) => {
    if (mediaMatches(doc, key).length) return true;
    miss(`media.${key}`, "this name", mediaSlots(doc).map((s) => s.names[0]));
    return false;
  });
  sink.throwIfAny("draft fill");
  return { texts, media };
}

/**
 * Puts the new file into one media slot and fits every segment that plays it (see
 * src/draft/fit.ts); photos have no length, so `fit` does not apply to them.
 */
function fillMedia(
  doc: DraftDocument,
  slot: MediaSlot,
  file: ResolvedFile,
  path: string,
  fit: FitMode | undefined,
  warn: (m: string) => void,
): FitOutcome[] {
  const type = String(slot.material.type);
  if (type === "photo") {
    expectKind(file, ["image"], path, "replace a photo with an image file");
  } else if (slot.list === "videos") {
    expectKind(file, ["video"], path, "replace a video with a video file");
  } else {
    expectKind(file, ["audio", "video"], path, "replace an audio with an audio file");
  }
  const outcomes: FitOutcome[] = [];
  if (type !== "photo") {
    const id = String(slot.material.id);
    const uses = doc.tracks.flatMap((track) =>
      track.segments.filter((s) => s.material_id === id).map((segment) => ({ track, segment }))
    );
    const facts = { durationUs: file.durationUs, fileName: file.fileName, path };
    for (const { track, segment } of uses) {
      outcomes.push(fitSegment(doc, track, segment, facts, fit, warn));
    }
  }
  replaceMedia(doc, slot, file);
  return outcomes;
}

/** Runs `draft fill`; returns `{draftId, filePath, sourceDraftId, replaced}`. */
export async function fillDraft(ctx: CommandContext, source: string, opts: FillOptions) {
  if (!Object.keys(opts.texts ?? {}).length && !Object.keys(opts.media ?? {}).length) {
    throw new DraftcliError("usage", "draft fill needs --texts and/or --media", {
      hint: `e.g. --texts '{"Old title":"New title"}' --media '{"old.jpg":"./new.jpg"}'`,
    });
  }
  const roots = await ctx.searchRoots();
  const keys = checkKeys(await readDraft(roots, source), opts, ctx.warn);
  const config = await ctx.config();
  const urls = new Map(keys.media.map((k) => [k, toMediaUrl(opts.media![k])]));
  const requests: MediaRequest[] = keys.media.map((k, i) => ({
    url: urls.get(k)!,
    index: i,
    field: `media.${k}`,
  }));
  let replaced: { counts: { texts: number; media: number }; fitted: FitOutcome[] } | undefined;
  // The copy is filled while still hidden (see duplicateDraft): it appears filled or not at all.
  const copy = await duplicateDraft(roots, source, {
    name: opts.name,
    prepare: async (folder) => {
      const batch = await resolveBatch(folder, requests, {
        env: ctx.env,
        maxDownloadBytes: config.maxDownloadBytes,
        placement: opts.placement ?? config.media,
      });
      try {
        const doc = await loadDraft(folder, { recover: false });
        replaced = replaceAll(doc, keys, opts, urls, batch.byUrl, ctx.warn);
        await saveDraft(doc, {
          staged: batch.staged,
          files: [batch.cacheFile],
          warn: ctx.warn,
          index: false,
        });
      } finally {
        await batch.cleanup();
      }
    },
  });
  await registerDraft(copy.dir, { warn: ctx.warn }).catch((err) =>
    ctx.warn(`the copy was made but not registered in the editor's index: ${err.message}`)
  );
  return {
    draftId: copy.draftId,
    filePath: copy.dir,
    name: copy.name,
    sourceDraftId: copy.sourceDraftId,
    replaced: replaced!.counts,
    ...(opts.fit ? { fitted: replaced!.fitted } : {}),
  };
}

/** Replaces the matched texts and media in the copy; counts what it replaced. */
function replaceAll(
  doc: DraftDocument,
  keys: { texts: string[]; media: string[] },
  opts: FillOptions,
  urls: Map<string, string>,
  byUrl: Map<string, ResolvedFile>,
  warn: (m: string) => void,
): { counts: { texts: number; media: number }; fitted: FitOutcome[] } {
  let texts = 0;
  for (const key of keys.texts) {
    for (const slot of textMatches(doc, key)) {
      if (replaceText(slot.material, opts.texts![key])) {
        warn(
          `texts.${key}: segment ${slot.segmentId} had several style runs; ` +
            "the first run's style now covers the new text",
        );
      }
      texts++;
    }
  }
  let media = 0;
  const fitted: FitOutcome[] = [];
  for (const key of keys.media) {
    const file = byUrl.get(urls.get(key)!)!;
    for (const slot of mediaMatches(doc, key)) {
      fitted.push(...fillMedia(doc, slot, file, `media.${key}`, opts.fit, warn));
      media++;
    }
  }
  return { counts: { texts, media }, fitted };
}
