/** `draft zip`: pack a draft and the media it uses into a portable zip. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { join, resolve } from "../../path.ts";

/** The schemas of `draft zip` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `draft zip`. */
  const DraftZipInput = z.object({
    draftId: draftIdSchema,
    output: z.string().min(1).optional().describe(
      "zip file to write, or an existing folder to put <draftId>.zip in (default: ./<draftId>.zip)",
    ),
    includeExternal: z.boolean().optional().describe(
      "also pack media files the timeline names outside the draft folder (default: leave them out and list them under externalMedia)",
    ),
  }).strict();
  return { input: DraftZipInput };
}

/** The input of `draft zip`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft zip`. */
export const command = defineCommandFile({
  name: ["draft", "zip"],
  summary: "pack a draft and the media it uses into a portable zip",
  description:
    "Packs the files of the draft folder (links are resolved and never followed out of it) with every media path rewritten relative to the draft, so the zip opens on another machine. Media files outside the draft folder are left out and listed under externalMedia, with a warning; --include-external copies them into resources/ inside the zip (listed under packedExternal). The draft itself is not changed. " +
    'Output: {"draftId","zipPath","size","sha256","files","mediaCopied","packedExternal","externalMedia","skipped","missingMedia","warnings","message"} ' +
    '(message is "ok", as cutcli prints it).',
  positionals: ["draftId"],
  examples: ['draft zip "$ID" --output ~/Desktop/promo.zip'],
  mutates: true,
  schemas,
  async run(input: Input, ctx) {
    const { zipDraft, zipReport, zipSource } = await import("./portable_zip.ts");
    const source = await zipSource(ctx, input.draftId);
    let out = resolve(input.output ?? source.fileName);
    if (await Deno.stat(out).then((s) => s.isDirectory, () => false)) {
      out = join(out, source.fileName);
    }
    const r = await zipDraft(ctx, source, out, input.includeExternal);
    return {
      draftId: source.draftId,
      zipPath: r.zipPath,
      size: r.size,
      sha256: r.sha256,
      files: r.files,
      ...zipReport(r),
      message: "ok", // as cutcli prints it
    };
  },
});
