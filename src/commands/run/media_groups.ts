/** Handlers of the `images`, `audios` and `captions` commands, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import { DraftcliError } from "../../errors.ts";
import type {
  AudiosAddInput,
  CaptionsAddInput,
  ImagesAddInput,
  ListInput,
} from "../media_groups.ts";

/** `images add`. */
export async function imagesAdd(
  input: z.infer<typeof ImagesAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const { addImages } = await import("../../ops/images.ts");
  return addImages(ctx, input.draftId, input.imageInfos, {
    alpha: input.alpha,
    media: input.media,
  });
}

/** `images list`. */
export async function imagesList(
  input: z.infer<typeof ListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await import("../../ops/images.ts")).listImages(ctx, input.draftId);
}

/** `audios add`. */
export async function audiosAdd(
  input: z.infer<typeof AudiosAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await import("../../ops/audios.ts")).addAudios(ctx, input.draftId, input.audioInfos, {
    media: input.media,
  });
}

/** `audios list`. */
export async function audiosList(
  input: z.infer<typeof ListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await import("../../ops/audios.ts")).listAudios(ctx, input.draftId);
}

/** `captions add`. */
export async function captionsAdd(
  input: z.infer<typeof CaptionsAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const { addCaptions } = await import("../../ops/captions.ts");
  const { draftId, captions, srt, ...style } = input;
  if ((captions === undefined) === (srt === undefined)) {
    throw new DraftcliError(
      "usage",
      captions ? "pass either --captions or --srt, not both" : "pass --captions or --srt",
      { path: "captions", hint: "--captions takes JSON items; --srt an .srt file" },
    );
  }
  const items = captions ??
    (await (await import("../../ops/srt_file.ts")).readSrtFile(srt!, ctx.env))
      .map(({ text, start, end }) => ({ text, start, end }));
  return addCaptions(ctx, draftId, items, style);
}

/** `captions list`. */
export async function captionsList(
  input: z.infer<typeof ListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await import("../../ops/captions.ts")).listCaptions(ctx, input.draftId);
}
