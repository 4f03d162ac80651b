import { assertEquals, assertRejectsCode, assertTrue } from "../../test/helpers/media_testing.ts";
import {
  ffprobeAvailable,
  type FfprobeError,
  ffprobeFile,
  mediaInfoFromFfprobe,
} from "./ffprobe.ts";
import { probeFile } from "./probe.ts";
import { EXPECTED, FIXTURES, withTempDir } from "../../test/helpers/media_testing.ts";
import type { MediaInfo } from "./types.ts";

/** Containers disagree by up to a frame or an AAC/MP3 priming block: 50 ms. */
const DURATION_TOLERANCE_US = 50_000;

function assertMatches(got: MediaInfo, want: MediaInfo, name: string): void {
  const { durationUs: gotUs, ...gotRest } = got;
  const { durationUs: wantUs, ...wantRest } = want;
  assertEquals(gotRest, wantRest, name);
  assertTrue(
    Math.abs(gotUs - wantUs) <= DURATION_TOLERANCE_US,
    `${name}: duration ${gotUs} µs, expected ${wantUs} µs ± ${DURATION_TOLERANCE_US}`,
  );
  if (want.durationUs === 0) assertEquals(got.durationUs, 0, `${name}: still image duration`);
}

const hasFfprobe = await ffprobeAvailable();

for (const [name, want] of Object.entries(EXPECTED)) {
  Deno.test(`probe (in-process): ${name}`, async () => {
    const fallbacks: string[] = [];
    const got = await probeFile(FIXTURES + name, {
      ffprobe: false,
      warn: (m) => fallbacks.push(m),
    });
    assertMatches(got, want, name);
    assertEquals(fallbacks, [], "no ffprobe fallback for a supported format");
  });
  Deno.test({
    name: `probe (ffprobe): ${name}`,
    ignore: !hasFfprobe,
    fn: async () => {
      const viaFfprobe = await ffprobeFile(FIXTURES + name);
      assertMatches(viaFfprobe, want, `${name} via ffprobe`);
      const inProcess = await probeFile(FIXTURES + name, { ffprobe: false });
      assertMatches(inProcess, viaFfprobe, `${name}: in-process vs ffprobe`);
    },
  });
}

Deno.test("probe: a text file is a media_error naming the file, with a hint", async () => {
  const path = FIXTURES + "not_media.txt";
  for (const ffprobe of [false, undefined] as const) {
    const err = await assertRejectsCode(
      () => probeFile(path, { ffprobe }),
      "media_error",
      /not_media\.txt: not a recognised media file/,
    );
    assertTrue(err.hint && /png, jpg/.test(err.hint), "hint lists supported formats");
  }
});

Deno.test("probe: damaged files of known types are media_error", async () => {
  await withTempDir(async (dir) => {
    const cut = async (fixture: string, bytes: number) => {
      const data = await Deno.readFile(FIXTURES + fixture);
      const path = `${dir}/cut-${bytes}-${fixture}`;
      await Deno.writeFile(path, data.subarray(0, bytes));
      return path;
    };
    // An MP4 cut after its ftyp box has no moov: in-process fails, and so does ffprobe.
    const mp4 = await cut("video.mp4", 40);
    await assertRejectsCode(() => probeFile(mp4, { ffprobe: false }), "media_error", /moov/);
    await assertRejectsCode(() => probeFile(mp4), "media_error", /cut-40-video\.mp4/);
    // A PNG signature with no header.
    const png = await cut("image.png", 12);
    await assertRejectsCode(() => probeFile(png, { ffprobe: false }), "media_error", /PNG/);
    // A GIF cut inside its first frame.
    const gif = await cut("anim.gif", 40);
    await assertRejectsCode(() => probeFile(gif, { ffprobe: false }), "media_error", /GIF/);
    // An empty file.
    await Deno.writeFile(`${dir}/empty.mp3`, new Uint8Array());
    await assertRejectsCode(() => probeFile(`${dir}/empty.mp3`), "media_error", /empty/);
  });
});

Deno.test("probe: a missing file is media_not_found; a folder is media_error", async () => {
  await assertRejectsCode(
    () => probeFile(FIXTURES + "nope.png"),
    "media_not_found",
    /nope\.png: no such file/,
  );
  await assertRejectsCode(() => probeFile(FIXTURES), "media_error", /not a regular file/);
});

/** video.mp4 with a 3 GiB box (a sparse hole) of type `type` right after its ftyp box. */
async function padMp4(dir: string, type: string): Promise<string> {
  const data = await Deno.readFile(FIXTURES + "video.mp4");
  const ftypSize = new DataView(data.buffer).getUint32(0);
  const pad = 3 * 1024 ** 3;
  const path = `${dir}/padded-${type}.mp4`;
  using file = await Deno.open(path, { write: true, create: true });
  await file.write(data.subarray(0, ftypSize));
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(0, pad + 8);
  header.set([...type].map((c) => c.charCodeAt(0)), 4);
  await file.write(header);
  await file.seek(ftypSize + 8 + pad, Deno.SeekMode.Start);
  await file.write(data.subarray(ftypSize));
  assertEquals((await file.stat()).size, data.length + 8 + pad);
  return path;
}

Deno.test("probe: an MP4 with 3 GiB of mdat before its moov is probed by seeking", async () => {
  await withTempDir(async (dir) => {
    // Reading or buffering the 3 GiB instead of seeking past it would take seconds and memory.
    const path = await padMp4(dir, "mdat");
    const started = performance.now();
    const info = await probeFile(path, { ffprobe: false });
    const ms = performance.now() - started;
    assertMatches(info, EXPECTED["video.mp4"], "padded-mdat.mp4");
    assertTrue(ms < 1000, `probing took ${ms.toFixed(0)} ms`);
  });
});

Deno.test("probe: a huge non-mdat box before moov gives up quickly (no whole-file read)", async () => {
  await withTempDir(async (dir) => {
    const path = await padMp4(dir, "free");
    const started = performance.now();
    await assertRejectsCode(() => probeFile(path, { ffprobe: false }), "media_error", /moov/);
    assertTrue(performance.now() - started < 1000, "gave up quickly");
  });
});

Deno.test("probe: JPEG EXIF orientation 6 swaps width and height", async () => {
  await withTempDir(async (dir) => {
    const jpg = await Deno.readFile(FIXTURES + "image.jpg");
    // APP1 "Exif\0\0" + big-endian TIFF header + IFD with one entry: Orientation (0x0112) = 6.
    const hex = (h: string) => h.split(" ").map((b) => parseInt(b, 16));
    const exif = [
      ...[..."Exif\0\0"].map((c) => c.charCodeAt(0)),
      ...hex("4d 4d 00 2a 00 00 00 08"), // "MM", 42, first IFD at offset 8
      ...hex("00 01"), // one entry
      ...hex("01 12 00 03 00 00 00 01 00 06 00 00"), // Orientation, SHORT, 1 value: 6
      ...hex("00 00 00 00"), // no next IFD
    ];
    const segment = [0xff, 0xe1, 0, exif.length + 2, ...exif];
    const rotated = new Uint8Array([...jpg.subarray(0, 2), ...segment, ...jpg.subarray(2)]);
    await Deno.writeFile(`${dir}/rotated.jpg`, rotated);
    const info = await probeFile(`${dir}/rotated.jpg`, { ffprobe: false });
    assertEquals([info.width, info.height], [60, 80]);
  });
});

Deno.test("probe: GIF frames with 0 cs delay count as 10 cs, like browsers show them", async () => {
  await withTempDir(async (dir) => {
    const gif = await Deno.readFile(FIXTURES + "anim.gif");
    // Zero every graphic-control delay (0x21 0xF9 0x04 <packed> <lo> <hi>).
    for (let i = 0; i + 5 < gif.length; i++) {
      if (gif[i] === 0x21 && gif[i + 1] === 0xf9 && gif[i + 2] === 0x04) {
        gif[i + 4] = 0;
        gif[i + 5] = 0;
      }
    }
    await Deno.writeFile(`${dir}/fast.gif`, gif);
    const info = await probeFile(`${dir}/fast.gif`, { ffprobe: false });
    assertEquals([info.kind, info.durationUs], ["video", 8 * 100_000]);
  });
});

Deno.test("ffprobe: a missing binary is a clear media_error; FFPROBE_PATH is honoured", async () => {
  const err = await assertRejectsCode(
    () => ffprobeFile(FIXTURES + "image.png", { env: { FFPROBE_PATH: "/nonexistent/ffprobe" } }),
    "media_error",
    /ffprobe is not available \(tried to run "\/nonexistent\/ffprobe"\)/,
  );
  assertTrue(err.hint && /FFPROBE_PATH/.test(err.hint));
  // An unknown type with no ffprobe: the error says both.
  await assertRejectsCode(
    () =>
      probeFile(FIXTURES + "not_media.txt", {
        ffprobe: { env: { FFPROBE_PATH: "/nonexistent/ffprobe" } },
      }),
    "media_error",
    /not a recognised media file \(and ffprobe.*is not available\)/,
  );
});

Deno.test("ffprobe: a hanging ffprobe is killed after the timeout", async () => {
  await withTempDir(async (dir) => {
    const fake = `${dir}/ffprobe`;
    await Deno.writeTextFile(fake, "#!/bin/sh\nexec sleep 30\n");
    await Deno.chmod(fake, 0o755);
    const started = performance.now();
    const err = await assertRejectsCode(
      () => ffprobeFile(FIXTURES + "image.png", { ffprobePath: fake, timeoutMs: 200 }),
      "media_error",
      /image\.png: ffprobe did not finish within 0\.2 s/,
    );
    assertEquals((err as FfprobeError).reason, "timeout");
    assertTrue(performance.now() - started < 5000, "did not wait for the child");
  });
});

Deno.test("ffprobe: JSON mapping skips cover art and applies rotation", () => {
  const info = mediaInfoFromFfprobe(
    {
      format: { format_name: "mp3", duration: "2.5" },
      streams: [
        { codec_type: "audio", codec_name: "mp3" },
        {
          codec_type: "video",
          codec_name: "mjpeg",
          width: 500,
          height: 500,
          disposition: { attached_pic: 1 },
        },
      ],
    },
    "mp3",
    "song.mp3",
  );
  assertEquals(info, {
    kind: "audio",
    format: "mp3",
    durationUs: 2_500_000,
    width: 0,
    height: 0,
    hasAudio: true,
    hasVideo: false,
  });
  const rotated = mediaInfoFromFfprobe(
    {
      format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "1" },
      streams: [{
        codec_type: "video",
        codec_name: "h264",
        width: 1920,
        height: 1080,
        side_data_list: [{ rotation: -90 }],
      }],
    },
    "mp4",
    "phone.mp4",
  );
  assertEquals([rotated.kind, rotated.width, rotated.height], ["video", 1080, 1920]);
});

Deno.test("probe: a Xing header claiming 2^32 frames is a media_error naming the claim", async () => {
  const { xingMp3 } = await import("../../test/helpers/hostile_media.ts");
  await withTempDir(async (dir) => {
    await Deno.writeFile(`${dir}/lie.mp3`, xingMp3(0xffffffff));
    for (const ffprobe of [false, undefined] as const) {
      await assertRejectsCode(
        () => probeFile(`${dir}/lie.mp3`, { ffprobe }),
        "media_error",
        /lie\.mp3: its Xing header claims 4294967295 frames \(112195064\.0 s\), but 16680 bytes/,
      );
    }
    // The same stream with an honest count is 40 frames of 26 ms.
    await Deno.writeFile(`${dir}/ok.mp3`, xingMp3(39));
    const ok = await probeFile(`${dir}/ok.mp3`, { ffprobe: false });
    assertTrue(Math.abs(ok.durationUs - 1_018_775) < 30_000, `duration ${ok.durationUs}`);
  });
});

Deno.test("probe: PNGs claiming more pixels than they hold are media_error", async () => {
  const { claimingPng } = await import("../../test/helpers/hostile_media.ts");
  await withTempDir(async (dir) => {
    const cases: [string, Uint8Array, RegExp][] = [
      ["max.png", claimingPng(2147483647, 2147483647), /max\.png: its PNG header claims/],
      ["bare.png", claimingPng(30000, 30000), /bare\.png: its PNG header claims 30000×30000/],
      ["noidat.png", claimingPng(100, 100), /no pixel data \(no IDAT chunk\)/],
      ["thin.png", claimingPng(16000, 16000, 100), /take at least \d+ bytes, but the file has/],
    ];
    assertEquals(cases[0][1].length, 45);
    for (const [name, bytes, why] of cases) {
      await Deno.writeFile(`${dir}/${name}`, bytes);
      for (const ffprobe of [false, undefined] as const) {
        await assertRejectsCode(() => probeFile(`${dir}/${name}`, { ffprobe }), "media_error", why);
      }
    }
  });
});

Deno.test("probe: what ffprobe reports is bounded too (duration, picture size)", async () => {
  await withTempDir(async (dir) => {
    // A format draftcli does not parse in-process goes to ffprobe; this one claims 48 h.
    await Deno.writeFile(`${dir}/x.bin`, new Uint8Array(1000).fill(7));
    const fake = `${dir}/ffprobe`;
    const answer = (streams: string, duration: string) =>
      `#!/bin/sh\ncat <<'J'\n{"streams":[${streams}],"format":{"format_name":"x","duration":"${duration}"}}\nJ\n`;
    await Deno.writeTextFile(fake, answer('{"codec_type":"audio"}', "172800"));
    await Deno.chmod(fake, 0o755);
    await assertRejectsCode(
      () => probeFile(`${dir}/x.bin`, { ffprobe: { ffprobePath: fake } }),
      "media_error",
      /x\.bin: its header claims a duration of 172800000000 µs \(48\.0 h\), over the limit of 24 h/,
    );
    await Deno.writeTextFile(
      fake,
      answer('{"codec_type":"video","codec_name":"h264","width":100000,"height":9}', "10"),
    );
    await assertRejectsCode(
      () => probeFile(`${dir}/x.bin`, { ffprobe: { ffprobePath: fake } }),
      "media_error",
      /x\.bin: its header claims a picture of 100000×9 pixels; a side may be at most 65536/,
    );
    // 1000 bytes cannot hold an hour of sound.
    await Deno.writeTextFile(fake, answer('{"codec_type":"audio"}', "3600"));
    await assertRejectsCode(
      () => probeFile(`${dir}/x.bin`, { ffprobe: { ffprobePath: fake } }),
      "media_error",
      /x\.bin: its header claims 1\.0 h of audio, which needs at least 230400 bytes, but the file has 1000/,
    );
  });
});

Deno.test("probe: an MP4 whose stsz claims 2^32 samples is refused before mp4box lists them", async () => {
  const { lyingStsz } = await import("../../test/helpers/hostile_media.ts");
  await withTempDir(async (dir) => {
    const bytes = lyingStsz(await Deno.readFile(FIXTURES + "video.mp4"));
    await Deno.writeFile(`${dir}/lie.mp4`, bytes);
    const started = performance.now();
    await assertRejectsCode(
      () => probeFile(`${dir}/lie.mp4`, { ffprobe: false }),
      "media_error",
      new RegExp(
        `lie\\.mp4: its stsz box claims 4294967295 samples of 1 bytes, more than the file's ` +
          `${bytes.length} bytes hold`,
      ),
    );
    assertTrue(performance.now() - started < 2000, "refused at once");
  });
});
