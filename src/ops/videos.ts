/** `videos add`: video clips (and animated GIFs) on video tracks (their list: listings.ts). */
import type { z } from "zod";
import type { VideoInfo } from "../schema/visual_items.ts";
import type { CommandContext } from "./context.ts";
import type { MediaPlacement } from "../media/place.ts";
import { locateDraft, peekEdition } from "../store/locate.ts";
import {
  checkFadesFit,
  checkSourceDuration,
  expectKind,
  type MediaRequest,
  mediaRequests,
  mutateWithMedia,
  type ResolvedFile,
  settleTrackIndexes,
  warnMismatch,
} from "./media.ts";
import { resolveVisualNames } from "./image_names.ts";
import { attempt, type Problems } from "./problems.ts";
import { withIdLists } from "./id_lists.ts";
import type { Edition } from "../editions/profiles.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { AnimationRequest } from "../draft/animation_plan.ts";
import { attachItemTransitions, type TransitionEntry } from "../draft/transition_materials.ts";
import { maskEntry, timelineRange } from "./targets.ts";
import { placeSegment, setAnimations, visualSegmentBuilder } from "../draft/segment_builders.ts";
import type { Segment, Track } from "../draft/document.ts";
import { planAnimations } from "../draft/animation_plan.ts";
import { vouchAsBuilt } from "../draft/item_templates.ts";
import { setAudioFade } from "../draft/audio_extras.ts";
import { buildMask, maskWarning, setMask } from "../draft/mask_materials.ts";
import { DraftcliError } from "../errors.ts";
import { itemBase } from "../draft/summary.ts";

type Item = z.infer<typeof VideoInfo>;

/** A video batch with its names resolved against the draft's edition (no draft needed). */
export interface VideosPlan {
  items: Item[];
  /** Input path of the list, e.g. "videoInfos" or "videos". */
  field: string;
  anims: (AnimationRequest | undefined)[];
  transitions: (TransitionEntry | undefined)[];
  masks: (ReturnType<typeof maskEntry> | undefined)[];
}

/** Resolves animation, transition and mask names (problems go to `sink` when given). */
export function planVideos(
  edition: Edition,
  items: Item[],
  field: string,
  sink?: Problems,
  warn?: (m: string) => void,
): VideosPlan {
  return {
    items,
    field,
    ...resolveVisualNames(edition, items, field, sink, warn),
    masks: items.map((it, i) =>
      it.mask ? attempt(sink, () => maskEntry(edition, it.mask!, `${field}[${i}].mask`)) : undefined
    ),
  };
}

/** The media URLs a video batch needs resolved. */
export function videoRequests(plan: VideosPlan): MediaRequest[] {
  return mediaRequests(plan.items, plan.field, "videoUrl");
}

/**
 * Builds and places a video batch in an in-memory draft; returns the created items. Item
 * transitions are attached at once, or handed to `later` (when the next items of their tracks
 * come from another batch). The segments and materials built go into `built` when given (for
 * item_templates.ts `vouchAsBuilt`).
 */
export function applyVideos(
  doc: DraftDocument,
  plan: VideosPlan,
  byUrl: Map<string, ResolvedFile>,
  warn: (m: string) => void,
  alpha?: number,
  later?: (step: () => void) => void,
  built?: object[],
): Record<string, unknown>[] {
  const { items, anims, transitions, masks } = plan;
  const ctx = { warn };
  const opts = { alpha };
  const order = items.map((_, i) => i).sort((a, b) => items[a].start - items[b].start);
  const created: Record<string, unknown>[] = new Array(items.length);
  const placed: { i: number; track: Track; seg: Segment }[] = [];
  const frame = 1e6 / doc.fps;
  const buildVisual = visualSegmentBuilder(doc, built);
  for (const i of order) {
    const it = items[i];
    const field = `${plan.field}[${i}]`;
    const media = byUrl.get(it.videoUrl)!;
    expectKind(media, ["video"], `${field}.videoUrl`, "pass a video file");
    if (!media.hasVideo || media.durationUs <= 0) {
      throw new DraftcliError(
        "media_error",
        `${field}.videoUrl: ${media.fileName} has no moving picture`,
        { path: `${field}.videoUrl`, hint: "pass a video file or an animated GIF" },
      );
    }
    warnMismatch(ctx.warn, field, "width", it.width, media.width);
    warnMismatch(ctx.warn, field, "height", it.height, media.height);
    warnMismatch(ctx.warn, field, "duration", it.duration, media.durationUs, frame);
    const target = timelineRange(doc, it.start, it.end, field);
    const speed = it.speed ?? 1;
    const sourceStart = it.sourceStart ?? 0;
    if (sourceStart >= media.durationUs) {
      throw new DraftcliError(
        "invalid_input",
        `${field}.sourceStart: ${sourceStart} µs is not inside ${media.fileName} (${media.durationUs} µs long)`,
        { path: `${field}.sourceStart`, hint: `use a sourceStart below ${media.durationUs}` },
      );
    }
    const needed = sourceStart + Math.round(target.duration * speed);
    if (needed > media.durationUs + frame) {
      const maxLen = Math.floor((media.durationUs - sourceStart) / speed);
      throw new DraftcliError(
        "invalid_input",
        `${field}: needs ${needed} µs of video (sourceStart ${sourceStart} + ${target.duration} µs × speed ${speed}) but ${media.fileName} is ${media.durationUs} µs long`,
        {
          path: `${field}.end`,
          hint: `end at most start + ${maxLen} µs (end ≤ ${
            target.start + maxLen
          }), or lower sourceStart/speed`,
        },
      );
    }
    if (needed > media.durationUs) {
      // within one frame of the end: trim to the file (the editor snaps it anyway)
      target.duration = Math.floor((media.durationUs - sourceStart) / speed);
    }
    const fadeIn = it.fadeInDuration ?? 0;
    const fadeOut = it.fadeOutDuration ?? 0;
    if ((fadeIn || fadeOut) && !media.hasAudio) {
      throw new DraftcliError(
        "invalid_input",
        `${field}: ${media.fileName} has no sound, so it cannot fade in or out`,
        {
          path: `${field}.${fadeIn ? "fadeInDuration" : "fadeOutDuration"}`,
          hint: "leave fadeInDuration/fadeOutDuration out for silent videos",
        },
      );
    }
    checkFadesFit(field, fadeIn, fadeOut, target.duration);
    const trimmed = needed > media.durationUs;
    const seg = buildVisual({
      media: { ...media, kind: "video" },
      target,
      sourceStart,
      sourceDuration: trimmed
        ? undefined
        : checkSourceDuration(field, it.sourceDuration, target.duration, speed, frame),
      speed,
      volume: it.volume,
      clip: { ...it, alpha: it.alpha ?? opts.alpha },
    });
    if (fadeIn || fadeOut) setAudioFade(doc, seg, fadeIn, fadeOut);
    const planned = planAnimations(anims[i] ?? {}, target.duration, "visual", field, ctx.warn);
    if (planned.length) setAnimations(doc, seg, planned);
    const mask = masks[i];
    if (mask) setMask(doc, seg, buildMask(mask, media, {}));
    const track = placeSegment(doc, "video", seg, it.trackIndex, `${field}.trackIndex`);
    placed.push({ i, track, seg });
    created[i] = {
      ...itemBase(doc, track, seg, -1), // settled below
      videoUrl: it.videoUrl,
      path: media.path,
      width: media.width,
      height: media.height,
      duration: media.durationUs,
      hasAudio: media.hasAudio,
      sourceStart,
      speed,
    };
  }
  const warning = maskWarning(doc.profile);
  if (warning && masks.some(Boolean)) ctx.warn(warning);
  const attach = () => attachItemTransitions(doc, placed, transitions, items, plan.field, ctx.warn);
  if (later) later(attach);
  else attach();
  settleTrackIndexes(doc, created, "video");
  return created;
}

/** Adds video clips; returns the created ids in input order. */
export async function addVideos(
  ctx: CommandContext,
  draftId: string,
  items: Item[],
  opts: { alpha?: number; media?: MediaPlacement } = {},
) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const plan = planVideos(await peekEdition(dir), items, "videoInfos", undefined, ctx.warn);
  return await mutateWithMedia(
    ctx,
    { roots, draftId, dir },
    videoRequests(plan),
    (doc, byUrl) => {
      const built: object[] = [];
      const created = applyVideos(doc, plan, byUrl, ctx.warn, opts.alpha, undefined, built);
      // saved right away: nothing changes these but their holes (render indexes, at the save)
      vouchAsBuilt(built);
      return withIdLists({ draftId: doc.draftId, items: created }, "videoIds");
    },
    opts.media,
    ctx.resultReady,
  );
}
