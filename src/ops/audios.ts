/** `audios add` / `audios list`: audio segments on audio tracks. */
import type { z } from "zod";
import type { AudioInfo } from "../schema/media_items.ts";
import type { CommandContext } from "./context.ts";
import type { MediaPlacement } from "../media/place.ts";
import { locateDraft, peekEdition, readDraft } from "../store/drafts.ts";
import { expectKind, mutateWithMedia, settleTrackIndexes, warnMismatch } from "./media.ts";
import { buildAudioSegment, placeSegment } from "../draft/build.ts";
import { gridRange } from "../draft/time.ts";
import { DraftcliError } from "../errors.ts";
import { redactUrl } from "../text/redact.ts";
import { itemBase, segmentsOf } from "../draft/summary.ts";
import { setAudioEffect, setAudioFade } from "../draft/audio_extras.ts";
import { resolveName } from "../catalogs/resolve.ts";
import { withCutcliIds } from "./cutcli_ids.ts";

type Item = z.infer<typeof AudioInfo>;

/** Adds audio items; returns the created ids in input order. */
export async function addAudios(
  ctx: CommandContext,
  draftId: string,
  items: Item[],
  opts: { media?: MediaPlacement } = {},
) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const edition = await peekEdition(dir);
  const effects = items.map((it, i) => {
    if (!it.audioEffect) return undefined;
    try {
      return resolveName(edition, "audio_effects", it.audioEffect);
    } catch (err) {
      if (err instanceof DraftcliError) {
        throw new DraftcliError(err.code, `audioInfos[${i}].audioEffect: ${err.message}`, {
          hint: err.hint,
          path: `audioInfos[${i}].audioEffect`,
        });
      }
      throw err;
    }
  });
  const requests = items.map((it, i) => ({
    url: it.audioUrl,
    index: i,
    field: `audioInfos[${i}].audioUrl`,
  }));
  return await mutateWithMedia(ctx, { roots, draftId, dir }, requests, (doc, byUrl) => {
    const order = items.map((_, i) => i).sort((a, b) => items[a].start - items[b].start);
    const created: Record<string, unknown>[] = new Array(items.length);
    const frame = 1e6 / doc.fps;
    for (const i of order) {
      const it = items[i];
      const field = `audioInfos[${i}]`;
      const media = byUrl.get(it.audioUrl)!;
      expectKind(media, ["audio", "video"], `${field}.audioUrl`, "pass an audio file");
      if (media.kind === "video" && !media.hasAudio) {
        throw new DraftcliError(
          "media_error",
          `${field}.audioUrl: ${media.fileName} has no audio`,
          {
            path: `${field}.audioUrl`,
            hint: "pass a file with an audio stream",
          },
        );
      }
      warnMismatch(ctx.warn, field, "duration", it.duration, media.durationUs, frame);
      const target = gridRange(it.start, it.end, doc.fps);
      if (target.duration <= 0) {
        throw new DraftcliError("invalid_input", `${field}: shorter than one frame`, {
          path: `${field}.end`,
          hint: "make end - start at least one frame long",
        });
      }
      const speed = it.speed ?? 1;
      const sourceStart = it.sourceStart ?? 0;
      const needed = sourceStart + Math.round(target.duration * speed);
      if (needed > media.durationUs + frame) {
        throw new DraftcliError(
          "invalid_input",
          `${field}: needs ${needed} µs of audio but ${media.fileName} is ${media.durationUs} µs long`,
          {
            path: `${field}.end`,
            hint: `end at most start + ${
              Math.floor((media.durationUs - sourceStart) / speed)
            } µs, or lower sourceStart/speed`,
          },
        );
      }
      if (needed > media.durationUs) {
        target.duration = Math.floor((media.durationUs - sourceStart) / speed);
      }
      const fadeIn = it.fadeInDuration ?? 0;
      const fadeOut = it.fadeOutDuration ?? 0;
      if (fadeIn + fadeOut > target.duration) {
        throw new DraftcliError("invalid_input", `${field}: fades are longer than the item`, {
          path: `${field}.fadeInDuration`,
          hint: "fadeInDuration + fadeOutDuration must not exceed end - start",
        });
      }
      const seg = buildAudioSegment(doc, {
        media: { ...media, kind: "audio" },
        target,
        sourceStart,
        speed,
        volume: it.volume,
      });
      if (fadeIn || fadeOut) setAudioFade(doc, seg, fadeIn, fadeOut);
      const effect = effects[i];
      if (effect) setAudioEffect(doc, seg, effect);
      const track = placeSegment(doc, "audio", seg);
      created[i] = {
        ...itemBase(doc, track, seg),
        audioUrl: redactUrl(it.audioUrl),
        path: media.path,
        duration: media.durationUs,
      };
    }
    settleTrackIndexes(doc, created, "audio");
    return withCutcliIds({ draftId, items: created }, "audioIds");
  }, opts.media);
}

/** Lists audio segments. */
export async function listAudios(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  return segmentsOf(doc, "audio", "audios").map(({ track, segment, material }) => ({
    ...itemBase(doc, track, segment),
    path: material.path,
    duration: material.duration,
    volume: segment.volume,
    speed: segment.speed,
    sourceStart: segment.source_timerange?.start ?? 0,
  }));
}
