/** The real file system as the draft checker sees it (src/draft/checks/context.ts). */
import { join } from "../path.ts";
import type { FolderReader } from "../draft/validate.ts";

// deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
async function isFile(path: string): Promise<boolean> {
  try {
    return (Deno.statSync(path)).isFile;
  } catch {
    return false;
  }
}

/** Reads the disk for `draft validate`; every failure to read is "not there", never an error. */
export const diskFolderReader: FolderReader = {
  // deno-lint-ignore require-await -- async API over sync I/O (cheaper per call)
  async readText(path) {
    try {
      return Deno.readTextFileSync(path);
    } catch {
      return undefined;
    }
  },
  isFile,
  isFileSync(path) {
    try {
      return Deno.statSync(path).isFile;
    } catch {
      return false;
    }
  },
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
