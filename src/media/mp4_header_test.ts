/**
 * The in-process movie-header reader (mp4_header.ts) against mp4box, the reader it spares: on
 * every file it answers for, what the probe reads (durations, timescales, track kinds, sizes,
 * matrices) and the probe's result must be those of mp4box. Real files come from ffmpeg (skipped
 * without it) and the fixtures; hand-made boxes cover versions and cases ffmpeg does not write,
 * and hostile headers.
 */
import {
  assertEquals,
  assertRejectsCode,
  assertTrue,
  EXPECTED,
  FIXTURES,
} from "../../test/helpers/media_testing.ts";
import { ffmpeg, ffmpegEncoders, hasFfmpeg } from "../../test/helpers/ffmpeg_run.ts";
import { oncePerFile, withTempDir } from "../../test/helpers/temp.ts";
import { prng } from "../../test/helpers/prng.ts";
import {
  AUDIO_ENTRIES,
  MAX_MOOV_BYTES,
  type MovieFacts,
  OTHER_ENTRIES,
  readMovieHeader,
  VISUAL_ENTRIES,
} from "./mp4_header.ts";
import { movieInfo, probeFile, readMovieWithMp4box } from "./probe.ts";
import { DraftcliError } from "../errors.ts";

/** What the probe reads of a movie, in a form to compare. */
function readFields(m: MovieFacts) {
  const movieSeconds = m.timescale > 0 && m.duration > 0;
  return {
    duration: m.duration,
    timescale: m.timescale,
    // Read only when the movie header gives no duration (the only time the probe uses it).
    fragment: movieSeconds ? undefined : m.fragment_duration,
    tracks: m.tracks.map((t) => [t.duration, t.timescale]),
    video: m.videoTracks.map((v) => ({
      track: [v.track_width, v.track_height],
      entry: v.video ? [v.video.width, v.video.height] : undefined,
      matrix: Array.from(v.matrix),
    })),
    audio: m.audioTracks.length,
  };
}

/** The probe's answer for a movie, or its error message. */
function outcome(m: MovieFacts, ext: string): unknown {
  try {
    return movieInfo(m, ext, "f");
  } catch (err) {
    return (err as Error).message;
  }
}

/** Both readers on `path`: the header reader's facts (or null) and mp4box's (or its error). */
async function bothReaders(path: string) {
  using file = Deno.openSync(path);
  const size = file.statSync().size;
  const leading = await Deno.readFile(path).then((b) => b.subarray(0, 4096));
  const fast = await readMovieHeader(file, size, leading);
  let slow: MovieFacts | Error;
  try {
    slow = await readMovieWithMp4box(file, size, "f");
  } catch (err) {
    slow = err as Error;
  }
  return { fast, slow };
}

/**
 * Checks the header reader on `path`: it answers when `certain` (null otherwise), and what it
 * answers equals mp4box's reading field for field, and `probeFile` gives mp4box's answer.
 */
async function checkAgainstMp4box(path: string, ext: string, certain: boolean): Promise<void> {
  const { fast, slow } = await bothReaders(path);
  assertEquals(fast !== null, certain, `${path}: the header reader answers: ${certain}`);
  if (fast) {
    assertTrue(!(slow instanceof Error), `mp4box reads it too (${slow})`);
    assertEquals(readFields(fast), readFields(slow as MovieFacts), path);
    assertEquals(outcome(fast, ext), outcome(slow as MovieFacts, ext), path);
  }
  // Through the whole probe (ffprobe off): mp4box's answer, or its error.
  let probed: unknown;
  try {
    probed = await probeFile(path, { ffprobe: false, name: "f" });
  } catch (err) {
    if (!(err instanceof DraftcliError)) throw err;
    assertEquals(err.code, "media_error");
    probed = err.message;
  }
  if (slow instanceof DraftcliError) assertEquals(probed, slow.message, `${path}: probe error`);
  else if (slow instanceof Error) {
    assertTrue(typeof probed === "string", "mp4box failed: so does the probe");
  } else assertEquals(probed, outcome(slow, ext), `${path}: probe result`);
}

Deno.test("mp4 header: the sample-entry classes are mp4box's", async () => {
  const mp4box = await import("mp4box");
  const registry = (mp4box.BoxParser as unknown as {
    sampleEntry: Record<string, { prototype: object }>;
  }).sampleEntry;
  const [visual, audio, other]: string[][] = [[], [], []];
  for (const [type, entry] of Object.entries(registry)) {
    if (entry.prototype instanceof mp4box.VisualSampleEntry) visual.push(type);
    else if (entry.prototype instanceof mp4box.AudioSampleEntry) audio.push(type);
    else other.push(type);
  }
  assertEquals([...VISUAL_ENTRIES].sort(), visual.sort());
  assertEquals([...AUDIO_ENTRIES].sort(), audio.sort());
  assertEquals([...OTHER_ENTRIES].sort(), other.sort());
});

Deno.test("mp4 header: the fixtures read as with mp4box, without it", async () => {
  const names = Object.keys(EXPECTED).filter((n) => /\.(mp4|mov|m4a)$/.test(n));
  assertEquals(names.length, 5);
  for (const name of names) {
    await checkAgainstMp4box(FIXTURES + name, name.split(".").pop()!, true);
  }
});

Deno.test("mp4 header: the reader loads no npm package (mp4box only on a fallback)", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", new URL("./mp4_header.ts", import.meta.url).href],
    stdout: "piped",
  }).output();
  const { modules } = JSON.parse(new TextDecoder().decode(out.stdout));
  const specifiers: string[] = modules.map((m: { specifier: string }) => m.specifier);
  assertTrue(specifiers.some((s) => s.endsWith("/mp4_header.ts")), "deno info lists the reader");
  assertEquals(specifiers.filter((s) => s.startsWith("npm:")), []);
});

// ---------------------------------------------------------------------------------------------
// A corpus made by ffmpeg: codecs, containers, rotation, fragments, timescales.

const VIDEO = (seconds = 1, rate = 25) => [
  "-f",
  "lavfi",
  "-i",
  `testsrc=size=64x36:rate=${rate}:duration=${seconds}`,
];
const SOUND = (seconds = 1, rate = 44100) => [
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`,
];
const X264 = ["-c:v", "libx264", "-preset", "ultrafast"];
/** Marks the corpus file a case copies its streams from. */
const SOURCE = "corpus:";
/** Arguments copying the streams of corpus file `name` (made first). */
const FROM = (name: string) => ["-i", SOURCE + name, "-c", "copy"];

/** name → ffmpeg arguments before the output, and whether the header reader answers. */
const CORPUS: [string, string[], boolean][] = [
  ["h264_aac.mp4", [...VIDEO(), ...SOUND(), ...X264, "-c:a", "aac"], true],
  [
    "faststart.mp4",
    [...VIDEO(), ...SOUND(), ...X264, "-c:a", "aac", "-movflags", "+faststart"],
    true,
  ],
  ["hevc_hvc1.mp4", [
    ...VIDEO(),
    "-c:v",
    "libx265",
    "-tag:v",
    "hvc1",
    "-x265-params",
    "log-level=none",
  ], true],
  ["hevc_hev1.mp4", [...VIDEO(), "-c:v", "libx265", "-x265-params", "log-level=none"], true],
  ["mpeg4.mp4", [...VIDEO(), ...SOUND(), "-c:v", "mpeg4", "-c:a", "aac"], true],
  ["vp9.mp4", [...VIDEO(), "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"], true],
  ["av1.mp4", [...VIDEO(), "-c:v", "libaom-av1", "-cpu-used", "8", "-row-mt", "1"], true],
  ["aac.m4a", [...SOUND(2), "-c:a", "aac"], true],
  ["aac_22050.m4a", [...SOUND(1.5, 22050), "-c:a", "aac"], true],
  ["mp3.mp4", [...SOUND(), "-c:a", "libmp3lame"], true],
  ["ac3.mp4", [...SOUND(), "-c:a", "ac3"], true],
  ["opus.mp4", [...SOUND(), "-c:a", "libopus", "-strict", "-2"], true],
  ["flac.mp4", [...SOUND(), "-c:a", "flac", "-strict", "-2"], true],
  // ALAC and PCM have no class in mp4box: it finds no sound, and ffprobe is asked.
  ["alac.m4a", [...SOUND(), "-c:a", "alac"], false],
  ["pcm.mov", [...VIDEO(), ...SOUND(), ...X264, "-c:a", "pcm_s16le"], false],
  ["mjpeg.mov", [...VIDEO(), "-c:v", "mjpeg"], false],
  ["h264_aac.mov", [...VIDEO(), ...SOUND(), ...X264, "-c:a", "aac"], true],
  ["timecode.mov", [...VIDEO(), ...X264, "-timecode", "01:00:00:00"], true],
  // ffmpeg 5 writes a rotation matrix from `rotate` when it copies the stream, not when it encodes.
  ["rotate90.mp4", [...FROM("h264_aac.mp4"), "-metadata:s:v:0", "rotate=90"], true],
  ["rotate270.mov", [...FROM("h264_aac.mov"), "-metadata:s:v:0", "rotate=270"], true],
  ["rotate180.mp4", [...FROM("no_audio.mp4"), "-metadata:s:v:0", "rotate=180"], true],
  // Fragmented files are mp4box's: it reads their fragments (with an empty moov and no mehd, it
  // sums them for the duration).
  ["frag_empty_moov.mp4", [
    ...VIDEO(),
    ...SOUND(),
    ...X264,
    "-c:a",
    "aac",
    "-movflags",
    "frag_keyframe+empty_moov",
  ], false],
  ["frag_keyframe.mp4", [
    ...VIDEO(2),
    ...SOUND(2),
    ...X264,
    "-c:a",
    "aac",
    "-movflags",
    "frag_keyframe",
  ], false],
  ["frag_ismv.mp4", [...VIDEO(), ...X264, "-f", "ismv"], false],
  ["timescale_1001.mp4", [
    ...VIDEO(1, 30),
    ...SOUND(),
    ...X264,
    "-c:a",
    "aac",
    "-video_track_timescale",
    "1001",
  ], true],
  ["timescale_90000.mp4", [
    ...VIDEO(),
    ...X264,
    "-video_track_timescale",
    "90000",
    "-movie_timescale",
    "600",
  ], true],
  ["audio_longer.mp4", [...VIDEO(1), ...SOUND(2.5), ...X264, "-c:a", "aac"], true],
  ["video_longer.mp4", [...VIDEO(3), ...SOUND(1), ...X264, "-c:a", "aac"], true],
  ["no_audio.mp4", [...VIDEO(), ...X264], true],
  ["two_sounds.mp4", [
    ...VIDEO(),
    ...SOUND(),
    ...SOUND(2),
    "-map",
    "0",
    "-map",
    "1",
    "-map",
    "2",
    ...X264,
    "-c:a",
    "aac",
  ], true],
];

const FFMPEG = hasFfmpeg();
const ENCODERS = FFMPEG ? await ffmpegEncoders() : new Set<string>();

/** The corpus folder: each file is made by the first test that asks for it. */
const corpusDir = oncePerFile((dir) => Promise.resolve(dir), "draftcli-mp4-corpus-");
const made = new Map<string, Promise<string>>();

/** The path of corpus file `name`, made (once) with ffmpeg, after the file it copies from. */
function corpusFile(name: string): Promise<string> {
  let path = made.get(name);
  if (!path) {
    const args = CORPUS.find(([n]) => n === name)![1];
    path = (async () => {
      const resolved = await Promise.all(
        args.map((a) => a.startsWith(SOURCE) ? corpusFile(a.slice(SOURCE.length)) : a),
      );
      const out = `${await corpusDir()}/${name}`;
      await ffmpeg([...resolved, out]);
      return out;
    })();
    made.set(name, path);
  }
  return path;
}

for (const [name, args, certain] of CORPUS) {
  // A case whose encoder this ffmpeg lacks (HEVC, VP9, AV1 are optional builds) is skipped.
  const source = args.find((a) => a.startsWith(SOURCE))?.slice(SOURCE.length);
  const all = source ? [...CORPUS.find(([n]) => n === source)![1], ...args] : args;
  const encoders = all.filter((_, i) => /^-c:[va]$/.test(all[i - 1] ?? ""));
  Deno.test({
    name: `mp4 header: ${name} reads as with mp4box (${certain ? "in-process" : "mp4box"})`,
    ignore: !FFMPEG || !encoders.every((e) => ENCODERS.has(e)),
    fn: async () => {
      const path = await corpusFile(name);
      const ext = name.endsWith(".m4a") ? "m4a" : name.split(".").pop()!;
      await checkAgainstMp4box(path, ext, certain);
      if (/rotate(90|270)/.test(name)) {
        // The rotation is there: the picture is shown upright, its sides swapped.
        const info = await probeFile(path, { ffprobe: false });
        assertEquals([info.width, info.height], [36, 64]);
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Hand-made files: header versions, fragments, odd boxes, and headers that lie.

/** Big-endian bytes of `value` in `n` bytes. */
function be(n: number, value: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    out[i] = value % 256;
    value = Math.floor(value / 256);
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const ascii = (text: string) => new TextEncoder().encode(text);

/** A box of `type` holding `parts`. */
function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(parts);
  return concat([be(4, body.length + 8), ascii(type), body]);
}

/** A full box: version, flags, then `parts`. */
function full(type: string, version: number, flags: number, ...parts: Uint8Array[]): Uint8Array {
  return box(type, be(1, version), be(3, flags), ...parts);
}

const zeros = (n: number) => new Uint8Array(n);
const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
const ROTATE_90 = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
const matrixBytes = (m: number[]) => concat(m.map((v) => be(4, v >>> 0)));

/** A visual sample entry of `type`, `width`×`height`, with `children` after its fields. */
function visualEntry(type: string, width: number, height: number, ...children: Uint8Array[]) {
  return box(
    type,
    zeros(6),
    be(2, 1),
    zeros(16),
    be(2, width),
    be(2, height),
    be(4, 0x480000),
    be(4, 0x480000),
    zeros(4),
    be(2, 1),
    zeros(32),
    be(2, 24),
    be(2, 0xffff),
    ...children,
  );
}

/** An audio sample entry of `type` (44.1 kHz stereo), with `children` after its fields. */
function audioEntry(type = "mp4a", ...children: Uint8Array[]): Uint8Array {
  return box(
    type,
    zeros(6),
    be(2, 1),
    zeros(8),
    be(2, 2),
    be(2, 16),
    zeros(4),
    be(4, 44100 * 65536),
    ...children,
  );
}

/**
 * An `esds` box: an ES descriptor holding a decoder configuration (AAC) with a decoder-specific
 * info of `info` bytes (claiming `claim` bytes), and an SL configuration; `top` is its tag.
 */
function esds(info = [0x12, 0x10], claim = info.length, top = 3): Uint8Array {
  const dsi = [5, claim, ...info];
  const dcd = [4, 13 + dsi.length, 0x40, 0x15, ...zeros(11), ...dsi];
  const sl = [6, 1, 2];
  return full(
    "esds",
    0,
    0,
    new Uint8Array([top, 3 + dcd.length + sl.length, 0, 1, 0, ...dcd, ...sl]),
  );
}

/** The AAC track with `tables` in its sample table. */
const aacWith = (...tables: Uint8Array[]): TrackSpec => ({ ...AAC, tables });

interface TrackSpec {
  entry: Uint8Array;
  handler: string;
  timescale: number;
  duration: number;
  width?: number;
  height?: number;
  matrix?: number[];
  /** Versions 1 of tkhd and mdhd. */
  v1?: boolean;
  /** Boxes put first in the trak (before its tkhd). */
  extra?: Uint8Array[];
  /** Boxes put first in the sample table (before its stsd). */
  tables?: Uint8Array[];
}

function trak(t: TrackSpec): Uint8Array {
  const v = t.v1 ? 1 : 0;
  const time = (n: number) => (t.v1 ? be(8, n) : be(4, n));
  const tkhd = full(
    "tkhd",
    v,
    3,
    time(0),
    time(0),
    be(4, 1),
    zeros(4),
    time(t.duration),
    zeros(8),
    zeros(8),
    matrixBytes(t.matrix ?? IDENTITY),
    be(4, (t.width ?? 0) * 65536),
    be(4, (t.height ?? 0) * 65536),
  );
  const mdhd = full("mdhd", v, 0, time(0), time(0), be(4, t.timescale), time(t.duration), zeros(4));
  const hdlr = full("hdlr", 0, 0, zeros(4), ascii(t.handler), zeros(12), ascii("x\0"));
  const stbl = box(
    "stbl",
    ...(t.tables ?? []),
    full("stsd", 0, 0, be(4, 1), t.entry),
    full("stts", 0, 0, be(4, 0)),
    full("stsc", 0, 0, be(4, 0)),
    full("stsz", 0, 0, be(4, 0), be(4, 0)),
    full("stco", 0, 0, be(4, 0)),
  );
  return box("trak", ...(t.extra ?? []), tkhd, box("mdia", mdhd, hdlr, box("minf", stbl)));
}

interface MovieSpec {
  tracks: TrackSpec[];
  timescale?: number;
  duration?: number;
  mvhdV1?: boolean;
  brand?: string;
  /** Top-level boxes between the ftyp and the mdat. */
  before?: Uint8Array[];
  /** Boxes added to the moov after the tracks. */
  after?: Uint8Array[];
}

function mvhd(spec: MovieSpec): Uint8Array {
  const v = spec.mvhdV1 ? 1 : 0;
  const time = (n: number) => (v ? be(8, n) : be(4, n));
  return full(
    "mvhd",
    v,
    0,
    time(0),
    time(0),
    be(4, spec.timescale ?? 1000),
    time(spec.duration ?? 1000),
    be(4, 0x10000),
    be(2, 0x100),
    zeros(10),
    matrixBytes(IDENTITY),
    zeros(24),
    be(4, 2),
  );
}

function moovOf(spec: MovieSpec): Uint8Array {
  return box("moov", mvhd(spec), ...spec.tracks.map(trak), ...(spec.after ?? []));
}

/** ftyp, the `before` boxes, an mdat of 4 KiB, then the moov. */
function movie(spec: MovieSpec): Uint8Array {
  const brand = spec.brand ?? "isom";
  return concat([
    box("ftyp", ascii(brand), be(4, 512), ascii(brand), ascii("mp41")),
    ...(spec.before ?? []),
    box("mdat", zeros(4096)),
    moovOf(spec),
  ]);
}

const AVC: TrackSpec = {
  entry: visualEntry("avc1", 320, 240),
  handler: "vide",
  timescale: 12800,
  duration: 12800,
  width: 320,
  height: 240,
};
const AAC: TrackSpec = { entry: audioEntry(), handler: "soun", timescale: 44100, duration: 44100 };

/** Hand-made cases: name, bytes, does the header reader answer. */
const HAND_MADE: [string, () => Uint8Array, boolean][] = [
  ["plain.mp4", () => movie({ tracks: [AVC, AAC] }), true],
  ["rotated.mp4", () => movie({ tracks: [{ ...AVC, matrix: ROTATE_90 }, AAC] }), true],
  // 64-bit times (version 1), a duration past 2^32 units: 600 s at 10 MHz.
  ["v1.mp4", () =>
    movie({
      mvhdV1: true,
      timescale: 10_000_000,
      duration: 6_000_000_000,
      tracks: [{ ...AVC, v1: true, timescale: 10_000_000, duration: 6_000_000_000 }],
    }), true],
  // Fragmented: no movie duration, the whole length in mehd (versions 0 and 1).
  ["mehd.mp4", () =>
    movie({
      duration: 0,
      tracks: [{ ...AVC, duration: 0 }],
      after: [box("mvex", full("mehd", 0, 0, be(4, 2500)), full("trex", 0, 0, zeros(20)))],
    }), true],
  ["mehd_v1.mp4", () =>
    movie({
      duration: 0,
      tracks: [{ ...AVC, duration: 0 }],
      after: [box("mvex", full("mehd", 1, 0, be(8, 3500)))],
    }), true],
  // mp4box reads an mehd with flag 1 as version 1, whatever its version says.
  ["mehd_flag.mp4", () =>
    movie({
      duration: 0,
      tracks: [{ ...AVC, duration: 0 }],
      after: [box("mvex", full("mehd", 0, 1, be(8, 3500)))],
    }), false],
  // No movie duration and no mehd: mp4box's longest track.
  ["no_duration.mp4", () => movie({ duration: 0, tracks: [AVC, AAC] }), false],
  ["mdhd_only.m4a", () => movie({ brand: "M4A ", duration: 0, tracks: [AAC] }), false],
  // A timecode track beside the picture: not a picture or a sound, for both readers.
  ["timecode.mov", () =>
    movie({
      brand: "qt  ",
      tracks: [AVC, {
        entry: box("tmcd", zeros(8), zeros(16)),
        handler: "tmcd",
        timescale: 25,
        duration: 25,
      }],
    }), true],
  // A sound in a format mp4box has no class for: left to mp4box (and ffprobe).
  [
    "alac.m4a",
    () => movie({ brand: "M4A ", tracks: [{ ...AAC, entry: box("alac", zeros(8), zeros(28)) }] }),
    false,
  ],
  [
    "subtitles.mp4",
    () =>
      movie({
        tracks: [AVC, { ...AAC, handler: "sbtl", entry: box("tx3g", zeros(8), zeros(30)) }],
      }),
    false,
  ],
  // mp4box builds a VP9 codec string from the vpcC box, and fails without one.
  [
    "vp9_bare.mp4",
    () => movie({ tracks: [{ ...AVC, entry: visualEntry("vp09", 320, 240) }] }),
    false,
  ],
  ["vp9.mp4", () =>
    movie({
      tracks: [{ ...AVC, entry: visualEntry("vp09", 320, 240, full("vpcC", 1, 0, zeros(8))) }],
    }), true],
  ["short_entry.mp4", () => movie({ tracks: [{ ...AVC, entry: box("avc1", zeros(40)) }] }), false],
  ["no_hdlr.mp4", () => {
    const bytes = movie({ tracks: [AVC] });
    const at = findType(bytes, "hdlr");
    bytes.set(ascii("xdlr"), at); // the only hdlr is now an unknown box
    return bytes;
  }, false],
  [
    "bad_type.mp4",
    () => movie({ tracks: [{ ...AVC, extra: [box("a\u0001bc", zeros(4))] }] }),
    false,
  ],
  // A 12-byte stss (no count): the claims check reads it from the next box, a lie.
  ["empty_stss.mp4", () => movie({ tracks: [{ ...AVC, tables: [full("stss", 0, 0)] }] }), false],
  [
    "free_before.mp4",
    () => movie({ tracks: [AVC], before: [box("free", zeros(100)), box("wide")] }),
    true,
  ],
  [
    "uuid_before.mp4",
    () => movie({ tracks: [AVC], before: [box("uuid", zeros(16), zeros(8))] }),
    false,
  ],
  [
    "many_before.mp4",
    () => movie({ tracks: [AVC], before: Array.from({ length: 70 }, () => box("free")) }),
    false,
  ],
  // Sample groups and ES descriptors, which mp4box parses by their counts and lengths.
  ["groups.mp4", () =>
    movie({
      tracks: [
        AVC,
        aacWith(
          full("sgpd", 1, 0, ascii("roll"), be(4, 2), be(4, 1), be(2, 0xffff)),
          full("sbgp", 0, 0, ascii("roll"), be(4, 1), be(4, 1), be(4, 1)),
        ),
      ],
    }), true],
  [
    "sbgp_lie.mp4",
    () => movie({ tracks: [aacWith(full("sbgp", 0, 0, ascii("roll"), be(4, 1000), zeros(8)))] }),
    false,
  ],
  ["sgpd_lie.mp4", () =>
    movie({
      tracks: [aacWith(full("sgpd", 1, 0, ascii("roll"), be(4, 2), be(4, 1000), zeros(2)))],
    }), false],
  [
    "sgpd_v0.mp4",
    () => movie({ tracks: [aacWith(full("sgpd", 0, 0, ascii("roll"), be(4, 1), zeros(2)))] }),
    false,
  ],
  [
    "esds.m4a",
    () => movie({ brand: "M4A ", tracks: [{ ...AAC, entry: audioEntry("mp4a", esds()) }] }),
    true,
  ],
  [
    "esds_top.m4a",
    () =>
      movie({
        brand: "M4A ",
        tracks: [{ ...AAC, entry: audioEntry("mp4a", esds(undefined, undefined, 4)) }],
      }),
    false,
  ],
  [
    "esds_overrun.m4a",
    () =>
      movie({
        brand: "M4A ",
        tracks: [{ ...AAC, entry: audioEntry("mp4a", esds([0x12, 0x10], 100)) }],
      }),
    false,
  ],
  // Codec configurations stating more parameter sets or bytes than they hold.
  ["avcC_sets.mp4", () =>
    movie({
      tracks: [{
        ...AVC,
        entry: visualEntry(
          "avc1",
          320,
          240,
          box("avcC", be(1, 1), zeros(4), be(1, 0xe3), be(2, 4), zeros(4)),
        ),
      }],
    }), false],
  ["avcC.mp4", () =>
    movie({
      tracks: [{
        ...AVC,
        entry: visualEntry(
          "avc1",
          320,
          240,
          box(
            "avcC",
            be(1, 1),
            zeros(4),
            be(1, 0xe1),
            be(2, 4),
            zeros(4),
            be(1, 1),
            be(2, 2),
            zeros(2),
          ),
        ),
      }],
    }), true],
  ["hvcC_units.mp4", () =>
    movie({
      tracks: [{
        ...AVC,
        entry: visualEntry(
          "hvc1",
          320,
          240,
          box("hvcC", zeros(22), be(1, 1), be(1, 32), be(2, 9), be(2, 2), zeros(2)),
        ),
      }],
    }), false],
  ["vpcC_data.mp4", () =>
    movie({
      tracks: [{
        ...AVC,
        entry: visualEntry("vp09", 320, 240, full("vpcC", 1, 0, zeros(6), be(2, 500))),
      }],
    }), false],
  [
    "two_tkhd.mp4",
    () => movie({ tracks: [{ ...AVC, extra: [full("tkhd", 0, 0, zeros(80))] }] }),
    true,
  ],
  ["moov_tail.mp4", () => {
    // Four zero bytes end the moov (old QuickTime writers): no box, for mp4box as here.
    const bytes = movie({ tracks: [AVC], after: [box("udta")] });
    const tail = concat([bytes, zeros(4)]);
    const at = findType(tail, "moov") - 4;
    tail.set(be(4, tail.length - at), at);
    return tail;
  }, true],
  ["open_udta.mp4", () => {
    // A last box of size 0 runs to the end of its container.
    const bytes = movie({ tracks: [AVC], after: [box("udta", zeros(12))] });
    bytes.set(be(4, 0), findType(bytes, "udta") - 4);
    return bytes;
  }, true],
  // mp4box also parses what follows the moov in the data it was fed: a second moov, junk.
  ["two_moov.mp4", () => concat([movie({ tracks: [AVC] }), moovOf({ tracks: [AAC] })]), false],
  ["junk_after.mp4", () => concat([movie({ tracks: [AVC] }), zeros(64)]), false],
  [
    "free_after.mp4",
    () => concat([movie({ tracks: [AVC] }), box("free", zeros(64)), box("mdat", zeros(64))]),
    true,
  ],
  [
    "far_junk.mp4",
    () => concat([movie({ tracks: [AVC] }), box("free", zeros(70_000)), ascii("\u0001junk")]),
    true,
  ],
  ["av1C_version.mp4", () =>
    movie({
      tracks: [{
        ...AVC,
        entry: visualEntry("av01", 320, 240, box("av1C", be(1, 0x82), zeros(3))),
      }],
    }), false],
  ["av1C.mp4", () =>
    movie({
      tracks: [{
        ...AVC,
        entry: visualEntry("av01", 320, 240, box("av1C", be(1, 0x81), zeros(3))),
      }],
    }), true],
  [
    "stz2_field.mp4",
    () =>
      movie({ tracks: [{ ...AVC, tables: [full("stz2", 0, 0, zeros(3), be(1, 7), be(4, 0))] }] }),
    false,
  ],
  [
    "udta_small.mp4",
    () => movie({ tracks: [AVC], after: [box("udta", box("meta"), box("name", ascii("x")))] }),
    false,
  ],
  [
    "no_ftyp.mov",
    () => concat([box("wide"), box("mdat", zeros(64)), moovOf({ tracks: [AVC] })]),
    false,
  ],
  ["largesize_mdat.mp4", () => {
    const mdat = concat([be(4, 1), ascii("mdat"), be(8, 16 + 100), zeros(100)]);
    return concat([box("ftyp", ascii("isom"), be(4, 0)), mdat, moovOf({ tracks: [AVC] })]);
  }, true],
];

/** Offset of the first `type` four bytes in `bytes`. */
function findType(bytes: Uint8Array, type: string): number {
  const t = ascii(type);
  for (let i = 0; i + 4 <= bytes.length; i++) {
    if (t.every((c, k) => bytes[i + k] === c)) return i;
  }
  throw new Error(`no ${type}`);
}

for (const [name, make, certain] of HAND_MADE) {
  Deno.test(`mp4 header: hand-made ${name} reads as with mp4box`, async () => {
    await withTempDir(async (dir) => {
      const path = `${dir}/${name}`;
      await Deno.writeFile(path, make());
      const ext = name.endsWith(".m4a") ? "m4a" : name.split(".").pop()!;
      await checkAgainstMp4box(path, ext, certain);
    });
  });
}

Deno.test("mp4 header: a moov past the reader's bound is left to mp4box", async () => {
  await withTempDir(async (dir) => {
    const path = `${dir}/big.mp4`;
    await Deno.writeFile(
      path,
      movie({ tracks: [AVC], after: [box("free", zeros(MAX_MOOV_BYTES))] }),
    );
    await checkAgainstMp4box(path, "mp4", false);
  });
});

Deno.test("mp4 header: headers that lie are refused or left to mp4box, at once", async () => {
  await withTempDir(async (dir) => {
    const write = async (name: string, bytes: Uint8Array) => {
      await Deno.writeFile(`${dir}/${name}`, bytes);
      return `${dir}/${name}`;
    };
    const plain = movie({ tracks: [AVC, AAC] });
    // A moov claiming 2^40 bytes (a 64-bit size) in a small file.
    const at = findType(plain, "moov") - 4;
    const huge = concat([
      plain.subarray(0, at),
      be(4, 1),
      ascii("moov"),
      be(8, 2 ** 40),
      plain.subarray(at + 8),
    ]);
    const hugePath = await write("huge.mp4", huge);
    await assertRejectsCode(
      () => probeFile(hugePath, { ffprobe: false }),
      "media_error",
      /moov/,
    );
    // A sample description claiming 2^32 - 1 entries: the first is read, no loop over the rest.
    const many = plain.slice();
    many.set(be(4, 0xffffffff), findType(many, "stsd") + 8);
    const path = await write("many.mp4", many);
    using file = Deno.openSync(path);
    assertTrue(await readMovieHeader(file, many.length, many) !== null, "answered");
    await checkAgainstMp4box(path, "mp4", true);
    // Containers nested 1,000 deep: the reader stops at its bound.
    let nest = box("trak", zeros(8));
    for (let i = 0; i < 1000; i++) nest = box("trak", nest);
    const deep = await write("deep.mp4", movie({ tracks: [AVC], after: [nest] }));
    using deepFile = Deno.openSync(deep);
    assertEquals(await readMovieHeader(deepFile, (await Deno.stat(deep)).size, zeros(0)), null);
    // A moov cut short: the file ends inside it.
    const cut = await write("cut.mp4", plain.subarray(0, plain.length - 20));
    await assertRejectsCode(() => probeFile(cut, { ffprobe: false }), "media_error", /moov/);
  });
});

Deno.test("mp4 header: on damaged copies of the fixtures, what the reader answers is mp4box's", async () => {
  // Bytes of each fixture's moov flipped or overwritten at random (seeded, replayable): where the
  // reader answers, mp4box reads the file too and gives the same answer. (Damage inside boxes
  // the reader does not look into can make mp4box's parsers fail where the reader answers: rare,
  // docs/media.md.)
  const fixtures = [
    "video.mp4",
    "video.mov",
    "audio.m4a",
    "video_rotated.mp4",
    "video_noaudio.mp4",
  ];
  const random = prng(0x6d7034);
  let answered = 0;
  let compared = 0;
  await withTempDir(async (dir) => {
    for (let round = 0; round < 400; round++) {
      const name = fixtures[round % fixtures.length];
      const bytes = await Deno.readFile(FIXTURES + name);
      const moov = findType(bytes, "moov") - 4;
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
        const at = moov + Math.floor(random() * (bytes.length - moov));
        bytes[at] = random() < 0.5 ? bytes[at] ^ (1 << Math.floor(random() * 8)) : random() * 256;
      }
      const path = `${dir}/${round}-${name}`;
      await Deno.writeFile(path, bytes);
      const { fast, slow } = await bothReaders(path);
      if (!fast) continue;
      answered++;
      if (slow instanceof Error) continue;
      compared++;
      const ext = name.split(".").pop()!;
      assertEquals(outcome(fast, ext), outcome(slow, ext), `round ${round}: ${name}`);
      assertEquals(readFields(fast), readFields(slow), `round ${round}: ${name}`);
    }
  });
  // Most damage is to bytes no reader looks at; some makes the reader step aside.
  assertTrue(compared > 150 && answered < 400, `${answered} answered, ${compared} compared`);
  assertTrue(answered - compared <= 2, `${answered - compared} answered where mp4box fails`);
});
