/**
 * What `draft zip`, `draft upload` and `draft import` share: finding the draft to zip, zipping
 * it without writing into its folder, the report of what the zip left out, and progress on
 * stderr.
 */
import type { CommandContext } from "../../ops/context.ts";
import { DraftcliError } from "../../errors.ts";
import { join, resolve, sep } from "../../path.ts";
import { archiveStem } from "../../store/draft_name.ts";
import {
  folderDraftId,
  locateDraft,
  readQuietly,
  STATE_DIR,
  withDraftLock,
} from "../../store/drafts.ts";
import { recover } from "../../store/txn.ts";
import type { PortableZipResult } from "../../transfer/zip.ts";

/** A progress line on stderr when it is a terminal (else nothing). */
export function progressPrinter(
  label: string,
): ((done: number, total: number) => void) | undefined {
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
export interface ZipSource {
  dir: string;
  draftId: string;
  /** `<id>.zip`, the id made safe as a file name (never a path). */
  fileName: string;
}

/** Finds the draft `ref` names and the file name of its zip. */
export async function zipSource(ctx: CommandContext, ref: string): Promise<ZipSource> {
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
export async function zipDraft(
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
export function zipReport(r: PortableZipResult) {
  return {
    mediaCopied: r.media.length,
    packedExternal: r.media.map((m) => ({ path: m.source, entry: m.entry })),
    externalMedia: r.external,
    skipped: r.skipped,
    missingMedia: r.missing,
    warnings: r.warnings,
  };
}
