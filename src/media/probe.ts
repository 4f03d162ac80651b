/**
 * In-process media probing: sniff the real type from the first bytes, then read only the parts
 * of the file that hold the facts (image headers, the MP4 `moov` box, the Matroska/audio headers),
 * never the whole of a large file. Anything not handled in-process falls back to ffprobe.
 *
 * Libraries, each loaded only for a file that needs it: image-size (the jpg, webp and bmp headers
 * image_dims.ts leaves to it), mp4box (the MP4/MOV/M4A files mp4_header.ts leaves to it),
 * music-metadata (aac, webm/mkv, and the mp3, wav, flac and ogg files the small readers here
 * leave to it). PNG sizes, GIF frame delays and the rest are read by small modules of their own.
 * See docs/media.md.
 */
import type { imageSize } from "image-size";
import type { Movie } from "mp4box";
import type { MovieFacts } from "./mp4_header.ts";
import { DraftcliError } from "../errors.ts";
import type { FfprobeOptions } from "./ffprobe.ts";
import { sniff, SNIFF_BYTES, type SniffResult } from "./sniff.ts";
import { readAt } from "../files.ts";
import { mediaError, type MediaInfo, secondsToUs } from "./types.ts";
import { checkClaims, MediaClaimError } from "./bounds.ts";
import { checkPngData, pngSize } from "./png.ts";
import { imageDims } from "./image_dims.ts";
import { FileWindow } from "./file_window.ts";

export type { MediaInfo, MediaKind } from "./types.ts";

/** Options for `probeFile`. */
export interface ProbeOptions {
  /** How to name the file in error messages (default its path). */
  name?: string;
  /** ffprobe settings for the fallback, or false to never run ffprobe. */
  ffprobe?: FfprobeOptions | false;
  /** Told when a file needs the ffprobe fallback. */
  warn?: (message: string) => void;
  /** The file's stat, when the caller has just taken it (spares a second one). */
  stat?: Deno.FileInfo;
}

/** Image headers are read from at most this many leading bytes first (then the whole file). */
const IMAGE_HEAD_BYTES = 512 * 1024;
/** Largest image read whole when its size is not in the first `IMAGE_HEAD_BYTES`. */
const IMAGE_MAX_BYTES = 64 * 1024 * 1024;
/** Most bytes handed to mp4box before giving up (moov boxes of long films are tens of MiB). */
const MP4_MAX_FEED_BYTES = 256 * 1024 * 1024;
/** Chunk size for the streaming MP4 and GIF readers. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Probes a media file in-process (falling back to ffprobe for types it does not parse, or when
 * its parser fails). Throws `media_not_found` for a missing file and `media_error` for a file
 * that is not media or is damaged, or whose header claims more than the file can hold
 * (bounds.ts: whichever path probed it); messages name the file and carry a hint.
 */
export async function probeFile(path: string, opts: ProbeOptions = {}): Promise<MediaInfo> {
  const name = opts.name ?? path;
  let stat: Deno.FileInfo;
  try {
    // Synchronous calls: a local file answers at once, and an asynchronous call costs a thread
    // hop each (a 1,000-image add makes several per file).
    stat = opts.stat ?? Deno.statSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new DraftcliError("media_not_found", `${name}: no such file`, {
        hint: "check the path; local files are given as absolute file:// URLs",
      });
    }
    throw mediaError(name, `cannot read the file (${(err as Error).message})`);
  }
  checkProbeable(stat, name);
  // Kept open for the probers, which read from the same handle.
  using file = openForProbe(path, name);
  const bytes = await readForProbe(file, SNIFF_BYTES, name);
  return await probeChecked({ path, file, stat, bytes }, name, opts);
}

/** A local file open for probing: its path, handle and stat, and the bytes already read. */
export interface OpenedFile {
  path: string;
  file: Deno.FsFile;
  stat: Deno.FileInfo;
  /**
   * The file's leading bytes: at least its first `SNIFF_BYTES` (all of a shorter file), or the
   * whole file when the caller read it whole anyway (to hash it): the probers then read nothing.
   */
  bytes: Uint8Array;
}

/**
 * `probeFile` of a file the caller has open and has read the start of (see `OpenedFile`), so
 * that one open and one read serve the probe and whatever else the caller needs of the bytes.
 */
export async function probeOpened(opened: OpenedFile, opts: ProbeOptions = {}): Promise<MediaInfo> {
  const name = opts.name ?? opened.path;
  checkProbeable(opened.stat, name);
  return await probeChecked(opened, name, opts);
}

/**
 * Reads `length` leading bytes of an open file for probing (fewer if it is shorter); a failed
 * read is a `media_error` naming the file.
 */
export async function readForProbe(
  file: Deno.FsFile,
  length: number,
  name: string,
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readAt(file, 0, length);
  } catch (err) {
    throw mediaError(name, `cannot read the file (${(err as Error).message})`);
  }
}

/** Refuses what is not a non-empty regular file. */
function checkProbeable(stat: Deno.FileInfo, name: string): void {
  if (!stat.isFile) throw mediaError(name, "not a regular file", "give the path of a media file");
  if (stat.size === 0) throw mediaError(name, "the file is empty");
}

async function probeChecked(
  { path, file, stat, bytes }: OpenedFile,
  name: string,
  opts: ProbeOptions,
): Promise<MediaInfo> {
  const head = bytes.length > SNIFF_BYTES ? bytes.subarray(0, SNIFF_BYTES) : bytes;
  let sniffed: SniffResult | null;
  try {
    sniffed = sniff(head);
  } catch (err) {
    throw mediaError(name, `cannot read the file (${(err as Error).message})`);
  }

  if (!sniffed) return checkClaims(await viaFfprobe(path, name, opts, null), stat.size, name);
  try {
    return checkClaims(
      await probeKnown({ path, file, head, bytes }, stat.size, sniffed, name),
      stat.size,
      name,
    );
  } catch (err) {
    // A header that claims the impossible is not asked about again.
    if (err instanceof MediaClaimError) throw err;
    // A damaged or unusual file of a known type: ffprobe may still read it.
    const inProcess = err instanceof DraftcliError ? err : mediaError(
      name,
      `not a valid ${sniffed.ext.toUpperCase()} file (${(err as Error).message})`,
    );
    return checkClaims(await viaFfprobe(path, name, opts, inProcess), stat.size, name);
  }
}

async function viaFfprobe(
  path: string,
  name: string,
  opts: ProbeOptions,
  inProcessError: DraftcliError | null,
): Promise<MediaInfo> {
  if (opts.ffprobe === false) {
    throw inProcessError ?? mediaError(name, "not a recognised media file");
  }
  opts.warn?.(`${name}: not parsed in-process, asking ffprobe`);
  // The fallback's code loads only when a file needs it.
  const { FfprobeError, ffprobeFile } = await import("./ffprobe.ts");
  try {
    return await ffprobeFile(path, { ...opts.ffprobe, name });
  } catch (err) {
    if (inProcessError) throw inProcessError;
    if (err instanceof FfprobeError && err.reason === "unavailable") {
      throw mediaError(
        name,
        "not a recognised media file (and ffprobe, which reads other formats, is not available)",
        "use png, jpg, gif, webp, bmp, mp4, mov, webm, mkv, mp3, wav, m4a, flac or ogg, or " +
          "install ffmpeg (or set FFPROBE_PATH) for other formats",
      );
    }
    if (err instanceof FfprobeError && err.reason === "unreadable") {
      throw mediaError(name, "not a recognised media file");
    }
    throw err;
  }
}

function openForProbe(path: string, name: string): Deno.FsFile {
  try {
    return Deno.openSync(path, { read: true });
  } catch (err) {
    throw mediaError(name, `cannot read the file (${(err as Error).message})`);
  }
}

/**
 * A file being probed: its path, an open handle, its first `SNIFF_BYTES` (fewer if short) and
 * the leading bytes read so far (`head`, or more).
 */
interface Opened {
  path: string;
  file: Deno.FsFile;
  head: Uint8Array;
  bytes: Uint8Array;
}

async function probeKnown(
  opened: Opened,
  size: number,
  sniffed: SniffResult,
  name: string,
): Promise<MediaInfo> {
  const { path } = opened;
  switch (sniffed.ext) {
    case "gif":
      return await probeGif(opened.file, name);
    case "png":
    case "jpg":
    case "webp":
    case "bmp":
      return await probeImage(opened, size, sniffed.ext, name);
    case "mp4":
    case "m4a":
    case "mov":
      return await probeIsoBmff(opened, size, sniffed.ext, name);
    default: {
      if (sniffed.ext === "mp3") {
        const { checkMp3Vbr } = await import("./mp3_vbr.ts");
        await checkMp3Vbr(opened.file, opened.head, size, name);
      }
      const seconds = await audioSeconds(opened, size, sniffed);
      // A reader sure that music-metadata finds no duration either says so with 0.
      if (seconds === 0) throw noDuration(name);
      if (seconds !== undefined) {
        return {
          kind: "audio",
          format: sniffed.ext,
          durationUs: secondsToUs(seconds),
          width: 0,
          height: 0,
          hasAudio: true,
          hasVideo: false,
        };
      }
      return await probeWithMusicMetadata(path, sniffed, name);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// MP3, WAV, FLAC, Ogg Vorbis/Opus: small in-process readers that give music-metadata's answers.

/**
 * The extensions by which music-metadata picks the parser of each format read in-process (it
 * goes by the file name before the content): a file named otherwise is left to it.
 */
const MUSIC_METADATA_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  mp3: [".mp1", ".mp2", ".mp3", ".m2a", ".aac"],
  wav: [".wav", ".bwf"],
  flac: [".flac"],
  ogg: [".ogg", ".ogv", ".oga", ".ogm", ".ogx", ".opus", ".spx"],
};

/**
 * The duration in seconds of an audio file read in-process (0: none, as music-metadata would
 * find none), or undefined when music-metadata is to read it (another format, a name it would
 * parse otherwise, or a case its reader is not sure of). Each reader is imported only for its
 * format.
 */
async function audioSeconds(
  { file, bytes, path }: Opened,
  size: number,
  sniffed: SniffResult,
): Promise<number | undefined> {
  const extensions = MUSIC_METADATA_EXTENSIONS[sniffed.ext];
  const dot = path.lastIndexOf(".");
  if (
    sniffed.kind !== "audio" || !extensions || dot < 0 ||
    !extensions.includes(path.slice(dot).toLowerCase())
  ) {
    return undefined;
  }
  const src = new FileWindow(file, size, bytes);
  let seconds: number | undefined;
  switch (sniffed.ext) {
    case "mp3":
      seconds = (await import("./mp3.ts")).mp3Seconds(src);
      break;
    case "wav":
      seconds = (await import("./wav.ts")).wavSeconds(src);
      break;
    case "flac":
      seconds = (await import("./flac.ts")).flacSeconds(src);
      break;
    case "ogg":
      seconds = (await import("./ogg.ts")).oggSeconds(src);
      break;
  }
  return seconds === 0 || (seconds !== undefined && seconds > 0) ? seconds : undefined;
}

/** The error of an audio file whose headers and frames give no duration. */
function noDuration(name: string): DraftcliError {
  return mediaError(name, "no duration found in the file's headers");
}

// ---------------------------------------------------------------------------------------------
// Still images: image-size on the leading bytes.

/** image-size, once imported. */
let imageSizeModule: { imageSize: typeof imageSize } | undefined;

async function probeImage(
  { file, head, bytes }: Opened,
  size: number,
  ext: string,
  name: string,
): Promise<MediaInfo> {
  let dims: { width?: number; height?: number; orientation?: number };
  if (ext === "png") {
    await checkPngData(file, head, size, name);
    // A PNG's size is at a fixed place of its first chunk: read here, without image-size.
    dims = pngSize(head);
  } else {
    /** The first `n` bytes of the file, from those already read when they are there. */
    const leading = async (n: number) =>
      bytes.length >= n ? bytes.subarray(0, n) : await readAt(file, 0, n);
    // Well-formed JPEG, WebP and BMP headers are read here (image_dims.ts: image-size's
    // answer), from the sniffed bytes and then from the leading ones; image-size reads the rest.
    const lead = () => leading(Math.min(size, IMAGE_HEAD_BYTES));
    const own = imageDims(head, ext) ??
      (size > head.length ? imageDims(await lead(), ext) : undefined);
    if (own) dims = own;
    else {
      // Each prober is imported only for its format (literal specifiers: `deno compile` embeds
      // them), once per process (a batch probes many images).
      const { imageSize } = imageSizeModule ??= await import("image-size");
      try {
        dims = imageSize(await lead());
      } catch (err) {
        // JPEG size markers can sit after large metadata blocks: retry with the whole file.
        if (size <= IMAGE_HEAD_BYTES || size > IMAGE_MAX_BYTES) throw err;
        dims = imageSize(await leading(size));
      }
    }
  }
  let { width, height } = dims;
  if (!width || !height) throw mediaError(name, `${ext.toUpperCase()} header has no size`);
  // EXIF orientations 5–8 are rotated by 90°: the picture shows with width and height swapped.
  if (dims.orientation && dims.orientation >= 5 && dims.orientation <= 8) {
    [width, height] = [height, width];
  }
  return {
    kind: "image",
    format: ext,
    durationUs: 0,
    width,
    height,
    hasAudio: false,
    hasVideo: true,
  };
}

// ---------------------------------------------------------------------------------------------
// GIF: walk the blocks (streaming) to count frames and sum their delays.

/** A forward-only buffered reader over a file. */
class ChunkReader {
  #file: Deno.FsFile;
  #buf: Uint8Array = new Uint8Array(0);
  #at = 0;
  #pos = 0;
  constructor(file: Deno.FsFile) {
    this.#file = file;
  }
  async #fill(): Promise<boolean> {
    const chunk = await readAt(this.#file, this.#pos, CHUNK_BYTES);
    this.#pos += chunk.length;
    this.#buf = chunk;
    this.#at = 0;
    return chunk.length > 0;
  }
  /** The next byte, or -1 at the end of the file. */
  async byte(): Promise<number> {
    if (this.#at >= this.#buf.length && !(await this.#fill())) return -1;
    return this.#buf[this.#at++];
  }
  /** The next `n` bytes, or null if the file ends first. */
  async bytes(n: number): Promise<Uint8Array | null> {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const b = await this.byte();
      if (b < 0) return null;
      out[i] = b;
    }
    return out;
  }
  /** Skips `n` bytes; false if the file ends first. */
  async skip(n: number): Promise<boolean> {
    while (n > 0) {
      if (this.#at >= this.#buf.length && !(await this.#fill())) return false;
      const step = Math.min(n, this.#buf.length - this.#at);
      this.#at += step;
      n -= step;
    }
    return true;
  }
}

/** Browsers and ffmpeg show frames with a delay of 0 or 1 centisecond for 10 cs. */
const GIF_MIN_DELAY_CS = 2;
const GIF_DEFAULT_DELAY_CS = 10;

async function probeGif(file: Deno.FsFile, name: string): Promise<MediaInfo> {
  const r = new ChunkReader(file);
  const header = await r.bytes(13);
  if (!header) throw mediaError(name, "GIF header is truncated");
  const width = header[6] | (header[7] << 8);
  const height = header[8] | (header[9] << 8);
  if (header[10] & 0x80) await r.skip(3 * (1 << ((header[10] & 7) + 1)));

  const skipSubBlocks = async (): Promise<boolean> => {
    for (;;) {
      const size = await r.byte();
      if (size < 0) return false;
      if (size === 0) return true;
      if (!(await r.skip(size))) return false;
    }
  };

  let frames = 0;
  let totalCs = 0;
  let pendingDelay = 0;
  let truncated = false;
  walk: for (;;) {
    const block = await r.byte();
    switch (block) {
      case 0x21: { // extension
        const label = await r.byte();
        if (label === 0xf9) {
          // Graphic control: size (4), packed, delay (2 bytes, centiseconds), transparent index.
          const size = await r.byte();
          const data = size > 0 ? await r.bytes(size) : null;
          if (size < 0 || (size > 0 && !data)) truncated = true;
          else if (data && size >= 3) pendingDelay = data[1] | (data[2] << 8);
          if (!truncated && !(await skipSubBlocks())) truncated = true;
        } else if (label < 0 || !(await skipSubBlocks())) truncated = true;
        if (truncated) break walk;
        break;
      }
      case 0x2c: { // image descriptor
        const desc = await r.bytes(9);
        if (!desc) {
          truncated = true;
          break walk;
        }
        if (desc[8] & 0x80) await r.skip(3 * (1 << ((desc[8] & 7) + 1)));
        if ((await r.byte()) < 0 || !(await skipSubBlocks())) {
          truncated = true;
          break walk;
        }
        frames++;
        totalCs += pendingDelay < GIF_MIN_DELAY_CS ? GIF_DEFAULT_DELAY_CS : pendingDelay;
        pendingDelay = 0;
        break;
      }
      case 0x3b: // trailer
      case -1: // no trailer: many encoders and truncated uploads; keep what was read
        break walk;
      default:
        if (frames === 0) throw mediaError(name, "GIF data is damaged (unknown block)");
        break walk; // junk after the last frame
    }
  }
  if (frames === 0) {
    throw mediaError(
      name,
      truncated ? "GIF is truncated before its first frame" : "GIF has no frames",
    );
  }
  const animated = frames > 1;
  return {
    kind: animated ? "video" : "image",
    format: "gif",
    durationUs: animated ? totalCs * 10_000 : 0,
    width,
    height,
    hasAudio: false,
    hasVideo: true,
  };
}

// ---------------------------------------------------------------------------------------------
// MP4 / MOV / M4A: the movie header reader (mp4_header.ts); for the files it leaves, mp4box, fed
// chunk by chunk, skipping `mdat` by following its next position.

async function readMovie(file: Deno.FsFile, size: number, name: string): Promise<Movie> {
  const { createFile, MP4BoxBuffer } = await import("mp4box");
  const iso = createFile(false);
  let movie: Movie | null = null;
  let failure: string | null = null;
  iso.onReady = (info) => movie = info;
  iso.onError = (_module, message) => failure = message;
  let pos = 0;
  // mp4box logs parse oddities with console.error; keep them off draftcli's stderr (the call is
  // synchronous, so nothing else runs while console.error is swapped).
  const quietly = <T>(fn: () => T): T => {
    const saved = console.error;
    console.error = () => {};
    try {
      return fn();
    } finally {
      console.error = saved;
    }
  };
  let fed = 0;
  while (!movie && !failure && pos < size) {
    const chunk = await readAt(file, pos, Math.min(CHUNK_BYTES, size - pos));
    if (chunk.length === 0) break;
    const buffer = MP4BoxBuffer.fromArrayBuffer(chunk.slice().buffer, pos);
    const next = quietly(() => iso.appendBuffer(buffer, pos + chunk.length >= size));
    fed += chunk.length;
    if (movie) break;
    // mp4box skips `mdat` by asking for a later position; it cannot skip other huge boxes and
    // then asks again for the chunk it just got. Stop rather than buffer the whole file.
    if (next === pos || fed > MP4_MAX_FEED_BYTES) {
      throw mediaError(name, "the movie header (moov box) is not where it can be read quickly");
    }
    pos = typeof next === "number" && next > pos ? next : pos + chunk.length;
  }
  if (!movie && !failure) quietly(() => iso.flush());
  if (failure) throw mediaError(name, `not a valid MP4/MOV file (${failure})`);
  if (!movie) {
    throw mediaError(
      name,
      "no movie header (moov box) found: the file is truncated or still being written",
    );
  }
  return movie;
}

async function probeIsoBmff(
  { file, bytes }: Opened,
  size: number,
  ext: string,
  name: string,
): Promise<MediaInfo> {
  // The common file is read by the small header reader; mp4box only when it is not certain.
  const { readMovieHeader } = await import("./mp4_header.ts");
  const movie = await readMovieHeader(file, size, bytes) ??
    await readMovieWithMp4box(file, size, name);
  return movieInfo(movie, ext, name);
}

/**
 * The movie header of an MP4/MOV/M4A as mp4box reads it, its sample-table claims checked first
 * (mp4box allocates an entry per sample a table claims).
 */
export async function readMovieWithMp4box(
  file: Deno.FsFile,
  size: number,
  name: string,
): Promise<MovieFacts> {
  const { checkSampleTables } = await import("./mp4_tables.ts");
  await checkSampleTables(file, size, name);
  return await readMovie(file, size, name);
}

/** What a movie header says of the file (`ext`: its sniffed extension). */
export function movieInfo(movie: MovieFacts, ext: string, name: string): MediaInfo {
  const video = movie.videoTracks[0];
  const hasAudio = movie.audioTracks.length > 0;
  if (!video && !hasAudio) throw mediaError(name, "the file has no audio or video track");

  let seconds = movie.timescale > 0 ? movie.duration / movie.timescale : 0;
  if (!(seconds > 0) && movie.fragment_duration && movie.fragment_duration.den > 0) {
    seconds = movie.fragment_duration.num / movie.fragment_duration.den;
  }
  if (!(seconds > 0)) {
    const longest = Math.max(
      0,
      ...movie.tracks.map((t) => t.timescale ? t.duration / t.timescale : 0),
    );
    seconds = longest;
  }
  if (!(seconds > 0)) throw mediaError(name, "the movie header gives no duration");

  let width = 0;
  let height = 0;
  if (video) {
    width = Math.round(video.track_width || video.video?.width || 0);
    height = Math.round(video.track_height || video.video?.height || 0);
    if (!width || !height) throw mediaError(name, "the video track gives no size");
    // A matrix whose a and d are 0 rotates by 90° or 270°.
    const m = video.matrix as unknown as ArrayLike<number> | undefined;
    if (m && m[0] === 0 && m[4] === 0 && (m[1] !== 0 || m[3] !== 0)) {
      [width, height] = [height, width];
    }
  }
  return {
    kind: video ? "video" : "audio",
    format: ext,
    durationUs: secondsToUs(seconds),
    width,
    height,
    hasAudio,
    hasVideo: !!video,
  };
}

// ---------------------------------------------------------------------------------------------
// Audio files and Matroska/WebM: music-metadata, with a random-access file tokenizer.

/** music-metadata's track type numbers (Matroska's). */
const TRACK_VIDEO = 1;
const TRACK_AUDIO = 2;

/**
 * Probes an audio or Matroska/WebM file with music-metadata (the in-process audio readers must
 * give its answers; tests compare the two).
 */
export async function probeWithMusicMetadata(
  path: string,
  sniffed: SniffResult,
  name: string,
): Promise<MediaInfo> {
  const { parseFile } = await import("music-metadata");
  const options = { duration: false, skipCovers: true, skipPostHeaders: true, mkvUseIndex: true };
  let meta = await parseFile(path, options);
  if (!(meta.format.duration && meta.format.duration > 0)) {
    // No header states the duration (raw ADTS, VBR MP3 without a Xing header): count frames.
    meta = await parseFile(path, { ...options, duration: true });
  }
  const format = meta.format;
  const tracks = format.trackInfo ?? [];
  const video = tracks.find((t) => t.type === TRACK_VIDEO && t.video);
  const hasVideo = !!video || tracks.some((t) => t.type === TRACK_VIDEO) || !!format.hasVideo;
  const hasAudio = tracks.some((t) => t.type === TRACK_AUDIO) || !!format.hasAudio;
  const seconds = format.duration ?? 0;
  if (!(seconds > 0)) throw noDuration(name);
  if (!hasVideo && !hasAudio) throw mediaError(name, "the file has no audio or video track");

  let width = 0;
  let height = 0;
  if (hasVideo) {
    width = video?.video?.pixelWidth ?? 0;
    height = video?.video?.pixelHeight ?? 0;
    // Without a size in-process, let the caller fall back to ffprobe.
    if (!width || !height) throw mediaError(name, "the video track gives no size");
  }
  return {
    kind: hasVideo ? "video" : "audio",
    format: sniffed.ext,
    durationUs: secondsToUs(seconds),
    width,
    height,
    hasAudio,
    hasVideo,
  };
}
