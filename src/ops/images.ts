/** `images add` / `images list`: photo segments on video tracks. */
import type { z } from "zod";
import type { ImageInfo } from "../schema/media_items.ts";
import type { CommandContext } from "./context.ts";
import type { MediaPlacement } from "../media/place.ts";
import { locateDraft, peekEdition, readDraft } from "../store/drafts.ts";
import {
  attachItemTransitions,
  expectKind,
  mutateWithMedia,
  settleTrackIndexes,
  warnMismatch,
} from "./media.ts";
import { resolveAnimations, resolveItemTransitions } from "./names.ts";
import { buildVisualSegment, placeSegment, setAnimations } from "../draft/build.ts";
import { planAnimations } from "../draft/animation_plan.ts";
import { gridRange } from "../draft/time.ts";
import { DraftcliError } from "../errors.ts";
import { redactUrl } from "../text/redact.ts";
import { clipFields, itemBase, segmentsOf } from "../draft/summary.ts";
import { withCutcliIds } from "./cutcli_ids.ts";

type Item = z.infer<typeof ImageInfo>;

/** Adds images; returns the created ids in input order. */
export async function addImages(
  ctx: CommandContext,
  draftId: string,
  items: Item[],
  opts: { alpha?: number; media?: MediaPlacement } = {},
) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const edition = await peekEdition(dir);
  const anims = items.map((it, i) =>
    resolveAnimations(edition, it, "visual", `imageInfos[${i}]`, ctx.warn)
  );
  const transitions = resolveItemTransitions(edition, items, "imageInfos", ctx.warn);
  const requests = items.map((it, i) => ({
    url: it.imageUrl,
    index: i,
    field: `imageInfos[${i}].imageUrl`,
  }));
  return await mutateWithMedia(ctx, { roots, draftId, dir }, requests, (doc, byUrl) => {
    const order = items.map((_, i) => i).sort((a, b) => items[a].start - items[b].start);
    const created: Record<string, unknown>[] = new Array(items.length);
    const placed: {
      i: number;
      track: ReturnType<typeof placeSegment>;
      seg: ReturnType<typeof buildVisualSegment>;
    }[] = [];
    for (const i of order) {
      const it = items[i];
      const field = `imageInfos[${i}]`;
      const media = byUrl.get(it.imageUrl)!;
      expectKind(
        media,
        ["image", "video"],
        `${field}.imageUrl`,
        "use 'videos add' for video files",
      );
      if (media.kind === "video" && media.format !== "gif") {
        expectKind(media, ["image"], `${field}.imageUrl`, "use 'videos add' for video files");
      }
      warnMismatch(ctx.warn, field, "width", it.width, media.width);
      warnMismatch(ctx.warn, field, "height", it.height, media.height);
      const target = gridRange(it.start, it.end, doc.fps);
      if (target.duration <= 0) {
        throw new DraftcliError(
          "invalid_input",
          `${field}: shorter than one frame at ${doc.fps} fps`,
          {
            hint: "make end - start at least one frame long",
            path: `${field}.end`,
          },
        );
      }
      const frame = 1e6 / doc.fps;
      if (media.kind === "video" && target.duration > media.durationUs + frame) {
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
      const seg = buildVisualSegment(doc, {
        media,
        target: media.kind === "video" && target.duration > media.durationUs
          ? { start: target.start, duration: media.durationUs }
          : target,
        clip: { ...it, alpha: it.alpha ?? opts.alpha },
      });
      const planned = planAnimations(anims[i], target.duration, "visual", field, ctx.warn);
      if (planned.length) setAnimations(doc, seg, planned);
      const track = placeSegment(doc, "video", seg);
      placed.push({ i, track, seg });
      created[i] = {
        ...itemBase(doc, track, seg),
        imageUrl: redactUrl(it.imageUrl),
        path: media.path,
        width: media.width,
        height: media.height,
      };
    }
    attachItemTransitions(
      doc,
      placed,
      transitions,
      items.map((it) => it.transitionDuration),
      "imageInfos",
      ctx.warn,
    );
    settleTrackIndexes(doc, created, "video");
    return withCutcliIds({ draftId, items: created }, "imageIds");
  }, opts.media);
}

/** Lists photo segments. */
export async function listImages(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  return segmentsOf(doc, "video", "videos", (m) => m.type === "photo").map(
    ({ track, segment, material }) => ({
      ...itemBase(doc, track, segment),
      path: material.path,
      width: material.width,
      height: material.height,
      ...clipFields(segment),
    }),
  );
}
