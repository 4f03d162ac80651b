/**
 * The lists of what sits on or over a draft's segments (`effects list`, `filters list`,
 * `transitions list`, `masks list`, `keyframes list`): a read of the draft and a view of it. Like
 * `listings.ts`, they live apart from the operations that edit, so that a list loads no builder,
 * catalog-resolving or commit code; and apart from `listings.ts`, so that a plain `captions list`
 * loads none of theirs. `effects list` loads the catalog code when the draft has an effect.
 */
import type { CommandContext } from "./context.ts";
import { readDraft } from "../store/load.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { Material, Segment, Track } from "../draft/model.ts";
import { itemBase } from "../draft/summary.ts";
import { type AdjustParam, paramsForDisplay } from "../draft/effect_params.ts";
import { listTransitions } from "../draft/transition_list.ts";
import { maskForDisplay, maskOf } from "../draft/mask_materials.ts";
import { readKeyframes, segmentKind } from "../draft/keyframe_reading.ts";
import { findSegmentOrThrow } from "../draft/segment_list.ts";

/**
 * Track-level items (segments on `trackType` tracks) and segment-attached ones (materials of
 * `list` referenced by video/photo segments), in timeline order.
 */
function collect(
  doc: DraftDocument,
  trackType: string,
  list: string,
  accept: (m: Material) => boolean,
) {
  const byId = new Map(doc.materials(list).filter(accept).map((m) => [m.id as string, m]));
  const out: {
    applyTo: "track" | "segment";
    track: Track;
    segment: Segment;
    material: Material;
  }[] = [];
  for (const track of doc.tracks) {
    for (const segment of track.segments) {
      if (track.type === trackType) {
        const material = byId.get(segment.material_id);
        if (material) out.push({ applyTo: "track", track, segment, material });
      } else if (track.type === "video") {
        for (const ref of segment.extra_material_refs) {
          const material = byId.get(ref);
          if (material) out.push({ applyTo: "segment", track, segment, material });
        }
      }
    }
  }
  // At the same start, "segment" before "track"; compared as plain strings, since a run's first
  // localeCompare sets up ICU collation (~8 ms).
  return out.sort((a, b) =>
    a.segment.target_timerange.start - b.segment.target_timerange.start ||
    (a.applyTo === b.applyTo ? 0 : a.applyTo < b.applyTo ? -1 : 1)
  );
}

/** Lists effects on effect tracks and effects attached to video/photo segments. */
export async function listEffects(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  const found = collect(doc, "effect", "video_effects", () => true);
  if (!found.length) return [];
  const { findByResourceId } = await import("../catalogs/catalog.ts");
  return found.map((x) => {
    const m = x.material;
    const entry = findByResourceId(doc.edition, "video_effects", String(m.resource_id));
    return {
      applyTo: x.applyTo,
      ...itemBase(doc, x.track, x.segment),
      materialId: m.id,
      name: m.name,
      resourceId: m.resource_id,
      category: m.type === "face_effect" ? "character" : "scene",
      params: paramsForDisplay(m.adjust_params as AdjustParam[], entry?.params),
    };
  });
}

/** Lists filters on filter tracks and filters attached to video/photo segments. */
export async function listFilters(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  return collect(doc, "filter", "effects", (m) => m.type === "filter").map((x) => ({
    applyTo: x.applyTo,
    ...itemBase(doc, x.track, x.segment),
    materialId: x.material.id,
    name: x.material.name,
    resourceId: x.material.resource_id,
    intensity: Math.round(Number(x.material.value ?? 0) * 10000) / 100,
  }));
}

/** Lists every transition with its neighbours. */
export async function listDraftTransitions(ctx: CommandContext, draftId: string) {
  return listTransitions(await readDraft(await ctx.searchRoots(), draftId));
}

/** Lists the masks on video/photo segments. */
export async function listMasks(ctx: CommandContext, draftId: string, segmentId?: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  const out = [];
  for (const track of doc.tracksOf("video")) {
    for (const segment of track.segments) {
      if (segmentId !== undefined && segment.id !== segmentId) continue;
      const mask = maskOf(doc, segment);
      if (mask) {
        const shown = maskForDisplay(mask);
        const { centerX, centerY, width, height, feather, rotation, invert, roundCorner } = shown;
        out.push({
          ...itemBase(doc, track, segment),
          maskId: mask.id,
          ...shown,
          // cutcli's spelling: the mask id as `id`, the geometry grouped under `config`.
          id: mask.id,
          config: { centerX, centerY, width, height, feather, rotation, invert, roundCorner },
        });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Lists the keyframes of one segment in user units. */
export async function listKeyframes(ctx: CommandContext, draftId: string, segmentId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  const { track, segment } = findSegmentOrThrow(doc, segmentId, "segmentId");
  return {
    draftId: doc.draftId,
    segmentId: segment.id,
    segmentKind: segmentKind(doc, segment),
    trackId: track.id,
    start: segment.target_timerange.start,
    duration: segment.target_timerange.duration,
    // timeOffset: cutcli's name for offset.
    keyframes: readKeyframes(segment).map((k) => ({ ...k, timeOffset: k.offset })),
  };
}
