/**
 * Placing local media inside a draft folder: the file is named by its content
 * (`<first 16 hex of sha256>.<format>`, like downloads), so identical files are stored once per
 * draft, and staged as a hard link when the staging folder is on the same file system, else as a
 * copy (never a symlink: sandboxed editors do not follow links out of their folders). The draft
 * writer moves staged files into `resources/` when it commits.
 */
import { join } from "../path.ts";

/** Where local media go: into the draft folder (default), or referenced where they are. */
export type MediaPlacement = "copy" | "reference";

/** Files up to this size are hashed in one piece by Web Crypto (no `node:crypto` at start-up). */
const WHOLE_HASH_BYTES = 64 << 20;

/**
 * Hex sha256 of a file (any size). Small files (images, short clips) are read whole and hashed
 * by the built-in Web Crypto; larger ones are streamed through `node:crypto` (imported only then:
 * it costs ~30 ms of start-up).
 */
export async function sha256File(path: string, wholeLimit = WHOLE_HASH_BYTES): Promise<string> {
  using file = await Deno.open(path, { read: true });
  const { size } = await file.stat();
  if (size <= wholeLimit) {
    const bytes = new Uint8Array(size);
    let off = 0;
    while (off < size) {
      const n = await file.read(bytes.subarray(off));
      if (n === null) break;
      off += n;
    }
    const digest = await crypto.subtle.digest("SHA-256", bytes.subarray(0, off));
    return new Uint8Array(digest).toHex();
  }
  const { createHash } = await import("node:crypto");
  const hash = createHash("sha256");
  const buf = new Uint8Array(1 << 20);
  for (;;) {
    const n = await file.read(buf);
    if (n === null) break;
    hash.update(buf.subarray(0, n));
  }
  return hash.digest("hex");
}

/** A local file placed for a draft: its in-draft name and, unless already there, the staged copy. */
export interface PlacedFile {
  fileName: string;
  /** `<resourcesDir>/<fileName>`. */
  path: string;
  /** Hard link or copy to move to `path` at commit; undefined when the draft already has it. */
  stagedPath?: string;
  /** How it was staged. */
  how: "present" | "link" | "copy";
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/**
 * The file in `resourcesDir` that is a hard link of `source` (same device and inode), if any:
 * a file placed before by linking is found again without reading it.
 */
async function linkedCopy(source: string, resourcesDir: string): Promise<string | undefined> {
  const src = await Deno.stat(source);
  if (src.ino === null || src.dev === null || src.nlink === null || src.nlink < 2) return undefined;
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(resourcesDir));
  } catch {
    return undefined;
  }
  for (const e of entries) {
    if (!e.isFile) continue;
    const s = await Deno.stat(join(resourcesDir, e.name)).catch(() => undefined);
    if (s && s.ino === src.ino && s.dev === src.dev) return e.name;
  }
  return undefined;
}

/** Stages `source` for `resourcesDir` (see the module doc). */
export async function placeLocalFile(
  source: string,
  format: string,
  resourcesDir: string,
  stagingDir: string,
): Promise<PlacedFile> {
  const linked = await linkedCopy(source, resourcesDir);
  if (linked) return { fileName: linked, path: join(resourcesDir, linked), how: "present" };
  const fileName = `${(await sha256File(source)).slice(0, 16)}.${format || "bin"}`;
  const path = join(resourcesDir, fileName);
  if (await exists(path)) return { fileName, path, how: "present" };
  const stagedPath = join(stagingDir, fileName);
  if (await exists(stagedPath)) return { fileName, path, stagedPath, how: "link" };
  await Deno.mkdir(stagingDir, { recursive: true });
  try {
    await Deno.link(source, stagedPath);
    return { fileName, path, stagedPath, how: "link" };
  } catch {
    await Deno.copyFile(source, stagedPath);
    return { fileName, path, stagedPath, how: "copy" };
  }
}
