/** `preview`: a render of a draft without the editor (proxy video, contact sheet, frame). */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { resolve } from "../../path.ts";

/** The schemas of `preview` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema, timeUs }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `preview`. */
  const PreviewInput = z.object({
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
  return { input: PreviewInput };
}

/** The input of `preview`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `preview`. */
export const command = defineCommandFile({
  name: ["preview"],
  summary: "render a draft without the editor: proxy MP4, contact sheet, timeline SVG, or a frame",
  description: "Draws the draft from its files alone with ffmpeg ($DRAFTCLI_FFMPEG, config " +
    "'ffmpeg', else PATH): photos and videos with timing, trim, speed, position, scale, " +
    "rotation, opacity and keyframes; captions with size, colour, bold/italic, position, " +
    "border, background card and keyword colours (a CJK font when one is installed, else a " +
    "warning when a caption holds CJK text); transitions as crossfades centred on the cut, as the editors play them; audio mixed with volumes, fades and volume keyframes. Effects, " +
    "filters, stickers, masks and animations are left out and listed in 'approximated'. Missing " +
    "media show as labelled grey placeholders. With --at only one PNG frame is rendered (fast). " +
    'Output: {"video","sheet","timeline","frame?","approximated":[…],"placeholders":[…],' +
    '"warnings?":[…],"seconds","size"}; progress goes to stderr for renders over a second.',
  positionals: ["draftId"],
  examples: [
    'preview "$ID"',
    'preview "$ID" --at 1500000 --out ./pv',
    'preview "$ID" --height 360 --sheet-every 5',
  ],
  images: (result) => {
    const r = result as { frame?: string; sheet?: string };
    return r.frame ? [r.frame] : r.sheet ? [r.sheet] : [];
  },
  schemas,
  async run(input: Input, ctx) {
    const { readDraft } = await import("../../store/drafts.ts");
    const { requireFfmpeg } = await import("../../preview/ffmpeg.ts");
    const { findCaptionFont, renderPreview } = await import("../../preview/render.ts");
    const config = await ctx.config();
    const ffmpeg = await requireFfmpeg(ctx.env, config.ffmpeg);
    const doc = await readDraft(await ctx.searchRoots(), input.draftId);
    const outDir = input.out ? resolve(input.out) : await Deno.makeTempDir({
      // The caller's temp folder (the context's TMPDIR: MCP and tests pass their own).
      dir: ctx.env.TMPDIR || undefined,
      prefix: `draftcli-preview-${doc.draftId.slice(0, 8)}-`,
    });
    return await renderPreview(doc.content, doc.dir, {
      outDir,
      height: input.height,
      sheetEvery: input.sheetEvery,
      at: input.at,
      ffmpeg,
      font: await findCaptionFont(),
      timeoutMs: 30 * 60_000,
      progress: ctx.progress,
    });
  },
});
