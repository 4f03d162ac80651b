/** `draft zip`, `draft upload`, `draft import`: moving drafts between machines. */
import { z } from "zod";
import { basename, join, resolve, sep } from "../path.ts";
import { type CommandContext, defineCommand } from "./spec.ts";
import { draftIdSchema } from "../schema/common.ts";
import { DraftcliError } from "../errors.ts";
import { sha256File } from "../files.ts";
import { locateDraft, registerDraft, STATE_DIR } from "../store/drafts.ts";
import { withLock } from "../store/lock.ts";
import { recover } from "../store/txn.ts";
import { newId } from "../draft/ids.ts";
import type { PortableZipResult } from "../transfer/zip.ts";

/** Default cap on a zip's uncompressed size (and on a downloaded zip): 2 GiB. */
export const DEFAULT_MAX_ZIP_BYTES = 2 * 1024 ** 3;

/** Most entries an imported zip may have. */
export const MAX_ZIP_ENTRIES = 20_000;

/** A progress line on stderr when it is a terminal (else nothing). */
function progressPrinter(label: string): ((done: number, total: number) => void) | undefined {
  let tty = false;
  try {
    tty = Deno.stderr.isTerminal();
  } catch { /* no stderr */ }
  if (!tty) return undefined;
  const enc = new TextEncoder();
  let last = 0;
  return (done, total) => {
    const now = Date.now();
    const finished = total > 0 && done >= total;
    if (!finished && now - last < 200) return;
    last = now;
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    const pct = total > 0 ? ` ${Math.floor((done / total) * 100)}%` : "";
    const of = total > 0 ? `/${mb(total)}` : "";
    const text = `\r${label}${pct} (${mb(done)}${of} MB)${finished ? "\n" : ""}`;
    try {
      Deno.stderr.writeSync(enc.encode(text));
    } catch { /* ignore */ }
  };
}

/** Zips a draft under its lock (after finishing any interrupted commit). */
async function zipDraft(
  ctx: CommandContext,
  draftId: string,
  outPath: string,
): Promise<PortableZipResult> {
  const dir = await locateDraft(await ctx.searchRoots(), draftId);
  if (resolve(outPath).startsWith(resolve(dir) + sep)) {
    throw new DraftcliError("invalid_input", "the zip cannot be written inside the draft folder", {
      hint: "pass --output with a path outside the draft",
      path: "output",
    });
  }
  const { buildPortableZip } = await import("../transfer/zip.ts");
  const build = () =>
    buildPortableZip(dir, outPath, { draftId, onProgress: progressPrinter(`zipping ${draftId}`) });
  const stateDir = join(dir, STATE_DIR);
  try {
    await Deno.mkdir(stateDir, { recursive: true });
  } catch {
    return await build(); // read-only draft folder: nobody can be writing it through draftcli
  }
  const result = await withLock(join(stateDir, "lock"), async () => {
    await recover(stateDir, [dir]);
    return await build();
  });
  for (const m of result.missing) ctx.warn(`media not found, left as is: ${m}`);
  return result;
}

/** `draft zip`. */
export const draftZip = defineCommand({
  name: ["draft", "zip"],
  summary: "pack a draft and the media it uses into a portable zip",
  description:
    "Media files outside the draft folder are copied into resources/ inside the zip and every path is rewritten relative to the draft, so the zip opens on another machine. The draft itself is not changed. " +
    'Output: {"draftId","zipPath","size","sha256","files","mediaCopied","missingMedia","message"} ' +
    '(message is "ok", as cutcli prints it).',
  positionals: ["draftId"],
  input: z.object({
    draftId: draftIdSchema,
    output: z.string().min(1).optional().describe(
      "zip file to write, or an existing folder to put <draftId>.zip in (default: ./<draftId>.zip)",
    ),
  }).strict(),
  examples: ['draft zip "$ID" --output ~/Desktop/promo.zip'],
  mutates: true,
  async run(input, ctx) {
    let out = resolve(input.output ?? `${input.draftId}.zip`);
    if (await Deno.stat(out).then((s) => s.isDirectory, () => false)) {
      out = join(out, `${input.draftId}.zip`);
    }
    const r = await zipDraft(ctx, input.draftId, out);
    return {
      draftId: input.draftId,
      zipPath: r.zipPath,
      size: r.size,
      sha256: r.sha256,
      files: r.files,
      mediaCopied: r.media.length,
      missingMedia: r.missing,
      message: "ok", // as cutcli prints it
    };
  },
});

/** `draft upload`. */
export const draftUpload = defineCommand({
  name: ["draft", "upload"],
  summary: "zip a draft (or take --zip) and upload it; prints the download URL",
  description:
    "Target: --to, else env DRAFTCLI_UPLOAD_URL, else config uploadUrl. A URL whose query string looks presigned (X-Amz-Signature, Signature, sig, token, …) gets an HTTP PUT of the zip; any other URL a multipart POST (field 'file') whose JSON answer holds the URL (url, downloadUrl, download_url, location or data.url). Token: --token, env DRAFTCLI_UPLOAD_TOKEN or config uploadToken; it is never printed. Without --zip the zip is built in a temp folder and removed after a successful upload.",
  positionals: ["draftId"],
  input: z.object({
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
  }).strict(),
  examples: [
    "draft upload \"$ID\" --to 'https://bucket.s3.amazonaws.com/d.zip?X-Amz-Signature=…'",
    'draft upload "$ID" --zip ./d.zip --to https://files.example.com/upload',
  ],
  mutates: true,
  async run(input, ctx) {
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
    if (input.zip) {
      zipPath = resolve(input.zip);
      const st = await Deno.stat(zipPath).catch(() => undefined);
      if (!st?.isFile) {
        throw new DraftcliError("invalid_input", `no zip file at ${zipPath}`, { path: "zip" });
      }
      size = st.size;
      sha256 = await sha256File(zipPath);
    } else {
      // In the caller's TMPDIR (the context's env, so in-process callers keep it in their world).
      tempDir = await Deno.makeTempDir({
        prefix: "draftcli-upload-",
        dir: ctx.env.TMPDIR || undefined,
      });
      zipPath = join(tempDir, `${input.draftId}.zip`);
      try {
        const r = await zipDraft(ctx, input.draftId, zipPath);
        size = r.size;
        sha256 = r.sha256;
      } catch (err) {
        await Deno.remove(tempDir, { recursive: true }).catch(() => {});
        throw err;
      }
    }
    const { fillDownloadUrl, uploadFile } = await import("../transfer/upload.ts");
    const template = input.downloadUrl ?? config.downloadUrl;
    const downloadUrl = template
      ? fillDownloadUrl(template, { name: basename(zipPath), draftId: input.draftId, sha256 })
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
      draftId: input.draftId,
      ...(tempDir ? {} : { zipPath }),
      size,
      sha256,
      downloadUrl: result.downloadUrl,
      method: result.method,
      attempts: result.attempts,
    };
  },
});

/** `draft import`. */
export const draftImport = defineCommand({
  name: ["draft", "import"],
  summary: "import a draft zip (a file or an http(s) URL) as a new draft",
  description:
    "Accepts zips made by 'draft zip' and zipped editor draft folders. The zip is checked before anything is written (unsafe paths, symlinks, size and entry caps); the draft gets a new id and lands in the drafts folder of its editor. Size cap: config maxZipBytes (default 2 GiB).",
  positionals: ["source"],
  input: z.object({
    source: z.string().min(1).describe("zip file path, or an http(s) URL to download it from"),
    name: z.string().min(1).max(200).optional().describe(
      "name shown in the editor (default: the zipped draft's name)",
    ),
  }).strict(),
  examples: [
    "draft import ./promo.zip --name 'Promo (copy)'",
    "draft import https://files.example.com/abc.zip",
  ],
  mutates: true,
  async run(input, ctx) {
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
        const { downloadToFile } = await import("../transfer/download.ts");
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
      const { extractDraftZip, peekZipEdition } = await import("../transfer/zip.ts");
      const edition = await peekZipEdition(zipPath, limits);
      const root = await ctx.draftsDir(edition);
      const r = await extractDraftZip(zipPath, root, {
        ...limits,
        newId: newId(),
        name: input.name,
      });
      for (const w of r.warnings) ctx.warn(w);
      for (const m of r.missing) ctx.warn(`media not found on this machine: ${m}`);
      await registerDraft(r.dir, { warn: ctx.warn });
      return {
        draftId: r.draftId,
        filePath: r.dir,
        name: r.name,
        editor: r.edition,
        files: r.files,
        missingMedia: r.missing,
      };
    } finally {
      if (tempDir) await Deno.remove(tempDir, { recursive: true }).catch(() => {});
    }
  },
});

/** All transfer commands (wired into the registry by main). */
export const transferCommands = [draftZip, draftUpload, draftImport];
