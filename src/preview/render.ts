/**
 * `draftcli preview`: renders, from a draft alone, a proxy MP4, a contact sheet, a timeline SVG,
 * or one frame. Plans the render (plan.ts), marks missing media as labelled placeholders, writes
 * the captions' ASS file, runs ffmpeg (graph.ts) and reports what was approximated.
 */
import { basename, dirname, join } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import type { DraftContent } from "../draft/model.ts";
import { isFile } from "../files.ts";
import { decodes, type FfmpegInfo, runFfmpeg } from "./ffmpeg.ts";
import { planPreview, type RenderPlan } from "./plan.ts";
import { type ProxyFormat, proxyFormat, renderArgs, windowPlan } from "./graph.ts";
import { captionsAss, type PlaceholderLabel } from "./ass.ts";
import { stripFilters, timelineSvg } from "./timeline_svg.ts";

export { type CaptionFont, findCaptionFont } from "./preview_fonts.ts";
import { type CaptionFont, NO_CJK_FONT_WARNING } from "./preview_fonts.ts";
import { hasCjk } from "../easy/timing.ts";

/**
 * Frame numbers of the contact sheet's cells: one every `every` seconds from 0, and the last
 * frame of `durationUs` for the last cell (so no cell is left black).
 */
export function sheetFrames(durationUs: number, every: number, fps: number): number[] {
  const step = Math.max(0.1, every);
  const last = Math.max(0, Math.ceil((durationUs / 1e6) * fps) - 1);
  const count = Math.max(1, Math.ceil(durationUs / 1e6 / step));
  const frames = new Set<number>();
  for (let i = 0; i < count; i++) frames.add(Math.min(last, Math.round(i * step * fps)));
  frames.add(last);
  return [...frames].sort((a, b) => a - b);
}

/**
 * An ffmpeg `select` expression true for exactly the frames of `sheetFrames` (frame n at time
 * n / fps): n is the nearest tick's rounded frame, or the last frame. Its size does not grow with
 * the number of cells (ffmpeg's expression parser refuses a sum of hundreds of terms).
 */
export function sheetSelect(durationUs: number, every: number, fps: number): string {
  const step = Math.max(0.1, every);
  const last = Math.max(0, Math.ceil((durationUs / 1e6) * fps) - 1);
  const n = `round(t*${fps})`;
  return `eq(${n},round(round(${n}/${step * fps})*${step * fps}))+eq(${n},${last})`;
}

/** What a preview call asks for. */
export interface PreviewOptions {
  outDir: string;
  /** Short side of the proxy, pixels. */
  height: number;
  /** Contact sheet: one frame every this many seconds. */
  sheetEvery: number;
  /** Render only the frame at this time, µs. */
  at?: number;
  ffmpeg: FfmpegInfo;
  font: CaptionFont;
  timeoutMs: number;
  /** Progress for a human (stderr); called only for renders that run over a second. */
  progress?: (message: string) => void;
}

/** What a preview produced (absolute paths). */
export interface PreviewResult {
  video?: string;
  sheet?: string;
  timeline: string;
  frame?: string;
  /** Media that were missing or unreadable, drawn as placeholders. */
  placeholders: string[];
  approximated: string[];
  /** What the preview could not do right here (e.g. no CJK font), if anything. */
  warnings?: string[];
  seconds: number;
  size: { width: number; height: number; fps: number };
}

/** Media checked once per render: which visuals are placeholders, which sounds are silent. */
interface MediaState {
  /** Visual segment id → why it is a placeholder. */
  missing: Map<string, "missing" | "unreadable">;
  /** Audio segment ids left silent (missing, undecodable, or a video without sound). */
  silent: Set<string>;
  /** Files drawn as placeholders or left silent (videos without sound excluded). */
  names: string[];
}

/**
 * Media presence: placeholders for missing or undecodable visuals, silence for missing or
 * undecodable audio (also a video without sound). Each file is checked once.
 */
async function checkMedia(plan: RenderPlan, ffmpeg: string): Promise<MediaState> {
  const checked = new Map<string, Promise<"ok" | "missing" | "unreadable">>();
  const state = (file: string, stream: "v" | "a") => {
    const key = `${stream}:${file}`;
    if (!checked.has(key)) {
      checked.set(
        key,
        isFile(file).then(async (present) =>
          !present ? "missing" : (await decodes(ffmpeg, file, stream)) ? "ok" : "unreadable"
        ),
      );
    }
    return checked.get(key)!;
  };
  const media: MediaState = { missing: new Map(), silent: new Set(), names: [] };
  const visual = await Promise.all(plan.visuals.map((v) => state(v.file, "v")));
  plan.visuals.forEach((v, i) => {
    const why = visual[i];
    if (why === "ok") return;
    media.missing.set(v.segmentId, why);
    if (!media.names.includes(v.file)) media.names.push(v.file);
  });
  const audio = await Promise.all(plan.audios.map((a) => state(a.file, "a")));
  plan.audios.forEach((a, i) => {
    if (audio[i] === "ok") return;
    media.silent.add(a.segmentId);
    // A video without a sound track is not a placeholder; a missing or broken audio file is.
    const ofVideo = plan.visuals.some((v) => v.segmentId === a.segmentId);
    if (!ofVideo && !media.names.includes(a.file)) media.names.push(a.file);
  });
  return media;
}

/** The media state of a picture-only render from presence alone: a missing file is a placeholder. */
async function presentMedia(plan: RenderPlan): Promise<MediaState> {
  const media: MediaState = { missing: new Map(), silent: new Set(), names: [] };
  const present = await Promise.all(plan.visuals.map((v) => isFile(v.file)));
  plan.visuals.forEach((v, i) => {
    if (present[i]) return;
    media.missing.set(v.segmentId, "missing");
    if (!media.names.includes(v.file)) media.names.push(v.file);
  });
  return media;
}

function progressReporter(
  label: string,
  totalSeconds: number,
  report?: (m: string) => void,
): (seconds: number) => void {
  const began = Date.now();
  let last = 0;
  return (done) => {
    const now = Date.now();
    if (!report || now - began < 1000 || now - last < 1000) return;
    last = now;
    const pct = totalSeconds > 0 ? Math.min(100, Math.round((done / totalSeconds) * 100)) : 0;
    report(`preview: ${label} ${pct}% (${done.toFixed(1)} of ${totalSeconds.toFixed(1)} s)`);
  };
}

/** What one ffmpeg run of the composite draws or plays ("all": picture and sound). */
type Part = "frame" | "picture" | "sound" | "all";

/**
 * Renders one part of `plan` (a window of the timeline or all of it) with `outputArgs`;
 * `onProgress` gets seconds done within this part.
 */
async function composite(
  plan: RenderPlan,
  fmt: ProxyFormat,
  opts: PreviewOptions,
  scratch: string,
  media: MediaState,
  part: Part,
  outputArgs: string[],
  onProgress: (seconds: number) => void,
): Promise<void> {
  let assFile: string | undefined;
  const labels: PlaceholderLabel[] = plan.visuals.flatMap((v) => {
    const why = media.missing.get(v.segmentId);
    return why ? [{ text: `${why}: ${v.label}`, start: v.start, duration: v.duration }] : [];
  });
  if (part !== "sound" && (plan.captions.length > 0 || labels.length > 0)) {
    assFile = await Deno.makeTempFile({ dir: scratch, suffix: ".ass" });
    await Deno.writeTextFile(assFile, captionsAss(plan.captions, labels, fmt, opts.font.name));
  }
  const { args, video, audio } = renderArgs({
    plan,
    fmt,
    missing: new Set(media.missing.keys()),
    silent: media.silent,
    assFile,
    fontsDir: opts.font.file ? dirname(opts.font.file) : undefined,
    audio: part === "sound" || part === "all",
    video: part !== "sound",
  });
  const maps = [video, audio].flatMap((l) => (l ? ["-map", l] : []));
  await runFfmpeg(opts.ffmpeg.path, [...args, ...maps, ...outputArgs], {
    timeoutMs: opts.timeoutMs,
    onProgress,
  });
}

/**
 * Seconds of timeline per picture chunk: each chunk's graph holds only what it shows, which keeps
 * the inputs open at once (and memory) bounded on long timelines.
 */
const CHUNK_SECONDS = 30;

/** x264 for a proxy: speed over size (the proxy is looked at once, then thrown away). */
const PICTURE_CODEC = [
  "-c:v",
  "libx264",
  "-preset",
  "ultrafast",
  "-crf",
  "28",
  "-pix_fmt",
  "yuv420p",
];
const SOUND_CODEC = ["-c:a", "aac", "-b:a", "96k"];

/**
 * Keyframes at the contact sheet's frames (`picks`, frame numbers of the timeline) that fall in a
 * picture of `count` frames starting at frame `first`: the sheet then decodes only key frames
 * (`-skip_frame nokey`) instead of the whole proxy. ffmpeg forces the frame nearest each time.
 */
function sheetKeyframes(picks: number[], first: number, count: number, fps: number): string[] {
  const times = picks.filter((n) => n >= first && n < first + count)
    .map((n) => ((n - first) / fps).toFixed(6));
  return times.length ? ["-force_key_frames", times.join(",")] : [];
}

/** A concat-demuxer list line for `file` (single quotes escaped). */
function concatLine(file: string): string {
  return `file '${file.replace(/'/g, "'\\''")}'`;
}

/**
 * The proxy MP4. A timeline of one chunk (`CHUNK_SECONDS`, 30 s) is one ffmpeg run, picture and sound
 * together; a longer one renders its picture chunk by chunk, mixes the sound over the whole
 * timeline meanwhile, then joins both without re-encoding.
 */
async function proxyVideo(
  plan: RenderPlan,
  fmt: ProxyFormat,
  opts: PreviewOptions,
  scratch: string,
  media: MediaState,
  video: string,
): Promise<void> {
  const frameUs = 1e6 / fmt.fps;
  const totalFrames = Math.max(1, Math.round(Math.max(plan.duration, 1) / frameUs));
  const chunkFrames = Math.max(1, Math.round(CHUNK_SECONDS * fmt.fps));
  const totalSeconds = (totalFrames * frameUs) / 1e6;
  const report = progressReporter("video", totalSeconds, opts.progress);
  const whole = { ...plan, duration: totalSeconds * 1e6 };
  const picks = sheetFrames(plan.duration, opts.sheetEvery, fmt.fps);
  const frames = (n: number) => ["-frames:v", String(n), "-r", String(fmt.fps)];
  if (totalFrames <= chunkFrames) {
    await composite(whole, fmt, opts, scratch, media, "all", [
      ...frames(totalFrames),
      ...PICTURE_CODEC,
      ...sheetKeyframes(picks, 0, totalFrames, fmt.fps),
      ...SOUND_CODEC,
      "-t",
      String(totalSeconds),
      "-movflags",
      "+faststart",
      video,
    ], report);
    return;
  }
  const sound = join(scratch, "sound.m4a");
  const mixing = composite(whole, fmt, opts, scratch, media, "sound", [
    ...SOUND_CODEC,
    sound,
  ], () => {});
  const chunks: string[] = [];
  try {
    for (let first = 0; first < totalFrames; first += chunkFrames) {
      const count = Math.min(chunkFrames, totalFrames - first);
      const from = first * frameUs;
      const file = join(scratch, `chunk-${chunks.length}.mp4`);
      await composite(
        windowPlan(plan, from, count * frameUs),
        fmt,
        opts,
        scratch,
        media,
        "picture",
        [
          ...frames(count),
          ...PICTURE_CODEC,
          ...sheetKeyframes(picks, first, count, fmt.fps),
          file,
        ],
        (done) => report(from / 1e6 + done),
      );
      chunks.push(file);
    }
  } finally {
    // The mix runs beside the picture; its failure (or the picture's) is reported once it ends.
    await mixing.catch((e) => {
      if (chunks.length * chunkFrames >= totalFrames) throw e;
    });
  }
  const list = join(scratch, "chunks.txt");
  // The chunks sit beside the list, which names them relatively: the concat format cannot
  // quote a line break, and the caller's --out folder may hold one.
  await Deno.writeTextFile(list, chunks.map((c) => concatLine(basename(c))).join("\n") + "\n");
  await runFfmpeg(opts.ffmpeg.path, [
    "-f",
    "concat",
    "-safe",
    "0",
    "-i",
    list,
    "-i",
    sound,
    "-map",
    "0:v",
    "-map",
    "1:a",
    "-c",
    "copy",
    "-t",
    String(totalSeconds),
    "-movflags",
    "+faststart",
    video,
  ], { timeoutMs: opts.timeoutMs });
}

/** Renders the preview of the draft whose timeline is `content` in folder `draftDir`. */
export async function renderPreview(
  content: DraftContent,
  draftDir: string,
  opts: PreviewOptions,
): Promise<PreviewResult> {
  const began = performance.now();
  const plan = planPreview(content, draftDir);
  const fmt = proxyFormat(plan, opts.height);
  await Deno.mkdir(opts.outDir, { recursive: true });
  const scratch = await Deno.makeTempDir({ dir: opts.outDir, prefix: ".work-" });
  try {
    const timeline = join(opts.outDir, "timeline.svg");
    await Deno.writeTextFile(timeline, timelineSvg(plan));
    const result: PreviewResult = {
      timeline,
      placeholders: [],
      approximated: [...plan.approximated],
      seconds: 0,
      size: fmt,
    };
    // Only CJK text turns into boxes without a CJK font; Latin captions draw right anyway.
    if (opts.font.cjk === false && plan.captions.some((c) => hasCjk(c.text))) {
      result.warnings = [NO_CJK_FONT_WARNING];
    }
    if (plan.captions.some((c) => c.text !== "")) {
      result.approximated.push(
        `captions: font size, alignment and card shapes are approximated (font ${opts.font.name})`,
      );
    }
    if (opts.at !== undefined) {
      const frameLength = Math.ceil(1e6 / fmt.fps);
      const window = windowPlan(plan, opts.at, frameLength);
      const frame = join(opts.outDir, `frame-${opts.at}.png`);
      const draw = (media: MediaState) =>
        composite(window, fmt, opts, scratch, media, "frame", [
          "-frames:v",
          "1",
          frame,
        ], progressReporter("frame", frameLength / 1e6, opts.progress));
      // One frame is drawn straight away with the files that are there; only when ffmpeg cannot
      // draw it are the files tried one by one (an undecodable one becomes a placeholder).
      let media = await presentMedia(window);
      try {
        await draw(media);
      } catch (err) {
        if (!(err instanceof DraftcliError)) throw err;
        media = await checkMedia(window, opts.ffmpeg.path);
        await draw(media);
      }
      result.placeholders = media.names;
      result.frame = frame;
    } else {
      const media = await checkMedia(plan, opts.ffmpeg.path);
      const video = join(opts.outDir, "preview.mp4");
      await proxyVideo(plan, fmt, opts, scratch, media, video);
      result.placeholders = media.names;
      result.video = video;
      result.sheet = await contactSheet(plan, fmt, video, opts);
    }
    result.seconds = Math.round((performance.now() - began) / 10) / 100;
    return result;
  } finally {
    await Deno.remove(scratch, { recursive: true }).catch(() => {});
  }
}

/**
 * The contact sheet: a frame every `sheetEvery` seconds (the last cell the draft's last frame),
 * each stamped with its time, the tracks strip beneath. Frames are picked by number, so every
 * cell holds a frame.
 */
async function contactSheet(
  plan: RenderPlan,
  fmt: ProxyFormat,
  video: string,
  opts: PreviewOptions,
): Promise<string> {
  const picks = sheetFrames(plan.duration, opts.sheetEvery, fmt.fps);
  const cols = Math.min(4, picks.length);
  const rows = Math.ceil(picks.length / cols);
  const tileW = 320;
  const tileH = Math.max(2, Math.round((tileW * fmt.height) / fmt.width / 2) * 2);
  const width = cols * tileW;
  const rowH = 14;
  const stripH = Math.max(rowH, plan.tracks.length * rowH);
  const labelFont = opts.font.labelFile ?? opts.font.file;
  const stamp = labelFont
    ? `,drawtext=fontfile='${labelFont.replace(/[\\':]/g, (c) => `\\${c}`)}':` +
      `text='%{pts\\:hms}':x=4:y=4:fontsize=14:fontcolor=white:box=1:boxcolor=black@0.6`
    : "";
  const strip = [`color=c=0x1e1e1e:s=${width}x${stripH}:d=1`, ...stripFilters(plan, width, rowH)];
  const sheet = join(opts.outDir, "sheet.png");
  // Only key frames are decoded, so frames are picked by time, not by their count.
  const select = sheetSelect(plan.duration, opts.sheetEvery, fmt.fps);
  await runFfmpeg(opts.ffmpeg.path, [
    // The proxy has a keyframe at each of the sheet's times (see `sheetKeyframes`).
    "-skip_frame",
    "nokey",
    "-i",
    video,
    "-filter_complex",
    `[0:v]select='${select}',scale=${tileW}:${tileH}${stamp},tile=${cols}x${rows}[t];` +
    `${strip.join(",")}[s];[t][s]vstack[out]`,
    "-map",
    "[out]",
    "-frames:v",
    "1",
    sheet,
  ], { timeoutMs: opts.timeoutMs });
  return sheet;
}
