/** `draft upload`: zip a draft (or take --zip) and upload it; prints the download URL. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { DraftcliError } from "../../errors.ts";
import { sha256File } from "../../files.ts";
import { basename, join, resolve } from "../../path.ts";

/** The schemas of `draft upload` (load zod). */
async function schemas() {
  const [{ z }, { draftIdSchema }] = await Promise.all([
    import("zod"),
    import("../../schema/common.ts"),
  ]);
  /** Input of `draft upload`. */
  const DraftUploadInput = z.object({
    draftId: draftIdSchema,
    to: z.string().min(1).optional().describe(
      "upload URL (presigned PUT URL or POST endpoint); default env DRAFTCLI_UPLOAD_URL or config uploadUrl",
    ),
    zip: z.string().min(1).optional().describe(
      "upload this existing zip instead of zipping the draft again",
    ),
    token: z.string().min(1).optional().describe(
      "bearer token (prefer env DRAFTCLI_UPLOAD_TOKEN or config uploadToken: command lines are visible to other users)",
    ),
    downloadUrl: z.string().min(1).optional().describe(
      "URL to report instead of the derived one; {name}, {draftId} and {sha256} are filled in (default: config downloadUrl)",
    ),
    method: z.enum(["put", "post"]).optional().describe(
      "put = raw body to a presigned URL; post = multipart form (default: put when the URL looks presigned, else post)",
    ),
    includeExternal: z.boolean().optional().describe(
      "also pack media files the timeline names outside the draft folder (default: leave them out and list them under externalMedia)",
    ),
  }).strict();
  return { input: DraftUploadInput };
}

/** The input of `draft upload`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft upload`. */
export const command = defineCommandFile({
  name: ["draft", "upload"],
  summary: "zip a draft (or take --zip) and upload it; prints the download URL",
  description:
    "Target: --to, else env DRAFTCLI_UPLOAD_URL, else config uploadUrl. A URL whose query string looks presigned (X-Amz-Signature, Signature, sig, token, …) gets an HTTP PUT of the zip; any other URL a multipart POST (field 'file') whose JSON answer holds the URL (url, downloadUrl, download_url, location or data.url). Token: --token, env DRAFTCLI_UPLOAD_TOKEN or config uploadToken; it is never printed. Without --zip the zip is built in a temp folder (as 'draft zip' builds it: media outside the draft folder only with --include-external) and removed after a successful upload.",
  positionals: ["draftId"],
  examples: [
    "draft upload \"$ID\" --to 'https://bucket.s3.amazonaws.com/d.zip?X-Amz-Signature=…'",
    'draft upload "$ID" --zip ./d.zip --to https://files.example.com/upload',
  ],
  mutates: true,
  schemas,
  async run(input: Input, ctx) {
    const { progressPrinter, zipDraft, zipReport, zipSource } = await import("./portable_zip.ts");
    const { folderDraftId, locateDraft } = await import("../../store/drafts.ts");
    const { fillDownloadUrl, uploadFile } = await import("../../transfer/upload.ts");
    const config = await ctx.config();
    const target = input.to ?? ctx.env.DRAFTCLI_UPLOAD_URL ?? config.uploadUrl;
    if (!target) {
      throw new DraftcliError("usage", "no upload target: pass --to <url>", {
        hint: "or configure one: draftcli config set uploadUrl <url> (or set DRAFTCLI_UPLOAD_URL)",
        path: "to",
      });
    }
    const token = input.token ?? ctx.env.DRAFTCLI_UPLOAD_TOKEN ?? config.uploadToken;
    let zipPath: string;
    let tempDir: string | undefined;
    let size: number;
    let sha256: string;
    let draftId = input.draftId;
    let report: ReturnType<typeof zipReport> | undefined;
    if (input.zip) {
      zipPath = resolve(input.zip);
      const st = await Deno.stat(zipPath).catch(() => undefined);
      if (!st?.isFile) {
        throw new DraftcliError("invalid_input", `no zip file at ${zipPath}`, { path: "zip" });
      }
      size = st.size;
      sha256 = await sha256File(zipPath);
      // The draft the zip came from, named by its id when it is here.
      const dir = await locateDraft(await ctx.searchRoots(), draftId).catch(() => undefined);
      if (dir) draftId = await folderDraftId(dir);
    } else {
      const source = await zipSource(ctx, input.draftId);
      draftId = source.draftId;
      // A private folder in the caller's TMPDIR (the context's env, so in-process callers keep it
      // in their world); the zip is named by the draft's id, never by what the caller typed.
      tempDir = await Deno.makeTempDir({
        prefix: "draftcli-upload-",
        dir: ctx.env.TMPDIR || undefined,
      });
      zipPath = join(tempDir, source.fileName);
      try {
        const r = await zipDraft(ctx, source, zipPath, input.includeExternal);
        size = r.size;
        sha256 = r.sha256;
        report = zipReport(r);
      } catch (err) {
        await Deno.remove(tempDir, { recursive: true }).catch(() => {});
        throw err;
      }
    }
    const template = input.downloadUrl ?? config.downloadUrl;
    const downloadUrl = template
      ? fillDownloadUrl(template, { name: basename(zipPath), draftId, sha256 })
      : undefined;
    let result;
    try {
      result = await uploadFile(zipPath, target, {
        method: input.method,
        token,
        downloadUrl,
        onProgress: progressPrinter(`uploading ${basename(zipPath)}`),
      });
    } catch (err) {
      if (tempDir && err instanceof DraftcliError) {
        throw new DraftcliError(err.code, err.message, {
          hint: `${err.hint ?? "try again"}; the zip is kept: retry with --zip ${zipPath}`,
          path: err.path,
        });
      }
      throw err;
    }
    if (tempDir) await Deno.remove(tempDir, { recursive: true }).catch(() => {});
    return {
      draftId,
      ...(tempDir ? {} : { zipPath }),
      size,
      sha256,
      downloadUrl: result.downloadUrl,
      method: result.method,
      attempts: result.attempts,
      ...report,
    };
  },
});
