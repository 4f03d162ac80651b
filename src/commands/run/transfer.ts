/** Handlers of `draft zip`, `draft upload` and `draft import`, free of zod at run time. */
import type { z } from "zod";
import { basename, join, resolve, sep } from "../../path.ts";
import type { CommandContext } from "../../ops/context.ts";
import type { DraftImportInput, DraftUploadInput, DraftZipInput } from "../transfer.ts";
import { DraftcliError } from "../../errors.ts";
import { sha256File } from "../../files.ts";
import {
  folderDraftId,
  locateDraft,
  readQuietly,
  registerDraft,
  STATE_DIR,
  withDraftLock,
} from "../../store/drafts.ts";
import { archiveStem } from "../../store/draft_name.ts";
import { recover } from "../../store/txn.ts";
import { newId } from "../../draft/ids.ts";
import { DEFAULT_MAX_ZIP_BYTES, MAX_ZIP_ENTRIES } from "../../transfer/limits.ts";
import type { PortableZipResult } from "../../transfer/zip.ts";

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

/** A draft found for zipping: its folder, its id and the file name its zip gets. */
interface ZipSource {
  dir: string;
  draftId: string;
  /** `<id>.zip`, the id made safe as a file name (never a path). */
  fileName: string;
}

/** Finds the draft `ref` names and the file name of its zip. */
async function zipSource(ctx: CommandContext, ref: string): Promise<ZipSource> {
  const dir = await locateDraft(await ctx.searchRoots(), ref);
  const draftId = await folderDraftId(dir);
  return { dir, draftId, fileName: `${archiveStem(draftId, "draft")}.zip` };
}

/**
 * Zips a draft without writing into its folder: the zip is built, and built again while a
 * commit lands meanwhile (`readQuietly`), so it holds one saved state of the draft. Only when
 * draftcli's own lock, journal or staging is there does it take the lock and finish an
 * interrupted commit first; the lock's folder is removed again when draftcli made it for this.
 */
async function zipDraft(
  ctx: CommandContext,
  source: ZipSource,
  outPath: string,
  includeExternal = false,
): Promise<PortableZipResult> {
  const { dir, draftId } = source;
  if (resolve(outPath).startsWith(resolve(dir) + sep)) {
    throw new DraftcliError("invalid_input", "the zip cannot be written inside the draft folder", {
      hint: "pass --output with a path outside the draft",
      path: "output",
    });
  }
  const { buildPortableZip } = await import("../../transfer/zip.ts");
  const build = () =>
    buildPortableZip(dir, outPath, {
      draftId: archiveStem(draftId, "draft"),
      includeExternal,
      onProgress: progressPrinter(`zipping ${draftId}`),
    });
  const quiet = await readQuietly(dir, build);
  let result: PortableZipResult;
  if (quiet.ok) result = quiet.value;
  else if (quiet.reason === "changing") {
    await Deno.remove(outPath).catch(() => {}); // built from a draft that was being saved
    throw new DraftcliError("locked", `draft '${draftId}' kept changing while it was zipped`, {
      hint: "zip it again once the editor or agent writing it has saved",
      path: "draftId",
    });
  } else {
    try {
      result = await withDraftLock(dir, async (lock) => {
        await recover(join(dir, STATE_DIR), [dir], { sweep: lock.tookOver });
        return await build();
      });
    } catch (err) {
      // A read-only folder: nobody can be writing it through draftcli, so zip it as it is.
      if (!(err instanceof Deno.errors.PermissionDenied)) throw err;
      result = await build();
    }
  }
  for (const m of result.missing) ctx.warn(`media not found, left as is: ${m}`);
  for (const w of result.warnings) ctx.warn(w);
  return result;
}

/** What a zip left out or brought in from outside the draft, as `draft zip`/`upload` print it. */
function zipReport(r: PortableZipResult) {
  return {
    mediaCopied: r.media.length,
    packedExternal: r.media.map((m) => ({ path: m.source, entry: m.entry })),
    externalMedia: r.external,
    skipped: r.skipped,
    missingMedia: r.missing,
    warnings: r.warnings,
  };
}

/** `draft zip`. */
export async function draftZip(
  input: z.infer<typeof DraftZipInput>,
  ctx: CommandContext,
): Promise<unknown> {
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
}

/** `draft upload`. */
export async function draftUpload(
  input: z.infer<typeof DraftUploadInput>,
  ctx: CommandContext,
): Promise<unknown> {
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
  const { fillDownloadUrl, uploadFile } = await import("../../transfer/upload.ts");
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
}

/** `draft import`. */
export async function draftImport(
  input: z.infer<typeof DraftImportInput>,
  ctx: CommandContext,
): Promise<unknown> {
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
      const { downloadToFile } = await import("../../transfer/download.ts");
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
    const { extractDraftZip, peekZipEdition } = await import("../../transfer/zip.ts");
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
}
