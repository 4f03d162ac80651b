/** Handlers of the `videos` commands, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { VideosAddInput, VideosListInput } from "../videos.ts";

/** The operations behind these commands, loaded only when one runs. */
const ops = () => import("../../ops/videos.ts");

/** `videos add`. */
export async function videosAdd(
  input: z.infer<typeof VideosAddInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).addVideos(ctx, input.draftId, input.videoInfos, {
    alpha: input.alpha,
    media: input.media,
  });
}

/** `videos list`. */
export async function videosList(
  input: z.infer<typeof VideosListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await ops()).listVideos(ctx, input.draftId);
}
