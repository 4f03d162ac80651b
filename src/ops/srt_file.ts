/**
 * Reads an SRT file named the way every local file is named (a plain absolute or relative path,
 * `~/…`, or a `file://` URL) and parses its cues, for `captions add --srt` and `draft easy --srt`.
 * Its helpers load when a call reads a file: a `captions add` of JSON items (whose entry module
 * brings this one) does not load media resolution.
 */
import { DraftcliError } from "../errors.ts";
import type { SrtCue } from "../easy/srt.ts";

/** Subtitles are text: anything larger is not an SRT file. */
const MAX_SRT_BYTES = 16 * 1024 * 1024;

/** The cues of the SRT file `name` (`field` names the input in errors). */
export async function readSrtFile(
  name: string,
  env: Record<string, string | undefined>,
  field = "srt",
): Promise<SrtCue[]> {
  const hint = "pass an .srt file as a path (absolute, relative or ~/…) or a file:// URL";
  const [{ fileUrlToPath, plainPath }, { parseSrt }] = await Promise.all([
    import("../media/media_resolve.ts"),
    import("../easy/srt.ts"),
  ]);
  const trimmed = name.trim();
  const path = trimmed.startsWith("file:")
    ? fileUrlToPath(trimmed)
    : plainPath(trimmed, { home: env.HOME ?? env.USERPROFILE });
  if (path === undefined) {
    throw new DraftcliError("invalid_input", `${field}: not a local file: ${name}`, {
      path: field,
      hint,
    });
  }
  let bytes: Uint8Array;
  try {
    const info = await Deno.stat(path);
    if (!info.isFile) throw new Error("not a file");
    if (info.size > MAX_SRT_BYTES) throw new Error(`larger than ${MAX_SRT_BYTES} bytes`);
    bytes = await Deno.readFile(path);
  } catch (err) {
    throw new DraftcliError(
      "invalid_input",
      `${field}: cannot read ${path}: ${(err as Error).message}`,
      { path: field, hint },
    );
  }
  return parseSrt(new TextDecoder().decode(bytes));
}
