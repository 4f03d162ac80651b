/** Handler of `preview`, without zod. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { PreviewInput } from "../preview.ts";

/** `preview`. */
export async function preview(
  input: z.infer<typeof PreviewInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const [{ readDraft }, { requireFfmpeg }, { findCaptionFont, renderPreview }] = await Promise
    .all([
      import("../../store/drafts.ts"),
      import("../../preview/ffmpeg.ts"),
      import("../../preview/render.ts"),
    ]);
  const config = await ctx.config();
  const ffmpeg = await requireFfmpeg(ctx.env, config.ffmpeg);
  const doc = await readDraft(await ctx.searchRoots(), input.draftId);
  const outDir = input.out
    ? (await import("../../path.ts")).resolve(input.out)
    : await Deno.makeTempDir({
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
}
