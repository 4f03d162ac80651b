/**
 * The movie header (`moov`) of an MP4/MOV/M4A read in-process, without mp4box: the few boxes the
 * probe needs (`mvhd`, `mvex/mehd`, per track `tkhd`, `mdhd`, `hdlr` and the first `stsd` entry),
 * giving what mp4box's `getInfo()` gives for them. It answers only where it is certain to agree
 * with mp4box: the file opens with `ftyp`, only `mdat`, `free`, `skip` and `wide` boxes (small
 * ones, `mdat` aside) come before the first `moov`, the `moov` is at most `MAX_MOOV_BYTES`, every
 * box on the way is well formed, no sample table claims more than it holds (mp4_tables.ts) and
 * no sample group, ES descriptor or codec configuration more than its box holds (mp4box reads
 * past their ends), each track's first sample entry is a picture or sound mp4box has a class for
 * (or, in a track that is neither, of a type mp4box reads as plain data), and the boxes right
 * after the `moov` are of kinds mp4box reads without fault. Anything else is null, and the caller
 * asks mp4box as before (docs/media.md).
 */
import { readAt } from "../files.ts";
import { boxHeader, TABLE_CONTAINERS, tableClaim, tableHead } from "./mp4_tables.ts";
import { spells, u16be as u16, u32be as u32, u64be as u64 } from "./bytes.ts";
import { boxesIn, configFits, esdsReads, fits, groupsFit, hasChild } from "./mp4_contents.ts";

/** What the probe reads of a movie: the part of mp4box's `getInfo()` result it uses. */
export interface MovieFacts {
  /** `mvhd` duration, in `timescale` units. */
  duration: number;
  /** `mvhd` timescale (units a second). */
  timescale: number;
  /**
   * `mvex/mehd` fragment duration over the `mvhd` timescale (read here only when the `mvhd`
   * gives no duration: the probe uses it then only).
   */
  fragment_duration?: { num: number; den: number };
  /** Every track: its `mdhd` duration and timescale. */
  tracks: { duration: number; timescale: number }[];
  /** Tracks whose first sample entry is a picture: `tkhd` size (16.16 → number) and matrix. */
  videoTracks: {
    track_width: number;
    track_height: number;
    video?: { width: number; height: number };
    matrix: ArrayLike<number>;
  }[];
  /** Tracks whose first sample entry is a sound. */
  audioTracks: unknown[];
}

/**
 * Sample-entry types mp4box 2.4.1 parses as pictures (`VisualSampleEntry`) and as sounds
 * (`AudioSampleEntry`); mp4_header_test.ts checks these against mp4box's registry.
 */
export const VISUAL_ENTRIES: ReadonlySet<string> = new Set(
  ("av01 avc1 avc2 avc3 avc4 avs3 dav1 dvh1 dvhe encv hev1 hev2 hvc1 hvc2 hvt1 j2ki lhe1 lhv1 " +
    "lvc1 mjp2 mjpg mp4v resv uncv vp08 vp09 vvc1 vvcN vvi1 vvs1").split(" "),
);
/** See `VISUAL_ENTRIES`. */
export const AUDIO_ENTRIES: ReadonlySet<string> = new Set(
  "Opus ac-3 ac-4 ec-3 enca fLaC m4ae mha1 mha2 mhm1 mhm2 mp4a".split(" "),
);
/** Other sample-entry types mp4box parses with a class of their own (text, metadata, …). */
export const OTHER_ENTRIES: ReadonlySet<string> = new Set(
  "encm encs enct encu mett metx mp4s sbtt stpp stxt tx3g wvtt".split(" "),
);

/** Largest `moov` read here (an hour of 60 fps video has a few MiB of sample tables). */
export const MAX_MOOV_BYTES = 16 * 1024 * 1024;
/** Most top-level boxes before the `moov`. */
const MAX_TOP_BOXES = 64;
/** Largest `free`/`skip`/`wide` box skipped before the `moov`. */
const MAX_PAD_BYTES = 1024 * 1024;
/** Deepest nesting of containers inside the `moov` (real files: moov/trak/mdia/minf/stbl). */
const MAX_DEPTH = 8;
/** Most boxes inside the `moov` (real files have tens a track). */
const MAX_MOOV_BOXES = 20_000;
/** How far past the `moov` mp4box may have been fed (probe.ts feeds it 64 KiB at a time). */
const AFTER_MOOV_BYTES = 64 * 1024;
/**
 * Top-level boxes after the `moov` that mp4box reads without fault. A fragment (`moof`) it parses
 * down to its sample runs, and adds to the track's samples: a fragmented file is its to read.
 */
const AFTER_MOOV = new Set(["mdat", "free", "skip", "wide", "uuid"]);
/** Boxes that may be empty: mp4box reads no version or flags of them. */
const PLAIN = new Set(["free", "skip", "wide", "udta", "dinf", "tref"]);
/** Top-level boxes skipped on the way to the `moov`: mp4box keeps nothing of them. */
const PADDING = new Set(["free", "skip", "wide"]);

/** A box inside the `moov` bytes: where its content starts and ends, and its children. */
interface Box {
  type: string;
  /** Offset of its content (after the header) in the `moov` bytes. */
  body: number;
  /** Offset just past its end. */
  end: number;
  /** For a container: the first child of each type, and every `trak`. */
  first?: Map<string, Box>;
  traks?: Box[];
}

/** Thrown inside the reader when it is not certain; `readMovieHeader` turns it into null. */
class Unsure extends Error {}

function unsure(why: string): never {
  throw new Unsure(why);
}

/**
 * Reads the movie header of the ISO-BMFF file open as `file` (`size` bytes; `leading`: its first
 * bytes, already read), or returns null when the file is not one this reader is certain about
 * (see the module comment): the caller then asks mp4box, which also reports damage.
 */
export async function readMovieHeader(
  file: Deno.FsFile,
  size: number,
  leading: Uint8Array,
): Promise<MovieFacts | null> {
  try {
    return await readCertain(file, size, leading);
  } catch (err) {
    if (err instanceof Unsure) return null;
    throw err;
  }
}

async function readCertain(
  file: Deno.FsFile,
  size: number,
  leading: Uint8Array,
): Promise<MovieFacts> {
  /** `n` bytes at `pos` (fewer at the end of the file), from `leading` when it holds them. */
  const bytesAt = async (pos: number, n: number): Promise<Uint8Array> =>
    pos + n <= leading.length ? leading.subarray(pos, pos + n) : await readAt(file, pos, n);

  let pos = 0;
  let majorBrand = "";
  for (let count = 0; pos + 8 <= size; count++) {
    if (count >= MAX_TOP_BOXES) unsure("too many boxes before the moov");
    const h = await bytesAt(pos, 16);
    const box = boxHeader(h, size - pos);
    // A size of 0 ("to the end of the file") is mp4box's to read (it takes it for an mdat only).
    if (!fits(box, pos, size) || u32(h, 0) === 0) unsure("damaged box");
    const { type, size: boxSize, header } = box;
    if (count === 0) {
      // mp4box's movie lists the ftyp brands: a file without one is its to refuse.
      if (type !== "ftyp" || boxSize < 16 || boxSize > MAX_PAD_BYTES) unsure("no ftyp first");
      majorBrand = String.fromCharCode(...h.subarray(header, header + 4));
    } else if (type === "moov") {
      if (boxSize > MAX_MOOV_BYTES) unsure("moov too large");
      const moov = await bytesAt(pos, boxSize);
      if (moov.length < boxSize) unsure("moov cut short");
      const facts = movieFacts(moov, header, size, majorBrand.includes("qt"));
      await checkAfterMoov(pos + boxSize, size, bytesAt);
      return facts;
    } else if (type !== "mdat" && (!PADDING.has(type) || boxSize > MAX_PAD_BYTES)) {
      unsure(`${type} box before the moov`);
    }
    pos += boxSize;
  }
  return unsure("no moov");
}

/**
 * mp4box also parses the top-level boxes that follow the `moov` in the data it was fed (less than
 * `CHUNK_BYTES` past its end, probe.ts) and fails the file on one of no valid type, as on
 * trailing junk. Those boxes must be well formed and of a kind it reads without fault.
 */
async function checkAfterMoov(
  from: number,
  size: number,
  bytesAt: (pos: number, n: number) => Promise<Uint8Array>,
): Promise<void> {
  let count = 0;
  for (let pos = from; pos < from + AFTER_MOOV_BYTES && pos + 8 <= size; count++) {
    if (count >= MAX_TOP_BOXES) unsure("too many boxes after the moov");
    const h = await bytesAt(pos, 16);
    const box = boxHeader(h, size - pos);
    if (!fits(box, pos, size) || u32(h, 0) === 0 || !AFTER_MOOV.has(box.type)) {
      unsure("an odd box after the moov");
    }
    pos += box.size;
  }
}

/**
 * Walks the boxes of `moov` (its bytes, content from `from`) through the containers
 * `checkSampleTables` walks, checking each box is well formed and each table's claim, and
 * reads the facts.
 */
function movieFacts(moov: Uint8Array, from: number, fileSize: number, qt: boolean): MovieFacts {
  let boxes = 0;
  const walk = (type: string, body: number, end: number, depth: number): Box => {
    if (depth > MAX_DEPTH) unsure("boxes nested too deep");
    const first = new Map<string, Box>();
    const traks: Box[] = [];
    // Fewer than 8 bytes left hold no box: mp4box stops reading the container there, as here.
    for (let pos = body; end - pos >= 8;) {
      if (++boxes > MAX_MOOV_BOXES) unsure("too many boxes");
      const box = boxHeader(moov.subarray(pos, Math.min(end, pos + 16)), end - pos);
      if (!fits(box, pos, end)) unsure("damaged box");
      const { type, size, header } = box;
      let child: Box;
      if (TABLE_CONTAINERS.has(type)) child = walk(type, pos + header, pos + size, depth + 1);
      else if (type === "udta") {
        child = { type, body: pos + header, end: pos + size };
        checkUserData(moov.subarray(child.body, child.end));
      } else {
        // A table too short for its version, flags and count is checked by `checkSampleTables`
        // on the bytes after it; a full box too short for its version and flags is read past
        // its end by mp4box: both are theirs to judge.
        const payload = size - header;
        if (payload < tableHead(type) || (payload < 4 && !PLAIN.has(type))) {
          unsure(`${type} box of ${size} bytes`);
        }
        child = { type, body: pos + header, end: pos + size };
        const head = moov.subarray(child.body, Math.min(child.end, child.body + 12));
        // A table that claims more than it holds: mp4box's path refuses the file, naming it.
        if (tableClaim(type, head, size - header, fileSize)) unsure("a table claims too much");
        if (type === "sbgp" || type === "sgpd") {
          if (!groupsFit(type, moov.subarray(child.body, child.end))) unsure(`${type} overruns`);
        }
        // mp4box fails the file on a compact size table of a field size it does not know.
        if (
          type === "stz2" && moov[child.body] === 0 && ![4, 8, 16].includes(moov[child.body + 7])
        ) {
          unsure("stz2 field size");
        }
      }
      if (type === "trak") traks.push(child);
      else if (!first.has(type)) first.set(type, child);
      pos += size;
    }
    return { type, body, end, first, traks };
  };
  return readFacts(moov, walk("moov", from, moov.length, 0), qt);
}

/**
 * The boxes of a `udta` (its content `c`), as far as mp4box reads them: one too short for a full
 * box's version and flags is read past its end.
 */
function checkUserData(c: Uint8Array): void {
  for (const [box, content] of boxesIn(c, 0)) {
    if (content.length < 4 && !PLAIN.has(box.type)) unsure(`${box.type} box in udta`);
  }
}

/** The first child of `type` of a container, or null. */
function child(box: Box | undefined, type: string): Box | undefined {
  return box?.first?.get(type);
}

/** The first child of `type`, which mp4box's movie needs (it fails without it). */
function needed(box: Box | undefined, type: string): Box {
  return child(box, type) ?? unsure(`no ${type} box`);
}

/**
 * A full box's content (from its version byte) when it has at least `v0` bytes for version 0
 * or `v1` for version 1; other versions and shorter boxes are not certain.
 */
function fullBox(moov: Uint8Array, box: Box, v0: number, v1: number): [Uint8Array, number] {
  const b = moov.subarray(box.body, box.end);
  const version = b[0];
  if ((version !== 0 && version !== 1) || b.length < (version === 1 ? v1 : v0)) {
    unsure(`${box.type} box of version ${version} or ${b.length} bytes`);
  }
  return [b, version];
}

/** A big-endian signed 32-bit number. */
const i32 = (b: Uint8Array, at: number): number => u32(b, at) | 0;

function readFacts(moov: Uint8Array, root: Box, qt: boolean): MovieFacts {
  // mvhd: version/flags, times, timescale, duration, then rate … matrix … next id (100/112 bytes).
  const [mvhd, mv] = fullBox(moov, needed(root, "mvhd"), 100, 112);
  const facts: MovieFacts = {
    timescale: u32(mvhd, mv === 1 ? 20 : 12),
    duration: mv === 1 ? u64(mvhd, 24) : u32(mvhd, 16),
    tracks: [],
    videoTracks: [],
    audioTracks: [],
  };
  if (!(facts.timescale > 0 && facts.duration > 0)) {
    // No movie duration: the probe takes mp4box's fragment duration, from the first `mvex`
    // anywhere (certain when the moov holds one) and its `mehd` (or else the fragments read).
    const mehd = child(child(root, "mvex"), "mehd");
    if (!mehd || countType(moov, "mvex") !== 1) unsure("no movie duration and no mehd");
    const [b, v] = fullBox(moov, mehd, 8, 12);
    if (b[1] | b[2] | b[3]) unsure("mehd flags"); // mp4box reads flag 1 as version 1
    facts.fragment_duration = { num: v === 1 ? u64(b, 4) : u32(b, 4), den: facts.timescale };
  }
  for (const trak of root.traks ?? []) readTrack(moov, trak, facts, qt);
  return facts;
}

/** Occurrences of the four bytes of `type` in `bytes`. */
function countType(bytes: Uint8Array, type: string): number {
  const first = type.charCodeAt(0);
  let n = 0;
  for (let i = bytes.indexOf(first); i >= 0; i = bytes.indexOf(first, i + 1)) {
    if (spells(bytes, i, type)) n++;
  }
  return n;
}

/** Sample-entry header (reserved, data reference index): 8 bytes after the box header. */
const ENTRY_HEADER = 8;
/** Fixed fields of a visual sample entry after its entry header (size at 16 and 18). */
const VISUAL_FIELDS = 70;
/** Fixed fields of an audio sample entry; QuickTime versions 1 and 2 add 16 or 36. */
const AUDIO_FIELDS = 20;

function readTrack(moov: Uint8Array, trak: Box, facts: MovieFacts, qt: boolean): void {
  const mdia = needed(trak, "mdia");
  const minf = needed(mdia, "minf");
  const stbl = needed(minf, "stbl");
  // tkhd: … duration, reserved, layer, group, volume, matrix (9 × 32 bits), width, height (16.16).
  const [tkhd, tv] = fullBox(moov, needed(trak, "tkhd"), 84, 96);
  const [mdhd, dv] = fullBox(moov, needed(mdia, "mdhd"), 24, 36);
  const [hdlr, hv] = fullBox(moov, needed(mdia, "hdlr"), 24, 24);
  if (hv !== 0) unsure("hdlr version"); // mp4box reads the handler of version 0 only
  const handler = String.fromCharCode(...hdlr.subarray(8, 12));
  checkSampleLists(moov, stbl);

  const [stsd] = fullBox(moov, needed(stbl, "stsd"), 8, 8);
  if (u32(stsd, 4) < 1) unsure("no sample entry");
  const room = stsd.length - 8;
  const entry = boxHeader(stsd.subarray(8, 24), room);
  if (!fits(entry, 8, stsd.length) || entry.type === "uuid") unsure("damaged sample entry");
  const fields = stsd.subarray(8 + entry.header, 8 + entry.size);

  facts.tracks.push({
    timescale: u32(mdhd, dv === 1 ? 20 : 12),
    duration: dv === 1 ? u64(mdhd, 24) : u32(mdhd, 16),
  });
  const type = entry.type;
  if (VISUAL_ENTRIES.has(type)) {
    if (fields.length < ENTRY_HEADER + VISUAL_FIELDS) unsure("short visual sample entry");
    checkEsds(fields, ENTRY_HEADER + VISUAL_FIELDS);
    for (const [box, content] of boxesIn(fields, ENTRY_HEADER + VISUAL_FIELDS)) {
      if (!configFits(box.type, content)) unsure(`${box.type} overruns`);
    }
    const config = CONFIG_BOXES[type];
    if (config && !hasChild(fields, ENTRY_HEADER + VISUAL_FIELDS, config)) {
      unsure(`${type} sample entry without ${config}`);
    }
    const at = tv === 1 ? 52 : 40;
    const matrix = Array.from({ length: 9 }, (_, i) => i32(tkhd, at + 4 * i));
    facts.videoTracks.push({
      track_width: u32(tkhd, at + 36) / 65536,
      track_height: u32(tkhd, at + 40) / 65536,
      video: { width: u16(fields, 24), height: u16(fields, 26) },
      matrix,
    });
  } else if (AUDIO_ENTRIES.has(type)) {
    const version = u16(fields, ENTRY_HEADER);
    const extra = qt && version === 1 ? 16 : qt && version === 2 ? 36 : 0;
    if (fields.length < ENTRY_HEADER + AUDIO_FIELDS + extra) unsure("short audio sample entry");
    checkEsds(fields, ENTRY_HEADER + AUDIO_FIELDS + extra);
    facts.audioTracks.push({});
  } else if (
    OTHER_ENTRIES.has(type) || handler === "vide" || handler === "soun" ||
    fields.length < ENTRY_HEADER
  ) {
    // A picture or sound mp4box has no class for (ALAC, PCM, …) leaves it to mp4box and
    // ffprobe; text and metadata entries are parsed by classes of their own.
    unsure(`sample entry ${type}`);
  }
  // Any other entry (a timecode, a data track): not a picture or a sound, as for mp4box.
}

/**
 * Visual sample entries whose codec string mp4box builds from a configuration box, failing
 * without it.
 */
const CONFIG_BOXES: Record<string, string> = { av01: "av1C", vp08: "vpcC", vp09: "vpcC" };

/**
 * mp4box parses a sample entry's `esds` boxes (among its children from `children`, or in
 * QuickTime's `wave`) into ES descriptors, and fails on one it cannot read (`esdsReads`): left
 * to it.
 */
function checkEsds(fields: Uint8Array, children: number): void {
  for (const [box, content] of boxesIn(fields, children)) {
    const inner = box.type === "wave" ? [...boxesIn(content, 0)] : [[box, content] as const];
    for (const [b, c] of inner) {
      if (b.type === "esds" && !esdsReads(c.subarray(4))) unsure("esds unreadable");
    }
  }
}

/**
 * mp4box lists the samples of each track from its tables before it answers, and fails on a
 * track with samples but no chunk, time or offset table, with a sub-sample table, or with a
 * sync-sample table of a version it does not read.
 */
function checkSampleLists(moov: Uint8Array, stbl: Box): void {
  const sizes = child(stbl, "stsz") ?? child(stbl, "stz2");
  if (!sizes) return;
  // Both hold version/flags, a size field and the count (claims checked by `tableClaim`).
  if (sizes.end - sizes.body < 12) unsure(`short ${sizes.type} box`);
  if (u32(moov, sizes.body + 8) === 0) return;
  // mp4box lists a sync-sample table's entries for version 0 only, and then looks them up.
  const stss = child(stbl, "stss");
  if (
    !child(stbl, "stsc") || !child(stbl, "stts") ||
    !(child(stbl, "stco") ?? child(stbl, "co64")) || child(stbl, "subs") ||
    (stss && moov[stss.body] !== 0)
  ) {
    unsure("sample tables incomplete");
  }
}
