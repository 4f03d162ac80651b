/**
 * `segments list` / `update` / `move` / `remove`, in-process (runInProcess), on a draft draftcli
 * made and on real editor drafts of the corpus: only the asked paths change (structural diff:
 * number text kept), overlaps name both segments, removal keeps shared materials, ripple, and
 * bad input.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { type Change, formatChanges, structuralDiff } from "./helpers/structural_diff.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

type Env = Record<string, string>;

async function ok(env: Env, args: string[]): Promise<Json> {
  const r = await runInProcess(args, { env });
  assertEquals(r.code, 0, `${args.slice(0, 2).join(" ")}: ${r.stderr}`);
  assertEquals(r.stderr.includes('"error"'), false, r.stderr);
  return r.json as Json;
}

/** Runs a command that must fail; asserts the draft folder is unchanged and returns the error. */
async function fails(env: Env, dir: string, args: string[]): Promise<Json> {
  const before = await snapshotDir(dir);
  const r = await runInProcess(args, { env });
  assert(r.code !== 0, `expected a failure: ${r.stdout}`);
  assertEquals(r.stdout, "");
  assertEquals(await snapshotDir(dir), before, "a refused edit writes nothing");
  return r.error as Json;
}

/** The timeline file of a draft folder (CapCut on macOS writes draft_info.json). */
async function timelineFile(dir: string): Promise<string> {
  for (const name of ["draft_content.json", "draft_info.json"]) {
    try {
      await Deno.stat(`${dir}/${name}`);
      return name;
    } catch { /* next */ }
  }
  throw new Error(`no timeline file in ${dir}`);
}

const content = async (dir: string): Promise<string> =>
  await Deno.readTextFile(`${dir}/${await timelineFile(dir)}`);

function segmentOf(c: Json, id: string): Json | undefined {
  return (c.tracks as Json[]).flatMap((t) => t.segments as Json[]).find((s) => s.id === id);
}

async function madeDraft(env: Env) {
  const { draftId, filePath } = await ok(env, ["draft", "create"]);
  const img = await ok(env, [
    "images",
    "add",
    draftId,
    "--image-infos",
    JSON.stringify([
      { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 2_000_000 },
      { imageUrl: fileUrl(fixture("image.jpg")), start: 2_000_000, end: 4_000_000 },
      { imageUrl: fileUrl(fixture("image.png")), start: 4_000_000, end: 6_000_000 },
    ]),
  ]);
  const aud = await ok(env, [
    "audios",
    "add",
    draftId,
    "--audio-infos",
    JSON.stringify([{ audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1_000_000 }]),
  ]);
  const cap = await ok(env, [
    "captions",
    "add",
    draftId,
    "--captions",
    JSON.stringify([{ text: "hi", start: 0, end: 1_500_000 }, {
      text: "two",
      start: 2_000_000,
      end: 3_000_000,
    }]),
  ]);
  return {
    draftId: draftId as string,
    dir: filePath as string,
    photos: (img.items as Json[]).map((i) => i.segmentId as string),
    audio: aud.items[0].segmentId as string,
    texts: (cap.items as Json[]).map((i) => i.segmentId as string),
  };
}

Deno.test("segments on a draftcli draft: list, update, move, remove with ripple", async () => {
  const w = await tempWorld();
  try {
    const d = await madeDraft(w.env);

    // list: every kind in one call, real file paths, and the draft stays byte-identical
    const before = await snapshotDir(d.dir);
    const list = await ok(w.env, ["segments", "list", d.draftId]);
    assertEquals(await snapshotDir(d.dir), before, "a read writes nothing");
    assertEquals(list.count, 6);
    const byId = new Map<string, Json>((list.segments as Json[]).map((s) => [s.segmentId, s]));
    assertEquals(byId.get(d.photos[0])!.kind, "photo");
    assertEquals(byId.get(d.audio)!.kind, "audio");
    assertEquals(byId.get(d.texts[1])!.text, "two");
    assertEquals(byId.get(d.texts[1])!.track.type, "text");
    assertEquals(byId.get(d.photos[1])!.start, 2_000_000);
    for (const s of list.segments as Json[]) {
      if (s.file) {
        assert(!s.file.includes("placeholder"), s.file);
        await Deno.stat(s.file); // the printed path is a real file
      }
    }
    assert(byId.get(d.texts[0])!.attached !== undefined);

    // update: caption text and colour, photo transform and end, audio volume and fades
    const up = await ok(w.env, [
      "segments",
      "update",
      d.draftId,
      "--updates",
      JSON.stringify([
        { segmentId: d.texts[0], text: "hello", textColor: "#ffcc00", fontSize: 12 },
        { segmentId: d.photos[2], transformX: 0.5, scaleX: 1.5, end: 5_000_000 },
        { segmentId: d.audio, volume: 0.5, fadeInDuration: 200_000, fadeOutDuration: 100_000 },
      ]),
    ]);
    assertEquals(up.items.length, 3);
    let c = JSON.parse(await content(d.dir));
    const t0 = segmentOf(c, d.texts[0])!;
    const tm = (c.materials.texts as Json[]).find((m) => m.id === t0.material_id)!;
    const tc = JSON.parse(tm.content);
    assertEquals(tc.text, "hello");
    assertEquals(tc.styles[0].range, [0, 5]);
    assertEquals(tc.styles[0].size, 12);
    assertEquals(tm.font_size, 12);
    assertEquals(tm.text_color, "#ffcc00");
    const p2 = segmentOf(c, d.photos[2])!;
    assertEquals(p2.clip.transform.x, 0.5);
    assertEquals(p2.clip.scale.x, 1.5);
    assertEquals(p2.target_timerange, { start: 4_000_000, duration: 1_000_000 });
    const a = segmentOf(c, d.audio)!;
    assertEquals(a.volume, 0.5);
    const fade = (c.materials.audio_fades as Json[]).find((m) =>
      a.extra_material_refs.includes(m.id)
    );
    assertEquals([fade?.fade_in_duration, fade?.fade_out_duration], [200_000, 100_000]);

    // move with ripple on the same track: the later segments move with it
    const mv = await ok(w.env, [
      "segments",
      "move",
      d.draftId,
      "--moves",
      JSON.stringify([{ segmentId: d.photos[1], start: 2_500_000 }]),
      "--ripple",
    ]);
    assertEquals(mv.items[0].shifted, 1);
    c = JSON.parse(await content(d.dir));
    assertEquals(segmentOf(c, d.photos[1])!.target_timerange.start, 2_500_000);
    assertEquals(segmentOf(c, d.photos[2])!.target_timerange.start, 4_500_000);
    assertEquals(segmentOf(c, d.photos[0])!.target_timerange.start, 0);

    // move to a new track (one past the last index)
    const mt = await ok(w.env, [
      "segments",
      "move",
      d.draftId,
      "--moves",
      JSON.stringify([{ segmentId: d.texts[1], trackIndex: 1, start: 500_000 }]),
    ]);
    assertEquals(mt.items[0].trackIndex, 1);
    c = JSON.parse(await content(d.dir));
    assertEquals((c.tracks as Json[]).filter((t) => t.type === "text").length, 2);

    // ripple across tracks: the target track opens a gap at the new start
    await ok(w.env, [
      "segments",
      "move",
      d.draftId,
      "--moves",
      JSON.stringify([{ segmentId: d.texts[0], trackIndex: 1, start: 0 }]),
      "--ripple",
    ]);
    c = JSON.parse(await content(d.dir));
    assertEquals(segmentOf(c, d.texts[0])!.target_timerange.start, 0);
    assertEquals(segmentOf(c, d.texts[1])!.target_timerange.start, 2_000_000);
    // the first text track, emptied by the move, is gone
    const textTracks = (c.tracks as Json[]).filter((t) => t.type === "text");
    assertEquals(textTracks.length, 1);
    const textTrack = textTracks[0];
    assertEquals(
      (textTrack.segments as Json[]).map((s) => s.id).sort(),
      [d.texts[0], d.texts[1]].sort(),
    );

    // remove with ripple: the later photo closes the gap
    const rm = await ok(w.env, [
      "segments",
      "remove",
      d.draftId,
      "--segment-ids",
      JSON.stringify([d.photos[1]]),
      "--ripple",
    ]);
    assertEquals(rm.removed[0].segmentId, d.photos[1]);
    assertEquals(rm.shifted, 1);
    c = JSON.parse(await content(d.dir));
    assertEquals(segmentOf(c, d.photos[1]), undefined);
    // closed by the removed length: the 0.5 s gap before it stays
    assertEquals(segmentOf(c, d.photos[2])!.target_timerange.start, 2_500_000);
    assert(rm.removedMaterials.videos.length === 1, JSON.stringify(rm.removedMaterials));
  } finally {
    await w.cleanup();
  }
});

Deno.test("segments remove drops what only the removed segments used and keeps shared materials", async () => {
  const w = await tempWorld();
  try {
    const d = await madeDraft(w.env);
    const path = `${d.dir}/draft_content.json`;
    const c = JSON.parse(await content(d.dir));
    const first = segmentOf(c, d.photos[0])!;
    const second = segmentOf(c, d.photos[1])!;
    // the second photo shares the first one's speed material and its own video material
    const sharedSpeed = (first.extra_material_refs as string[]).find((id) =>
      (c.materials.speeds as Json[]).some((m) => m.id === id)
    )!;
    second.extra_material_refs.push(sharedSpeed);
    second.material_id = first.material_id;
    await Deno.writeTextFile(path, JSON.stringify(c));
    const own = (first.extra_material_refs as string[]).filter((id) => id !== sharedSpeed);

    const rm = await ok(w.env, [
      "segments",
      "remove",
      d.draftId,
      "--segment-ids",
      JSON.stringify([d.photos[0]]),
    ]);
    const after = JSON.parse(await content(d.dir));
    const ids = new Set(
      Object.values(after.materials as Record<string, Json[]>).flatMap((l) =>
        Array.isArray(l) ? l.map((m) => m.id) : []
      ),
    );
    assert(ids.has(sharedSpeed), "a speed another segment uses stays");
    assert(ids.has(first.material_id), "a media material another segment uses stays");
    for (const id of own) assert(!ids.has(id), `companion ${id} used only by the removed one goes`);
    assertEquals(rm.removedMaterials.speeds, undefined);
    assertEquals(rm.shifted, 0);
    assertEquals(segmentOf(after, d.photos[1])!.target_timerange.start, 2_000_000);
  } finally {
    await w.cleanup();
  }
});

Deno.test("segments edits refuse overlaps (naming both) and bad input, writing nothing", async () => {
  const w = await tempWorld();
  try {
    const d = await madeDraft(w.env);
    const run = (args: string[]) => fails(w.env, d.dir, args);

    let e = await run([
      "segments",
      "move",
      d.draftId,
      "--moves",
      JSON.stringify([{ segmentId: d.photos[2], start: 3_000_000 }]),
    ]);
    assert(e.message.includes(d.photos[2]) && e.message.includes(d.photos[1]), e.message);
    assertEquals(e.path, "moves[0].start");

    e = await run([
      "segments",
      "update",
      d.draftId,
      "--updates",
      JSON.stringify([{ segmentId: d.texts[0], end: 2_500_000 }]),
    ]);
    assert(e.message.includes(d.texts[0]) && e.message.includes(d.texts[1]), e.message);
    assertEquals(e.path, "updates[0].end");

    // a field that does not apply to the kind: item index and field, once
    e = await run([
      "segments",
      "update",
      d.draftId,
      "--updates",
      JSON.stringify([{ segmentId: d.audio, volume: 1 }, { segmentId: d.photos[0], text: "x" }]),
    ]);
    assertEquals(e.path, "updates[1].text");
    assertEquals(e.message.split("updates[1].text").length, 2, e.message);

    e = await run([
      "segments",
      "update",
      d.draftId,
      "--updates",
      JSON.stringify([{ segmentId: "nope", start: 0 }]),
    ]);
    assertEquals(e.code, "segment_not_found");
    assertEquals(e.path, "updates[0].segmentId");
    // The hint is the command that lists this draft's ids, runnable as written.
    assertEquals(e.hint, `list the segment ids with: draftcli segments list ${d.draftId}`);

    e = await run([
      "segments",
      "update",
      d.draftId,
      "--updates",
      JSON.stringify([{ segmentId: d.photos[0], start: 3_000_000 }]),
    ]);
    assertEquals(e.path, "updates[0].start");

    e = await run([
      "segments",
      "update",
      d.draftId,
      "--updates",
      JSON.stringify([{ segmentId: d.photos[0], textColor: "red" }]),
    ]);
    assertEquals(e.code, "invalid_input");
    assert(String(e.path).includes("textColor"), JSON.stringify(e));

    e = await run([
      "segments",
      "remove",
      d.draftId,
      "--segment-ids",
      JSON.stringify([d.photos[0], d.photos[0]]),
    ]);
    assertEquals(e.path, "segmentIds[1]");

    e = await run([
      "segments",
      "move",
      d.draftId,
      "--moves",
      JSON.stringify([{ segmentId: d.photos[0], trackIndex: 5 }]),
    ]);
    assertEquals(e.path, "moves[0].trackIndex");

    e = await run(["segments", "move", d.draftId, "--moves", "[{}]"]);
    assertEquals(e.code, "invalid_input");
  } finally {
    await w.cleanup();
  }
});

/** Copies a corpus draft into the world's drafts folder under `name`. */
async function corpusDraft(w: { draftsDir: string }, name: string): Promise<string> {
  const from = fixture(`corpus/${name}`);
  const to = `${w.draftsDir}/${name}`;
  await Deno.mkdir(to);
  for await (const e of Deno.readDir(from)) {
    if (e.isFile) await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
  return to;
}

/** The changes to the timeline file since the corpus copy. */
async function changes(name: string, dir: string): Promise<Change[]> {
  const from = fixture(`corpus/${name}`);
  const before = await Deno.readTextFile(`${from}/${await timelineFile(from)}`);
  return structuralDiff(before, await content(dir));
}

function assertOnly(found: Change[], expected: string[]): void {
  const paths = found.map((c) => `${c.kind} ${c.path}`).sort();
  assertEquals(paths, [...expected].sort(), formatChanges(found));
}

Deno.test("segments on editor drafts: only the asked paths change, number text kept", async () => {
  const w = await tempWorld();
  try {
    // JianYing 5.6 (Windows): photo transform and audio volume; 1.0 and 0.0 elsewhere stay
    let name = "jianying5.6-win-images";
    let dir = await corpusDraft(w, name);
    const before = await snapshotDir(dir);
    const list = await ok(w.env, ["segments", "list", name]);
    assertEquals(await snapshotDir(dir), before, "a read writes nothing");
    const photo = (list.segments as Json[]).find((s) => s.kind === "photo")!;
    const audio = (list.segments as Json[]).find((s) => s.kind === "audio")!;
    await ok(w.env, [
      "segments",
      "update",
      name,
      "--updates",
      JSON.stringify([
        { segmentId: photo.segmentId, transformY: 0.25 },
        { segmentId: audio.segmentId, volume: 0.5 },
      ]),
    ]);
    const seg = (id: string, track: string) => `tracks[id=${track}].segments[id=${id}]`;
    assertOnly(await changes(name, dir), [
      `value ${seg(photo.segmentId, photo.track.id)}.clip.transform.y`,
      `value ${seg(audio.segmentId, audio.track.id)}.volume`,
    ]);
    const text = await content(dir);
    assert(/"volume":0\.5/.test(text.replace(/\s/g, "")));

    // CapCut 7.7 (Windows, transitions): move a caption, then remove a clip with ripple
    name = "capcut7.7-win-transitions";
    dir = await corpusDraft(w, name);
    const l2 = (await ok(w.env, ["segments", "list", name])).segments as Json[];
    const caption = l2.find((s) => s.kind === "text")!;
    const clips = l2.filter((s) => s.kind === "video");
    await ok(w.env, [
      "segments",
      "move",
      name,
      "--moves",
      JSON.stringify([{ segmentId: caption.segmentId, start: 1_000_000 }]),
    ]);
    assertOnly(await changes(name, dir), [
      `value ${seg(caption.segmentId, caption.track.id)}.target_timerange.start`,
    ]);
    const rm = await ok(w.env, [
      "segments",
      "remove",
      name,
      "--segment-ids",
      JSON.stringify([clips[1].segmentId]),
      "--ripple",
    ]);
    const found = await changes(name, dir);
    const removedPaths = Object.entries(rm.removedMaterials as Record<string, string[]>)
      .flatMap(([list, ids]) => ids.map((id) => `removed materials.${list}[id=${id}]`));
    assertOnly(found, [
      "value duration",
      `value ${seg(caption.segmentId, caption.track.id)}.target_timerange.start`,
      `removed ${seg(clips[1].segmentId, clips[1].track.id)}`,
      `value ${seg(clips[2].segmentId, clips[2].track.id)}.target_timerange.start`,
      ...removedPaths,
    ]);
    assert(rm.removedMaterials.videos.length === 1);
    assert(rm.removedMaterials.transitions.length === 1, "its transition went with it");
    assert(!(await content(dir)).includes(clips[1].segmentId));
    assert((await content(dir)).includes(clips[0].segmentId));

    // CapCut 5.9 (macOS, 300 captions): change one caption's text; nothing else moves
    name = "capcut5.9-mac-captions";
    dir = await corpusDraft(w, name);
    const l3 = (await ok(w.env, ["segments", "list", name])).segments as Json[];
    const cap = l3.find((s) => s.kind === "text")!;
    await ok(w.env, [
      "segments",
      "update",
      name,
      "--updates",
      JSON.stringify([{ segmentId: cap.segmentId, text: "新的字幕" }]),
    ]);
    const c3 = JSON.parse(await content(dir));
    const material = segmentOf(c3, cap.segmentId)!.material_id;
    const expected = [`value materials.texts[id=${material}].content`];
    const m3 = (c3.materials.texts as Json[]).find((m) => m.id === material)!;
    if (typeof m3.base_content === "string" && m3.base_content) {
      expected.push(`value materials.texts[id=${material}].base_content`);
    }
    assertOnly(await changes(name, dir), expected);
    assertEquals(JSON.parse(m3.content).text, "新的字幕");
  } finally {
    await w.cleanup();
  }
});

Deno.test("segments update on a video: a head trim advances the source, speed is bounded by the file", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath: dir } = await ok(w.env, ["draft", "create"]);
    const vid = await ok(w.env, [
      "videos",
      "add",
      draftId,
      "--video-infos",
      JSON.stringify([{ videoUrl: fileUrl(fixture("video.mp4")), start: 0, end: 800_000 }]),
    ]);
    const id = vid.items[0].segmentId as string;
    await ok(w.env, [
      "segments",
      "update",
      draftId,
      "--updates",
      JSON.stringify([{ segmentId: id, start: 200_000, volume: 0 }]),
    ]);
    const s = segmentOf(JSON.parse(await content(dir)), id)!;
    assertEquals(s.target_timerange, { start: 200_000, duration: 600_000 });
    assertEquals(s.source_timerange, { start: 200_000, duration: 600_000 });
    assertEquals(s.volume, 0);
    const list = await ok(w.env, ["segments", "list", draftId]);
    assertEquals(list.segments[0].sourceStart, 200_000);

    // 600 ms at 2x from 200 ms would play 1.4 s of a 1 s file: refused by item and field
    const e = await fails(w.env, dir, [
      "segments",
      "update",
      draftId,
      "--updates",
      JSON.stringify([{ segmentId: id, speed: 2 }]),
    ]);
    assertEquals(e.path, "updates[0].speed");
    await ok(w.env, [
      "segments",
      "update",
      draftId,
      "--updates",
      JSON.stringify([{ segmentId: id, speed: 1.25 }]),
    ]);
    const t = segmentOf(JSON.parse(await content(dir)), id)!;
    assertEquals([t.speed, t.source_timerange.duration], [1.25, 750_000]);
    const c = JSON.parse(await content(dir));
    const speeds = (c.materials.speeds as Json[]).filter((m) =>
      t.extra_material_refs.includes(m.id)
    );
    assertEquals(speeds.map((m) => m.speed), [1.25]);
  } finally {
    await w.cleanup();
  }
});
