/**
 * SubRip (.srt) parsing for `draft easy`: tolerant of a BOM, CRLF/CR line ends, missing index
 * lines, `,` or `.` before the milliseconds, hours left out, a missing blank line between
 * cues, and multi-line text. Anything else is an error that names the line.
 */
import { DraftcliError } from "../errors.ts";

/** One cue: times in integer µs, text lines joined with "\n". */
export interface SrtCue {
  /** The cue's number as written, or its position (1-based) when the file has none. */
  index: number;
  start: number;
  end: number;
  text: string;
}

const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?`;
const RANGE = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s.*)?$`);

function us(h: string | undefined, m: string, s: string, frac: string | undefined): number {
  const ms = frac ? Number(frac.padEnd(3, "0")) : 0;
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1_000_000 + ms * 1000;
}

function fail(line: number, message: string): DraftcliError {
  return new DraftcliError("invalid_input", `SRT line ${line}: ${message}`, {
    hint: "each cue is: an optional number, a line like 00:00:01,000 --> 00:00:03,500, then text",
    path: "srt",
  });
}

/** Parses the time line, or returns undefined when the line is not one. */
function timeLine(text: string, line: number): { start: number; end: number } | undefined {
  const m = RANGE.exec(text);
  if (!m) return undefined;
  if (Number(m[2]) > 59 || Number(m[3]) > 59 || Number(m[6]) > 59 || Number(m[7]) > 59) {
    throw fail(line, `minutes and seconds must be below 60 in '${text.trim()}'`);
  }
  const start = us(m[1], m[2], m[3], m[4]);
  const end = us(m[5], m[6], m[7], m[8]);
  if (end <= start) {
    throw fail(line, `the cue ends (${m[0].split("-->")[1].trim()}) before it starts`);
  }
  return { start, end };
}

/**
 * Parses SRT text into cues (µs). Cues with no text are dropped. Errors (`invalid_input`, with
 * the 1-based line number): a block that does not start with a time line, a bad time, an end
 * not after its start, or a file with no cues.
 */
export function parseSrt(text: string): SrtCue[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const cues: SrtCue[] = [];
  let i = 0;
  let position = 0;
  while (i < lines.length) {
    if (lines[i].trim() === "") {
      i++;
      continue;
    }
    let index: number | undefined;
    let times = timeLine(lines[i], i + 1);
    if (!times && /^\s*\d+\s*$/.test(lines[i])) {
      index = Number(lines[i].trim());
      i++;
      if (i >= lines.length || lines[i].trim() === "") {
        throw fail(i + 1, `cue ${index} has no time line`);
      }
      times = timeLine(lines[i], i + 1);
    }
    if (!times) {
      throw fail(
        i + 1,
        `expected a time line like 00:00:01,000 --> 00:00:02,000, got '${
          lines[i].trim().slice(0, 60)
        }'`,
      );
    }
    i++;
    const body: string[] = [];
    while (i < lines.length && lines[i].trim() !== "") {
      // A missing blank line: the next cue's time line (perhaps after its number) starts here.
      if (RANGE.test(lines[i])) break;
      if (/^\s*\d+\s*$/.test(lines[i]) && i + 1 < lines.length && RANGE.test(lines[i + 1])) break;
      body.push(lines[i].trim());
      i++;
    }
    position++;
    const joined = body.join("\n").trim();
    if (joined) cues.push({ index: index ?? position, ...times, text: joined });
  }
  if (!cues.length) {
    throw new DraftcliError("invalid_input", "the SRT text has no captions", {
      hint: "an SRT cue looks like: 1 / 00:00:01,000 --> 00:00:03,000 / Hello",
      path: "srt",
    });
  }
  return cues;
}
