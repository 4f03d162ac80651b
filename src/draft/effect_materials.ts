/**
 * Video effects and filters (reference §4.8). Either track-level (a segment on an `effect` /
 * `filter` track, `apply_target_type` 2, applying to everything below it for a time range) or
 * attached to one video/photo segment (`apply_target_type` 0, referenced from the segment's
 * `extra_material_refs`).
 *
 * Evidence: effect materials and effect-track segments start from real CapCut 5.8 objects
 * (prototypes `video_effects`, `segment_effect`); filter materials start from the only
 * editor-saved `materials.effects` object we have (CapCut 8.1 text glow) with the fields
 * pyJianYingDraft writes for filters (`type: "filter"`, `value` = intensity 0..1).
 */
import { EDITION_FACTS } from "../editions/profiles.ts";
import { prototype } from "../editions/prototypes.ts";
import type { DraftDocument } from "./document.ts";
import type { EffectMaterial, Material, Segment } from "./model.ts";
import { type AdjustParam, type EffectParamSpec, shortParamName } from "./effect_params.ts";
import { newId } from "./ids.ts";
import { newSegment } from "./segment_builders.ts";
import type { TimeRange } from "./time.ts";
import { DraftcliError } from "../errors.ts";

/** A resolved effect or filter catalog entry. */
export interface EffectEntry {
  readonly name: string;
  readonly resourceId: string;
  readonly effectId: string;
  /** `scene` or `character` for video effects. */
  readonly category?: string;
  readonly params: readonly EffectParamSpec[];
}

/** Where an effect or filter applies: 2 = a track-level segment, 0 = one video/photo segment. */
export type ApplyTarget = 0 | 2;

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

/**
 * The `adjust_params` of an effect: every catalog parameter at its default (clamped into its
 * range, as a few catalog defaults lie outside it), with the given values 0..100 mapped onto
 * min..max. Names may be given in full (`effects_adjust_speed`) or short (`speed`).
 *
 * @throws DraftcliError `invalid_input` for a name the effect does not have, listing valid ones.
 */
export function effectParams(
  entry: EffectEntry,
  given: Readonly<Record<string, number>> | undefined,
  field: string,
): AdjustParam[] {
  const specs = entry.params.filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
  const values = new Map<string, number>();
  for (const [key, ui] of Object.entries(given ?? {})) {
    const spec = specs.find((p) => p.name === key) ??
      specs.find((p) => shortParamName(p.name) === key);
    if (!spec) {
      const valid = specs.map((p) => shortParamName(p.name));
      throw new DraftcliError(
        "invalid_input",
        `${field}.params: "${entry.name}" has no parameter "${key}"${
          valid.length ? `; valid: ${valid.join(", ")}` : " (it has no adjustable parameters)"
        }`,
        {
          path: `${field}.params.${key}`,
          hint: valid.length
            ? "use one of the listed names (the effects_adjust_ prefix is optional)"
            : "leave params out for this effect",
        },
      );
    }
    values.set(spec.name, ui);
  }
  return specs.map((p) => {
    const lo = Math.min(p.min, p.max);
    const hi = Math.max(p.min, p.max);
    const def = clamp(p.default, lo, hi);
    const ui = values.get(p.name);
    const value = ui === undefined ? def : lo + (hi - lo) * ui / 100;
    return { default_value: def, name: p.name, value };
  });
}

/** Adds a `video_effects` material (type `video_effect`, or `face_effect` for characters). */
export function buildVideoEffect(
  doc: DraftDocument,
  entry: EffectEntry,
  adjust: AdjustParam[],
  apply: ApplyTarget,
): EffectMaterial {
  const m: EffectMaterial = prototype(doc.profile, "video_effects");
  m.id = newId();
  m.name = entry.name;
  m.effect_id = EDITION_FACTS[doc.profile.edition].effectIdIsResourceId
    ? entry.resourceId
    : entry.effectId;
  m.resource_id = entry.resourceId;
  m.type = entry.category === "character" ? "face_effect" : "video_effect";
  m.adjust_params = adjust;
  m.apply_target_type = apply;
  m.category_id = "";
  m.category_name = "";
  m.request_id = "";
  m.path = "";
  m.value = 1.0;
  doc.addMaterial("video_effects", m);
  return m;
}

/** Adds a `materials.effects` entry of type `filter`, intensity 0..100 → `value` 0..1. */
export function buildFilter(
  doc: DraftDocument,
  entry: EffectEntry,
  intensity: number,
  apply: ApplyTarget,
): EffectMaterial {
  const m: EffectMaterial = prototype(doc.profile, "effects");
  m.id = newId();
  m.name = entry.name;
  m.effect_id = entry.effectId;
  m.resource_id = entry.resourceId;
  m.type = "filter";
  m.sub_type = "none";
  m.value = intensity / 100;
  m.apply_target_type = apply;
  m.adjust_params = [];
  m.panel_id = "";
  m.bloom_params = null;
  m.path = "";
  doc.addMaterial("effects", m);
  return m;
}

/** A segment for an `effect` or `filter` track pointing at `material` (not yet on a track). */
export function buildEffectSegment(
  doc: DraftDocument,
  material: Material,
  target: TimeRange,
): Segment {
  const seg = newSegment(doc, "segment_effect", material.id as string, target, null, []);
  seg.clip = null;
  seg.uniform_scale = null;
  seg.hdr_settings = null;
  return seg;
}

/** Attaches an effect material to a video/photo segment (several may be attached). */
export function attachEffect(segment: Segment, material: Material): void {
  segment.extra_material_refs.push(material.id as string);
}

/** The filter materials a segment references. */
export function filtersOf(doc: DraftDocument, segment: Segment): EffectMaterial[] {
  return doc.materials("effects").filter((m) =>
    m.type === "filter" && segment.extra_material_refs.includes(m.id as string)
  );
}

/**
 * Attaches a filter to a video/photo segment; a filter already on it is replaced (the editor
 * keeps one filter per clip). Returns the replaced filter's name, if any.
 */
export function attachFilter(
  doc: DraftDocument,
  segment: Segment,
  material: Material,
): string | null {
  const old = filtersOf(doc, segment);
  const oldIds = new Set(old.map((m) => m.id as string));
  if (oldIds.size) {
    segment.extra_material_refs = segment.extra_material_refs.filter((id) => !oldIds.has(id));
    // drop the old material unless another segment still uses it
    for (const t of doc.tracks) {
      for (const s of t.segments) for (const id of s.extra_material_refs) oldIds.delete(id);
    }
    const list = doc.materials("effects");
    const keep = list.filter((m) => !oldIds.has(m.id as string));
    list.splice(0, list.length, ...keep);
  }
  segment.extra_material_refs.push(material.id as string);
  return old.length ? String(old[0].name ?? "") : null;
}
