/**
 * Placing local media inside a draft folder: the file is named by its content
 * (`<first 16 hex of sha256>.<format>`, like downloads), so identical files are stored once per
 * draft, and staged as a hard link when the staging folder is on the same file system, else as a
 * copy (never a symlink: sandboxed editors do not follow links out of their folders). Staged
 * files go into a folder of the staging folder named like the resources folder, so the draft
 * writer moves them into `resources/` when it commits: the folder whole when the draft has no
 * media yet (one rename), else file by file.
 */
import { mkdirHere, orUndefined, sha256File } from "../files.ts";
import { basename, join } from "../path.ts";

/** Where local media go: into the draft folder (default), or referenced where they are. */
export type MediaPlacement = "copy" | "reference";

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

/**
 * Places the local files of one command for one draft (see the module doc). What it needs to
 * know of `resourcesDir` (its file names; the inodes, only when a source is a hard link) is read
 * once for the whole batch, so a batch costs the same whatever the draft already holds.
 */
export class MediaPlacer {
  readonly #resourcesDir: string;
  readonly #stagingDir: string;
  /** `<stagingDir>/<name of the resources folder>`: where files are staged. */
  readonly #stagedDir: string;
  #names?: Set<string>;
  #byInode?: Map<string, string>;
  /** Names staged by this placer (its staging folder is private to this process). */
  readonly #staged = new Set<string>();

  constructor(resourcesDir: string, stagingDir: string) {
    this.#resourcesDir = resourcesDir;
    this.#stagingDir = stagingDir;
    this.#stagedDir = join(stagingDir, basename(resourcesDir));
  }

  /** Files in the resources folder when the batch began. */
  #present(): Set<string> {
    if (!this.#names) {
      this.#names = new Set();
      try {
        for (const e of Deno.readDirSync(this.#resourcesDir)) {
          const file = e.isFile ||
            (e.isSymlink &&
              orUndefined(() => Deno.statSync(join(this.#resourcesDir, e.name)))?.isFile);
          if (file) this.#names.add(e.name);
        }
      } catch { /* no resources folder yet */ }
    }
    return this.#names;
  }

  /** The resources folder's files by `dev:ino` (read the first time a source is a hard link). */
  #inodes(): Map<string, string> {
    if (!this.#byInode) {
      this.#byInode = new Map();
      for (const name of this.#present()) {
        const s = orUndefined(() => Deno.statSync(join(this.#resourcesDir, name)));
        if (s && s.ino !== null && s.dev !== null) this.#byInode.set(`${s.dev}:${s.ino}`, name);
      }
    }
    return this.#byInode;
  }

  /**
   * The resources file a hard link to `source` already is, if any (found without reading it).
   * `stat`: the source's, when the caller has it.
   */
  #linked(source: string, stat?: Deno.FileInfo): string | undefined {
    const src = stat ?? Deno.statSync(source);
    if (src.ino === null || src.dev === null || src.nlink === null || src.nlink < 2) return;
    return this.#inodes().get(`${src.dev}:${src.ino}`);
  }

  /**
   * Whether `place` needs the content hash of `source`: not when the draft holds it already as a
   * hard link. `stat`: the source's, when the caller has just taken it.
   */
  needsHash(source: string, stat?: Deno.FileInfo): boolean {
    return !this.#linked(source, stat);
  }

  /**
   * Stages `source` (of media type `format`) unless the draft already holds its bytes. `sha256`:
   * its hash, if computed already; `stat`: the source's, when the caller has it.
   */
  async place(
    source: string,
    format: string,
    sha256?: string,
    stat?: Deno.FileInfo,
  ): Promise<PlacedFile> {
    // A file placed before by linking is found again without reading it.
    const linked = this.#linked(source, stat);
    if (linked) return { fileName: linked, path: join(this.#resourcesDir, linked), how: "present" };
    const fileName = `${(sha256 ?? await sha256File(source)).slice(0, 16)}.${format || "bin"}`;
    const path = join(this.#resourcesDir, fileName);
    if (this.#present().has(fileName)) return { fileName, path, how: "present" };
    const stagedPath = join(this.#stagedDir, fileName);
    if (this.#staged.has(fileName)) return { fileName, path, stagedPath, how: "link" };
    if (this.#staged.size === 0) {
      // Level by level: never re-creates a deleted draft.
      mkdirHere(this.#stagingDir);
      mkdirHere(this.#stagedDir);
    }
    this.#staged.add(fileName);
    try {
      Deno.linkSync(source, stagedPath);
      return { fileName, path, stagedPath, how: "link" };
    } catch {
      Deno.copyFileSync(source, stagedPath);
      return { fileName, path, stagedPath, how: "copy" };
    }
  }
}
