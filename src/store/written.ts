/**
 * What draftcli last wrote into a draft it made: the identity (inode, size, modification time)
 * of each timeline file of its last save, in `.draftcli/written.json`. A timeline whose identity
 * still matches holds exactly the text of that save, which recorded no kept spellings, so the
 * next load need not scan it again (src/draft/spellings.ts): a 50,000-segment draft grown by
 * draftcli pays nothing for keeping an editor's number text. Any other writer (the editor, a
 * peer tool, a copy) gives the file a new identity. Only drafts with `.draftcli/state.json`.
 */
import { orUndefined } from "../files.ts";
import { join, relative } from "../path.ts";
import { STATE_DIR } from "./locate.ts";
import { writeFileAtomic } from "./atomic.ts";

const WRITTEN = "written.json";

/** A file's identity: inode, size and modification time; undefined when it cannot be told. */
function identity(path: string): string | undefined {
  const st = orUndefined(() => Deno.statSync(path));
  if (!st?.isFile || st.ino === null || !st.mtime) return undefined;
  return `${st.ino}:${st.size}:${st.mtime.getTime()}`;
}

/** Records the timeline files a save just wrote (best effort; a draft draftcli made only). */
export async function recordWritten(dir: string, paths: readonly string[]): Promise<void> {
  if (!orUndefined(() => Deno.statSync(join(dir, STATE_DIR, "state.json")))) return;
  const files: Record<string, string> = {};
  for (const p of paths) {
    const id = identity(p);
    if (id) files[relative(dir, p).replaceAll("\\", "/")] = id;
  }
  await writeFileAtomic(join(dir, STATE_DIR, WRITTEN), JSON.stringify({ files })).catch(() => {});
}

/** Is `path` a timeline file exactly as draftcli's last save of `dir` wrote it? */
export function writtenByUs(dir: string, path: string): boolean {
  const text = orUndefined(() => Deno.readTextFileSync(join(dir, STATE_DIR, WRITTEN)));
  if (!text) return false;
  let files: unknown;
  try {
    files = (JSON.parse(text) as { files?: unknown }).files;
  } catch {
    return false;
  }
  const want = (files as Record<string, unknown> | undefined)?.[
    relative(dir, path).replaceAll("\\", "/")
  ];
  return typeof want === "string" && want === identity(path);
}
