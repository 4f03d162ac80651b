/**
 * `effects add` and `filters add`: catalog effects and filters, either on an effect / filter
 * track for a time range or attached to one video/photo segment.
 */
import type { z } from "zod";
import type { EffectInfo, FilterInfo } from "../schema/visual_items.ts";
import type { CommandContext } from "./context.ts";
import { locateDraft, peekEdition } from "../store/locate.ts";
import { mutateDraftAt } from "../store/commit.ts";
import { entryById, entryByName, timelineRange, visualSegment } from "./targets.ts";
import { placeSegment } from "../draft/segment_builders.ts";
import {
  attachEffect,
  attachFilter,
  buildEffectSegment,
  buildFilter,
  buildVideoEffect,
  type EffectEntry,
  effectParams,
} from "../draft/effect_materials.ts";
import { type AdjustParam, paramsForDisplay } from "../draft/effect_params.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { Material, Segment, Track } from "../draft/model.ts";
import type { Edition } from "../editions/profiles.ts";
import { attempt, type Problems } from "./problems.ts";
import { withIdLists } from "./id_lists.ts";
import { itemBase } from "../draft/summary.ts";

type EffectItem = z.infer<typeof EffectInfo>;
type FilterItem = z.infer<typeof FilterInfo>;

/** Start-ordered indexes (segment-attached items first; they have no start). */
function byStart(items: { start?: number }[]): number[] {
  return items.map((_, i) => i).sort((a, b) => (items[a].start ?? -1) - (items[b].start ?? -1));
}

function attachedItem(doc: DraftDocument, track: Track, segment: Segment, material: Material) {
  return { ...itemBase(doc, track, segment), materialId: material.id as string };
}

/** An effects batch with its catalog entries resolved (no draft needed). */
export interface EffectsPlan {
  items: EffectItem[];
  /** Input path of the list, e.g. "effectInfos" or "effects". */
  field: string;
  resolved: ({ entry: EffectEntry; adjust: AdjustParam[] } | undefined)[];
}

/** Resolves effect names/ids and parameters (problems go to `sink` when given). */
export function planEffects(
  edition: Edition,
  items: EffectItem[],
  field: string,
  sink?: Problems,
): EffectsPlan {
  const resolved = items.map((it, i) =>
    attempt(sink, () => {
      const f = `${field}[${i}]`;
      const entry: EffectEntry = it.effectId !== undefined
        ? entryById(edition, "video_effects", it.effectId, `${f}.effectId`, it.category)
        : entryByName(edition, "video_effects", it.effectTitle!, `${f}.effectTitle`, it.category);
      return { entry, adjust: effectParams(entry, it.params, f) };
    })
  );
  return { items, field, resolved };
}

/** Puts an effects batch into an in-memory draft; returns what was created, in input order. */
export function applyEffects(doc: DraftDocument, plan: EffectsPlan): Record<string, unknown>[] {
  const { items } = plan;
  const created: Record<string, unknown>[] = new Array(items.length);
  for (const i of byStart(items)) {
    const it = items[i];
    const field = `${plan.field}[${i}]`;
    const { entry, adjust } = plan.resolved[i]!;
    const about = {
      name: entry.name,
      resourceId: entry.resourceId,
      category: entry.category ?? "scene",
      params: paramsForDisplay(adjust, entry.params),
    };
    if (it.segmentId !== undefined) {
      const t = visualSegment(doc, it.segmentId, `${field}.segmentId`);
      const m = buildVideoEffect(doc, entry, adjust, 0);
      attachEffect(t.segment, m);
      created[i] = { applyTo: "segment", ...attachedItem(doc, t.track, t.segment, m), ...about };
    } else {
      const range = timelineRange(doc, it.start!, it.end!, field);
      const m = buildVideoEffect(doc, entry, adjust, 2);
      const seg = buildEffectSegment(doc, m, range);
      const track = placeSegment(doc, "effect", seg, it.trackIndex, `${field}.trackIndex`);
      created[i] = { applyTo: "track", ...itemBase(doc, track, seg), ...about };
    }
  }
  return created;
}

/** Adds effects; returns what was created, in input order. */
export async function addEffects(ctx: CommandContext, draftId: string, items: EffectItem[]) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const plan = planEffects(await peekEdition(dir), items, "effectInfos");
  return await mutateDraftAt(dir, (doc) =>
    Promise.resolve({
      result: withIdLists({ draftId: doc.draftId, items: applyEffects(doc, plan) }, "effectIds"),
    }), ctx);
}

/** A filters batch with its catalog entries resolved (no draft needed). */
export interface FiltersPlan {
  items: FilterItem[];
  /** Input path of the list, e.g. "filterInfos" or "filters". */
  field: string;
  entries: (EffectEntry | undefined)[];
}

/** Resolves filter names/ids (problems go to `sink` when given). */
export function planFilters(
  edition: Edition,
  items: FilterItem[],
  field: string,
  sink?: Problems,
): FiltersPlan {
  const entries = items.map((it, i) =>
    attempt(sink, () => {
      const f = `${field}[${i}]`;
      return it.filterId !== undefined
        ? entryById(edition, "filters", it.filterId, `${f}.filterId`)
        : entryByName(edition, "filters", it.filterTitle!, `${f}.filterTitle`);
    })
  );
  return { items, field, entries };
}

/** Puts a filters batch into an in-memory draft; returns what was created, in input order. */
export function applyFilters(
  doc: DraftDocument,
  plan: FiltersPlan,
  warn: (m: string) => void,
): Record<string, unknown>[] {
  const { items } = plan;
  const created: Record<string, unknown>[] = new Array(items.length);
  for (const i of byStart(items)) {
    const it = items[i];
    const field = `${plan.field}[${i}]`;
    const entry = plan.entries[i]!;
    const intensity = it.intensity ?? 100;
    const about = { name: entry.name, resourceId: entry.resourceId, intensity };
    if (it.segmentId !== undefined) {
      const t = visualSegment(doc, it.segmentId, `${field}.segmentId`);
      const m = buildFilter(doc, entry, intensity, 0);
      const replaced = attachFilter(doc, t.segment, m);
      if (replaced !== null) {
        warn(`${field}: replaced filter "${replaced}" on segment ${t.segment.id}`);
      }
      created[i] = { applyTo: "segment", ...attachedItem(doc, t.track, t.segment, m), ...about };
    } else {
      const range = timelineRange(doc, it.start!, it.end!, field);
      const m = buildFilter(doc, entry, intensity, 2);
      const seg = buildEffectSegment(doc, m, range);
      const track = placeSegment(doc, "filter", seg, it.trackIndex, `${field}.trackIndex`);
      created[i] = { applyTo: "track", ...itemBase(doc, track, seg), ...about };
    }
  }
  return created;
}

/** Adds filters; returns what was created, in input order. */
export async function addFilters(ctx: CommandContext, draftId: string, items: FilterItem[]) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const plan = planFilters(await peekEdition(dir), items, "filterInfos");
  return await mutateDraftAt(dir, (doc) =>
    Promise.resolve({
      result: withIdLists(
        { draftId: doc.draftId, items: applyFilters(doc, plan, ctx.warn) },
        "effectIds",
      ),
    }), ctx);
}
