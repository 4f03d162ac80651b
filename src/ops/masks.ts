/** `masks add`: one mask per video/photo segment. */
import type { DraftDocument } from "../draft/document.ts";
import type { CommandContext } from "./context.ts";
import { locateDraft, peekEdition } from "../store/locate.ts";
import { mutateDraftAt } from "../store/commit.ts";
import { maskEntry, visualSegment } from "./targets.ts";
import {
  buildMask,
  maskForDisplay,
  type MaskGeometry,
  maskListName,
  maskWarning,
  setMask,
} from "../draft/mask_materials.ts";
import { itemBase } from "../draft/summary.ts";
import { DraftcliError } from "../errors.ts";

/** Splits `a,b,c` into ids; refuses repeats. */
export function splitIds(list: string, field: string): string[] {
  const ids = list.split(",").map((s) => s.trim());
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) {
      throw new DraftcliError("invalid_input", `${field}: segment ${id} is listed twice`, {
        path: field,
        hint: "a segment takes one mask; list each id once",
      });
    }
    seen.add(id);
  }
  return ids;
}

/** Puts one mask on each listed segment of an in-memory draft (replacing an older one). */
export function applyMasks(
  doc: DraftDocument,
  entry: ReturnType<typeof maskEntry>,
  ids: string[],
  geometry: MaskGeometry,
  warn: (m: string) => void,
  field = "segmentIds",
) {
  return ids.map((id) => {
    const t = visualSegment(doc, id, field);
    const mask = buildMask(entry, {
      width: Number(t.material.width) || 0,
      height: Number(t.material.height) || 0,
    }, geometry);
    const replaced = setMask(doc, t.segment, mask);
    if (replaced !== null) warn(`segment ${t.segment.id}: replaced mask "${replaced}"`);
    return { ...itemBase(doc, t.track, t.segment), maskId: mask.id, ...maskForDisplay(mask) };
  });
}

/** Puts the same mask on each listed segment (replacing a mask a segment already has). */
export async function addMasks(
  ctx: CommandContext,
  draftId: string,
  segmentIds: string,
  name: string | undefined,
  geometry: MaskGeometry,
) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const edition = await peekEdition(dir);
  const entry = maskEntry(edition, name ?? "线性", "name");
  const ids = splitIds(segmentIds, "segmentIds");
  let warning: string | undefined;
  const result = await mutateDraftAt(dir, (doc) => {
    warning = maskWarning(doc.profile);
    const items = applyMasks(doc, entry, ids, geometry, ctx.warn);
    return Promise.resolve({
      result: { draftId: doc.draftId, maskList: maskListName(doc), items },
    });
  }, ctx);
  if (warning) ctx.warn(warning);
  return result;
}
