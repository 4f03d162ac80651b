/**
 * The ffprobe fallback: runs the ffprobe binary (`FFPROBE_PATH`, else `ffprobe` on PATH) as a
 * subprocess with an argv array, parses its JSON and maps it onto MediaInfo.
 */
import { DraftcliError } from "../errors.ts";
import { subprocessCwd } from "../subprocess_cwd.ts";
import { readHead, sniff, SNIFF_BYTES } from "./sniff.ts";
import { mediaError, type MediaInfo, secondsToUs } from "./types.ts";

/** Why ffprobe gave no answer. */
export type FfprobeFailure = "unavailable" | "unreadable" | "timeout" | "failed";

/** A `media_error` from the ffprobe fallback, with the reason as data. */
export class FfprobeError extends DraftcliError {
  /** "unavailable": no binary; "unreadable": ffprobe says it is not media; else it broke. */
  readonly reason: FfprobeFailure;

  constructor(reason: FfprobeFailure, error: DraftcliError) {
    super(error.code, error.message, { hint: error.hint, path: error.path });
    this.reason = reason;
  }
}

/** Options for running ffprobe. */
export interface FfprobeOptions {
  /** The binary to run; default `env.FFPROBE_PATH`, else "ffprobe" (looked up on PATH). */
  ffprobePath?: string;
  /** Environment to read `FFPROBE_PATH` from; default the process environment. */
  env?: Record<string, string | undefined>;
  /** Kill ffprobe after this long; default 30 s. */
  timeoutMs?: number;
  /** How to name the file in error messages (default its path). */
  name?: string;
}

/** The ffprobe binary in force: `FFPROBE_PATH` if set, else "ffprobe". */
export function ffprobeBinary(env?: Record<string, string | undefined>): string {
  const fromEnv = env ? env.FFPROBE_PATH : Deno.env.get("FFPROBE_PATH");
  return fromEnv && fromEnv.trim() !== "" ? fromEnv : "ffprobe";
}

/** Whether ffprobe can be run (answers `-version` with exit status 0). */
export async function ffprobeAvailable(opts: FfprobeOptions = {}): Promise<boolean> {
  try {
    const out = await new Deno.Command(opts.ffprobePath ?? ffprobeBinary(opts.env), {
      args: ["-version"],
      stdin: "null",
      cwd: await subprocessCwd(),
      stdout: "null",
      stderr: "null",
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    }).output();
    return out.success;
  } catch {
    return false;
  }
}

interface FfStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  nb_frames?: string;
  disposition?: { attached_pic?: number; default?: number };
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
}

interface FfOutput {
  streams?: FfStream[];
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
}

/** Codecs whose single picture in an image container means a still image. */
const IMAGE_CODECS = new Set([
  "png",
  "mjpeg",
  "jpegls",
  "bmp",
  "webp",
  "gif",
  "tiff",
  "jpeg2000",
  "jpegxl",
  "ppm",
  "pgm",
  "pam",
  "qoi",
  "targa",
]);

/** ffprobe format names (first of the list) to file extensions where they differ. */
const FORMAT_EXT: Record<string, string> = {
  jpeg_pipe: "jpg",
  png_pipe: "png",
  webp_pipe: "webp",
  bmp_pipe: "bmp",
  gif_pipe: "gif",
  tiff_pipe: "tiff",
  matroska: "mkv",
  mov: "mp4",
  mpegts: "ts",
  mpeg: "mpg",
  image2: "img",
  aac: "aac",
};

function rotationOf(stream: FfStream): number {
  const side = stream.side_data_list?.find((s) => typeof s.rotation === "number");
  const raw = side?.rotation ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(raw) ? ((Math.round(raw) % 360) + 360) % 360 : 0;
}

/** Maps ffprobe's JSON (`-show_format -show_streams`) onto MediaInfo. `ext` is the sniffed type. */
export function mediaInfoFromFfprobe(
  out: FfOutput,
  ext: string | null,
  name: string,
): MediaInfo {
  const streams = out.streams ?? [];
  const pictures = streams.filter((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const audios = streams.filter((s) => s.codec_type === "audio");
  if (pictures.length === 0 && audios.length === 0) {
    throw mediaError(name, "no audio or video stream found");
  }
  const formatName = (out.format?.format_name ?? "").split(",")[0];
  const format = ext ?? FORMAT_EXT[formatName] ?? formatName.replace(/_pipe$/, "");
  const video = pictures.find((s) => s.disposition?.default) ?? pictures[0];

  let width = video?.width ?? 0;
  let height = video?.height ?? 0;
  if (video && rotationOf(video) % 180 === 90) [width, height] = [height, width];

  const stillContainer = /_pipe$|^image2$/.test(formatName) || formatName === "gif";
  const frames = Number(video?.nb_frames ?? NaN);
  const isStill = !!video && audios.length === 0 && IMAGE_CODECS.has(video.codec_name ?? "") &&
    stillContainer && !(formatName === "gif" && frames > 1);

  let durationUs = 0;
  if (!isStill) {
    const seconds = Number(out.format?.duration);
    if (Number.isFinite(seconds) && seconds > 0) durationUs = secondsToUs(seconds);
    else {
      const longest = Math.max(0, ...streams.map((s) => Number(s.duration) || 0));
      durationUs = secondsToUs(longest);
    }
    if (durationUs <= 0) throw mediaError(name, "ffprobe found no duration");
  }
  return {
    kind: isStill ? "image" : video ? "video" : "audio",
    format,
    durationUs,
    width: video ? width : 0,
    height: video ? height : 0,
    hasAudio: audios.length > 0,
    hasVideo: !!video,
  };
}

const timedOut = (name: string, ms: number) =>
  mediaError(name, `ffprobe did not finish within ${+(ms / 1000).toFixed(2)} s`);

/**
 * Probes a file with ffprobe. Throws `media_error` when ffprobe is missing, times out, or cannot
 * read the file as media.
 */
export async function ffprobeFile(path: string, opts: FfprobeOptions = {}): Promise<MediaInfo> {
  const name = opts.name ?? path;
  const bin = opts.ffprobePath ?? ffprobeBinary(opts.env);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  let head: Uint8Array;
  try {
    head = await readHead(path, SNIFF_BYTES);
  } catch (err) {
    throw mediaError(name, `cannot read the file (${(err as Error).message})`);
  }
  // "file:" keeps ffprobe from reading a path as an option or another protocol.
  const args = [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    "-i",
    `file:${path}`,
  ];
  let result: Deno.CommandOutput;
  try {
    result = await new Deno.Command(bin, {
      args,
      stdin: "null",
      cwd: await subprocessCwd(),
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(timeoutMs),
    }).output();
  } catch (err) {
    if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.PermissionDenied) {
      throw new FfprobeError(
        "unavailable",
        new DraftcliError(
          "media_error",
          `${name}: cannot probe this file: ffprobe is not available (tried to run "${bin}")`,
          {
            hint: "install ffmpeg (it provides ffprobe) or set FFPROBE_PATH to the ffprobe binary",
          },
        ),
      );
    }
    if (err instanceof DOMException && (err.name === "AbortError" || err.name === "TimeoutError")) {
      throw new FfprobeError("timeout", timedOut(name, timeoutMs));
    }
    throw new FfprobeError(
      "failed",
      mediaError(name, `ffprobe failed to run: ${(err as Error).message}`),
    );
  }
  if (result.signal) throw new FfprobeError("timeout", timedOut(name, timeoutMs));
  if (!result.success) {
    const stderr = new TextDecoder().decode(result.stderr).trim().split("\n").pop() ?? "";
    throw new FfprobeError(
      "unreadable",
      mediaError(name, `not a readable media file (ffprobe: ${stderr || "failed"})`),
    );
  }
  let parsed: FfOutput;
  try {
    parsed = JSON.parse(new TextDecoder().decode(result.stdout));
  } catch {
    throw new FfprobeError("failed", mediaError(name, "ffprobe printed output that is not JSON"));
  }
  return mediaInfoFromFfprobe(parsed, sniff(head)?.ext ?? null, name);
}
