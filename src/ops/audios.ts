/** `audios add`: audio segments on audio tracks (their list: listings.ts). */
import type { z } from "zod";
import type { AudioInfo } from "../schema/media_items.ts";
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
import { attempt, type Problems } from "./problems.ts";
import { withIdLists } from "./id_lists.ts";
import type { Edition } from "../editions/profiles.ts";
import type { DraftDocument } from "../draft/document.ts";
import { buildAudioSegment, placeSegment } from "../draft/segment_builders.ts";
import { gridRange } from "../draft/time.ts";
import { DraftcliError } from "../errors.ts";
import { redactUrl } from "../text/redact.ts";
import { itemBase } from "../draft/summary.ts";
import { setAudioEffect, setAudioFade } from "../draft/audio_extras.ts";
import { resolveName } from "../catalogs/name_resolve.ts";

type Item = z.infer<typeof AudioInfo>;

/** An audio batch with its effect names resolved (no draft needed). */
export interface AudiosPlan {
  items: Item[];
  /** Input path of the list, e.g. "audioInfos" or "audios". */
  field: string;
  effects: (ReturnType<typeof resolveName> | undefined)[];
}

/** Resolves the items' audio effect names (problems go to `sink` when given). */
export function planAudios(
  edition: Edition,
  items: Item[],
  field: string,
  sink?: Problems,
): AudiosPlan {
  const effects = items.map((it, i) => {
    if (!it.audioEffect) return undefined;
    return attempt(sink, () => {
      try {
        return resolveName(edition, "audio_effects", it.audioEffect!);
      } catch (err) {
        if (err instanceof DraftcliError) {
          throw new DraftcliError(err.code, `${field}[${i}].audioEffect: ${err.message}`, {
            hint: err.hint,
            path: `${field}[${i}].audioEffect`,
          });
        }
        throw err;
      }
    });
  });
  return { items, field, effects };
}

/** The media URLs an audio batch needs resolved. */
export function audioRequests(plan: AudiosPlan): MediaRequest[] {
  return mediaRequests(plan.items, plan.field, "audioUrl");
}

/** Builds and places an audio batch in an in-memory draft; returns the created items. */
export function applyAudios(
  doc: DraftDocument,
  plan: AudiosPlan,
  byUrl: Map<string, ResolvedFile>,
  warn: (m: string) => void,
): Record<string, unknown>[] {
  const { items, effects } = plan;
  const ctx = { warn };
  const order = items.map((_, i) => i).sort((a, b) => items[a].start - items[b].start);
  const created: Record<string, unknown>[] = new Array(items.length);
  const frame = 1e6 / doc.fps;
  for (const i of order) {
    const it = items[i];
    const field = `${plan.field}[${i}]`;
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
    if (sourceStart >= media.durationUs) {
      throw new DraftcliError(
        "invalid_input",
        `${field}: sourceStart ${sourceStart} µs is past the end of ${media.fileName} (${media.durationUs} µs)`,
        { path: `${field}.sourceStart`, hint: `sourceStart must be below ${media.durationUs}` },
      );
    }
    const sourceDuration = needed > media.durationUs
      ? undefined
      : checkSourceDuration(field, it.sourceDuration, target.duration, speed, frame);
    if (needed > media.durationUs) {
      // cutcli leaves a too-short audio undefined; the segment ends where the audio ends.
      const fits = Math.floor((media.durationUs - sourceStart) / speed);
      if (needed > media.durationUs + frame) {
        warn(
          `${field}: needs ${needed} µs of audio but ${media.fileName} is ${media.durationUs} µs long; ` +
            `the segment ends at ${target.start + fits} µs instead of ${
              target.start + target.duration
            } µs`,
        );
      }
      target.duration = fits;
    }
    const fadeIn = it.fadeInDuration ?? 0;
    const fadeOut = it.fadeOutDuration ?? 0;
    checkFadesFit(field, fadeIn, fadeOut, target.duration);
    const seg = buildAudioSegment(doc, {
      media: { ...media, kind: "audio" },
      target,
      sourceStart,
      sourceDuration,
      audioType: it.audioType,
      speed,
      volume: it.volume,
    });
    if (fadeIn || fadeOut) setAudioFade(doc, seg, fadeIn, fadeOut);
    const effect = effects[i];
    if (effect) setAudioEffect(doc, seg, effect);
    const track = placeSegment(doc, "audio", seg, it.trackIndex, `${field}.trackIndex`);
    created[i] = {
      ...itemBase(doc, track, seg, -1), // settled below
      audioUrl: redactUrl(it.audioUrl),
      path: media.path,
      duration: media.durationUs,
    };
  }
  settleTrackIndexes(doc, created, "audio");
  return created;
}

/** Adds audio items; returns the created ids in input order. */
export async function addAudios(
  ctx: CommandContext,
  draftId: string,
  items: Item[],
  opts: { media?: MediaPlacement } = {},
) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const plan = planAudios(await peekEdition(dir), items, "audioInfos");
  return await mutateWithMedia(
    ctx,
    { roots, draftId, dir },
    audioRequests(plan),
    (doc, byUrl) =>
      withIdLists(
        { draftId: doc.draftId, items: applyAudios(doc, plan, byUrl, ctx.warn) },
        "audioIds",
      ),
    opts.media,
    ctx.resultReady,
  );
}
