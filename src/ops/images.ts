/** `images add`: photo segments on video tracks (their list: listings.ts). */
import type { z } from "zod";
import type { ImageInfo } from "../schema/media_items.ts";
import type { CommandContext } from "./context.ts";
import type { MediaPlacement } from "../media/place.ts";
import { locateDraft, peekEdition } from "../store/locate.ts";
import {
  checkSourceDuration,
  expectKind,
  type MediaRequest,
  mediaRequests,
  mutateWithMedia,
  type ResolvedFile,
  settleTrackIndexes,
  warnMismatch,
} from "./media.ts";
import type { Problems } from "./problems.ts";
import { withIdLists } from "./id_lists.ts";
import type { Edition } from "../editions/profiles.ts";
import type { DraftDocument, Segment, Track } from "../draft/document.ts";
import type { AnimationRequest } from "../draft/animation_plan.ts";
import type { TransitionEntry } from "../draft/transition_materials.ts";
import { type VisualNames, visualNames } from "./visual_names.ts";
import { placeSegment, setAnimations, visualSegmentBuilder } from "../draft/segment_builders.ts";
import { planAnimations } from "../draft/animation_plan.ts";
import { vouchAsBuilt } from "../draft/item_templates.ts";
import { gridRange } from "../draft/time.ts";
import { DraftcliError } from "../errors.ts";
import { redactUrl } from "../text/redact.ts";
import { itemBase } from "../draft/summary.ts";

type Item = z.infer<typeof ImageInfo>;

/** An images batch with its names resolved against the draft's edition (no draft needed). */
export interface ImagesPlan {
  items: Item[];
  /** Input path of the list, e.g. "imageInfos" or "images". */
  field: string;
  anims: (AnimationRequest | undefined)[];
  transitions: (TransitionEntry | undefined)[];
  /** What resolved them, and attaches the transitions (`attachTransitions`). */
  names: VisualNames;
}

/**
 * Resolves the items' animation and transition names with `names` (`visualNames(items)`, or the
 * catalogs' `CATALOG_VISUAL_NAMES`); problems go to `sink` when given.
 */
export function planImages(
  edition: Edition,
  items: Item[],
  field: string,
  names: VisualNames,
  sink?: Problems,
  warn?: (m: string) => void,
): ImagesPlan {
  return { items, field, ...names.resolve(edition, items, field, sink, warn), names };
}

/** The media URLs an images batch needs resolved. */
export function imageRequests(plan: ImagesPlan): MediaRequest[] {
  return mediaRequests(plan.items, plan.field, "imageUrl");
}

/**
 * Builds and places an images batch in an in-memory draft; returns the created items. Item
 * transitions are attached at once, or handed to `later` (when the next items of their tracks
 * come from another batch). The segments and materials built go into `built` when given (for
 * item_templates.ts `vouchAsBuilt`).
 */
export function applyImages(
  doc: DraftDocument,
  plan: ImagesPlan,
  byUrl: Map<string, ResolvedFile>,
  warn: (m: string) => void,
  alpha?: number,
  later?: (step: () => void) => void,
  built?: object[],
): Record<string, unknown>[] {
  const { items, anims, transitions, names } = plan;
  const order = items.map((_, i) => i).sort((a, b) => items[a].start - items[b].start);
  const created: Record<string, unknown>[] = new Array(items.length);
  // the placed items, for their transitions (when any item has one: most batches none)
  const withTransitions = transitions.some((t) => t !== undefined);
  const placed: { i: number; track: Track; seg: Segment }[] = [];
  const buildVisual = visualSegmentBuilder(doc, built);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const it = items[i];
    const field = `${plan.field}[${i}]`;
    const media = byUrl.get(it.imageUrl)!;
    if (media.kind !== "image" && (media.kind !== "video" || media.format !== "gif")) {
      expectKind(media, ["image", "video"], `${field}.imageUrl`, "pass an image file");
      expectKind(media, ["image"], `${field}.imageUrl`, "pass an image file (or a GIF)");
    }
    warnMismatch(warn, field, "width", it.width, media.width);
    warnMismatch(warn, field, "height", it.height, media.height);
    const target = gridRange(it.start, it.end, doc.fps);
    if (target.duration <= 0) {
      throw new DraftcliError(
        "invalid_input",
        `${field}: shorter than one frame at ${doc.fps} fps`,
        { hint: "make end - start at least one frame long", path: `${field}.end` },
      );
    }
    if (media.kind === "video" && target.duration > media.durationUs + 1e6 / doc.fps) {
      // An animated GIF is a video material: its segment must fit inside its length.
      throw new DraftcliError(
        "invalid_input",
        `${field}: ${media.fileName} is an animated GIF of ${media.durationUs} µs; the item is ${target.duration} µs long`,
        {
          hint: `end at most start + ${media.durationUs} µs, or add the GIF again after it`,
          path: `${field}.end`,
        },
      );
    }
    const trimmed = media.kind === "video" && target.duration > media.durationUs;
    const seg = buildVisual({
      media,
      target: trimmed ? { start: target.start, duration: media.durationUs } : target,
      sourceDuration: trimmed
        ? undefined
        : checkSourceDuration(field, it.sourceDuration, target.duration, 1, 1e6 / doc.fps),
      // the call's alpha where the item gives none
      clip: alpha === undefined || it.alpha !== undefined ? it : { ...it, alpha },
    });
    const anim = anims[i];
    const planned = anim ? planAnimations(anim, target.duration, "visual", field, warn) : [];
    if (planned.length) setAnimations(doc, seg, planned);
    const track = placeSegment(
      doc,
      "video",
      seg,
      it.trackIndex,
      it.trackIndex === undefined ? undefined : `${field}.trackIndex`,
    );
    if (withTransitions) placed.push({ i, track, seg });
    created[i] = {
      ...itemBase(doc, track, seg, -1), // settled below
      imageUrl: redactUrl(it.imageUrl),
      path: media.path,
      width: media.width,
      height: media.height,
    };
  }
  if (withTransitions) {
    const attach = () => names.attachTransitions(doc, placed, transitions, items, plan.field, warn);
    if (later) later(attach);
    else attach();
  }
  settleTrackIndexes(doc, created, "video");
  return created;
}

/** Adds images; returns the created ids in input order. */
export async function addImages(
  ctx: CommandContext,
  draftId: string,
  items: Item[],
  opts: { alpha?: number; media?: MediaPlacement } = {},
) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const names = await visualNames(items);
  const plan = planImages(await peekEdition(dir), items, "imageInfos", names, undefined, ctx.warn);
  return await mutateWithMedia(
    ctx,
    { roots, draftId, dir },
    imageRequests(plan),
    (doc, byUrl) => {
      const built: object[] = [];
      const created = applyImages(doc, plan, byUrl, ctx.warn, opts.alpha, undefined, built);
      // saved right away: nothing changes these but their holes (render indexes, at the save)
      vouchAsBuilt(built);
      return withIdLists({ draftId: doc.draftId, items: created }, "imageIds");
    },
    opts.media,
    ctx.resultReady,
  );
}
