/**
 * cutcli's id lists for add commands (`segmentIds`, `textIds`/`imageIds`/…, `segmentInfos`,
 * `trackId`), derived from draftcli's `items` and printed beside them.
 */

/** The fields of a created item the id lists are made from (items carry more). */
type Created = Record<string, unknown>;

/** cutcli's id fields for `items`; `materialKey` names the material id list (e.g. `textIds`). */
export interface CutcliIds {
  trackId?: string;
  segmentIds: string[];
  segmentInfos: { id: string; start: number; end: number }[];
  [materialKey: string]: unknown;
}

/**
 * Adds cutcli's id lists to an add command's result: `segmentIds`, `<materialKey>` (the material
 * ids) and `segmentInfos` ({id,start,end} in µs on the timeline), plus `trackId` (the first
 * item's track) when the result has none. Keeps every field already there.
 */
export function withCutcliIds<R extends { items: Created[]; trackId?: string }>(
  result: R,
  materialKey?: string,
): R & CutcliIds {
  const items = result.items as { [k: string]: unknown }[];
  const str = (v: unknown) => String(v);
  const ids: CutcliIds = {
    segmentIds: items.map((it) => str(it.segmentId)),
    segmentInfos: items.map((it) => ({
      id: str(it.segmentId),
      start: Number(it.start),
      end: Number(it.end),
    })),
  };
  if (materialKey) ids[materialKey] = items.map((it) => str(it.materialId));
  const first = items[0]?.trackId;
  const trackId = result.trackId ?? (first === undefined ? undefined : str(first));
  return { ...(trackId === undefined ? {} : { trackId }), ...ids, ...result };
}
