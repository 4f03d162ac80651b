/** `query audio-duration`: the length of an audio file or URL (or of a video's sound). */
import { defineCommandFile } from "../spec.ts";
import { DraftcliError } from "../../errors.ts";
import { inspect, type UrlInput, urlSchemas } from "./query_media.ts";
import { redactUrl } from "../../text/redact.ts";

/** `query audio-duration`. */
export const command = defineCommandFile({
  name: ["query", "audio-duration"],
  summary: "the duration (µs) of an audio file or URL (or of a video's sound)",
  description: 'Output: {"url","duration","format","message":"ok"} (message as cutcli prints ' +
    "it). Fails with media_error when the file " +
    "has no sound.",
  examples: ["query audio-duration --url file:///abs/voice.mp3"],
  // cutcli's name for it; over MCP, query_media gives the duration with the other facts.
  mcp: false,
  schemas: urlSchemas,
  async run(input: UrlInput, ctx) {
    const info = await inspect(input.url, ctx);
    if (!info.hasAudio) {
      throw new DraftcliError(
        "media_error",
        `url: ${redactUrl(input.url)} has no audio (${info.kind})`,
        {
          hint: "pass an audio file, or a video that has a sound track",
          path: "url",
        },
      );
    }
    return {
      url: redactUrl(input.url),
      duration: info.durationUs,
      format: info.format,
      message: "ok",
    };
  },
});
