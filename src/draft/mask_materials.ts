/**
 * Masks on video/photo segments (reference §4.10): one mask material per segment, in the list
 * the edition profile names (`masks` for JianYing, `common_mask` for CapCut), referenced from
 * the segment's `extra_material_refs`.
 *
 * Evidence: no editor-saved draft with a mask is available; the object follows what
 * pyJianYingDraft writes ([lib]). JianYing 8.5+ were reported to ignore masks written to `masks`;
 * the profile names the list and the warning for its versions (see `maskWarning`).
 */
import { EDITION_FACTS } from "../editions/profiles.ts";
import type { VersionProfile } from "../editions/profiles.ts";
import type { DraftDocument } from "./document.ts";
import type { MaskMaterial, Segment } from "./model.ts";
import { newId } from "./ids.ts";

/** What to print when a mask is written for this profile (undefined: nothing, e.g. CapCut). */
export function maskWarning(profile: VersionProfile): string | undefined {
  return profile.maskWarning;
}

/** English names for the six classic masks both editions list under their Chinese names. */
export const MASK_ALIASES: Readonly<Record<string, string>> = {
  linear: "线性",
  line: "线性",
  mirror: "镜面",
  circle: "圆形",
  rectangle: "矩形",
  rect: "矩形",
  star: "星形",
  heart: "爱心",
};

/** Mask shapes that need data we cannot supply (text, drawn paths). */
export const UNSUPPORTED_MASK_TYPES: readonly string[] = ["text", "custom", "contour"];

/** A resolved masks catalog entry. */
export interface MaskEntry {
  readonly name: string;
  readonly resourceId: string;
  readonly resourceType?: string;
  readonly defaultAspectRatio?: number;
}

/** Mask geometry in user units (see the `masks add` flags). */
export interface MaskGeometry {
  /** Half clip widths from the clip centre, + = right. */
  centerX?: number;
  /** Half clip heights from the clip centre, + = up. */
  centerY?: number;
  /** Fraction of the clip width. */
  width?: number;
  /** Fraction of the clip height. */
  height?: number;
  /** 0..100. */
  feather?: number;
  /** Degrees clockwise. */
  rotation?: number;
  /** 0..100. */
  roundCorner?: number;
  invert?: boolean;
}

/** The materials list holding masks for this draft's edition. */
export function maskListName(doc: DraftDocument): string {
  return doc.profile.maskList ?? EDITION_FACTS[doc.edition].maskList;
}

/** Default mask height, as a fraction of the clip height. */
export const DEFAULT_MASK_HEIGHT = 0.5;

/**
 * Builds a mask material (not yet in the draft). `clip` is the media size in pixels; without a
 * width the mask keeps the shape's own aspect ratio on screen.
 */
export function buildMask(
  entry: MaskEntry,
  clip: { width: number; height: number },
  g: MaskGeometry,
): MaskMaterial & { id: string } {
  const ratio = entry.defaultAspectRatio ?? 1;
  const height = g.height ?? DEFAULT_MASK_HEIGHT;
  const pxRatio = clip.width > 0 && clip.height > 0 ? clip.height / clip.width : 1;
  const width = g.width ?? height * ratio * pxRatio;
  return {
    category: "video",
    category_id: "",
    category_name: "",
    config: {
      aspectRatio: g.width === undefined ? ratio : width / (height * pxRatio),
      centerX: g.centerX ?? 0,
      centerY: g.centerY ?? 0,
      feather: (g.feather ?? 0) / 100,
      height,
      invert: g.invert ?? false,
      rotation: g.rotation ?? 0,
      roundCorner: (g.roundCorner ?? 0) / 100,
      width,
    },
    id: newId(),
    name: entry.name,
    platform: "all",
    position_info: "",
    resource_id: entry.resourceId,
    resource_type: entry.resourceType ?? "",
    type: "mask",
  };
}

/** The mask material a segment references, if any. */
export function maskOf(doc: DraftDocument, segment: Segment): MaskMaterial | undefined {
  return doc.materials(maskListName(doc)).find((m) =>
    segment.extra_material_refs.includes(m.id as string)
  );
}

/**
 * Puts `mask` on a segment, replacing a mask it already has (one mask per segment). Returns the
 * replaced mask's name, if any.
 */
export function setMask(
  doc: DraftDocument,
  segment: Segment,
  mask: MaskMaterial & { id: string },
): string | null {
  const list = doc.materials(maskListName(doc));
  const old = maskOf(doc, segment);
  if (old) {
    segment.extra_material_refs = segment.extra_material_refs.filter((id) => id !== old.id);
    list.splice(list.indexOf(old), 1);
  }
  list.push(mask);
  segment.extra_material_refs.push(mask.id);
  return old ? String(old.name ?? "") : null;
}

/** A mask material's settings in user units (inverse of buildMask). */
export function maskForDisplay(mask: MaskMaterial): Record<string, unknown> {
  const c = mask.config ?? {};
  const pct = (v: unknown) => Math.round(Number(v ?? 0) * 10000) / 100;
  return {
    name: mask.name,
    resourceId: mask.resource_id,
    resourceType: mask.resource_type,
    centerX: c.centerX,
    centerY: c.centerY,
    width: c.width,
    height: c.height,
    feather: pct(c.feather),
    rotation: c.rotation,
    roundCorner: pct(c.roundCorner),
    invert: c.invert,
  };
}
