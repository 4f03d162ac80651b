/**
 * Timing for `draft easy`: captions without times spread over the audio by how long they take
 * to say, long captions split to fit the canvas, images spread evenly, and a video trimmed or
 * looped to cover the audio. All times are integer µs on the fps frame grid.
 *
 * Two simple text measures, both in "units" of one Latin letter:
 * - speech (timing): a CJK character (Han, kana, Hangul) = 3 units — Mandarin is spoken at
 *   ~4–5 characters/s and English at ~12–15 letters/s, so one character takes about as long
 *   as three letters; letters and digits = 1; whitespace = 0.2; punctuation = 0.5.
 *   Within one language only the proportions matter; the ratio matters for mixed lines.
 * - display (line width): a CJK or full-width character = 2 units (one em), anything else = 1
 *   (half an em, an average Latin glyph).
 */
import { fontEmPixels } from "../draft/font_size.ts";
import { DraftcliError } from "../errors.ts";
import { SECOND, type TimeRange, toFrameGrid } from "../draft/time.ts";
import { MAX_LOOP_PASSES } from "../draft/fit_modes.ts";

/** A time span `[start, end)` in µs. */
export interface Span {
  start: number;
  end: number;
}

/** A caption with its span. */
export interface TimedText extends Span {
  text: string;
}

const CJK =
  /[\u1100-\u11ff\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]|[\u{20000}-\u{3134f}]/u;
const FULLWIDTH = /[\u3000-\u303f\uff00-\uffef]/;
const LETTER = /[\p{L}\p{N}]/u;

/** How long a text takes to say, in Latin-letter units (see the module doc). */
export function speechUnits(text: string): number {
  let n = 0;
  for (const ch of text) {
    if (CJK.test(ch)) n += 3;
    else if (LETTER.test(ch)) n += 1;
    else if (/\s/.test(ch)) n += 0.2;
    else n += 0.5;
  }
  return n;
}

/** How wide a text is on one line, in half-em units (CJK and full-width = 2, others = 1). */
export function displayUnits(text: string): number {
  let n = 0;
  for (const ch of text) n += CJK.test(ch) || FULLWIDTH.test(ch) ? 2 : 1;
  return n;
}

/**
 * Display units that fit on one caption line. Model: the editor's font size as
 * src/draft/font_size.ts reads it (size 8 on a 1080-px side ≈ 86-px glyphs), a half-em unit is half
 * that, and a line may use 90 % of the canvas width. Without `canvasHeight` the width stands
 * in for the shorter side (conservative on landscape canvases). Never below 4.
 */
export function maxUnitsFor(canvasWidth: number, fontSize: number, canvasHeight?: number): number {
  if (!(canvasWidth > 0) || !(fontSize > 0)) {
    throw new DraftcliError("invalid_input", "canvas width and font size must be positive", {
      path: "fontSize",
    });
  }
  const em = fontEmPixels(fontSize, canvasWidth, canvasHeight ?? canvasWidth);
  return Math.max(4, Math.floor((0.9 * canvasWidth) / (em / 2)));
}

function frameUs(fps: number): number {
  if (!(fps > 0)) throw new DraftcliError("invalid_input", `fps must be positive, got ${fps}`);
  return SECOND / fps;
}

/**
 * Splits `[0, totalUs)` into contiguous spans proportional to `weights` (each > 0): starts on
 * the frame grid, every span at least one whole frame, the last ending exactly at `totalUs`.
 */
function allocate(weights: number[], totalUs: number, fps: number, what: string): Span[] {
  const frame = frameUs(fps);
  const n = weights.length;
  if (!n) throw new DraftcliError("invalid_input", `no ${what} to place`);
  if (!(totalUs > 0)) {
    throw new DraftcliError("invalid_input", `the total duration must be positive, got ${totalUs}`);
  }
  const frames = Math.floor(totalUs / frame + 1e-9);
  if (frames < n) {
    throw new DraftcliError(
      "invalid_input",
      `${n} ${what} need at least ${n} frames but ${totalUs} µs holds ${frames} at ${fps} fps`,
      { hint: `use fewer ${what} or longer audio` },
    );
  }
  const total = weights.reduce((a, b) => a + b, 0);
  const spare = frames - n;
  const bounds = [0];
  let cum = 0;
  for (let k = 1; k <= n; k++) {
    cum += weights[k - 1];
    bounds.push(k === n ? frames : k + Math.round((spare * cum) / total));
  }
  return weights.map((_, i) => ({
    start: toFrameGrid(bounds[i] * frame, fps),
    end: i === n - 1 ? totalUs : toFrameGrid(bounds[i + 1] * frame, fps),
  }));
}

/**
 * Times text-only captions across `totalUs` in proportion to their speech length: contiguous,
 * covering [0, totalUs), starts on the frame grid, each at least one frame. Empty or blank
 * texts, and a total shorter than one frame per caption, are `invalid_input`.
 */
export function timeCaptionsByLength(
  texts: string[],
  totalUs: number,
  opts: { fps: number },
): TimedText[] {
  texts.forEach((t, i) => {
    if (!t.trim()) {
      throw new DraftcliError("invalid_input", `captions[${i}] is empty`, {
        hint: "remove empty captions",
        path: `captions[${i}]`,
      });
    }
  });
  const spans = allocate(
    texts.map((t) => Math.max(speechUnits(t.trim()), 0.5)),
    totalUs,
    opts.fps,
    "captions",
  );
  return spans.map((s, i) => ({ text: texts[i], ...s }));
}

/** `n` contiguous, equal (to the frame) spans covering `[0, totalUs)`, e.g. for images. */
export function spreadEvenly(n: number, totalUs: number, fps: number): Span[] {
  if (!Number.isInteger(n) || n < 1) {
    throw new DraftcliError("invalid_input", `need at least one item to spread, got ${n}`);
  }
  return allocate(new Array(n).fill(1), totalUs, fps, "items");
}

/** After a run of sentence ends (and closing quotes); Latin `.` only before a space. */
const STRONG = /(?<=[。！？!?…]+[”’」』）)"']*)(?![。！？!?…”’」』）)"'])|(?<=\.[”’)"']*)(?=\s)/u;
/** After clause marks; Latin `,` and `:` only before a space. */
const WEAK = /(?<=[；;，、：])(?![；;，、：])|(?<=[,:])(?=\s)/u;

function splitBy(text: string, level: number, maxUnits: number): string[] {
  if (level === 0) return text.split(STRONG);
  if (level === 1) return text.split(WEAK);
  if (level === 2) return text.split(/(?<=\s)/);
  // Last resort: cut by width, one character at a time.
  const out: string[] = [];
  let cur = "";
  for (const ch of text) {
    if (cur && displayUnits(cur + ch) > maxUnits) {
      out.push(cur);
      cur = "";
    }
    cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

function pack(pieces: string[], maxUnits: number): string[] {
  const out: string[] = [];
  for (const p of pieces) {
    const last = out.at(-1);
    if (last !== undefined && displayUnits((last + p).trim()) <= maxUnits) {
      out[out.length - 1] = last + p;
    } else out.push(p);
  }
  return out;
}

function split(text: string, level: number, maxUnits: number): string[] {
  if (displayUnits(text.trim()) <= maxUnits || level > 3) return [text];
  const pieces = splitBy(text, level, maxUnits).filter((p) => p !== "");
  return pack(pieces.flatMap((p) => split(p, level + 1, maxUnits)), maxUnits);
}

/**
 * Splits a caption too wide for one line into pieces of at most `maxUnits` display units:
 * first after sentence ends (。！？.!?…), then after clause marks (；;，,、：:), then at spaces,
 * and only then inside a run of characters. Neighbouring short pieces are joined again.
 * Latin `.`/`,` split only before a space, so 3.14 and 1,000 stay whole.
 */
export function splitLongCaption(text: string, maxUnits: number): string[] {
  if (!(maxUnits >= 1)) {
    throw new DraftcliError("invalid_input", `maxUnits must be at least 1, got ${maxUnits}`);
  }
  if (!text.trim()) throw new DraftcliError("invalid_input", "the caption is empty");
  return split(text.trim(), 0, maxUnits).map((p) => p.trim()).filter(Boolean);
}

/** One segment of a fitted video: where it sits on the timeline and what part of the file. */
export interface VideoPiece {
  target: TimeRange;
  source: TimeRange;
}

/**
 * Covers `[0, totalUs)` with a video of `videoUs`: one trimmed segment when the video is long
 * enough, else k back-to-back loops with the last one trimmed. With `fps`, each loop lasts the
 * video's length rounded down to whole frames, so starts sit on the grid and no piece asks for
 * more than the file holds.
 */
export function fitVideo(videoUs: number, totalUs: number, fps?: number): VideoPiece[] {
  if (!(videoUs > 0) || !(totalUs > 0)) {
    throw new DraftcliError("invalid_input", "video and total durations must be positive");
  }
  let loop = videoUs;
  if (fps !== undefined) {
    const frame = frameUs(fps);
    const frames = Math.floor(videoUs / frame + 1e-9);
    if (frames < 1) {
      throw new DraftcliError(
        "invalid_input",
        `the video (${videoUs} µs) is shorter than one frame`,
      );
    }
    loop = frames * frame;
  }
  const passes = Math.ceil(totalUs / loop);
  if (passes > MAX_LOOP_PASSES) {
    throw new DraftcliError(
      "media_error",
      `the video (${videoUs} µs) would repeat ${passes} times to fill ${totalUs} µs; at most ` +
        `${MAX_LOOP_PASSES} repeats are made`,
      { hint: "use a longer video or a shorter audio", path: "videoUrl" },
    );
  }
  const out: VideoPiece[] = [];
  for (let k = 0;; k++) {
    const start = Math.round(k * loop);
    if (start >= totalUs) break;
    const end = Math.min(Math.round((k + 1) * loop), totalUs);
    out.push({
      target: { start, duration: end - start },
      source: { start: 0, duration: end - start },
    });
  }
  return out;
}
