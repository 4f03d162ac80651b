/**
 * The lists of a draft's segments (`captions list`, `images list`, `videos list`, `audios list`,
 * `sticker list`, `segments list`): a read of the draft and a view of it. They live apart from
 * the operations that edit those segments, so that a list loads no builder, media or commit code.
 */
import type { CommandContext } from "./context.ts";
import { readDraft } from "../store/load.ts";
import { realMediaPath } from "../draft/media_path.ts";
import { clipFields, itemBase, segmentsOf } from "../draft/summary.ts";
import { maskForDisplay, maskOf } from "../draft/mask_materials.ts";
import { listSegments } from "../draft/segment_list.ts";

/** Lists text segments with their text. */
export async function listCaptions(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  return segmentsOf(doc, "text", "texts").map(({ track, segment, material }) => {
    let text = "";
    try {
      text = JSON.parse(String(material.content)).text ?? "";
    } catch { /* not JSON content */ }
    return {
      ...itemBase(doc, track, segment),
      text,
      fontSize: material.font_size,
      textColor: material.text_color,
      ...clipFields(segment),
    };
  });
}

/** Lists photo segments. */
export async function listImages(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  return segmentsOf(doc, "video", "videos", (m) => m.type === "photo").map(
    ({ track, segment, material }) => ({
      ...itemBase(doc, track, segment),
      path: realMediaPath(material.path, doc.dir),
      width: material.width,
      height: material.height,
      ...clipFields(segment),
    }),
  );
}

/** Lists video segments (photos are listed by `images list`). */
export async function listVideos(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  return segmentsOf(doc, "video", "videos", (m) => m.type === "video").map(
    ({ track, segment, material }) => {
      const mask = maskOf(doc, segment);
      return {
        ...itemBase(doc, track, segment),
        path: realMediaPath(material.path, doc.dir),
        width: material.width,
        height: material.height,
        duration: material.duration,
        hasAudio: material.has_audio,
        sourceStart: segment.source_timerange?.start ?? 0,
        speed: segment.speed,
        volume: segment.volume,
        ...clipFields(segment),
        ...(mask ? { mask: maskForDisplay(mask).name } : {}),
      };
    },
  );
}

/** Lists audio segments. */
export async function listAudios(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  return segmentsOf(doc, "audio", "audios").map(({ track, segment, material }) => ({
    ...itemBase(doc, track, segment),
    path: realMediaPath(material.path, doc.dir),
    duration: material.duration,
    volume: segment.volume,
    speed: segment.speed,
    sourceStart: segment.source_timerange?.start ?? 0,
  }));
}

/** Lists sticker segments. */
export async function listStickers(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  return segmentsOf(doc, "sticker", "stickers").map(({ track, segment, material }) => ({
    ...itemBase(doc, track, segment),
    stickerId: material.resource_id,
    ...clipFields(segment),
  }));
}

/** Every segment of the draft, of every kind (a read: the draft folder is not touched). */
export async function segmentsList(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  const segments = listSegments(doc);
  return { draftId: doc.draftId, duration: doc.duration, count: segments.length, segments };
}
