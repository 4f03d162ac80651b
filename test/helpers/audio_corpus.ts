/**
 * A corpus of audio files made by ffmpeg at test time (MP3, WAV, FLAC, Ogg Vorbis/Opus across
 * sample rates, channel counts, lengths, encoder modes and tags), for the tests that check the
 * in-process audio readers against music-metadata. Tests using it are skipped without ffmpeg.
 */
import { readAtSync } from "../../src/files.ts";
import { FileWindow } from "../../src/media/file_window.ts";
import { flacSeconds } from "../../src/media/flac.ts";
import { mp3Seconds } from "../../src/media/mp3.ts";
import { oggSeconds } from "../../src/media/ogg.ts";
import { sniff, SNIFF_BYTES, type SniffResult } from "../../src/media/sniff.ts";
import { wavSeconds } from "../../src/media/wav.ts";

/** Is an ffmpeg with the encoders the corpus needs on the PATH? */
export const hasCorpusFfmpeg: boolean = (() => {
  try {
    const out = new Deno.Command("ffmpeg", {
      args: ["-hide_banner", "-encoders"],
      stdout: "piped",
      stderr: "null",
    }).outputSync();
    const list = new TextDecoder().decode(out.stdout);
    return out.success &&
      ["libmp3lame", "libvorbis", "libopus", "flac"].every((e) => list.includes(` ${e} `));
  } catch {
    return false;
  }
})();

/** One corpus file: its name and the ffmpeg arguments after the input that make it. */
export interface CorpusFile {
  name: string;
  /** The source: a lavfi graph ("sine=…", "anoisesrc=…"). */
  source: string;
  args: string[];
  /** Add the cover picture as a second input (an attached picture). */
  cover?: boolean;
}

const RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];
const LENGTHS = [0.1, 1, 7.3, 31];

function source(kind: "sine" | "noise", rate: number, seconds: number): string {
  return kind === "sine"
    ? `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`
    : `anoisesrc=d=${seconds}:r=${rate}:a=0.3:seed=${rate}`;
}

/** The corpus: about 120 files, most under a second of encoding each. */
export function corpusFiles(): CorpusFile[] {
  const files: CorpusFile[] = [];
  const add = (name: string, src: string, args: string[], cover = false) =>
    files.push({ name, source: src, args, cover });
  RATES.forEach((rate, i) => {
    const len = LENGTHS[i % LENGTHS.length];
    const ch = String(1 + (i % 2));
    const kbps = rate <= 12000 ? 32 : rate <= 24000 ? 64 : 128;
    const mp3 = ["-c:a", "libmp3lame", "-ac", ch];
    add(`cbr-${rate}.mp3`, source("sine", rate, len), [...mp3, "-b:a", `${kbps}k`]);
    add(`vbr-${rate}.mp3`, source("noise", rate, len), [...mp3, "-q:a", String(i % 10)]);
    add(`cbr-noxing-${rate}.mp3`, source("sine", rate, len), [
      ...mp3,
      "-b:a",
      `${kbps / 2}k`,
      "-write_xing",
      "0",
    ]);
    add(`vbr-noxing-${rate}.mp3`, source("noise", rate, LENGTHS[(i + 1) % 4]), [
      ...mp3,
      "-q:a",
      String(9 - (i % 10)),
      "-write_xing",
      "0",
    ]);
    add(`id3v1-${rate}.mp3`, source("sine", rate, 2), [
      ...mp3,
      "-b:a",
      `${kbps}k`,
      "-write_id3v1",
      "1",
      "-metadata",
      "title=corpus",
    ]);
    for (const codec of ["pcm_u8", "pcm_s16le", "pcm_s24le", "pcm_s32le", "pcm_f32le"]) {
      add(`${codec}-${rate}.wav`, source("sine", rate, LENGTHS[(i + codec.length) % 4]), [
        "-c:a",
        codec,
        "-ac",
        ch,
      ]);
    }
    add(`alaw-${rate}.wav`, source("sine", rate, len), ["-c:a", "pcm_alaw", "-ac", ch]);
    add(`flac-${rate}.flac`, source("noise", rate, len), [
      "-c:a",
      "flac",
      "-ac",
      ch,
      "-compression_level",
      String(i % 9),
    ]);
    add(`vorbis-${rate}.ogg`, source("noise", rate, len), [
      "-c:a",
      "libvorbis",
      "-ac",
      ch,
      "-q:a",
      String(i % 11),
    ]);
    if ([8000, 12000, 16000, 24000, 48000].includes(rate)) {
      add(`opus-${rate}.ogg`, source("noise", rate, len), [
        "-c:a",
        "libopus",
        "-ac",
        ch,
        "-b:a",
        `${kbps}k`,
      ]);
    }
  });
  // Tags, pictures, layouts and long files.
  add("cover.mp3", source("sine", 44100, 3), ["-c:a", "libmp3lame", "-b:a", "128k"], true);
  add("cover-noxing.mp3", source("sine", 44100, 3), [
    "-c:a",
    "libmp3lame",
    "-b:a",
    "96k",
    "-write_xing",
    "0",
  ], true);
  add("cover-id3v23.mp3", source("noise", 22050, 2), [
    "-c:a",
    "libmp3lame",
    "-q:a",
    "4",
    "-id3v2_version",
    "3",
    "-write_id3v1",
    "1",
    "-metadata",
    "artist=corpus",
  ], true);
  add("cover-id3v1-noxing.mp3", source("sine", 44100, 3), [
    "-c:a",
    "libmp3lame",
    "-b:a",
    "96k",
    "-write_xing",
    "0",
    "-write_id3v1",
    "1",
    "-metadata",
    "title=corpus",
  ], true);
  add("bare-id3v1-noxing.mp3", source("sine", 32000, 5), [
    "-c:a",
    "libmp3lame",
    "-b:a",
    "80k",
    "-id3v2_version",
    "0",
    "-write_id3v1",
    "1",
    "-write_xing",
    "0",
    "-metadata",
    "album=corpus",
  ]);
  add("bare-noxing.mp3", source("noise", 16000, 4), [
    "-c:a",
    "libmp3lame",
    "-q:a",
    "7",
    "-id3v2_version",
    "0",
    "-write_xing",
    "0",
  ]);
  add("long-cbr.mp3", source("sine", 22050, 600), ["-c:a", "libmp3lame", "-b:a", "32k"]);
  add("long-vbr-noxing.mp3", source("noise", 8000, 600), [
    "-c:a",
    "libmp3lame",
    "-q:a",
    "9",
    "-write_xing",
    "0",
  ]);
  add("long.wav", source("sine", 8000, 600), ["-c:a", "pcm_u8"]);
  add("long.flac", source("sine", 16000, 600), ["-c:a", "flac"]);
  add("long-vorbis.ogg", source("sine", 22050, 600), ["-c:a", "libvorbis", "-q:a", "0"]);
  add("long-opus.ogg", source("sine", 48000, 600), ["-c:a", "libopus", "-b:a", "16k"]);
  add("six-channel.wav", source("sine", 48000, 1.5), ["-c:a", "pcm_s16le", "-ac", "6"]);
  add("float64.wav", source("sine", 44100, 1.2), ["-c:a", "pcm_f64le"]);
  add("bitexact.wav", source("sine", 22050, 0.7), ["-c:a", "pcm_s16le", "-fflags", "+bitexact"]);
  add("rf64.wav", source("sine", 16000, 1), ["-c:a", "pcm_s16le", "-rf64", "always"]);
  add("cover.flac", source("noise", 44100, 2), ["-c:a", "flac"], true);
  add("short-vorbis.ogg", source("sine", 48000, 0.05), ["-c:a", "libvorbis"]);
  add("short-opus.ogg", source("sine", 48000, 0.05), ["-c:a", "libopus"]);
  add("opus-from-44100.ogg", source("sine", 44100, 3.3), ["-c:a", "libopus", "-ar", "48000"]);
  return files;
}

/** The in-process reader of each format. */
const READERS: Record<string, (src: FileWindow) => number | undefined> = {
  mp3: mp3Seconds,
  wav: wavSeconds,
  flac: flacSeconds,
  ogg: oggSeconds,
};

/**
 * What the in-process reader of the file's sniffed format says (seconds, or undefined when it
 * leaves the file to music-metadata), and the sniffed type for music-metadata's probe.
 */
export function readerSeconds(path: string): { seconds?: number; sniffed: SniffResult } {
  using file = Deno.openSync(path, { read: true });
  const size = file.statSync().size;
  const head = readAtSync(file, 0, SNIFF_BYTES);
  const sniffed = sniff(head);
  if (!sniffed) throw new Error(`${path}: not sniffed as media`);
  const reader = READERS[sniffed.ext];
  if (!reader) throw new Error(`${path}: no in-process reader for ${sniffed.ext}`);
  return { seconds: reader(new FileWindow(file, size, head)), sniffed };
}

/** Makes every corpus file in `dir` (two ffmpeg runs at a time); returns their paths. */
export async function makeCorpus(dir: string, files = corpusFiles()): Promise<string[]> {
  const cover = `${dir}/cover.png`;
  await ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1", cover]);
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const inputs = ["-f", "lavfi", "-i", f.source];
      const picture = f.cover
        ? ["-i", cover, "-map", "0", "-map", "1", "-c:v", "copy", "-disposition:v", "attached_pic"]
        : [];
      await ffmpeg([...inputs, ...picture, ...f.args, `${dir}/${f.name}`]);
    }
  };
  await Promise.all([worker(), worker()]);
  const paths = files.map((f) => `${dir}/${f.name}`);
  // ffmpeg writes no SEEKTABLE: one FLAC gets a three-point table after its STREAMINFO.
  const flac = paths.find((p) => p.endsWith(".flac"));
  if (flac) {
    const bytes = await Deno.readFile(flac);
    const at = 4 + 4 + 34;
    const table = new Uint8Array(4 + 3 * 18);
    table.set([3, 0, 0, 3 * 18]);
    for (let i = 0; i < 3; i++) table.set([0, 0, 0, 0, 0, 0, 0, i * 16], 4 + i * 18);
    await Deno.writeFile(
      `${dir}/seektable.flac`,
      new Uint8Array([
        ...bytes.subarray(0, at),
        ...table,
        ...bytes.subarray(at),
      ]),
    );
    paths.push(`${dir}/seektable.flac`);
  }
  return paths;
}

async function ffmpeg(args: string[]): Promise<void> {
  const out = await new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-loglevel", "error", "-y", ...args],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`ffmpeg ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}
