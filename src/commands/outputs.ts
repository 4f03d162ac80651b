/** Output notes shared by several commands' `--help` text (see src/ops/id_lists.ts). */

/** What every add command prints (draftcli's fields and cutcli's id lists). */
export function addOutput(idsName: string): string {
  return 'Output: {"draftId","items":[{segmentId,materialId,trackId,trackIndex,start,end,' +
    'duration,…}]} and, as cutcli prints them, "trackId" (of the first item), "segmentIds", ' +
    `"${idsName}" (material ids) and "segmentInfos":[{id,start,end}], all in input order.`;
}
