/** `draft zip`, `draft upload`, `draft import`: moving drafts between machines. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema } from "../schema/common.ts";
import { draftNameSchema } from "../schema/draft.ts";
import * as run from "./run/transfer.ts";

/** Input of `draft zip`. */
export const DraftZipInput = z.object({
  draftId: draftIdSchema,
  output: z.string().min(1).optional().describe(
    "zip file to write, or an existing folder to put <draftId>.zip in (default: ./<draftId>.zip)",
  ),
  includeExternal: z.boolean().optional().describe(
    "also pack media files the timeline names outside the draft folder (default: leave them out and list them under externalMedia)",
  ),
}).strict();

/** Input of `draft upload`. */
export const DraftUploadInput = z.object({
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

/** Input of `draft import`. */
export const DraftImportInput = z.object({
  source: z.string().min(1).describe("zip file path, or an http(s) URL to download it from"),
  name: draftNameSchema.optional().describe(
    "name shown in the editor (default: the zipped draft's name)",
  ),
}).strict();

/** `draft zip`. */
export const draftZip = defineCommand({
  name: ["draft", "zip"],
  summary: "pack a draft and the media it uses into a portable zip",
  description:
    "Packs the files of the draft folder (links are resolved and never followed out of it) with every media path rewritten relative to the draft, so the zip opens on another machine. Media files outside the draft folder are left out and listed under externalMedia, with a warning; --include-external copies them into resources/ inside the zip (listed under packedExternal). The draft itself is not changed. " +
    'Output: {"draftId","zipPath","size","sha256","files","mediaCopied","packedExternal","externalMedia","skipped","missingMedia","warnings","message"} ' +
    '(message is "ok", as cutcli prints it).',
  positionals: ["draftId"],
  input: DraftZipInput,
  examples: ['draft zip "$ID" --output ~/Desktop/promo.zip'],
  mutates: true,
  run: run.draftZip,
});

/** `draft upload`. */
export const draftUpload = defineCommand({
  name: ["draft", "upload"],
  summary: "zip a draft (or take --zip) and upload it; prints the download URL",
  description:
    "Target: --to, else env DRAFTCLI_UPLOAD_URL, else config uploadUrl. A URL whose query string looks presigned (X-Amz-Signature, Signature, sig, token, …) gets an HTTP PUT of the zip; any other URL a multipart POST (field 'file') whose JSON answer holds the URL (url, downloadUrl, download_url, location or data.url). Token: --token, env DRAFTCLI_UPLOAD_TOKEN or config uploadToken; it is never printed. Without --zip the zip is built in a temp folder (as 'draft zip' builds it: media outside the draft folder only with --include-external) and removed after a successful upload.",
  positionals: ["draftId"],
  input: DraftUploadInput,
  examples: [
    "draft upload \"$ID\" --to 'https://bucket.s3.amazonaws.com/d.zip?X-Amz-Signature=…'",
    'draft upload "$ID" --zip ./d.zip --to https://files.example.com/upload',
  ],
  mutates: true,
  run: run.draftUpload,
});

/** `draft import`. */
export const draftImport = defineCommand({
  name: ["draft", "import"],
  summary: "import a draft zip (a file or an http(s) URL) as a new draft",
  description:
    "Accepts zips made by 'draft zip' and zipped editor draft folders. The zip is checked before anything is written (unsafe paths, symlinks, size and entry caps); the draft gets a new id and lands in the drafts folder of its editor. Media paths of its timeline that point outside the new draft are never read: they are listed under externalMedia (and recorded, so 'draft validate' flags them and 'draft zip' leaves them out even with --include-external). Size cap: config maxZipBytes (default 2 GiB).",
  positionals: ["source"],
  input: DraftImportInput,
  examples: [
    "draft import ./promo.zip --name 'Promo (copy)'",
    "draft import https://files.example.com/abc.zip",
  ],
  mutates: true,
  run: run.draftImport,
});

/** All transfer commands (wired into the registry by main). */
export const transferCommands = [draftZip, draftUpload, draftImport];
