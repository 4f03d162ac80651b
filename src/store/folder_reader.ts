/** The real file system as the draft checker sees it (src/draft/checks/check_context.ts). */
import { join } from "../path.ts";
import type { FolderReader } from "../draft/check_draft.ts";
import { orUndefined } from "../files.ts";

/** Is `path` a file (links followed)? False when it cannot be read. */
function fileThere(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** Reads the disk for `draft validate`; every failure to read is "not there", never an error. */
export const diskFolderReader: FolderReader = {
  readText(path) {
    return Promise.resolve(orUndefined(() => Deno.readTextFileSync(path)));
  },
  isFile(path) {
    return Promise.resolve(fileThere(path));
  },
  isFileSync: fileThere,
  async listFiles(dir, depth) {
    const out: string[] = [];
    const scan = async (rel: string, left: number) => {
      let entries: Deno.DirEntry[] = [];
      try {
        entries = Array.from(Deno.readDirSync(join(dir, rel)));
      } catch {
        return;
      }
      for (const e of entries) {
        const r = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory && left > 0 && !e.name.startsWith(".")) await scan(r, left - 1);
        else if (e.isFile) out.push(r);
      }
    };
    await scan("", depth);
    return out;
  },
};
