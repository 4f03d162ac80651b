/**
 * Portable draft zips. `buildPortableZip` packs a draft folder, its media paths rewritten to the
 * draft-folder placeholder, so the zip opens on another machine; the draft on disk is never
 * changed. Only regular files that really lie inside the folder are packed (links are resolved
 * and never followed out of it); a media file outside it is packed only when asked
 * (`includeExternal`), else listed as external. `extractDraftZip` (extract.ts) is the way back.
 */
import { basename, dirname, extname, join, resolve, sep } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { sha256File } from "../files.ts";
import type { Json } from "../editions/profiles.ts";
import { type DraftState, STATE_DIR } from "../store/drafts.ts";
import { readJsonIfExists, tempBeside, TMP_SUFFIX } from "../store/atomic.ts";
import {
  fromPlaceholder,
  isAbsoluteAnyOs,
  isTimelineFile,
  materialPaths,
  rewritePaths,
  toPlaceholder,
  ZIP_COMMENT_PREFIX,
} from "./draft_media_paths.ts";
import { ZIP32_LIMIT, ZipFileWriter } from "./zip_writer.ts";

export {
  extractDraftZip,
  type ExtractOptions,
  type ExtractResult,
  peekZipEdition,
} from "./extract.ts";

/** Options of `buildPortableZip`. */
export interface PortableZipOptions {
  /** Name of the top folder in the zip (default: the draft folder's name, i.e. its id). */
  draftId?: string;
  /** Progress over the bytes of all files read (draft files and media). */
  onProgress?: (done: number, total: number) => void;
  /** Also pack media files the timeline names outside the draft folder (default: list them). */
  includeExternal?: boolean;
}

/** One media file copied into the zip's `resources/`. */
export interface PortableZipMedia {
  /** Where it was read from. */
  source: string;
  /** Its path inside the draft (`resources/<hash><ext>`). */
  entry: string;
  size: number;
}

/** What `buildPortableZip` wrote. */
export interface PortableZipResult {
  zipPath: string;
  /** Bytes of the zip. */
  size: number;
  /** Hex SHA-256 of the zip. */
  sha256: string;
  /** Number of entries (files) in the zip. */
  files: number;
  /** Media copied in from outside the draft folder (only with `includeExternal`). */
  media: PortableZipMedia[];
  /** Absolute media paths the timeline names that do not exist here (left as they are). */
  missing: string[];
  /** Media paths outside the draft folder that were not packed (left as they are). */
  external: string[];
  /** Entries of the folder left out because they are links leading out of it, or not files. */
  skipped: string[];
  /** One line per external path and skipped entry, for a human. */
  warnings: string[];
}

/** Is this draft-relative path left out of zips (draftcli state, temps, editor backups)? */
export function isExcluded(rel: string): boolean {
  const parts = rel.split("/");
  if (parts.some((p) => p === STATE_DIR || p === ".backup")) return true;
  const name = parts[parts.length - 1];
  return name.endsWith(TMP_SUFFIX) || name.endsWith(".bak");
}

interface DraftFile {
  rel: string;
  /** The file's real path (links resolved), inside the draft folder. */
  abs: string;
  size: number;
  /** Its identity when listed: the file packed must be this one. */
  id: { dev: number | null; ino: number | null };
}

/** Is `real` (a resolved path) the folder `realDir` or inside it? */
function isInside(realDir: string, real: string): boolean {
  return real === realDir || real.startsWith(realDir.endsWith(sep) ? realDir : realDir + sep);
}

/**
 * Lists the files of a draft folder to zip: regular files, and links whose target (resolved)
 * is a regular file inside the folder. Links leading out of it, links to folders and anything
 * else (sockets, devices) are left out and named in `skipped`.
 */
async function listFiles(
  realDir: string,
  skipped: string[],
  dir = realDir,
  prefix = "",
): Promise<DraftFile[]> {
  const out: DraftFile[] = [];
  const entries = await Array.fromAsync(Deno.readDir(dir));
  entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (isExcluded(rel)) continue;
    const abs = join(dir, e.name);
    if (e.isDirectory) {
      out.push(...await listFiles(realDir, skipped, abs, rel));
      continue;
    }
    if (e.isFile) {
      const st = await Deno.lstat(abs).catch(() => undefined);
      if (st?.isFile) out.push({ rel, abs, size: st.size, id: { dev: st.dev, ino: st.ino } });
      continue;
    }
    const real = e.isSymlink ? await Deno.realPath(abs).catch(() => undefined) : undefined;
    const st = real && isInside(realDir, real)
      ? await Deno.stat(real).catch(() => undefined)
      : undefined;
    if (real && st?.isFile) {
      out.push({ rel, abs: real, size: st.size, id: { dev: st.dev, ino: st.ino } });
    } else skipped.push(rel);
  }
  return out;
}

function parseJsonFile(rel: string, text: string): Json {
  try {
    const json = JSON.parse(text);
    if (json && typeof json === "object" && !Array.isArray(json)) return json;
  } catch { /* below */ }
  throw new DraftcliError(
    "unsupported_draft",
    `${rel} is not plain JSON (an encrypted JianYing 6+ draft?), so its media paths cannot be made portable`,
    { hint: "zip the folder by hand instead; the editor will ask to relink the media" },
  );
}

/** Path as a comparable key (forward slashes). */
function key(path: string): string {
  return path.replaceAll("\\", "/");
}

/**
 * Zips a draft folder for another machine. Every local media file the timeline references by
 * absolute path is copied into `resources/<sha256 prefix><ext>` (deduplicated by content) and
 * every material path — plus draft_meta_info's media pool — is rewritten to the placeholder
 * form. `.draftcli/`, temp files and editor backups are left out. The zip is written to a temp
 * file beside `outPath` and renamed into place; at most one chunk (1 MiB) of a media file is
 * in memory at a time. Limits (no ZIP64): each file and the whole zip under 4 GiB, < 65535 files.
 */
export async function buildPortableZip(
  draftDir: string,
  outPath: string,
  opts: PortableZipOptions = {},
): Promise<PortableZipResult> {
  const realDir = await Deno.realPath(draftDir).catch(() => {
    throw new DraftcliError("draft_not_found", `no draft folder at ${draftDir}`, {
      path: draftDir,
    });
  });
  const skipped: string[] = [];
  const files = await listFiles(realDir, skipped);
  if (!files.some((f) => f.rel === "draft_content.json" || f.rel === "draft_info.json")) {
    throw new DraftcliError(
      "draft_not_found",
      `${draftDir} holds no draft_content.json or draft_info.json`,
      {
        hint: "pass the folder of one draft",
        path: draftDir,
      },
    );
  }
  const top = opts.draftId ?? basename(realDir);
  const inside = new Map(files.map((f) => [f.rel, f]));

  // Parse the timeline copies and the meta file; collect the media paths they name.
  const docs = new Map<string, Json>();
  for (const f of files) {
    if (isTimelineFile(f.rel) || f.rel === "draft_meta_info.json") {
      docs.set(f.rel, parseJsonFile(f.rel, await Deno.readTextFile(f.abs)));
    }
  }
  const mapping = new Map<string, string>();
  const missing = new Set<string>();
  const media: PortableZipMedia[] = [];
  const byHash = new Map<string, string>();
  const usedNames = new Set(files.map((f) => f.rel));

  /** The real path of `path` when it is a regular file, else undefined. */
  const realFile = async (path: string): Promise<string | undefined> => {
    const real = await Deno.realPath(path).catch(() => undefined);
    const st = real ? await Deno.stat(real).catch(() => undefined) : undefined;
    return st?.isFile ? real : undefined;
  };
  /** Placeholder form of a path inside the draft that will be zipped, else undefined. */
  const insideRel = (real: string): string | undefined => {
    if (!isInside(realDir, real)) return undefined;
    const rel = real.slice(realDir.length + 1).replaceAll("\\", "/");
    return inside.has(rel) ? rel : undefined;
  };
  const external = new Set<string>();
  const linkedOut = new Set<string>();
  const lexicalDir = resolve(draftDir);
  const state = await readJsonIfExists<DraftState>(join(realDir, STATE_DIR, "state.json")).catch(
    () => undefined,
  );
  // Paths an imported zip named outside the draft: never read, whatever was asked.
  const recorded: unknown = state?.importedExternal;
  const untrusted = new Set(
    (Array.isArray(recorded) ? recorded : []).filter((p) => typeof p === "string").map(key),
  );

  for (const [rel, doc] of docs) {
    if (rel === "draft_meta_info.json") continue;
    for (const ref of materialPaths(doc)) {
      const p = ref.path;
      if (mapping.has(key(p)) || fromPlaceholder(p) !== undefined || !isAbsoluteAnyOs(p)) continue;
      if (external.has(p) || missing.has(p)) continue;
      if (untrusted.has(key(p))) {
        external.add(p);
        continue;
      }
      const st = await Deno.stat(p).catch(() => undefined);
      if (!st) {
        missing.add(p);
        continue;
      }
      const real = await realFile(p);
      if (!real) continue;
      const relInside = insideRel(real);
      if (relInside) {
        mapping.set(key(p), toPlaceholder(relInside));
        continue;
      }
      // A path into the draft folder that a link leads out of: never followed, even when asked.
      const lexical = resolve(p);
      const under = [lexicalDir, realDir].find((d) => isInside(d, lexical));
      if (under && !isInside(realDir, real)) {
        const rel = lexical.slice(under.length + 1).replaceAll("\\", "/");
        if (!skipped.includes(rel)) skipped.push(rel);
        external.add(p);
        linkedOut.add(p);
        continue;
      }
      // Outside the folder (or a draftcli file inside it that zips leave out): packed only when
      // asked, read from its resolved path.
      if (!isInside(realDir, real) && !opts.includeExternal) {
        external.add(p);
        continue;
      }
      const hash = await sha256File(real);
      let entry = byHash.get(hash);
      if (!entry) {
        const ext = extname(p).toLowerCase();
        const suffix = /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : "";
        let name = `resources/${hash.slice(0, 16)}${suffix}`;
        for (let i = 2; usedNames.has(name); i++) {
          name = `resources/${hash.slice(0, 16)}-${i}${suffix}`;
        }
        usedNames.add(name);
        entry = name;
        byHash.set(hash, entry);
        media.push({ source: real, entry, size: st.size });
      }
      mapping.set(key(p), toPlaceholder(entry));
    }
  }
  // Pool entries that only the media pool names: rewrite those inside the draft too.
  const meta = docs.get("draft_meta_info.json");
  const poolInside = new Map<string, string>();
  if (meta) {
    rewritePaths(undefined, meta, (p) => {
      if (!mapping.has(key(p)) && isAbsoluteAnyOs(p)) poolInside.set(p, "");
      return undefined;
    });
    for (const p of poolInside.keys()) {
      const real = await realFile(p);
      const rel = real ? insideRel(real) : undefined;
      if (rel) mapping.set(key(p), toPlaceholder(rel));
    }
  }
  const map = (p: string) => mapping.get(key(p));

  const entryCount = files.length + media.length;
  if (entryCount >= 0xffff) {
    throw new DraftcliError(
      "invalid_input",
      `the draft has ${entryCount} files; zips are limited to 65534`,
      {
        hint: "remove unused files from the draft folder",
        path: draftDir,
      },
    );
  }
  const total = files.reduce((s, f) => s + f.size, 0) + media.reduce((s, m) => s + m.size, 0);
  if (total > ZIP32_LIMIT) {
    throw new DraftcliError(
      "invalid_input",
      `the draft and its media come to ${total} bytes, over the 4 GiB limit of draftcli's zips`,
      {
        hint: "split the project, or move large media out and relink it in the editor",
        path: draftDir,
      },
    );
  }

  const comment = state?.edition
    ? ZIP_COMMENT_PREFIX + JSON.stringify({ edition: state.edition, profile: state.profile })
    : "";
  await Deno.mkdir(dirname(resolve(outPath)), { recursive: true });
  const tmp = tempBeside(outPath);
  const out = await Deno.open(tmp, { write: true, createNew: true });
  let done = 0;
  const progress = (n: number) => {
    done += n;
    opts.onProgress?.(done, total);
  };
  try {
    const writer = new ZipFileWriter(out, comment);
    for (const f of files) {
      const name = `${top}/${f.rel}`;
      const doc = docs.get(f.rel);
      if (doc) {
        const changed = f.rel === "draft_meta_info.json"
          ? rewritePaths(undefined, doc, map)
          : rewritePaths(doc, undefined, map);
        const bytes = changed
          ? new TextEncoder().encode(JSON.stringify(doc))
          : await Deno.readFile(f.abs);
        const st = await Deno.stat(f.abs);
        await writer.addBytes(name, bytes, st.mtime);
        progress(f.size);
      } else {
        await writer.addFile(name, f.abs, progress, undefined, f.id);
      }
    }
    for (const m of media) await writer.addFile(`${top}/${m.entry}`, m.source, progress);
    const { size, sha256 } = await writer.finish();
    await out.sync();
    out.close();
    await Deno.rename(tmp, outPath);
    const warnings = [
      ...[...external].filter((p) => !linkedOut.has(p)).map((p) =>
        `media outside the draft folder not packed (pass --include-external to pack it): ${p}`
      ),
      ...skipped.map((rel) =>
        `${rel} is a link leading out of the draft folder, or not a file; left out`
      ),
    ];
    return {
      zipPath: outPath,
      size,
      sha256,
      files: writer.entries,
      media,
      missing: [...missing],
      external: [...external],
      skipped,
      warnings,
    };
  } catch (err) {
    try {
      out.close();
    } catch { /* already closed */ }
    await Deno.remove(tmp).catch(() => {});
    throw err;
  }
}
