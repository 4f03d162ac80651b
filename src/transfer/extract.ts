/**
 * Unpacks a draft zip (one made by `buildPortableZip`, or any zipped editor draft folder) into
 * a new draft folder. The archive is vetted before anything is written (unsafe names, symlinks,
 * encryption, entry count, declared sizes), actual bytes are counted while inflating (zip
 * bombs), and the draft is built under a hidden temp folder that is renamed into place only
 * when complete — a failure leaves nothing behind.
 */
import { dirname, join, resolve, sep } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import {
  DEFAULT_PROFILE,
  type Edition,
  findProfile,
  type Json,
  PROFILES,
} from "../editions/profiles.ts";
import { checkDraftId, type DraftState, STATE_DIR } from "../store/drafts.ts";
import { beginAssembly, sweepLeftovers } from "../store/assemble.ts";
import { cleanDraftName } from "../store/draft_name.ts";
import { TMP_SUFFIX } from "../store/atomic.ts";
import { loadCrc32 } from "./crc32.ts";
import { exists, nowUs } from "../files.ts";
import {
  fromPlaceholder,
  isAbsoluteAnyOs,
  isTimelineFile,
  materialPaths,
  rewritePaths,
  ZIP_COMMENT_PREFIX,
} from "./draft_media_paths.ts";
import {
  entryBytes,
  isDirectory,
  isSymlink,
  readZipDirectory,
  type ZipEntry,
} from "./zip_reader.ts";

/** Options of `extractDraftZip`. */
export interface ExtractOptions {
  /** Id of the new draft, also its folder's name. */
  newId: string;
  /** Name shown in the editor (default: the zipped draft's name). */
  name?: string;
  /** Largest total of uncompressed bytes accepted. */
  maxBytes: number;
  /** Largest number of entries accepted. */
  maxEntries: number;
}

/** What `extractDraftZip` made. */
export interface ExtractResult {
  draftId: string;
  /** The new draft folder. */
  dir: string;
  name: string;
  edition: Edition;
  /** Files written. */
  files: number;
  /** Uncompressed bytes written. */
  bytes: number;
  /** Media paths into the new draft whose files the zip did not hold. */
  missing: string[];
  /**
   * Media paths of the timeline that point outside the new draft (absolute, or climbing out with
   * `..`): never read, left as they are, and recorded in the draft's state as `importedExternal`.
   */
  external: string[];
  /** Things a human should know (e.g. a timeline that is not plain JSON). */
  warnings: string[];
}

function unsafe(zipPath: string, entry: string, why: string): DraftcliError {
  return new DraftcliError("invalid_input", `unsafe zip: entry '${entry}' ${why}`, {
    hint: "draftcli only imports plain draft folders; re-create the zip with 'draftcli draft zip'",
    path: zipPath,
  });
}

function tooBig(zipPath: string, what: string, limit: number): DraftcliError {
  return new DraftcliError("invalid_input", `${what}, over the limit of ${limit} bytes`, {
    hint: `if the zip is trusted, raise the limit: draftcli config set maxZipBytes <bytes>`,
    path: zipPath,
  });
}

/**
 * Compression ratios past which a zip is refused as a bomb. A draft's media are already
 * compressed (ratio ≈ 1) and its timeline JSON deflates ≈ 8–20:1 (measured on the reference
 * drafts with gzip -9); deflate itself tops out near 1032:1. Small entries are exempt: a few
 * KiB of padding can compress far better without being a threat.
 */
export const ZIP_RATIO_LIMITS = {
  /** Largest uncompressed/compressed ratio of one entry… */
  entry: 200,
  /** …of an entry that unpacks to more than this many bytes. */
  entryFloor: 1024 * 1024,
  /** Largest ratio of the whole archive (sum of sizes over sum of compressed sizes)… */
  total: 100,
  /** …when it unpacks to more than this many bytes. */
  totalFloor: 4 * 1024 * 1024,
} as const;

function ratioOf(size: number, compressed: number): number {
  return size / Math.max(1, compressed);
}

/** Splits an entry name into safe path segments, or says why it is unsafe. */
export function safeEntryParts(name: string): string[] | string {
  if (name.includes("\\")) return "contains a backslash";
  // deno-lint-ignore no-control-regex
  if (/[\x00-\x1f]/.test(name)) return "contains a control character";
  if (name.startsWith("/")) return "is an absolute path";
  if (/^[A-Za-z]:/.test(name)) return "starts with a drive letter";
  if (name.includes(":")) return "contains ':'";
  const parts = name.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.some((p) => p === "..")) return "climbs out of the folder with '..'";
  if (!parts.length) return "has an empty name";
  return parts;
}

interface Planned {
  entry: ZipEntry;
  parts: string[];
  dir: boolean;
}

/** Vets every entry; returns them with their path segments. */
function vet(zipPath: string, entries: ZipEntry[], maxBytes: number): Planned[] {
  const out: Planned[] = [];
  const files = new Set<string>();
  const dirs = new Set<string>();
  let declared = 0;
  let packed = 0;
  for (const e of entries) {
    const parts = safeEntryParts(e.name);
    if (typeof parts === "string") throw unsafe(zipPath, e.name, parts);
    if (isSymlink(e)) throw unsafe(zipPath, e.name, "is a symbolic link");
    if (e.flags & 1) throw unsafe(zipPath, e.name, "is encrypted");
    const dir = isDirectory(e);
    if (!dir && e.method !== 0 && e.method !== 8) {
      throw unsafe(
        zipPath,
        e.name,
        `uses compression method ${e.method} (only stored and deflate)`,
      );
    }
    if (!dir && e.method === 0 && e.compressedSize !== e.size) {
      throw unsafe(zipPath, e.name, "is stored with a size that does not match its data");
    }
    const k = parts.join("/").toLowerCase();
    if (dir) dirs.add(k);
    else {
      if (files.has(k)) throw unsafe(zipPath, e.name, "appears twice");
      files.add(k);
    }
    const ratio = ratioOf(e.size, e.compressedSize);
    if (e.size > ZIP_RATIO_LIMITS.entryFloor && ratio > ZIP_RATIO_LIMITS.entry) {
      throw unsafe(
        zipPath,
        e.name,
        `unpacks ${e.compressedSize} bytes to ${e.size} (ratio ${Math.round(ratio)}:1, over ` +
          `${ZIP_RATIO_LIMITS.entry}:1; a zip bomb?)`,
      );
    }
    declared += e.size;
    packed += e.compressedSize;
    out.push({ entry: e, parts, dir });
  }
  const total = ratioOf(declared, packed);
  if (declared > ZIP_RATIO_LIMITS.totalFloor && total > ZIP_RATIO_LIMITS.total) {
    const worst = out.reduce((a, b) =>
      ratioOf(b.entry.size, b.entry.compressedSize) > ratioOf(a.entry.size, a.entry.compressedSize)
        ? b
        : a
    );
    throw new DraftcliError(
      "invalid_input",
      `unsafe zip: it unpacks ${packed} bytes to ${declared} (ratio ${Math.round(total)}:1, over ` +
        `${ZIP_RATIO_LIMITS.total}:1; a zip bomb?); the most compressed entry is ` +
        `'${worst.entry.name}'`,
      {
        hint:
          "draftcli only imports plain draft folders; re-create the zip with 'draftcli draft zip'",
        path: zipPath,
      },
    );
  }
  for (const k of files) if (dirs.has(k)) throw unsafe(zipPath, k, "is both a file and a folder");
  if (declared > maxBytes) {
    throw tooBig(zipPath, `the zip unpacks to ${declared} bytes`, maxBytes);
  }
  return out;
}

/** The segments of the folder holding the timeline (the shallowest one). */
function findDraftRoot(zipPath: string, plan: Planned[]): string[] {
  let best: string[] | undefined;
  let tie = false;
  for (const p of plan) {
    if (p.dir || p.parts[0] === "__MACOSX") continue;
    const name = p.parts[p.parts.length - 1];
    if (name !== "draft_content.json" && name !== "draft_info.json") continue;
    const prefix = p.parts.slice(0, -1);
    if (prefix.includes("Timelines")) continue;
    if (!best || prefix.length < best.length) {
      best = prefix;
      tie = false;
    } else if (prefix.length === best.length && prefix.join("/") !== best.join("/")) tie = true;
  }
  if (!best) {
    throw new DraftcliError(
      "invalid_input",
      `${zipPath} holds no draft_content.json or draft_info.json`,
      {
        hint: "zip a draft folder (draftcli draft zip <draftId>) and import that",
        path: zipPath,
      },
    );
  }
  if (tie) {
    throw new DraftcliError("invalid_input", `${zipPath} holds more than one draft folder`, {
      hint: "zip one draft per archive",
      path: zipPath,
    });
  }
  return best;
}

/** Counts bytes as they are written, enforcing the entry's declared size and the total cap. */
class Budget {
  total = 0;
  constructor(readonly zipPath: string, readonly maxBytes: number) {}
  take(e: ZipEntry, entrySoFar: number, n: number): void {
    if (entrySoFar + n > e.size) {
      throw unsafe(
        this.zipPath,
        e.name,
        `declares ${e.size} bytes but holds more (a zip bomb?)`,
      );
    }
    this.total += n;
    if (this.total > this.maxBytes) {
      throw tooBig(
        this.zipPath,
        `the zip unpacks to more than ${this.maxBytes} bytes`,
        this.maxBytes,
      );
    }
  }
}

async function writeAll(f: Deno.FsFile, data: Uint8Array): Promise<void> {
  let off = 0;
  while (off < data.length) off += await f.write(data.subarray(off));
}

/** Extracts one file entry to `dest`, counting and checking every byte. */
async function extractEntry(
  zip: Deno.FsFile,
  zipPath: string,
  zipSize: number,
  e: ZipEntry,
  dest: string,
  budget: Budget,
): Promise<void> {
  const crc32 = await loadCrc32();
  const out = await Deno.open(dest, { write: true, createNew: true });
  let written = 0;
  let crc = 0;
  const corrupt = (err: Error) =>
    unsafe(zipPath, e.name, `has corrupt compressed data (${err.message})`);
  try {
    for await (const chunk of entryBytes(zip, zipPath, e, zipSize, corrupt)) {
      budget.take(e, written, chunk.length);
      written += chunk.length;
      crc = crc32(chunk, crc);
      await writeAll(out, chunk);
    }
  } finally {
    out.close();
  }
  if (written !== e.size) {
    throw unsafe(zipPath, e.name, `declares ${e.size} bytes but holds ${written}`);
  }
  if (crc !== e.crc) throw unsafe(zipPath, e.name, "fails its CRC check (damaged archive)");
}

function editionOf(
  comment: string,
  content: Json | undefined,
): { edition: Edition; profile: string } {
  if (comment.startsWith(ZIP_COMMENT_PREFIX)) {
    try {
      const c = JSON.parse(comment.slice(ZIP_COMMENT_PREFIX.length));
      if ((c.edition === "jianying" || c.edition === "capcut")) {
        const known = PROFILES.find((p) => p.id === c.profile && p.edition === c.edition);
        return { edition: c.edition, profile: known?.id ?? DEFAULT_PROFILE[c.edition as Edition] };
      }
    } catch { /* infer below */ }
  }
  const platform = (content?.last_modified_platform ?? content?.platform) as Json | undefined;
  const edition: Edition = platform?.app_source === "cc" ? "capcut" : "jianying";
  const version = typeof platform?.app_version === "string" ? platform.app_version : undefined;
  let profile = DEFAULT_PROFILE[edition];
  try {
    profile = findProfile(edition, version).id;
  } catch { /* unknown version string: default profile */ }
  return { edition, profile };
}

/** Reads a JSON object file, or undefined when it is not plain JSON. */
async function readJsonObject(path: string): Promise<Json | undefined> {
  try {
    const v = JSON.parse(await Deno.readTextFile(path));
    return v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Largest timeline `peekZipEdition` inflates in memory (bytes). */
const PEEK_LIMIT = 64 * 1024 * 1024;

/**
 * The edition of the draft in a zip, without unpacking it: from draftcli's archive comment,
 * else the `app_source` of the timeline (inflated in memory when under 64 MiB). Undefined when
 * neither says. Unsafe archives are refused here already, with the same errors as extraction.
 */
export async function peekZipEdition(
  zipPath: string,
  limits: { maxBytes: number; maxEntries: number },
): Promise<Edition | undefined> {
  const zip = await Deno.open(zipPath, { read: true }).catch((err) => {
    throw new DraftcliError("invalid_input", `cannot open ${zipPath}: ${(err as Error).message}`, {
      path: zipPath,
    });
  });
  try {
    const zipSize = (await zip.stat()).size;
    const { entries, comment } = await readZipDirectory(zip, zipPath, limits.maxEntries);
    const plan = vet(zipPath, entries, limits.maxBytes);
    if (comment.startsWith(ZIP_COMMENT_PREFIX)) return editionOf(comment, undefined).edition;
    const prefix = findDraftRoot(zipPath, plan).join("/");
    const names = ["draft_content.json", "draft_info.json"].map((n) =>
      prefix ? `${prefix}/${n}` : n
    );
    const timeline = plan.find((p) => !p.dir && names.includes(p.parts.join("/")));
    if (!timeline || timeline.entry.size > PEEK_LIMIT) return undefined;
    const budget = new Budget(zipPath, PEEK_LIMIT);
    const decoder = new TextDecoder();
    let got = 0;
    let text = "";
    // Undecodable data is a plain error here: the edition is then unknown, not an unsafe zip.
    for await (const c of entryBytes(zip, zipPath, timeline.entry, zipSize, (err) => err)) {
      budget.take(timeline.entry, got, c.length);
      got += c.length;
      text += decoder.decode(c, { stream: true });
    }
    text += decoder.decode();
    const m = /"app_source"\s*:\s*"(\w+)"/.exec(text);
    return m ? (m[1] === "cc" ? "capcut" : "jianying") : undefined;
  } catch (err) {
    if (err instanceof DraftcliError) throw err;
    return undefined;
  } finally {
    zip.close();
  }
}

/**
 * Unpacks `zipPath` as a new draft `<draftsRoot>/<new id>`, assembled in a hidden folder
 * (store/assemble.ts). The zipped draft's name is kept in the meta only (cleaned of characters
 * a draft name may not hold). Placeholder media paths become
 * absolute paths into the new folder (draftcli's own tools read `path` as a file path; the
 * editors accept both forms); meta gets the new id, folder, root, name and fresh times; and
 * `.draftcli/state.json` records the edition (from the zip's comment, else `platform`).
 */
export async function extractDraftZip(
  zipPath: string,
  draftsRoot: string,
  opts: ExtractOptions,
): Promise<ExtractResult> {
  checkDraftId(opts.newId);
  const root = resolve(draftsRoot);
  const zip = await Deno.open(zipPath, { read: true }).catch((err) => {
    throw new DraftcliError("invalid_input", `cannot open ${zipPath}: ${(err as Error).message}`, {
      path: zipPath,
    });
  });
  let assembly: Awaited<ReturnType<typeof beginAssembly>> | undefined;
  try {
    const zipSize = (await zip.stat()).size;
    const { entries, comment } = await readZipDirectory(zip, zipPath, opts.maxEntries);
    const plan = vet(zipPath, entries, opts.maxBytes);
    const prefix = findDraftRoot(zipPath, plan);
    await Deno.mkdir(root, { recursive: true });
    await sweepLeftovers(root);
    assembly = await beginAssembly(root, opts.newId, "importing");
    const { temp, dir: target } = assembly;
    const budget = new Budget(zipPath, opts.maxBytes);
    let files = 0;
    const rels: string[] = [];
    for (const p of plan) {
      if (p.parts[0] === "__MACOSX" || !prefix.every((s, i) => p.parts[i] === s)) continue;
      const relParts = p.parts.slice(prefix.length);
      if (!relParts.length) continue;
      if (relParts[0] === STATE_DIR || relParts.at(-1)!.endsWith(TMP_SUFFIX)) continue;
      const dest = join(temp, ...relParts);
      if (!dest.startsWith(temp + sep)) throw unsafe(zipPath, p.entry.name, "escapes the folder");
      if (p.dir) {
        await Deno.mkdir(dest, { recursive: true });
        continue;
      }
      await Deno.mkdir(dirname(dest), { recursive: true });
      await extractEntry(zip, zipPath, zipSize, p.entry, dest, budget);
      files++;
      rels.push(relParts.join("/"));
    }
    zip.close();

    const metaFile = join(temp, "draft_meta_info.json");
    let meta: Json = {};
    let metaOk = true;
    if (await exists(metaFile)) {
      const parsed = await readJsonObject(metaFile);
      if (parsed) meta = parsed;
      else metaOk = false;
    }
    const warnings: string[] = [];
    const zipped = typeof meta.draft_name === "string" ? meta.draft_name : "";
    const name = opts.name ?? (cleanDraftName(zipped) || opts.newId);
    if (opts.name === undefined && zipped && name !== zipped) {
      warnings.push(`the zipped draft's name is not a valid draft name; imported as '${name}'`);
    }

    const targetKey = target.replaceAll("\\", "/") + "/";
    /** The draft-relative path a material path names inside the new draft, else undefined. */
    const relInside = (path: string): string | undefined => {
      const placeholder = fromPlaceholder(path);
      let rel: string;
      if (placeholder !== undefined) rel = placeholder;
      else if (isAbsoluteAnyOs(path)) {
        const p = path.replaceAll("\\", "/");
        if (!p.startsWith(targetKey)) return undefined;
        rel = p.slice(targetKey.length);
      } else rel = path.replaceAll("\\", "/"); // relative: to the draft folder
      const parts = rel.split("/").filter((s) => s !== "" && s !== ".");
      return parts.length && !parts.includes("..") ? parts.join("/") : undefined;
    };
    const finalPath = (rel: string) => join(target, ...rel.split("/")).replaceAll("\\", "/");
    // Placeholder paths become absolute paths into the new folder; one that climbs out is left.
    const toAbsolute = (path: string) => {
      if (fromPlaceholder(path) === undefined) return undefined;
      const rel = relInside(path);
      return rel === undefined ? undefined : finalPath(rel);
    };
    const timelines = new Map<string, Json>();
    const missing = new Set<string>();
    const external = new Set<string>();
    for (const rel of rels.filter(isTimelineFile)) {
      const file = join(temp, ...rel.split("/"));
      const doc = await readJsonObject(file);
      if (!doc) {
        warnings.push(
          `${rel} is not plain JSON (encrypted?); its media paths were left as they are`,
        );
        continue;
      }
      timelines.set(rel, doc);
      if (rewritePaths(doc, undefined, toAbsolute)) {
        await Deno.writeTextFile(file, JSON.stringify(doc));
      }
      for (const ref of materialPaths(doc)) {
        // A URL (a remote material) is no file path.
        if (!isAbsoluteAnyOs(ref.path) && /^[a-z][a-z0-9+.-]+:/i.test(ref.path)) continue;
        // Only paths into the new draft are looked at, in the folder being built.
        const inside = relInside(ref.path);
        if (inside === undefined) {
          if (isAbsoluteAnyOs(ref.path) || ref.path.includes("..")) external.add(ref.path);
          continue;
        }
        if (!(await exists(join(temp, ...inside.split("/"))))) missing.add(ref.path);
      }
    }
    const primary = timelines.get("draft_content.json") ?? timelines.get("draft_info.json") ??
      timelines.get("template-2.tmp");

    rewritePaths(undefined, meta, toAbsolute);
    const now = nowUs();
    meta.draft_id = opts.newId;
    meta.draft_name = name;
    meta.draft_fold_path = target.replaceAll("\\", "/");
    meta.draft_root_path = root.replaceAll("\\", "/");
    meta.tm_draft_create = now;
    meta.tm_draft_modified = now;
    if (primary && typeof primary.duration === "number") meta.tm_duration = primary.duration;
    if (metaOk) await Deno.writeTextFile(metaFile, JSON.stringify(meta));
    else warnings.push("draft_meta_info.json is not plain JSON (encrypted?); it was left as is");
    const settings = join(temp, "draft_settings");
    if (await exists(settings)) {
      const s = Math.floor(now / 1e6);
      const text = (await Deno.readTextFile(settings))
        .replace(/^draft_create_time=.*$/m, `draft_create_time=${s}`)
        .replace(/^draft_last_edit_time=.*$/m, `draft_last_edit_time=${s}`);
      await Deno.writeTextFile(settings, text);
    }

    const { edition, profile } = editionOf(comment, primary);
    const state: DraftState = {
      draftId: opts.newId,
      edition,
      profile,
      createdBy: "draftcli import",
    };
    if (external.size) {
      state.importedExternal = [...external];
      warnings.push(
        `${external.size} media path(s) point outside the draft; they were not read and are ` +
          "left out of its zips: relink them in the editor",
      );
    }
    await Deno.mkdir(join(temp, STATE_DIR), { recursive: true });
    await Deno.writeTextFile(join(temp, STATE_DIR, "state.json"), JSON.stringify(state));
    await assembly.publish();
    assembly = undefined;
    return {
      draftId: opts.newId,
      dir: target,
      name,
      edition,
      files,
      bytes: budget.total,
      missing: [...missing],
      external: [...external],
      warnings,
    };
  } finally {
    try {
      zip.close();
    } catch { /* closed */ }
    await assembly?.abandon();
  }
}
