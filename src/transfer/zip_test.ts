import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { strToU8, unzipSync, type Zippable, zipSync } from "fflate";
import { buildPortableZip, extractDraftZip } from "./zip.ts";
import { DRAFT_PLACEHOLDER } from "./draft_media_paths.ts";
import type { DraftcliError } from "../errors.ts";
import { loadDraft } from "../store/drafts.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { makeFixtureDraft, randomBytes, snapshot } from "../../test/helpers/transfer_fixture.ts";

const LIMITS = { maxBytes: 50 * 1024 * 1024, maxEntries: 1000 };
const NEW_ID = "9F9F9F9F-AAAA-4BBB-8CCC-DDDDEEEEFFFF";
const NEW_ID_2 = "9F9F9F9F-AAAA-4BBB-8CCC-DDDDEEEE0002";

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function json(bytes: Uint8Array) {
  return JSON.parse(new TextDecoder().decode(bytes));
}

Deno.test("zip: media copied into resources/, paths rewritten, state and junk left out", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const fx = await makeFixtureDraft(base);
  const before = await snapshot(fx.dir);
  const outPath = join(base, "new-folder", "out.zip");
  const seen: number[] = [];
  const res = await buildPortableZip(fx.dir, outPath, {
    includeExternal: true,
    onProgress: (d) => seen.push(d),
  });

  assertEquals(await snapshot(fx.dir), before, "the draft folder must not change");
  const bytes = await Deno.readFile(outPath);
  assertEquals(res.size, bytes.length);
  assertEquals(res.sha256, sha256(bytes));
  assert(seen.length > 0 && seen.every((v, i) => i === 0 || v >= seen[i - 1]));

  const files = unzipSync(bytes);
  const names = Object.keys(files).sort();
  assertEquals(res.files, names.length);
  assert(names.every((n) => n.startsWith(`${fx.draftId}/`)), names.join());
  assert(!names.some((n) => n.includes(".draftcli")), names.join());
  assert(!names.some((n) => n.endsWith(".bak")), names.join());

  const photoEntry = `resources/${sha256(fx.photoBytes).slice(0, 16)}.png`;
  assertEquals(res.media.map((m) => m.entry), [photoEntry]);
  assertEquals(files[`${fx.draftId}/${photoEntry}`], fx.photoBytes);
  assertEquals(files[`${fx.draftId}/resources/voice.mp3`], fx.audioBytes);
  assertEquals(res.missing, [fx.missingPath]);

  for (
    const t of [
      "draft_content.json",
      "draft_info.json",
      "template-2.tmp",
      "Timelines/T1/draft_info.json",
    ]
  ) {
    const doc = json(files[`${fx.draftId}/${t}`]);
    assertEquals(doc.materials.videos[0].path, `${DRAFT_PLACEHOLDER}/${photoEntry}`, t);
    assertEquals(doc.materials.audios[0].path, `${DRAFT_PLACEHOLDER}/resources/voice.mp3`, t);
    assertEquals(doc.materials.videos[1].path, fx.missingPath, t);
  }
  const meta = json(files[`${fx.draftId}/draft_meta_info.json`]);
  assertEquals(
    meta.draft_materials[0].value.map((v: { file_Path: string }) => v.file_Path),
    [`${DRAFT_PLACEHOLDER}/${photoEntry}`, `${DRAFT_PLACEHOLDER}/resources/voice.mp3`],
  );
});

Deno.test("zip: same media under two paths is stored once", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const fx = await makeFixtureDraft(base);
  const copy = join(base, "media", "copy.png");
  await Deno.writeFile(copy, fx.photoBytes);
  const file = join(fx.dir, "draft_content.json");
  const doc = JSON.parse(await Deno.readTextFile(file));
  doc.materials.videos.push({ id: "V3", type: "photo", path: copy });
  await Deno.writeTextFile(file, JSON.stringify(doc));
  const res = await buildPortableZip(fx.dir, join(base, "o.zip"), { includeExternal: true });
  assertEquals(res.media.length, 1);
  const files = unzipSync(await Deno.readFile(join(base, "o.zip")));
  const out = json(files[`${fx.draftId}/draft_content.json`]);
  assertEquals(out.materials.videos[2].path, out.materials.videos[0].path);
});

Deno.test("zip → import: new id, absolute paths that exist, meta and state updated", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const fx = await makeFixtureDraft(base);
  const zipPath = join(base, "p.zip");
  await buildPortableZip(fx.dir, zipPath, { includeExternal: true });
  const root2 = join(base, "other-drafts");
  const res = await extractDraftZip(zipPath, root2, { ...LIMITS, newId: NEW_ID, name: "Moved" });

  const dir = join(root2, NEW_ID); // named by the new id; the name is in the meta only
  assertEquals(res.dir, dir);
  assertEquals(res.draftId, NEW_ID);
  assertEquals(res.edition, "capcut");
  // The path that was missing where the zip was made points outside the new draft: not read.
  assertEquals(res.missing, []);
  assertEquals(res.external, [fx.missingPath]);
  assertEquals(await Array.fromAsync(Deno.readDir(root2), (e) => e.name), [NEW_ID]);
  for (const t of ["draft_content.json", "draft_info.json", "Timelines/T1/draft_info.json"]) {
    const doc = JSON.parse(await Deno.readTextFile(join(dir, t)));
    const photo = doc.materials.videos[0].path as string;
    const audio = doc.materials.audios[0].path as string;
    assert(photo.startsWith(dir + "/resources/"), photo);
    assertEquals(await Deno.readFile(photo), fx.photoBytes);
    assertEquals(audio, join(dir, "resources", "voice.mp3"));
    assertEquals(await Deno.readFile(audio), fx.audioBytes);
  }
  const meta = JSON.parse(await Deno.readTextFile(join(dir, "draft_meta_info.json")));
  assertEquals(meta.draft_id, NEW_ID);
  assertEquals(meta.draft_name, "Moved");
  assertEquals(meta.draft_fold_path, dir);
  assertEquals(meta.draft_root_path, root2);
  assert(meta.tm_draft_create > Date.now() * 1000 - 60e6);
  assertEquals(meta.tm_duration, 5_000_000);
  for (const v of meta.draft_materials[0].value) {
    assert((v.file_Path as string).startsWith(dir + "/resources/"), v.file_Path);
  }
  const state = JSON.parse(await Deno.readTextFile(join(dir, ".draftcli", "state.json")));
  assertEquals([state.edition, state.profile], ["capcut", "capcut-9"]);
  assertEquals(state.importedExternal, [fx.missingPath]);
  assert(!(await Deno.readTextFile(join(dir, "draft_settings"))).includes("draft_create_time=1\n"));
  // draftcli's own loader accepts the imported folder.
  const doc = await loadDraft(dir);
  assertEquals([doc.edition, doc.draftId], ["capcut", NEW_ID]);
  // A second import under the same name gets its own folder: names never collide.
  const again = await extractDraftZip(zipPath, root2, {
    ...LIMITS,
    newId: NEW_ID_2,
    name: "Moved",
  });
  assertEquals([again.dir, again.name], [join(root2, NEW_ID_2), "Moved"]);
  assertEquals((await loadDraft(again.dir)).draftId, NEW_ID_2);
});

/** Replaces every occurrence of the bytes of `from` with `to` (same length). */
function replaceBytes(data: Uint8Array, from: Uint8Array, to: Uint8Array): Uint8Array {
  const out = data.slice();
  for (let i = 0; i + from.length <= out.length; i++) {
    if (from.every((b, k) => out[i + k] === b)) out.set(to, i);
  }
  return out;
}

Deno.test("import: an editor folder zipped by hand (no top folder, __MACOSX, GBK name)", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const content = {
    duration: 1,
    platform: { app_source: "lv", app_version: "5.9.0" },
    materials: { videos: [{ id: "v", path: `${DRAFT_PLACEHOLDER}/materials/a.jpg` }] },
    tracks: [],
  };
  const zip: Zippable = {
    "draft_content.json": strToU8(JSON.stringify(content)),
    "draft_meta_info.json": strToU8(JSON.stringify({ draft_name: "Hand made" })),
    "materials/a.jpg": new Uint8Array([1, 2, 3]),
    "__MACOSX/._draft_content.json": new Uint8Array([0]),
  };
  const zipPath = join(base, "hand.zip");
  zip["abcd.jpg"] = new Uint8Array([4]);
  // Chinese zip tools store names in GBK without the UTF-8 flag: 素材.jpg = cb d8 b2 c4 .jpg
  const gbk = replaceBytes(
    zipSync(zip),
    strToU8("abcd.jpg"),
    new Uint8Array([0xcb, 0xd8, 0xb2, 0xc4, ...strToU8(".jpg")]),
  );
  await Deno.writeFile(zipPath, gbk);
  const res = await extractDraftZip(zipPath, join(base, "d"), { ...LIMITS, newId: NEW_ID });
  assertEquals([res.edition, res.name, res.files], ["jianying", "Hand made", 4]);
  assertEquals(await Deno.readFile(join(res.dir, "素材.jpg")), new Uint8Array([4]));
  const doc = JSON.parse(await Deno.readTextFile(join(res.dir, "draft_content.json")));
  assertEquals(doc.materials.videos[0].path, join(res.dir, "materials", "a.jpg"));
  const state = JSON.parse(await Deno.readTextFile(join(res.dir, ".draftcli", "state.json")));
  assertEquals(state.edition, "jianying");
  assert(!(await Deno.lstat(join(res.dir, "__MACOSX")).then(() => true, () => false)));
});

/** Expects the import to be refused as invalid_input matching `re`, leaving nothing behind. */
async function refused(zipBytes: Uint8Array, re: RegExp, limits = LIMITS): Promise<void> {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const zipPath = join(base, "bad.zip");
  await Deno.writeFile(zipPath, zipBytes);
  const root = join(base, "drafts");
  await Deno.mkdir(root);
  await rejects(
    extractDraftZip(zipPath, root, { ...limits, newId: NEW_ID }),
    (e: DraftcliError) => {
      assertEquals(e.code, "invalid_input", e.message);
      assert(re.test(e.message), e.message);
      return true;
    },
  );
  assertEquals(await Array.fromAsync(Deno.readDir(root)), [], "nothing may be left in the root");
  assertEquals((await Array.fromAsync(Deno.readDir(base))).map((e) => e.name).sort(), [
    "bad.zip",
    "drafts",
  ]);
}

function draftWith(extra: Zippable): Uint8Array {
  return zipSync({
    "d/draft_content.json": strToU8(JSON.stringify({ materials: {}, tracks: [] })),
    ...extra,
  });
}

Deno.test("import refuses unsafe entry names", async () => {
  await refused(draftWith({ "../evil.txt": strToU8("x") }), /'\.\.\/evil\.txt' climbs out/);
  await refused(draftWith({ "d/../../evil.txt": strToU8("x") }), /climbs out/);
  await refused(draftWith({ "/etc/evil.txt": strToU8("x") }), /absolute path/);
  await refused(draftWith({ "C:/evil.txt": strToU8("x") }), /drive letter/);
  await refused(draftWith({ "d\\..\\..\\evil.txt": strToU8("x") }), /backslash/);
});

Deno.test("import refuses symlink entries", async () => {
  const link: Zippable = {
    "d/resources/link.mp4": [strToU8("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
  };
  await refused(draftWith(link), /'d\/resources\/link\.mp4' is a symbolic link/);
});

Deno.test("import refuses too many entries and too many declared bytes", async () => {
  const many: Zippable = {};
  for (let i = 0; i < 20; i++) many[`d/f${i}.txt`] = strToU8("x");
  await refused(draftWith(many), /21 entries, more than the limit of 10/, {
    maxBytes: 1e6,
    maxEntries: 10,
  });
  const big = draftWith({ "d/big.bin": new Uint8Array(100_000) });
  await refused(big, /unpacks to \d+ bytes, over the limit of 50000/, {
    maxBytes: 50_000,
    maxEntries: 100,
  });
  // The hint says how to raise the cap.
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  await Deno.writeFile(join(base, "b.zip"), big);
  await rejects(
    extractDraftZip(join(base, "b.zip"), base, { maxBytes: 1000, maxEntries: 9, newId: NEW_ID }),
    (e: DraftcliError) => /config set maxZipBytes/.test(e.hint ?? ""),
  );
});

/** Sets the declared uncompressed size of `name` in the central directory (and local header). */
function lieAboutSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const v = new DataView(out.buffer);
  const nameBytes = strToU8(name);
  for (let i = 0; i + 46 < out.length; i++) {
    const sig = v.getUint32(i, true);
    const at = sig === 0x02014b50 ? 46 : sig === 0x04034b50 ? 30 : 0;
    if (!at) continue;
    const len = v.getUint16(i + (at === 46 ? 28 : 26), true);
    if (len !== nameBytes.length) continue;
    const n = out.subarray(i + at, i + at + len);
    if (n.every((b, k) => b === nameBytes[k])) v.setUint32(i + (at === 46 ? 24 : 22), size, true);
  }
  return out;
}

Deno.test("import refuses a zip bomb: declared small, inflates big", async () => {
  const honest = draftWith({ "d/zeros.bin": new Uint8Array(5_000_000) });
  assert(honest.length < 100_000, "zeros compress well");
  const bomb = lieAboutSize(honest, "d/zeros.bin", 1000);
  await refused(bomb, /'d\/zeros\.bin' declares 1000 bytes but holds more/);
});

Deno.test("import refuses an honest bomb: one entry over the ratio bound, named", async () => {
  // 600 KB of archive that unpacks to ~600 MB would be the real thing; 8 MB of zeros is enough.
  const bomb = draftWith({ "d/zeros.bin": new Uint8Array(8_000_000) });
  await refused(
    bomb,
    /entry 'd\/zeros\.bin' unpacks \d+ bytes to 8000000 \(ratio \d+:1, over 200:1/,
  );
});

Deno.test("import refuses many small entries that together exceed the total ratio", async () => {
  const parts: Zippable = {};
  // Each below the per-entry floor; together 9 MB from a few KB.
  for (let i = 0; i < 9; i++) parts[`d/pad${i}.bin`] = new Uint8Array(1_000_000);
  await refused(
    draftWith(parts),
    /ratio \d+:1, over 100:1.*most compressed entry is 'd\/pad\d\.bin'/,
  );
});

Deno.test("import accepts what a draft really holds: media that do not compress, JSON ≈ 20:1", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const segments = Array.from({ length: 20_000 }, (_, i) => ({ id: `S${i}`, start: i * 1000 }));
  const zipPath = join(base, "ok.zip");
  await Deno.writeFile(
    zipPath,
    zipSync({
      "d/draft_content.json": strToU8(JSON.stringify({ materials: {}, tracks: [], segments })),
      "d/clip.mp4": randomBytes(2_000_000),
    }),
  );
  const res = await extractDraftZip(zipPath, join(base, "r"), { ...LIMITS, newId: NEW_ID });
  assert(res.files >= 2);
});

Deno.test("import refuses a non-zip and a zip without a draft", async () => {
  await refused(strToU8("not a zip at all"), /not a readable zip/);
  await refused(zipSync({ "a/readme.txt": strToU8("hi") }), /no draft_content\.json/);
});

Deno.test("zip refuses a folder that is not a draft", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  await rejects(
    buildPortableZip(base, join(base, "x.zip")),
    (e: DraftcliError) => e.code === "draft_not_found",
  );
  assertEquals(await Array.fromAsync(Deno.readDir(base)), []);
});

Deno.test("zip refuses an encrypted timeline and leaves no temp file", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const fx = await makeFixtureDraft(base);
  await Deno.writeFile(join(fx.dir, "draft_info.json"), randomBytes(300));
  await rejects(
    buildPortableZip(fx.dir, join(base, "x.zip")),
    (e: DraftcliError) => e.code === "unsupported_draft" && /draft_info\.json/.test(e.message),
  );
  assertEquals((await Array.fromAsync(Deno.readDir(base))).map((e) => e.name).sort(), [
    "drafts",
    "media",
  ]);
});

Deno.test("zip → import: a media file larger than one read chunk survives byte for byte", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const fx = await makeFixtureDraft(base);
  const big = randomBytes(3_500_000);
  const bigPath = join(base, "media", "clip.mp4");
  await Deno.writeFile(bigPath, big);
  const file = join(fx.dir, "draft_content.json");
  const doc = JSON.parse(await Deno.readTextFile(file));
  doc.materials.videos.push({ id: "V9", type: "video", path: bigPath });
  await Deno.writeTextFile(file, JSON.stringify(doc));
  const zipPath = join(base, "big.zip");
  const res = await buildPortableZip(fx.dir, zipPath, { includeExternal: true });
  assertEquals(res.media.find((m) => m.source === bigPath)?.size, big.length);
  const out = await extractDraftZip(zipPath, join(base, "r"), { ...LIMITS, newId: NEW_ID });
  const imported = JSON.parse(await Deno.readTextFile(join(out.dir, "draft_content.json")));
  assertEquals(await Deno.readFile(imported.materials.videos[2].path), big);
});

Deno.test("import refuses damaged data (CRC mismatch) and leaves nothing", async () => {
  const payload = strToU8("0123456789".repeat(100));
  // Stored entries (level 0) keep the payload readable in the archive, so one byte can be flipped.
  const zip = zipSync({
    "d/draft_content.json": strToU8(JSON.stringify({ materials: {}, tracks: [] })),
    "d/data.txt": [payload, { level: 0 }],
  });
  const at = zip.findIndex((_, i) => zip[i] === 0x30 && zip[i + 1] === 0x31 && zip[i + 2] === 0x32);
  const damaged = zip.slice();
  damaged[at + 500] ^= 0xff;
  await refused(damaged, /'d\/data\.txt' fails its CRC check/);
});

Deno.test("import leaves a meta file that is not JSON alone, with a warning", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const secret = randomBytes(64);
  const zipPath = join(base, "enc.zip");
  await Deno.writeFile(
    zipPath,
    zipSync({
      "d/draft_info.json": strToU8(JSON.stringify({ materials: {}, tracks: [] })),
      "d/draft_meta_info.json": secret,
    }),
  );
  const res = await extractDraftZip(zipPath, join(base, "r"), { ...LIMITS, newId: NEW_ID });
  assertEquals(await Deno.readFile(join(res.dir, "draft_meta_info.json")), secret);
  assert(
    res.warnings.some((w) => /draft_meta_info\.json is not plain JSON/.test(w)),
    res.warnings.join(),
  );
});

Deno.test("zip writer: a file that is not the one listed (swapped since) is refused", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const { ZipFileWriter } = await import("./zip_writer.ts");
  const [a, b] = [join(tmp.path, "a.bin"), join(tmp.path, "b.bin")];
  await Deno.writeFile(a, randomBytes(10));
  await Deno.writeFile(b, randomBytes(10));
  const listed = await Deno.stat(a);
  using out = await Deno.open(join(tmp.path, "o.zip"), { write: true, create: true });
  const writer = new ZipFileWriter(out, "");
  await writer.addFile("a.bin", a, undefined, undefined, { dev: listed.dev, ino: listed.ino });
  await rejects(
    writer.addFile("b.bin", b, undefined, undefined, { dev: listed.dev, ino: listed.ino }),
    (e: DraftcliError) =>
      e.code === "io_error" && /changed while the draft was being zipped/.test(e.message),
  );
});

Deno.test("import: paths outside the new draft are external and never looked at; URLs are no paths", async () => {
  await using tmp = await tempDir("draftcli-zip-test-");
  const base = tmp.path;
  const content = {
    materials: {
      videos: [
        { id: "a", path: "/somewhere/else/secret.txt" },
        { id: "b", path: `${DRAFT_PLACEHOLDER}/../../escape.png` },
        { id: "c", path: "../up.png" },
        { id: "d", path: `${DRAFT_PLACEHOLDER}/resources/in.png` },
        { id: "e", path: "https://cdn.example.com/x.png" },
        { id: "f", path: "C:\\Users\\x\\y.png" },
      ],
    },
    tracks: [],
  };
  const zipPath = join(base, "h.zip");
  await Deno.writeFile(
    zipPath,
    zipSync({
      "d/draft_content.json": strToU8(JSON.stringify(content)),
      "d/resources/in.png": strToU8("png"),
    }),
  );
  const res = await extractDraftZip(zipPath, join(base, "r"), { ...LIMITS, newId: NEW_ID });
  assertEquals(res.external, [
    "/somewhere/else/secret.txt",
    `${DRAFT_PLACEHOLDER}/../../escape.png`,
    "../up.png",
    "C:\\Users\\x\\y.png",
  ]);
  assertEquals(res.missing, []);
  const doc = JSON.parse(await Deno.readTextFile(join(res.dir, "draft_content.json")));
  const paths = doc.materials.videos.map((m: { path: string }) => m.path);
  // The climbing placeholder is left as it is, never turned into a path outside the draft.
  assertEquals(paths[1], `${DRAFT_PLACEHOLDER}/../../escape.png`);
  assertEquals(paths[3], join(res.dir, "resources", "in.png"));
  const state = JSON.parse(await Deno.readTextFile(join(res.dir, ".draftcli", "state.json")));
  assertEquals(state.importedExternal, res.external);
});
