/** `preview`: a proxy video, a contact sheet, a timeline picture or one frame of a draft. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema, timeUs } from "../schema/common.ts";
import * as run from "./run/preview.ts";

/** Input of `preview`. */
export const PreviewInput = z.object({
  draftId: draftIdSchema,
  out: z.string().min(1).optional().describe(
    "folder for the files (created; default: a new folder in the system temp dir)",
  ),
  at: timeUs.optional().describe("render only the frame at this time (µs) as a PNG"),
  height: z.number().int().min(90).max(2160).default(640).describe(
    "short side of the proxy in pixels",
  ),
  sheetEvery: z.number().min(0.1).max(3600).default(2).describe(
    "contact sheet: one frame every this many seconds",
  ),
}).strict();

/** `preview`. */
export const previewCommand = defineCommand({
  name: ["preview"],
  summary: "render a draft without the editor: proxy MP4, contact sheet, timeline SVG, or a frame",
  description: "Draws the draft from its files alone with ffmpeg ($DRAFTCLI_FFMPEG, config " +
    "'ffmpeg', else PATH): photos and videos with timing, trim, speed, position, scale, " +
    "rotation, opacity and keyframes; captions with size, colour, bold/italic, position, " +
    "border, background card and keyword colours (a CJK font when one is installed, else a " +
    "warning); transitions as crossfades centred on the cut, as the editors play them; audio mixed with volumes, fades and volume keyframes. Effects, " +
    "filters, stickers, masks and animations are left out and listed in 'approximated'. Missing " +
    "media show as labelled grey placeholders. With --at only one PNG frame is rendered (fast). " +
    'Output: {"video","sheet","timeline","frame?","approximated":[…],"placeholders":[…],' +
    '"warnings?":[…],"seconds","size"}; progress goes to stderr for renders over a second.',
  positionals: ["draftId"],
  input: PreviewInput,
  examples: [
    'preview "$ID"',
    'preview "$ID" --at 1500000 --out ./pv',
    'preview "$ID" --height 360 --sheet-every 5',
  ],
  images: (result) => {
    const r = result as { frame?: string; sheet?: string };
    return r.frame ? [r.frame] : r.sheet ? [r.sheet] : [];
  },
  run: run.preview,
});

/** The `preview` commands. */
export const previewCommands = [previewCommand];
