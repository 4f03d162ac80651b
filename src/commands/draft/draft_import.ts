/** `draft import`: import a draft zip (a file or an http(s) URL) as a new draft. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { DraftcliError } from "../../errors.ts";
import { join, resolve } from "../../path.ts";

/** The schemas of `draft import` (load zod). */
async function schemas() {
  const [{ z }, { draftNameSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/draft.ts"),
  ]);
  /** Input of `draft import`. */
  const DraftImportInput = z.object({
    source: z.string().min(1).describe("zip file path, or an http(s) URL to download it from"),
    name: draftNameSchema.optional().describe(
      "name shown in the editor (default: the zipped draft's name)",
    ),
  }).strict();
  return { input: DraftImportInput };
}

/** The input of `draft import`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft import`. */
export const command = defineCommandFile({
  name: ["draft", "import"],
  summary: "import a draft zip (a file or an http(s) URL) as a new draft",
  description:
    "Accepts zips made by 'draft zip' and zipped editor draft folders. The zip is checked before anything is written (unsafe paths, symlinks, size and entry caps); the draft gets a new id and lands in the drafts folder of its editor. Media paths of its timeline that point outside the new draft are never read: they are listed under externalMedia (and recorded, so 'draft validate' flags them and 'draft zip' leaves them out even with --include-external). Size cap: config maxZipBytes (default 2 GiB).",
  positionals: ["source"],
  examples: [
    "draft import ./promo.zip --name 'Promo (copy)'",
    "draft import https://files.example.com/abc.zip",
  ],
  mutates: true,
  schemas,
  async run(input: Input, ctx) {
    const { progressPrinter } = await import("./portable_zip.ts");
    const { newId } = await import("../../draft/ids.ts");
    const { registerDraft } = await import("../../store/drafts.ts");
    const { downloadToFile } = await import("../../transfer/zip_download.ts");
    const { DEFAULT_MAX_ZIP_BYTES, MAX_ZIP_ENTRIES } = await import("../../transfer/limits.ts");
    const { extractDraftZip, peekZipEdition } = await import("../../transfer/zip.ts");
    const config = await ctx.config();
    const maxBytes = config.maxZipBytes ?? DEFAULT_MAX_ZIP_BYTES;
    const limits = { maxBytes, maxEntries: MAX_ZIP_ENTRIES };
    let zipPath = resolve(input.source);
    let tempDir: string | undefined;
    try {
      if (/^https?:\/\//i.test(input.source)) {
        tempDir = await Deno.makeTempDir({
          prefix: "draftcli-import-",
          dir: ctx.env.TMPDIR || undefined,
        });
        zipPath = join(tempDir, "download.zip");
        await downloadToFile(input.source, zipPath, {
          maxBytes,
          onProgress: progressPrinter("downloading"),
        });
      } else if (!(await Deno.stat(zipPath).then((s) => s.isFile, () => false))) {
        throw new DraftcliError("invalid_input", `no zip file at ${zipPath}`, {
          hint: "pass a .zip made by 'draftcli draft zip', or an http(s) URL",
          path: "source",
        });
      }
      const edition = await peekZipEdition(zipPath, limits);
      const root = await ctx.draftsDir(edition);
      const r = await extractDraftZip(zipPath, root, {
        ...limits,
        newId: newId(),
        name: input.name,
      });
      for (const w of r.warnings) ctx.warn(w);
      for (const m of r.missing) ctx.warn(`media missing from the zip: ${m}`);
      for (const m of r.external) ctx.warn(`media outside the draft, not read: ${m}`);
      await registerDraft(r.dir, { warn: ctx.warn });
      return {
        draftId: r.draftId,
        filePath: r.dir,
        name: r.name,
        editor: r.edition,
        files: r.files,
        missingMedia: r.missing,
        externalMedia: r.external,
      };
    } finally {
      if (tempDir) await Deno.remove(tempDir, { recursive: true }).catch(() => {});
    }
  },
});
