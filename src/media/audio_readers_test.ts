/**
 * The in-process audio readers on hand-made files (no ffmpeg): each edge of the walk music-
 * metadata makes (odd chunks, cut files, tags, sync windows, lying counts) gives its answer, or
 * is left to it; hostile headers end in a clear media_error or a fallback, never a hang.
 */
import {
  assertEquals,
  assertRejectsCode,
  assertTrue,
  FIXTURES,
  withTempDir,
} from "../../test/helpers/media_testing.ts";
import { readerSeconds } from "../../test/helpers/audio_corpus.ts";
import {
  ascii,
  cbrFrames,
  CONTINUED,
  FIRST,
  flac,
  flacBlock,
  id3v1,
  id3v2,
  LAST,
  le,
  MP3_128,
  MP3_96,
  mp3Frame,
  oggPage,
  OPUS_TAGS_PACKET,
  opusHead,
  streamInfo,
  VORBIS_COMMENT_PACKET,
  vorbisComment,
  vorbisId,
  wav,
  wavChunk,
  wavFmt,
  xingFrame,
} from "../../test/helpers/audio_bytes.ts";
import { probeFile, probeWithMusicMetadata } from "./probe.ts";
import { secondsToUs } from "./types.ts";

/**
 * Writes `bytes` as `dir/name` and reads it both ways: the in-process reader's µs (undefined when
 * it leaves the file, 0 when it is sure there is none) and music-metadata's (undefined when it
 * gives none). When the reader answers, the two must agree.
 */
async function both(
  dir: string,
  name: string,
  bytes: Uint8Array,
): Promise<{ ours?: number; theirs?: number }> {
  const path = `${dir}/${name}`;
  await Deno.writeFile(path, bytes);
  const { seconds, sniffed } = readerSeconds(path);
  const ours = seconds === undefined ? undefined : secondsToUs(seconds);
  const theirs = await probeWithMusicMetadata(path, sniffed, name).then(
    (info) => info.durationUs,
    () => undefined,
  );
  if (ours === 0) assertEquals(theirs, undefined, `${name}: music-metadata finds none either`);
  else if (ours !== undefined) assertEquals(ours, theirs, `${name}: in-process vs music-metadata`);
  return { ours, theirs };
}

const pcm = (bytes: number) => wavChunk("data", new Array(bytes).fill(0));

Deno.test("wav reader: music-metadata's answers on chunk layouts", async () => {
  await withTempDir(async (dir) => {
    const fmt = wavFmt(8000);
    // 1600 bytes of 16-bit mono at 8 kHz: 0.1 s.
    assertEquals(await both(dir, "plain.wav", wav([fmt, pcm(1600)])), {
      ours: 100_000,
      theirs: 100_000,
    });
    // A fact chunk before the data states the samples (float and other non-PCM formats).
    assertEquals(
      (await both(dir, "fact.wav", wav([fmt, wavChunk("fact", [...le(400, 4)]), pcm(1600)]))).ours,
      50_000,
    );
    // LIST/INFO with an odd-length entry (padded), an odd unknown chunk (padded), then data.
    const info = wavChunk("LIST", [...ascii("INFO"), ...wavChunk("ISFT", ascii("abcde"))]);
    assertEquals(
      (await both(dir, "info.wav", wav([fmt, info, wavChunk("junk", [1, 2, 3]), pcm(800)]))).ours,
      50_000,
    );
    // A data size over the file counts the bytes there; a later data chunk wins.
    assertEquals(
      (await both(dir, "cut.wav", wav([fmt, wavChunk("data", new Array(800).fill(0), 1e6)]))).ours,
      50_000,
    );
    assertEquals((await both(dir, "twice.wav", wav([fmt, pcm(1600), pcm(800)]))).ours, 50_000);
    // WAVE_FORMAT_EXTENSIBLE: 24-bit stereo at 48 kHz, 6 bytes a sample frame.
    const ext = wavFmt(48000, 2, 24, 0xfffe, [
      22,
      0,
      24,
      0,
      3,
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      0,
      0,
      16,
      0,
      128,
      0,
      0,
      170,
      0,
      56,
      155,
      113,
    ]);
    assertEquals((await both(dir, "extensible.wav", wav([ext, pcm(6 * 4800)]))).ours, 100_000);
    // Chunks past the RIFF size are not read: no data chunk, no duration.
    assertEquals(await both(dir, "short-riff.wav", wav([fmt, pcm(1600)], 4 + 24)), {
      ours: undefined,
      theirs: undefined,
    });
    // Data before fmt: no block size yet, no duration.
    assertEquals(await both(dir, "data-first.wav", wav([pcm(1600), fmt])), {
      ours: undefined,
      theirs: undefined,
    });
  });
});

Deno.test("wav reader: layouts music-metadata refuses or reads otherwise are left to it", async () => {
  await withTempDir(async (dir) => {
    const fmt = wavFmt(8000);
    const left = async (name: string, bytes: Uint8Array) =>
      assertEquals((await both(dir, name, bytes)).ours, undefined, name);
    await left("rf64.wav", wav([fmt, pcm(1600)], undefined, "RF64"));
    await left("cset.wav", wav([wavChunk("CSET", new Array(8).fill(0)), fmt, pcm(1600)]));
    await left("id3.wav", wav([fmt, wavChunk("id3 ", id3v2()), pcm(1600)]));
    // INFO entries that do not fill their list exactly, a short fmt, a LIST under 4 bytes.
    const uneven = wavChunk("LIST", [...ascii("INFO"), ...wavChunk("ISFT", ascii("ab")), 0, 0]);
    await left("uneven-info.wav", wav([fmt, uneven, pcm(1600)]));
    await left("short-fmt.wav", wav([wavChunk("fmt ", new Array(14).fill(0)), pcm(1600)]));
    await left("short-list.wav", wav([fmt, wavChunk("LIST", [1, 2]), pcm(1600)]));
  });
});

Deno.test("wav reader: a file of thousands of empty chunks is refused at once", async () => {
  await withTempDir(async (dir) => {
    const chunks = Array.from({ length: 5000 }, () => wavChunk("junk", []));
    await Deno.writeFile(`${dir}/many.wav`, wav([wavFmt(8000), ...chunks, pcm(1600)]));
    await assertRejectsCode(
      () => probeFile(`${dir}/many.wav`, { ffprobe: false }),
      "media_error",
      /many\.wav: not a valid WAV file \(more than 4096 chunks\)/,
    );
  });
});

Deno.test("wav reader: a fact chunk or sample rate claiming hours in a small file is a media_error", async () => {
  await withTempDir(async (dir) => {
    const fact = wavChunk("fact", le(0xffffffff, 4));
    await Deno.writeFile(`${dir}/fact.wav`, wav([wavFmt(8000), fact, pcm(1600)]));
    await assertRejectsCode(
      () => probeFile(`${dir}/fact.wav`, { ffprobe: false }),
      "media_error",
      /fact\.wav: its header claims a duration of 536870911875 µs \(149\.1 h\), over the limit/,
    );
    // One sample a second: 800 s of audio in 1,644 bytes.
    await Deno.writeFile(`${dir}/slow.wav`, wav([wavFmt(1), pcm(1600)]));
    await assertRejectsCode(
      () => probeFile(`${dir}/slow.wav`, { ffprobe: false }),
      "media_error",
      /slow\.wav: its header claims 800 s of audio, which needs at least 51200 bytes/,
    );
  });
});

Deno.test("flac reader: STREAMINFO's samples over its rate, blocks walked as music-metadata walks them", async () => {
  await withTempDir(async (dir) => {
    const info = (total: number, last = false) => flacBlock(0, streamInfo(44100, total), last);
    assertEquals(await both(dir, "plain.flac", flac([info(110250, true)], 4000)), {
      ours: 2_500_000,
      theirs: 2_500_000,
    });
    const blocks = [
      info(88200),
      flacBlock(3, new Array(36).fill(0)), // SEEKTABLE of two points
      flacBlock(4, vorbisComment(["TITLE=x", "ENCODER=y"])),
      flacBlock(6, new Array(40).fill(0)), // PICTURE (skipped)
      flacBlock(1, new Array(100).fill(0), true), // PADDING
    ];
    assertEquals((await both(dir, "blocks.flac", flac(blocks, 4000))).ours, 2_000_000);
    assertEquals((await both(dir, "id3.flac", flac(blocks, 4000, id3v2()))).ours, 2_000_000);
    // No block marked last: the walk ends with the file and keeps the duration.
    assertEquals((await both(dir, "no-last.flac", flac([info(44100)], 0))).ours, 1_000_000);
  });
});

Deno.test("flac reader: what music-metadata would refuse or misread is left to it", async () => {
  await withTempDir(async (dir) => {
    const left = async (name: string, bytes: Uint8Array) =>
      assertEquals((await both(dir, name, bytes)).ours, undefined, name);
    const info = flacBlock(0, streamInfo(44100, 44100));
    await left(
      "bad-comment.flac",
      flac([info, flacBlock(4, vorbisComment(["A=b"], 3), true)], 4000),
    );
    await left(
      "short-info.flac",
      flac([flacBlock(0, streamInfo(44100, 44100).slice(0, 33), true)], 4000),
    );
    // 2^31 samples and more: music-metadata reads the 36-bit count with 32-bit operations.
    await left("huge-count.flac", flac([flacBlock(0, streamInfo(44100, 2 ** 31), true)], 4000));
    await left("no-samples.flac", flac([flacBlock(0, streamInfo(44100, 0), true)], 4000));
    // fLaC after padding that follows the ID3v2 tag: music-metadata wants it right after the tag.
    await left("gap.flac", flac([info], 4000, [...id3v2(), 0, 0]));
  });
});

Deno.test("flac reader: a header claiming hours in a small file, or no rate, is a media_error", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeFile(
      `${dir}/long.flac`,
      flac([flacBlock(0, streamInfo(8000, 2 ** 31 - 1), true)], 500),
    );
    for (const ffprobe of [false, undefined] as const) {
      await assertRejectsCode(
        () => probeFile(`${dir}/long.flac`, { ffprobe }),
        "media_error",
        /long\.flac: its header claims 74\.6 h of audio|over the limit of 24 h/,
      );
    }
    await Deno.writeFile(`${dir}/rate0.flac`, flac([flacBlock(0, streamInfo(0, 1000), true)], 500));
    await assertRejectsCode(
      () => probeFile(`${dir}/rate0.flac`, { ffprobe: false }),
      "media_error",
      /rate0\.flac: its header claims a duration of Infinity µs/,
    );
    const blocks = Array.from({ length: 5000 }, () => flacBlock(1, []));
    await Deno.writeFile(
      `${dir}/many.flac`,
      flac([flacBlock(0, streamInfo(8000, 8000)), ...blocks], 500),
    );
    await assertRejectsCode(
      () => probeFile(`${dir}/many.flac`, { ffprobe: false }),
      "media_error",
      /many\.flac: not a valid FLAC file \(more than 4096 metadata blocks\)/,
    );
  });
});

/** Header pages of a stream (serial 7), then audio pages, the last with `granule` and `flags`. */
function oggFile(idPacket: number[], tags: number[], granule: number, lastFlags = LAST): number[] {
  return [
    ...oggPage(FIRST, 0, 7, 0, idPacket),
    ...oggPage(0, 0, 7, 1, tags),
    ...oggPage(0, Math.floor(granule / 2), 7, 2, new Array(300).fill(1)),
    ...oggPage(lastFlags, granule, 7, 3, new Array(300).fill(2)),
  ];
}

Deno.test("ogg reader: the last page's granule position, Opus less its pre-skip", async () => {
  await withTempDir(async (dir) => {
    const vorbis = oggFile(vorbisId(44100), VORBIS_COMMENT_PACKET, 66150);
    assertEquals(await both(dir, "v.ogg", new Uint8Array(vorbis)), {
      ours: 1_500_000,
      theirs: 1_500_000,
    });
    const opus = oggFile(opusHead(312), OPUS_TAGS_PACKET, 48312);
    assertEquals(await both(dir, "o.opus", new Uint8Array(opus)), {
      ours: 1_000_000,
      theirs: 1_000_000,
    });
    // A last page whose payload holds "OggS" and one longer than the header scan's window.
    const big = [
      ...oggPage(FIRST, 0, 7, 0, vorbisId(8000)),
      ...oggPage(0, 0, 7, 1, VORBIS_COMMENT_PACKET),
      ...oggPage(LAST, 8000 * 3, 7, 2, [...ascii("OggS"), ...new Array(60000).fill(3)]),
    ];
    assertEquals((await both(dir, "big.ogg", new Uint8Array(big))).ours, 3_000_000);
  });
});

Deno.test("ogg reader: streams it cannot be sure of are left to music-metadata", async () => {
  await withTempDir(async (dir) => {
    const left = async (name: string, bytes: number[]) =>
      assertEquals((await both(dir, name, new Uint8Array(bytes))).ours, undefined, name);
    const id = vorbisId(44100);
    const file = oggFile(id, VORBIS_COMMENT_PACKET, 44100);
    await left("junk-after.ogg", [...file, 1, 2, 3]);
    await left("no-eos.ogg", oggFile(id, VORBIS_COMMENT_PACKET, 44100, 0));
    const badCrc = file.slice();
    badCrc[badCrc.length - 1] ^= 1;
    await left("bad-crc.ogg", badCrc);
    // A second stream's first page (multiplexed), a last page of another stream (chained).
    await left("multiplexed.ogg", [
      ...oggPage(FIRST, 0, 7, 0, id),
      ...oggPage(FIRST, 0, 8, 0, opusHead(0)),
      ...file.slice(oggPage(FIRST, 0, 7, 0, id).length),
    ]);
    await left("chained.ogg", [
      ...file,
      ...oggPage(FIRST, 0, 9, 0, id),
      ...oggPage(LAST, 999, 9, 1, [0]),
    ]);
    await left("continued.ogg", [
      ...oggPage(FIRST, 0, 7, 0, id),
      ...oggPage(CONTINUED, 0, 7, 1, VORBIS_COMMENT_PACKET),
      ...oggPage(LAST, 44100, 7, 2, [1]),
    ]);
    await left("opus-no-rate.ogg", oggFile(opusHead(0, 0), OPUS_TAGS_PACKET, 48000));
    await left("speex.ogg", oggFile([...ascii("Speex   "), ...new Array(72).fill(0)], [0], 8000));
  });
});

Deno.test("ogg reader: a granule position of 2^52 samples is a media_error", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeFile(
      `${dir}/lie.ogg`,
      new Uint8Array(oggFile(vorbisId(44100), VORBIS_COMMENT_PACKET, 2 ** 52)),
    );
    await assertRejectsCode(
      () => probeFile(`${dir}/lie.ogg`, { ffprobe: false }),
      "media_error",
      /lie\.ogg: its header claims a duration of \d+ µs .* over the limit of 24 h/,
    );
  });
});

Deno.test("mp3 reader: CBR estimates, Xing counts and frame counts as music-metadata makes them", async () => {
  await withTempDir(async (dir) => {
    const mp3 = (...parts: number[][]) => new Uint8Array(parts.flat());
    // 40 frames of 1152 samples at 44.1 kHz, estimated from the file's size: 1.044898 s.
    assertEquals(await both(dir, "cbr.mp3", mp3(cbrFrames(40))), {
      ours: 1_044_898,
      theirs: 1_044_898,
    });
    assertEquals(
      (await both(dir, "id3.mp3", mp3(id3v2("title", 300), cbrFrames(40)))).ours,
      1_044_898,
    );
    // An ID3v1 tag with a field is left out of the estimate; an empty one is not.
    // (40 frames and 100 bytes: 40.24 frames without the tag's 128 bytes, 40.55 with them.)
    const junk = new Array(100).fill(0);
    assertEquals(
      (await both(dir, "v1.mp3", mp3(cbrFrames(40), junk, id3v1("song")))).ours,
      1_044_898,
    );
    assertEquals(
      (await both(dir, "v1-empty.mp3", mp3(cbrFrames(40), junk, id3v1()))).ours,
      1_071_020,
    );
    // Bitrates that change in the first four frames, no Xing header: every frame is counted,
    // a last frame cut short included, bytes after it under the sync search's minimum not.
    const vbr = [mp3Frame(MP3_128, 417), mp3Frame(MP3_96, 313)];
    const frames = Array.from({ length: 20 }, () => vbr).flat();
    assertEquals(
      (await both(dir, "vbr.mp3", mp3(...frames, mp3Frame(MP3_128, 417).slice(0, 200)))).ours,
      1_071_020,
    );
    // Xing with frame and byte counts; LAME's extended header too (the counts win).
    const xing = xingFrame("Xing", { frames: 39, bytes: 40 * 417, toc: true, scale: 50 });
    assertEquals((await both(dir, "xing.mp3", mp3(xing, cbrFrames(39)))).ours, 1_018_776);
    const lame = xingFrame("Xing", { frames: 30, bytes: 40 * 417, toc: true, scale: 50 }, 5000);
    assertEquals((await both(dir, "lame.mp3", mp3(id3v2(), lame, cbrFrames(39)))).ours, 783_673);
    // Info without a frame count: the CBR estimate.
    assertEquals(
      (await both(dir, "info.mp3", mp3(xingFrame("Info", { bytes: 100 }), cbrFrames(39)))).ours,
      1_044_898,
    );
    // A damaged header after two frames: the count restarts at the next frame, so the estimate
    // covers the last ten frames only (0.261224 s).
    const damaged = mp3(cbrFrames(2), [0xff, 0xe8, 0, 0], cbrFrames(10));
    assertEquals((await both(dir, "damaged.mp3", damaged)).ours, 261_224);
    // The same after a Xing frame: its count stands.
    const xingDamaged = mp3(id3v2(), xing, [0xff, 0xe8, 0, 0], cbrFrames(39));
    assertEquals((await both(dir, "xing-damaged.mp3", xingDamaged)).ours, 1_018_776);
    // Fewer than 164 bytes after the tags: no frame, no duration (nothing left to ask).
    assertEquals(await both(dir, "tiny.mp3", mp3(cbrFrames(1).slice(0, 150))), {
      ours: 0,
      theirs: undefined,
    });
    // A frame whose sync byte ends a 1024-byte search window is missed: the estimate starts at
    // the next frame.
    const lead = id3v2("t", 0);
    const gap = new Array(1023).fill(0);
    assertEquals((await both(dir, "window.mp3", mp3(lead, gap, cbrFrames(41)))).ours, 1_044_898);
  });
});

Deno.test("mp3 reader: what music-metadata would read otherwise is left to it", async () => {
  await withTempDir(async (dir) => {
    const left = async (name: string, ...parts: number[][]) =>
      assertEquals((await both(dir, name, new Uint8Array(parts.flat()))).ours, undefined, name);
    await left("v1-and-v2.mp3", id3v2(), cbrFrames(40), id3v1("song"));
    await left(
      "adts.mp3",
      id3v2(),
      [1],
      [0xff, 0xf1, 0x50, 0x80, 0x2e, 0x7f, 0xfc],
      new Array(400).fill(0),
    );
    await left("ape.mp3", cbrFrames(40), [...ascii("APETAGEX"), ...new Array(24).fill(0)]);
    await left(
      "lame-tag.mp3",
      mp3Frame([0xff, 0xfb, 0x90, 0x00], 417).map((b, i) =>
        i >= 36 && i < 40 ? ascii("LAME")[i - 36] : b
      ),
      cbrFrames(10),
    );
  });
});

Deno.test("mp3 reader: a tag followed by no frame is a media_error after one search", async () => {
  await withTempDir(async (dir) => {
    // 4 MiB of zeros after an ID3v2 tag: music-metadata would search them twice more.
    const bytes = new Uint8Array(4 << 20);
    bytes.set(id3v2());
    await Deno.writeFile(`${dir}/silent.mp3`, bytes);
    assertEquals((await both(dir, "silent.mp3", bytes)).ours, 0);
    await assertRejectsCode(
      () => probeFile(`${dir}/silent.mp3`, { ffprobe: false }),
      "media_error",
      /silent\.mp3: no duration found in the file's headers/,
    );
  });
});

Deno.test("mp3 reader: a long file of frames is counted without allocating per frame", async () => {
  await withTempDir(async (dir) => {
    // 24,000 frames (10 min at 44.1 kHz) alternating bitrates: the counting pass.
    const pair = new Uint8Array([...mp3Frame(MP3_128, 417), ...mp3Frame(MP3_96, 313)]);
    const bytes = new Uint8Array(pair.length * 12_000);
    for (let i = 0; i < 12_000; i++) bytes.set(pair, i * pair.length);
    const { ours, theirs } = await both(dir, "long.mp3", bytes);
    assertEquals(ours, secondsToUs((24_000 * 1152) / 44100));
    assertEquals(ours, theirs);
    assertTrue(ours! > 600_000_000);
  });
});

Deno.test("audio readers: a file whose name music-metadata parses as another format is left to it", async () => {
  await withTempDir(async (dir) => {
    const bytes = await Deno.readFile(FIXTURES + "audio.wav");
    // music-metadata picks its parser by the name first: its MPEG parser finds no frames in a WAV
    // named .mp3, so the file goes on to ffprobe, as before the in-process readers.
    for (const name of ["song.mp3", "clip"]) {
      await Deno.writeFile(`${dir}/${name}`, bytes);
      const want = await probeWithMusicMetadata(
        `${dir}/${name}`,
        { ext: "wav", kind: "audio" },
        name,
      )
        .then((info) => info.durationUs, (err) => (err as Error).message);
      const got = await probeFile(`${dir}/${name}`, { ffprobe: false, name }).then(
        (info) => info.durationUs,
        (err) => (err as Error).message,
      );
      assertEquals(got, want, name);
    }
    assertEquals(
      await probeFile(`${dir}/song.mp3`, { ffprobe: false }).catch((e) => (e as Error).message),
      `${dir}/song.mp3: no duration found in the file's headers`,
    );
  });
});
