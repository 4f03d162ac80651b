/** The keys of the user config file and their types: the schema config.ts is checked against. */
import { z } from "zod";

/** Known config keys and their types; unknown keys are refused. */
export const ConfigSchema = z.object({
  draftsDir: z.string().min(1).optional().describe("drafts folder (absolute path)"),
  editor: z.enum(["jianying", "capcut"]).optional().describe("default editor for new drafts"),
  editorVersion: z.string().optional().describe("default editor version profile"),
  uploadUrl: z.string().optional().describe("default upload target URL"),
  uploadToken: z.string().optional().describe("bearer token for uploads (never printed)"),
  downloadUrl: z.string().optional().describe("download URL template for uploads"),
  maxDownloadBytes: z.number().int().positive().optional().describe("download size cap"),
  maxZipBytes: z.number().int().positive().optional().describe("zip import size cap"),
  ffmpeg: z.string().min(1).optional().describe(
    "ffmpeg binary for 'draftcli preview' (else $DRAFTCLI_FFMPEG, else PATH)",
  ),
  media: z.enum(["copy", "reference"]).optional().describe(
    "local media: copy (default) places them in the draft folder, reference uses them in place",
  ),
}).strict();

/** The parsed config. */
export type Config = z.infer<typeof ConfigSchema>;
