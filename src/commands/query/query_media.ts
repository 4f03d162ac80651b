/** `query media`: the facts of a media file or URL (kind, duration, size, sound). */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import { defineCommandFile } from "../spec.ts";
import { redactUrl } from "../../text/redact.ts";

/** The schemas of `query media` and `query audio-duration` (load zod). */
export async function urlSchemas() {
  const [{ z }, { PATH_RULE }, { mediaUrl }] = await Promise.all([
    import("zod"),
    import("../../text/path_rule.ts"),
    import("../../schema/common.ts"),
  ]);
  /** The input of `query media` and `query audio-duration`: one file or URL. */
  const QueryUrlInput = z.object({
    url: mediaUrl.describe(`the file: ${PATH_RULE}`),
  }).strict();
  return { input: QueryUrlInput };
}

/** The input of `query media` and `query audio-duration`, as validated. */
export type UrlInput = z.infer<Awaited<ReturnType<typeof urlSchemas>>["input"]>;

/** Probes `url` (downloading an http(s) URL within the config's size limit). */
export async function inspect(url: string, ctx: CommandContext) {
  const { inspectUrl } = await import("../../media/inspect.ts");
  const config = await ctx.config();
  return await inspectUrl(url, {
    maxDownloadBytes: config.maxDownloadBytes,
    warn: ctx.warn,
    home: ctx.env.HOME ?? ctx.env.USERPROFILE,
  });
}

/** `query media`. */
export const command = defineCommandFile({
  name: ["query", "media"],
  summary: "probe a media file or URL: kind, duration (µs), width, height, hasAudio, format",
  description: "http(s) URLs are downloaded into a temporary folder, which is removed " +
    'afterwards. Output: {"url","kind","format","duration","width","height","hasAudio",' +
    '"hasVideo"}; kind is image, video (animated GIFs included) or audio; duration is 0 for ' +
    "still images; width and height are the display size (0 for audio).",
  examples: [
    "query media --url file:///abs/clip.mp4",
    "query media --url https://example.com/a.jpg",
  ],
  schemas: urlSchemas,
  async run(input: UrlInput, ctx) {
    const info = await inspect(input.url, ctx);
    return {
      url: redactUrl(input.url),
      kind: info.kind,
      format: info.format,
      duration: info.durationUs,
      width: info.width,
      height: info.height,
      hasAudio: info.hasAudio,
      hasVideo: info.hasVideo,
    };
  },
});
