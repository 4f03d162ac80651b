import { assertEquals } from "../../test/helpers/media_testing.ts";
import { classifyBrands, sniff, sniffFile } from "./sniff.ts";
import { EXPECTED, FIXTURES } from "../../test/helpers/media_testing.ts";

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((p) => typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p),
  );

Deno.test("sniff: every fixture is recognised with its real extension and kind", async () => {
  for (const [name, info] of Object.entries(EXPECTED)) {
    const got = await sniffFile(FIXTURES + name);
    // Sniffing cannot see that a GIF is animated: it says "image"; the probe refines the kind.
    const kind = info.format === "gif" ? "image" : name.startsWith("audio.") ? "audio" : info.kind;
    assertEquals(got, { ext: info.format, kind }, name);
  }
});

Deno.test("sniff: text, empty and short inputs are not media", async () => {
  assertEquals(await sniffFile(FIXTURES + "not_media.txt"), null);
  assertEquals(sniff(new Uint8Array()), null);
  assertEquals(sniff(bytes([0xff, 0xd8])), null);
  assertEquals(sniff(bytes("<!DOCTYPE html><html>")), null);
  assertEquals(sniff(bytes("BM is a text that starts like a bitmap")), null);
  assertEquals(sniff(bytes("RIFF", [0, 0, 0, 0], "AVI LIST")), null);
});

Deno.test("sniff: MP3 by frame sync without a tag, checking the next frame", () => {
  // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, no padding: 417-byte frames.
  const header = [0xff, 0xfb, 0x90, 0x00];
  const frame = [...header, ...new Array(413).fill(0)];
  assertEquals(sniff(bytes(frame, frame)), { ext: "mp3", kind: "audio" });
  // A lone header at the end of the visible bytes is accepted...
  assertEquals(sniff(bytes(header)), { ext: "mp3", kind: "audio" });
  // ...but not when the next frame is visible and missing.
  assertEquals(sniff(bytes(frame, [0x00, 0x00, 0x00, 0x00])), null);
  // Layer II and a bad bitrate index are not MP3.
  assertEquals(sniff(bytes([0xff, 0xfd, 0x90, 0x00])), null);
  assertEquals(sniff(bytes([0xff, 0xfb, 0xf0, 0x00])), null);
});

Deno.test("sniff: ID3 tag then MP3, FLAC or ADTS", () => {
  const id3: (string | number[])[] = ["ID3", [4, 0, 0, 0, 0, 0, 2]]; // 2-byte tag body
  assertEquals(sniff(bytes(...id3, [0, 0], [0xff, 0xfb, 0x90, 0x00])), {
    ext: "mp3",
    kind: "audio",
  });
  assertEquals(sniff(bytes(...id3, [0, 0], "fLaC")), { ext: "flac", kind: "audio" });
  assertEquals(sniff(bytes(...id3, [0, 0], [0xff, 0xf1, 0x50, 0x80])), {
    ext: "aac",
    kind: "audio",
  });
});

Deno.test("sniff: ISO-BMFF brands tell mov, m4a, mp4 and skip HEIF", () => {
  const ftyp = (major: string, ...compat: string[]) => {
    const size = 16 + 4 * compat.length;
    return bytes([0, 0, 0, size], "ftyp", major, [0, 0, 0, 0], ...compat);
  };
  assertEquals(sniff(ftyp("qt  ", "qt  ")), { ext: "mov", kind: "video" });
  assertEquals(sniff(ftyp("M4A ", "M4A ", "mp42")), { ext: "m4a", kind: "audio" });
  assertEquals(sniff(ftyp("mp42", "M4A ", "mp42", "isom")), { ext: "m4a", kind: "audio" });
  assertEquals(sniff(ftyp("isom", "isom", "avc1")), { ext: "mp4", kind: "video" });
  assertEquals(sniff(ftyp("3gp4", "3gp4")), { ext: "mp4", kind: "video" });
  assertEquals(sniff(ftyp("heic", "mif1", "heic")), null);
  assertEquals(sniff(ftyp("avif", "avif", "mif1")), null);
  assertEquals(sniff(bytes([0, 0, 0, 8], "wide", [0, 0, 0, 8], "mdat")), {
    ext: "mov",
    kind: "video",
  });
  assertEquals(classifyBrands("M4B "), { ext: "m4a", kind: "audio" });
});

Deno.test("sniff: EBML DocType tells webm from mkv; Ogg Theora is video", () => {
  const ebml = (doc: string) =>
    bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | (doc.length + 3), 0x42, 0x82, 0x80 | doc.length], doc);
  assertEquals(sniff(ebml("webm")), { ext: "webm", kind: "video" });
  assertEquals(sniff(ebml("matroska")), { ext: "mkv", kind: "video" });
  const oggPage = (packet: string) =>
    bytes("OggS", [0, 2], new Array(20).fill(0), [1, packet.length], packet);
  assertEquals(sniff(oggPage("\x80theora")), { ext: "ogg", kind: "video" });
  assertEquals(sniff(oggPage("\x01vorbis")), { ext: "ogg", kind: "audio" });
});
