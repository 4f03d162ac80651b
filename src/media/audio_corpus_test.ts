/**
 * The in-process audio readers (mp3.ts, wav.ts, flac.ts, ogg.ts) against music-metadata, the
 * reader they replace, on files ffmpeg makes at test time: each file's duration must be the same
 * to the microsecond, and a probe must report the same facts, whichever reader answered.
 */
import { assertEquals, assertTrue } from "../../test/helpers/media_testing.ts";
import { hasCorpusFfmpeg, makeCorpus, readerSeconds } from "../../test/helpers/audio_corpus.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { probeFile, probeWithMusicMetadata } from "./probe.ts";
import { secondsToUs } from "./types.ts";

/** Corpus files the in-process readers leave to music-metadata, and why. */
const LEFT_TO_MUSIC_METADATA: Record<string, string> = {
  "cbr-noxing-8000.mp3": "0.1 s: under four frames and no Xing header give no duration",
  "rf64.wav": "RF64: music-metadata reads no duration (ffprobe does)",
  "cover-id3v1-noxing.mp3":
    "CBR estimate with ID3v1 and ID3v2 tags: whether the ID3v1 tag counts depends on the " +
    "ID3v2 frames music-metadata records",
};

Deno.test({
  name: "audio readers: the same durations as music-metadata on an ffmpeg corpus",
  ignore: !hasCorpusFfmpeg,
  async fn() {
    await using dir = await tempDir("draftcli-audio-corpus-");
    const paths = await makeCorpus(dir.path);
    const wrong: string[] = [];
    let inProcess = 0;
    for (const path of paths) {
      const name = path.slice(dir.path.length + 1);
      const { seconds, sniffed } = readerSeconds(path);
      const reason = LEFT_TO_MUSIC_METADATA[name];
      if (reason) {
        if (seconds !== undefined) wrong.push(`${name}: read in-process, expected not (${reason})`);
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
  },
});
