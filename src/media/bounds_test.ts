import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { implausibleClaim, MAX_MEDIA_DURATION_US } from "./bounds.ts";
import type { MediaInfo } from "./types.ts";

const image = (format: string, width: number, height: number): MediaInfo => ({
  kind: "image",
  format,
  durationUs: 0,
  width,
  height,
  hasAudio: false,
  hasVideo: true,
});
const audio = (durationUs: number): MediaInfo => ({
  kind: "audio",
  format: "mp3",
  durationUs,
  width: 0,
  height: 0,
  hasAudio: true,
  hasVideo: false,
});

Deno.test("implausibleClaim: the limits, and real files just inside them", () => {
  assertEquals(implausibleClaim(audio(MAX_MEDIA_DURATION_US), 10_000_000), undefined);
  assertMatch(
    implausibleClaim(audio(MAX_MEDIA_DURATION_US + 1), 10_000_000)!,
    /over the limit of 24 h/,
  );
  // An hour of sound needs 230400 bytes at the floor; 8 kbit/s (the lowest MP3) has 3.6 MB.
  assertEquals(implausibleClaim(audio(3_600_000_000), 3_600_000), undefined);
  assertMatch(implausibleClaim(audio(3_600_000_000), 1000)!, /needs at least 230400 bytes/);
  // 16384² is the most; a 4000×3000 photo of 20 KB is fine; 30000×30000 is not.
  assertEquals(implausibleClaim(image("jpg", 16384, 16384), 5_000_000), undefined);
  assertEquals(implausibleClaim(image("jpg", 4000, 3000), 20_000), undefined);
  assertMatch(
    implausibleClaim(image("png", 30000, 30000), 5_000_000)!,
    /over the limit of 268435456/,
  );
  assertMatch(implausibleClaim(image("png", 70000, 10), 5_000_000)!, /a side may be at most 65536/);
  // 16 million pixels cannot come from 100 bytes of JPEG; a plain-coloured WebP can.
  assertMatch(implausibleClaim(image("jpg", 4000, 4000), 100)!, /more than a file of 100 bytes/);
  assertEquals(implausibleClaim(image("webp", 4000, 4000), 100), undefined);
  assertMatch(implausibleClaim(audio(-1), 1000)!, /duration of -1 µs/);
});
