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
import {
  type ClearedDerivation,
  dropUnusedPoolEntries,
  dropUnusedProxyEntries,
  filesOf,
  type MediaSlot,
  mediaSlots,
  mediaUses,
  remainingReferences,
  replaceMedia,
  replaceText,
  textSlots,
} from "../draft/template_fill.ts";
import { redactText } from "../text/redact.ts";
import { join } from "../path.ts";
import type { Json } from "../editions/profiles.ts";
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
    if (mediaUses(doc, key).length) return true;
    miss(`media.${key}`, "this name", mediaSlots(doc).map((s) => s.names[0]));
    return false;
  });
  sink.throwIfAny("draft fill");
  return { texts, media };
}

/**
 * Puts the new file into one media slot and fits every segment that plays it (see
 * src/draft/fit.ts; in a compound clip, the segments of its nested draft); photos have no
 * length, so `fit` does not apply to them. Returns the fits and the derivations cleared.
 */
function fillMedia(
  doc: DraftDocument,
  slot: MediaSlot,
  file: ResolvedFile,
  path: string,
  fit: FitMode | undefined,
  warn: (m: string) => void,
): { outcomes: FitOutcome[]; cleared: ClearedDerivation[] } {
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
    const uses = slot.scope.tracks.flatMap((track) =>
      track.segments.filter((s) => s.material_id === id).map((segment) => ({ track, segment }))
    );
    const facts = { durationUs: file.durationUs, fileName: file.fileName, path };
    for (const { track, segment } of uses) {
      outcomes.push(fitSegment(slot.scope, track, segment, facts, fit, warn));
    }
  }
  const cleared = replaceMedia(doc, slot, file);
  return { outcomes, cleared };
}

/** The editor's proxy settings: which source files it made proxies for. */
const PROXY_SETTINGS = "draft_agency_config.json";

/** The draft's proxy settings, parsed, when it has a readable file of them. */
async function readProxySettings(dir: string): Promise<{ path: string; json: Json } | undefined> {
  const path = join(dir, PROXY_SETTINGS);
  try {
    const json = JSON.parse(await Deno.readTextFile(path));
    return json && typeof json === "object" && !Array.isArray(json) ? { path, json } : undefined;
  } catch {
    return undefined; // absent or not JSON: nothing to update
  }
}

/** Runs `draft fill`; returns `{draftId, filePath, sourceDraftId, replaced, cleared}`. */
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
  let replaced: Replaced | undefined;
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
        const files = [batch.cacheFile];
        replaced = await replaceAll(doc, keys, opts, urls, batch.byUrl, files, ctx.warn);
        await saveDraft(doc, { staged: batch.staged, files, warn: ctx.warn, index: false });
      } finally {
        await batch.cleanup();
      }
    },
  });
  await registerDraft(copy.dir, { warn: ctx.warn }).catch((err) =>
    ctx.warn(`the copy was made but not registered in the editor's index: ${err.message}`)
  );
  const done = replaced!;
  return {
    draftId: copy.draftId,
    filePath: copy.dir,
    name: copy.name,
    sourceDraftId: copy.sourceDraftId,
    replaced: done.counts,
    cleared: done.cleared,
    ...(done.unlisted.length ? { unlisted: done.unlisted } : {}),
    ...(opts.fit ? { fitted: done.fitted } : {}),
  };
}

/** What a fill replaced, fitted, cleared (derived files) and unlisted (unused pool entries). */
interface Replaced {
  counts: { texts: number; media: number };
  fitted: FitOutcome[];
  cleared: ClearedDerivation[];
  unlisted: { file: string; id?: string; was: string }[];
}

/**
 * Replaces the matched texts and media in the copy, clears what the editor derived from the old
 * files and drops their unused pool and proxy entries (adding the rewritten proxy settings to
 * `files`); warns about any other place that still names a replaced file.
 */
async function replaceAll(
  doc: DraftDocument,
  keys: { texts: string[]; media: string[] },
  opts: FillOptions,
  urls: Map<string, string>,
  byUrl: Map<string, ResolvedFile>,
  files: { path: string; data: string }[],
  warn: (m: string) => void,
): Promise<Replaced> {
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
  const cleared: ClearedDerivation[] = [];
  const oldFiles = new Set<string>();
  for (const key of keys.media) {
    const file = byUrl.get(urls.get(key)!)!;
    const uses = mediaUses(doc, key);
    for (const f of filesOf(uses)) oldFiles.add(f);
    for (const slot of uses) {
      const done = fillMedia(doc, slot, file, `media.${key}`, opts.fit, warn);
      fitted.push(...done.outcomes);
      cleared.push(...done.cleared);
      media++;
    }
  }
  // The new files themselves are not left-overs (a file may replace itself).
  for (const f of filesOf(mediaSlots(doc))) oldFiles.delete(f);
  const unlisted: Replaced["unlisted"] = dropUnusedPoolEntries(doc, oldFiles)
    .map((u) => ({ file: "draft_meta_info.json", ...u }));
  const proxies = await readProxySettings(doc.dir);
  if (proxies) {
    const dropped = dropUnusedProxyEntries(doc, proxies.json, oldFiles);
    for (const was of dropped) unlisted.push({ file: PROXY_SETTINGS, was });
    if (dropped.length) files.push({ path: proxies.path, data: JSON.stringify(proxies.json) });
  }
  const left = remainingReferences(doc, oldFiles);
  if (left.length) {
    warn(
      `${left.length} place(s) still name a replaced file and were left as they are ` +
        `(first: ${left.slice(0, 3).join(", ")})`,
    );
  }
  return {
    counts: { texts, media },
    fitted,
    cleared: cleared.map((c) => ({ ...c, was: redactText(c.was) })),
    unlisted: unlisted.map((u) => ({ ...u, was: redactText(u.was) })),
  };
}
