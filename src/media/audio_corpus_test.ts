/**
 * The in-process audio readers (mp3.ts, wav.ts, flac.ts, ogg.ts) against music-metadata, the
 * reader they replace, on files ffmpeg makes at test time: each file's duration must be the same
 * to the microsecond, and a probe must report the same facts, whichever reader answered; cut,
 * extended and damaged copies of those files get music-metadata's answer or are left to it.
 */
import { assertEquals, assertTrue } from "../../test/helpers/media_testing.ts";
import { hasCorpusFfmpeg, makeCorpus, readerSeconds } from "../../test/helpers/audio_corpus.ts";
import { prng } from "../../test/helpers/prng.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { probeFile, probeWithMusicMetadata } from "./probe.ts";
import { secondsToUs } from "./types.ts";

/** Corpus files the in-process readers leave to music-metadata, and why. */
const LEFT_TO_MUSIC_METADATA: Record<string, string> = {
  "rf64.wav": "RF64: music-metadata reads no duration (ffprobe does)",
  "cover-id3v1-noxing.mp3":
    "CBR estimate with ID3v1 and ID3v2 tags: whether the ID3v1 tag counts depends on the " +
    "ID3v2 frames music-metadata records",
};

/** Corpus files with no duration in-process or in music-metadata (ffprobe is asked), and why. */
const NO_DURATION: Record<string, string> = {
  "cbr-noxing-8000.mp3": "0.1 s: under four frames and no Xing header",
};

/** Damaged copies of a corpus file: cut, with bytes appended, one byte changed, a LAME tag. */
function variants(name: string, bytes: Uint8Array, random: () => number): [string, Uint8Array][] {
  const at = (n: number) => Math.floor(random() * n);
  const junk = Uint8Array.from({ length: at(2000) }, () => at(256));
  const out: [string, Uint8Array][] = [
    ["cut", bytes.slice(0, at(bytes.length))],
    ["junk", new Uint8Array([...bytes, ...junk])],
  ];
  // An Ogg file damaged inside is read from its last page, where music-metadata, reading every
  // page, may lose the stream (docs/media.md, "Known limits"): its copies are cut or extended.
  if (name.endsWith(".ogg")) return out;
  for (const limit of [4096, bytes.length]) {
    const copy = bytes.slice();
    copy[at(Math.min(limit, copy.length))] = at(256);
    out.push([`byte${limit}`, copy]);
  }
  const lavc = new TextDecoder("latin1").decode(bytes.subarray(0, 2048)).indexOf("Lavc");
  if (lavc >= 0) {
    const copy = bytes.slice();
    copy.set(new TextEncoder().encode("LAME3.100"), lavc);
    out.push(["lame", copy]);
  }
  return out;
}

Deno.test({
  name: "audio readers: music-metadata's answers on an ffmpeg corpus",
  ignore: !hasCorpusFfmpeg,
  async fn(t) {
    await using dir = await tempDir("draftcli-audio-corpus-");
    const paths = await makeCorpus(dir.path);
    await t.step("the same durations and probe facts on every file", async () => {
      const wrong: string[] = [];
      let inProcess = 0;
      for (const path of paths) {
        const name = path.slice(dir.path.length + 1);
        const { seconds, sniffed } = readerSeconds(path);
        const reason = LEFT_TO_MUSIC_METADATA[name];
        if (reason) {
          if (seconds !== undefined) {
            wrong.push(`${name}: read in-process, expected not (${reason})`);
          }
          continue;
        }
        if (NO_DURATION[name]) {
          const why = `${name}: no duration found in the file's headers`;
          const theirs = await probeWithMusicMetadata(path, sniffed, name).catch((e) => e.message);
          const ours = await probeFile(path, { ffprobe: false, name }).catch((e) => e.message);
          if (seconds !== 0 || theirs !== why || ours !== why) {
            wrong.push(`${name}: ${seconds} s, probe: ${ours}, music-metadata: ${theirs}`);
          }
          continue;
        }
        const theirs = await probeWithMusicMetadata(path, sniffed, name);
        const ours = await probeFile(path, { ffprobe: false, name });
        if (seconds === undefined) wrong.push(`${name}: left to music-metadata`);
        else if (secondsToUs(seconds) !== theirs.durationUs) {
          wrong.push(`${name}: ${secondsToUs(seconds)} µs, music-metadata ${theirs.durationUs} µs`);
        } else inProcess++;
        if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
          wrong.push(
            `${name}: probe ${JSON.stringify(ours)}, music-metadata ${JSON.stringify(theirs)}`,
          );
        }
      }
      assertEquals(wrong, []);
      assertTrue(inProcess > 120, `only ${inProcess} files read in-process`);
    });
    await t.step("cut and damaged copies get its answers or are left to it", async () => {
      const short = paths.filter((p) => !p.includes("/long"));
      const random = prng(20261127);
      const wrong: string[] = [];
      let agreed = 0;
      for (const path of short) {
        const name = path.slice(dir.path.length + 1);
        for (const [how, bytes] of variants(name, await Deno.readFile(path), random)) {
          const copy = `${dir.path}/${how}-${name}`;
          await Deno.writeFile(copy, bytes);
          let read;
          try {
            read = readerSeconds(copy);
          } catch {
            continue; // no longer sniffed as audio
          }
          if (read.seconds === undefined) continue;
          // 0: the reader is sure there is no duration; music-metadata must find none either.
          const ours = read.seconds === 0 ? "none" : secondsToUs(read.seconds);
          const theirs = await probeWithMusicMetadata(copy, read.sniffed, copy).then(
            (info) => info.durationUs,
            (err) => /no duration found/.test((err as Error).message) ? "none" : String(err),
          );
          if (ours === theirs) agreed++;
          else wrong.push(`${how}-${name}: ${ours} µs, music-metadata ${theirs}`);
          await Deno.remove(copy);
        }
      }
      assertEquals(wrong, []);
      assertTrue(agreed > 300, `only ${agreed} copies read in-process`);
    });
  },
});
