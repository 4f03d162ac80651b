/**
 * Shared checks of the visual commands: catalog look-ups by name or id, the video/photo segment
 * an item attaches to, and a timeline range at least one frame long.
 */
import {
  type CatalogEntry,
  type CatalogKind,
  findByResourceId,
  getCatalog,
} from "../catalogs/catalog.ts";
import { resolveName, searchCommand } from "../catalogs/name_resolve.ts";
import type { Edition } from "../editions/profiles.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { Segment, Track, VideoMaterial } from "../draft/model.ts";
import { gridRange, type TimeRange } from "../draft/time.ts";
import { MASK_ALIASES, UNSUPPORTED_MASK_TYPES } from "../draft/mask_materials.ts";
import { DraftcliError } from "../errors.ts";

function relabel(err: unknown, field: string): never {
  if (err instanceof DraftcliError) {
    throw new DraftcliError(err.code, `${field}: ${err.message}`, { hint: err.hint, path: field });
  }
  throw err;
}

/** Resolves a catalog name for an input field (errors carry the field). */
export function entryByName(
  edition: Edition,
  kind: CatalogKind,
  name: string,
  field: string,
  category?: string,
): CatalogEntry {
  try {
    return resolveName(edition, kind, name, { category, path: field });
  } catch (err) {
    relabel(err, field);
  }
}

/** Finds a catalog entry by resource id or effect id (exact), for an input field. */
export function entryById(
  edition: Edition,
  kind: CatalogKind,
  id: string,
  field: string,
  category?: string,
): CatalogEntry {
  const lower = id.toLowerCase();
  const found =
    getCatalog(edition, kind).find((e) =>
      (e.resourceId === id || e.effectId.toLowerCase() === lower) &&
      (category === undefined || e.category === category)
    ) ?? findByResourceId(edition, kind, id);
  if (!found || (category !== undefined && found.category !== category)) {
    throw new DraftcliError(
      "unknown_name",
      `${field}: no ${kind} entry with id ${id} for ${edition}${
        category ? ` (category ${category})` : ""
      }`,
      {
        path: field,
        hint: `ids differ between JianYing and CapCut; search by name with: ${
          searchCommand(kind, edition)
        }`,
      },
    );
  }
  return found;
}

/** Resolves a mask name (catalog name or English alias) to a mask shape we can write. */
export function maskEntry(edition: Edition, name: string, field: string): CatalogEntry {
  const alias = MASK_ALIASES[name.trim().toLowerCase()];
  const entry = entryByName(edition, "masks", alias ?? name, field);
  if (entry.resourceType && UNSUPPORTED_MASK_TYPES.includes(entry.resourceType)) {
    throw new DraftcliError(
      "invalid_input",
      `${field}: mask "${entry.name}" (${entry.resourceType}) needs text or a drawn path, which draftcli cannot write`,
      { path: field, hint: `use one of: ${Object.values(MASK_ALIASES).join(", ")}` },
    );
  }
  return entry;
}

/** A video/photo segment with its track and media material. */
export interface VisualTarget {
  track: Track;
  segment: Segment;
  material: VideoMaterial;
}

/**
 * The video/photo segment with this id.
 *
 * @throws DraftcliError `segment_not_found` (no such segment) or `invalid_input` (a segment of
 * another kind: text, audio, sticker, effect …).
 */
export function visualSegment(doc: DraftDocument, id: string, field: string): VisualTarget {
  const found = doc.findSegment(id.trim());
  if (!found) {
    throw new DraftcliError(
      "segment_not_found",
      `${field}: no segment with id ${id} in this draft`,
      {
        path: field,
        hint: "list segment ids with 'segments list'",
      },
    );
  }
  const material = found.track.type === "video"
    ? doc.materials("videos").find((m) => m.id === found.segment.material_id)
    : undefined;
  if (!material) {
    throw new DraftcliError(
      "invalid_input",
      `${field}: segment ${id} is on ${
        /^[aeiou]/.test(found.track.type) ? "an" : "a"
      } ${found.track.type} track; only video and photo segments take this`,
      {
        path: field,
        hint: "pass the id of a video or photo segment ('segments list')",
      },
    );
  }
  return { track: found.track, segment: found.segment, material };
}

/** `[start, end)` on the frame grid; refuses ranges shorter than one frame. */
export function timelineRange(
  doc: DraftDocument,
  start: number,
  end: number,
  field: string,
  endPath = `${field}.end`,
): TimeRange {
  const target = gridRange(start, end, doc.fps);
  if (target.duration <= 0) {
    throw new DraftcliError("invalid_input", `${field}: shorter than one frame at ${doc.fps} fps`, {
      hint: "make end - start at least one frame long",
      path: endPath,
    });
  }
  return target;
}
