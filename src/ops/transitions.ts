/** `transitions add`: transitions between adjacent clips of a video track. */
import type { DraftDocument } from "../draft/document.ts";
import type { CommandContext } from "./context.ts";
import { locateDraft, peekEdition } from "../store/locate.ts";
import { mutateDraftAt } from "../store/commit.ts";
import { resolveField } from "./catalog_names.ts";
import { adjacentPairs, autoTransitions } from "../draft/transition_materials.ts";
import { DraftcliError } from "../errors.ts";

/** Options of `transitions add`. */
export interface AutoTransitionOptions {
  /** Transition name (catalog of the draft's edition; `fade` = 叠化 / Mix). */
  name: string;
  /** µs; default: the catalog's duration. */
  duration?: number;
  /** Video track, 0-based; default 0 (the main track). */
  trackIndex?: number;
}

/** Puts one transition between every adjacent photo/video pair of a video track. */
export async function addAutoTransitions(
  ctx: CommandContext,
  draftId: string,
  opts: AutoTransitionOptions,
) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const edition = await peekEdition(dir);
  const entry = resolveField(edition, "transitions", opts.name, "auto");
  return await mutateDraftAt(dir, (doc) =>
    Promise.resolve({
      result: { draftId: doc.draftId, ...applyAutoTransitions(doc, entry, opts, ctx.warn) },
    }), ctx);
}

/** Puts `entry` between every adjacent photo/video pair of a video track of an in-memory draft. */
export function applyAutoTransitions(
  doc: DraftDocument,
  entry: ReturnType<typeof resolveField>,
  opts: { duration?: number; trackIndex?: number },
  warn: (m: string) => void,
  field = "trackIndex",
) {
  const index = opts.trackIndex ?? 0;
  const videoTracks = doc.tracksOf("video");
  const track = videoTracks[index];
  if (!track) {
    throw new DraftcliError(
      "invalid_input",
      `${field} ${index}: the draft has ${videoTracks.length} video track(s)`,
      {
        path: field,
        hint: videoTracks.length
          ? `use 0..${videoTracks.length - 1} (0 = main track); see 'draftcli draft info'`
          : "add images or videos first",
      },
    );
  }
  if (!adjacentPairs(doc, track).length) {
    throw new DraftcliError(
      "invalid_input",
      `video track ${index} has no adjacent photo/video pair to put a transition between`,
      {
        path: field,
        hint: "transitions go between clips that touch (end of one = start of the next) " +
          "on the same track; see 'draftcli images list'",
      },
    );
  }
  const items = autoTransitions(doc, track, entry, opts.duration, warn, "auto");
  return {
    trackId: track.id,
    trackIndex: index,
    transition: entry.name,
    resourceId: entry.resourceId,
    items,
  };
}
