/**
 * The id lists cutcli's add commands print (`segmentIds`, `textIds`, `imageIds`, `videoIds`,
 * `audioIds`, `effectIds`, `segmentInfos`, `trackId`), derived from draftcli's `items` and added
 * next to them, so scripts written for either tool read the same output.
 */

/** What every created item carries (see `itemBase`). */
interface CreatedItem {
  segmentId: string;
  materialId: string;
  trackId: string;
  start: number;
  end: number;
}

/** Name of the material-id list per add command. */
export type IdListName = "textIds" | "imageIds" | "videoIds" | "audioIds" | "effectIds";

/**
 * `result` plus the id lists of its items, in input order: `trackId` of the first item (when the
 * result has none), `segmentIds`, `<idsName>` (material ids) and `segmentInfos`.
 */
export function withIdLists<R extends { items: readonly object[]; trackId?: string }>(
  result: R,
  idsName: IdListName,
): R & Record<string, unknown> {
  const items = result.items as readonly CreatedItem[];
  return {
    ...result,
    trackId: result.trackId ?? items[0]?.trackId,
    [idsName]: items.map((it) => it.materialId),
    segmentIds: items.map((it) => it.segmentId),
    segmentInfos: items.map((it) => ({ id: it.segmentId, start: it.start, end: it.end })),
  };
}
