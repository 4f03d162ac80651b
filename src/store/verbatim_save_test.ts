/**
 * Saves that write loaded items from their loaded bytes (src/draft/verbatim.ts): the spans a save
 * records, the lists a later edit keeps, and the test suite's verification mode, which must catch
 * an edit that declares it kept the loaded items and changed one.
 */
import { deepStrictEqual, equal, ok, rejects } from "node:assert/strict";
import { join } from "../path.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { portraitDraft } from "../../test/helpers/portrait_draft.ts";
import type { DraftDocument } from "../draft/document.ts";
import { mutateDraftAt } from "./commit.ts";
import { TMP_SUFFIX } from "./atomic.ts";
import { placeSegment } from "../draft/segment_builders.ts";

/** A draft draftcli made, with a few speeds and a text track of segments, saved once. */
async function grownDraft(root: string): Promise<string> {
  const { dir } = await portraitDraft(root);
  await mutateDraftAt(dir, (doc) => {
    addItems(doc, 0, 3);
    return Promise.resolve({ result: undefined });
  });
  return dir;
}

/** Adds `n` speeds and text segments, numbered from `from`, on the draft's text track. */
function addItems(doc: DraftDocument, from: number, n: number): void {
  const track = doc.tracksOf("text")[0] ?? doc.addTrack("text");
  for (let i = from; i < from + n; i++) {
    doc.materials("speeds").push({ id: `speed-${i}`, speed: 1, type: "speed" });
    track.segments.push({
      id: `segment-${i}`,
      material_id: `speed-${i}`,
      target_timerange: { start: i * 1_000_000, duration: 1_000_000 },
      speed: 1,
    } as never);
  }
}

const timelineOf = (dir: string) => Deno.readTextFileSync(join(dir, "draft_content.json"));

/**
 * A copy of a draft's files without `.draftcli/` (so without the record of draftcli's last save):
 * a load of it parses the whole timeline.
 */
function unrecordedCopy(dir: string, into: string): string {
  const copy = join(into, "copy");
  Deno.mkdirSync(copy);
  for (const e of Deno.readDirSync(dir)) {
    if (e.isFile) Deno.copyFileSync(join(dir, e.name), join(copy, e.name));
  }
  return copy;
}

/** A bare segment of `speed-0` lasting a second from `start` (placement reads only its times). */
const segmentAt = (id: string, start: number) =>
  ({
    id,
    material_id: "speed-0",
    target_timerange: { start, duration: 1_000_000 },
    track_render_index: 0,
    render_index: 0,
  }) as never;

/**
 * Runs `edit` on a draft with the record of its last save (segments left unread) and on its
 * unrecorded copy (all parsed): the edit saw its segments unread only in the first, both saved
 * the same bytes; the saved timeline, parsed.
 */
async function editBoth(
  dir: string,
  copy: string,
  edit: (unread: boolean[]) => (doc: DraftDocument) => Promise<{ result: undefined }>,
  // deno-lint-ignore no-explicit-any
): Promise<any> {
  const lazy: boolean[] = [];
  const full: boolean[] = [];
  await mutateDraftAt(dir, edit(lazy));
  await mutateDraftAt(copy, edit(full));
  deepStrictEqual([lazy, full], [[true], [false]]);
  equal(timelineOf(dir), timelineOf(copy));
  return JSON.parse(timelineOf(dir));
}

/** Is the first track's `segments` still the accessor that would parse them (nothing read them)? */
const segmentsUnread = (doc: DraftDocument) =>
  typeof Object.getOwnPropertyDescriptor(doc.tracks[0], "segments")?.get === "function";

Deno.test("the test suite saves in verification mode", () => {
  equal(Deno.env.get("DRAFTCLI_VERIFY_SAVE"), "1");
});

Deno.test("a save records its item lists' spans; an edit that keeps the loaded items writes them as loaded", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  const files = JSON.parse(Deno.readTextFileSync(join(dir, ".draftcli", "written.json"))).files;
  const lists = files["draft_content.json"].lists.map((s: { path: unknown[] }) => s.path);
  deepStrictEqual(lists, [["materials", "speeds"], ["tracks", 0, "segments"]]);
  let kept = 0;
  await mutateDraftAt(dir, (doc) => {
    doc.keepLoadedItems();
    addItems(doc, 3, 2);
    kept = doc.keptBytes().size;
    return Promise.resolve({ result: undefined });
  });
  equal(kept, 2);
  const saved = JSON.parse(timelineOf(dir));
  deepStrictEqual(saved.materials.speeds.map((m: { id: string }) => m.id), [
    "speed-0",
    "speed-1",
    "speed-2",
    "speed-3",
    "speed-4",
  ]);
  equal(saved.tracks[0].segments.length, 5);
});

Deno.test("verification mode fails a save that declared the loaded items kept and changed one", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  const before = timelineOf(dir);
  await rejects(
    mutateDraftAt(dir, (doc) => {
      doc.keepLoadedItems();
      doc.materials("speeds")[1].speed = 2;
      addItems(doc, 3, 1);
      return Promise.resolve({ result: undefined });
    }),
    /differs from a full save/,
  );
  // Nothing of that save was committed, and no temp is left.
  equal(timelineOf(dir), before);
  ok(![...Deno.readDirSync(dir)].some((e) => e.name.endsWith(TMP_SUFFIX)));
});

Deno.test("a loaded item an edit names as changed, or a list whose loaded items moved, is written in full", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  let kept: unknown[] = [];
  await mutateDraftAt(dir, (doc) => {
    const changed = doc.materials("speeds")[1];
    changed.speed = 2;
    doc.keepLoadedItems([changed]);
    // a segment before the loaded ones: the track's loaded items are no longer its first
    const segments = doc.tracksOf("text")[0].segments;
    segments.unshift({ ...segments[0], id: "segment-first" });
    kept = [...doc.keptBytes().keys()];
    return Promise.resolve({ result: undefined });
  });
  deepStrictEqual(kept, []);
  const saved = JSON.parse(timelineOf(dir));
  equal(saved.materials.speeds[1].speed, 2);
  deepStrictEqual(saved.tracks[0].segments.map((s: { id: string }) => s.id), [
    "segment-first",
    "segment-0",
    "segment-1",
    "segment-2",
  ]);
  // Without the declaration a save writes everything, changes included.
  await mutateDraftAt(dir, (doc) => {
    doc.materials("speeds")[0].speed = 3;
    equal(doc.keptBytes().size, 0);
    return Promise.resolve({ result: undefined });
  });
  equal(JSON.parse(timelineOf(dir)).materials.speeds[0].speed, 3);
});

Deno.test("a save whose loaded timeline was rewritten under it fails rather than write other bytes", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  await rejects(
    mutateDraftAt(dir, (doc) => {
      doc.keepLoadedItems();
      addItems(doc, 3, 1);
      // another program rewrites the files meanwhile: every list moves by one byte
      for (const name of ["draft_content.json", "draft_info.json"]) {
        const at = join(dir, name);
        Deno.writeTextFileSync(at, " " + Deno.readTextFileSync(at));
      }
      return Promise.resolve({ result: undefined });
    }),
    (err: Error) => /changed while draftcli was saving it/.test(err.message),
  );
  equal(JSON.parse(timelineOf(dir)).materials.speeds.length, 3);
  ok(![...Deno.readDirSync(dir)].some((e) => e.name.endsWith(TMP_SUFFIX)));
});

Deno.test("materials lists are parsed when first read: unread ones are saved as loaded, a long one is read back whole", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  // A list longer than a read chunk (1 MiB), with text that is not ASCII.
  const note = "字幕".repeat(200);
  await mutateDraftAt(dir, (doc) => {
    for (let i = 0; i < 1000; i++) doc.materials("canvases").push({ id: `canvas-${i}`, note });
    return Promise.resolve({ result: undefined });
  });
  const canvasBytes = () => {
    const text = timelineOf(dir);
    const at = text.indexOf('"canvases":[');
    return text.slice(at, text.indexOf("]", at));
  };
  const before = canvasBytes();
  ok(new TextEncoder().encode(before).length > 1 << 20);
  let unreadAtSave = false;
  await mutateDraftAt(dir, (doc) => {
    const materials = doc.content.materials as Record<string, unknown>;
    // nothing read the canvases: their property is still the accessor that would parse them
    unreadAtSave =
      typeof Object.getOwnPropertyDescriptor(materials, "canvases")?.get === "function";
    addItems(doc, 3, 1);
    return Promise.resolve({ result: undefined });
  });
  ok(unreadAtSave);
  equal(canvasBytes(), before);
  // Read (and so parsed) whole, then changed: the change is saved.
  await mutateDraftAt(dir, (doc) => {
    const canvases = doc.materials("canvases");
    equal(canvases.length, 1000);
    equal(canvases[999].note, note);
    canvases[999].note = "changed";
    return Promise.resolve({ result: undefined });
  });
  const saved = JSON.parse(timelineOf(dir));
  equal(saved.materials.canvases[999].note, "changed");
  equal(saved.materials.canvases[998].note, note);
  // Replaced before any read: the new list is saved.
  await mutateDraftAt(dir, (doc) => {
    (doc.content.materials as Record<string, unknown>).canvases = [{ id: "only" }];
    return Promise.resolve({ result: undefined });
  });
  deepStrictEqual(JSON.parse(timelineOf(dir)).materials.canvases, [{ id: "only" }]);
});

Deno.test("materials added to a list nothing read leave it unparsed and follow its loaded items; a later read sees them", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  await mutateDraftAt(dir, (doc) => {
    for (let i = 0; i < 3; i++) doc.materials("canvases").push({ id: `canvas-${i}`, blur: 0.5 });
    return Promise.resolve({ result: undefined });
  });
  const accessor = (doc: DraftDocument, list: string) =>
    typeof Object.getOwnPropertyDescriptor(doc.content.materials, list)?.get === "function";
  let unreadAtSave = false;
  await mutateDraftAt(dir, (doc) => {
    ok(accessor(doc, "canvases"));
    doc.addMaterial("canvases", { id: "canvas-3", blur: 1 });
    doc.addMaterial("canvases", { id: "canvas-4", blur: 0 });
    unreadAtSave = accessor(doc, "canvases");
    return Promise.resolve({ result: undefined });
  });
  ok(unreadAtSave, "an add alone does not parse the list");
  const ids = () => JSON.parse(timelineOf(dir)).materials.canvases.map((m: { id: string }) => m.id);
  deepStrictEqual(ids(), ["canvas-0", "canvas-1", "canvas-2", "canvas-3", "canvas-4"]);
  // The saved bytes are the editors' spelling of the values ("1.0"), as a full save writes them.
  ok(timelineOf(dir).includes('{"id":"canvas-3","blur":1.0}'));
  // Added unread, then read: the read list holds the loaded items, then the added ones.
  await mutateDraftAt(dir, (doc) => {
    doc.addMaterial("canvases", { id: "canvas-5" });
    deepStrictEqual(doc.materials("canvases").map((m) => m.id), [
      "canvas-0",
      "canvas-1",
      "canvas-2",
      "canvas-3",
      "canvas-4",
      "canvas-5",
    ]);
    equal(doc.materialIn("canvases", "canvas-5")?.id, "canvas-5");
    doc.addMaterial("canvases", { id: "canvas-6" });
    return Promise.resolve({ result: undefined });
  });
  equal(ids().length, 7);
  equal(ids()[6], "canvas-6");
  // Added unread, then the list replaced before any read: the new list alone is saved.
  await mutateDraftAt(dir, (doc) => {
    doc.addMaterial("canvases", { id: "lost" });
    (doc.content.materials as Record<string, unknown>).canvases = [{ id: "only" }];
    return Promise.resolve({ result: undefined });
  });
  deepStrictEqual(ids(), ["only"]);
});

Deno.test("recorded spans that do not frame their lists are ignored: the whole timeline is parsed", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  const record = join(dir, ".draftcli", "written.json");
  const written = JSON.parse(Deno.readTextFileSync(record));
  for (const file of Object.values(written.files) as { lists?: { start: number }[] }[]) {
    for (const span of file.lists ?? []) span.start += 1;
  }
  Deno.writeTextFileSync(record, JSON.stringify(written));
  await mutateDraftAt(dir, (doc) => {
    const materials = doc.content.materials as Record<string, unknown>;
    equal(Object.getOwnPropertyDescriptor(materials, "speeds")?.get, undefined);
    equal(doc.loaded?.lists?.size, 0);
    doc.keepLoadedItems();
    addItems(doc, 3, 1);
    return Promise.resolve({ result: undefined });
  });
  equal(JSON.parse(timelineOf(dir)).materials.speeds.length, 4);
});

Deno.test("a track's segments nothing read stay unparsed: the save writes them as loaded and numbers the rest as a full parse does", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  const record = join(dir, ".draftcli", "written.json");
  const spanOf = () =>
    JSON.parse(Deno.readTextFileSync(record)).files["draft_content.json"].lists
      .find((s: { path: unknown[] }) => s.path.join() === "tracks,0,segments");
  const layer = JSON.parse(timelineOf(dir)).tracks[0].segments[0].track_render_index;
  deepStrictEqual(spanOf().segments, { last: 3_000_000, top: layer, layer, contiguous: true });
  // The same edit on a copy without the record, which parses the whole timeline.
  const copy = unrecordedCopy(dir, tmp.path);
  const edit = (unread: boolean[]) => (doc: DraftDocument) => {
    const track = doc.addTrack("text");
    track.id = "new-track";
    track.segments.push({
      id: "segment-new",
      material_id: "speed-0",
      target_timerange: { start: 5_000_000, duration: 1_000_000 },
    } as never);
    unread.push(segmentsUnread(doc));
    return Promise.resolve({ result: undefined });
  };
  const saved = await editBoth(dir, copy, edit);
  equal(saved.duration, 6_000_000);
  equal(saved.tracks[1].segments[0].track_render_index, layer + 1);
  deepStrictEqual(spanOf().segments, { last: 3_000_000, top: layer, layer, contiguous: true });
});

Deno.test("segments placed after a track's segments nothing read leave them unparsed; placed among them, they are read", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  const copy = unrecordedCopy(dir, tmp.path);
  // Two segments after the loaded ones (one leaving a gap), then, on the copy that parses
  // everything, the same: both place them alike and save the same bytes.
  const edit = (unread: boolean[]) => (doc: DraftDocument) => {
    const track = doc.tracks[0];
    equal(placeSegment(doc, "text", segmentAt("after-0", 3_000_000)), track);
    equal(placeSegment(doc, "text", segmentAt("after-1", 5_000_000)), track);
    unread.push(segmentsUnread(doc));
    return Promise.resolve({ result: undefined });
  };
  const saved = await editBoth(dir, copy, edit);
  const layer = saved.tracks[0].segments[0].track_render_index;
  deepStrictEqual(
    saved.tracks[0].segments.slice(3).map((s: Record<string, unknown>) => [
      s.id,
      s.track_render_index,
      s.render_index,
    ]),
    [["after-0", layer, 15000], ["after-1", layer, 15000]],
  );
  equal(saved.duration, 6_000_000);
  // A segment among the loaded ones (in the gap): the track is read, the segment put in order.
  let unread = true;
  await mutateDraftAt(dir, (doc) => {
    equal(placeSegment(doc, "text", segmentAt("in-gap", 4_000_000)), doc.tracks[0]);
    unread = segmentsUnread(doc);
    return Promise.resolve({ result: undefined });
  });
  ok(!unread);
  deepStrictEqual(
    JSON.parse(timelineOf(dir)).tracks[0].segments.map((s: { id: string }) => s.id).slice(3),
    ["after-0", "in-gap", "after-1"],
  );
});

Deno.test("a track's segments are parsed when read; a record without their summary, or with a wrong one, is not trusted", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const dir = await grownDraft(tmp.path);
  // Read, then added to: parsed, its loaded items kept as loaded.
  let kept = 0;
  await mutateDraftAt(dir, (doc) => {
    doc.keepLoadedItems();
    ok(segmentsUnread(doc));
    addItems(doc, 3, 1);
    ok(!segmentsUnread(doc));
    kept = doc.keptBytes().size;
    return Promise.resolve({ result: undefined });
  });
  equal(kept, 2);
  deepStrictEqual(
    JSON.parse(timelineOf(dir)).tracks[0].segments.map((s: { id: string }) => s.id),
    ["segment-0", "segment-1", "segment-2", "segment-3"],
  );
  const record = join(dir, ".draftcli", "written.json");
  const rewrite = (change: (span: Record<string, unknown>) => void) => {
    const written = JSON.parse(Deno.readTextFileSync(record));
    for (const file of Object.values(written.files) as { lists?: { path: unknown[] }[] }[]) {
      for (const span of file.lists ?? []) {
        if (span.path[0] === "tracks") change(span as Record<string, unknown>);
      }
    }
    Deno.writeTextFileSync(record, JSON.stringify(written));
  };
  // A record without the summary (an older save's): the segments are parsed with the rest.
  rewrite((span) => delete span.segments);
  let unread = true;
  await mutateDraftAt(dir, (doc) => {
    unread = segmentsUnread(doc);
    return Promise.resolve({ result: undefined });
  });
  ok(!unread);
  // A summary that does not describe the segments: verification mode fails the save.
  rewrite((span) => (span.segments as { last: number }).last += 1);
  const before = timelineOf(dir);
  await rejects(
    mutateDraftAt(dir, (doc) => {
      doc.addTrack("text");
      return Promise.resolve({ result: undefined });
    }),
    /differ from the summary of them the load relied on/,
  );
  // One that put a segment among them (it says they end earlier), read then: the read fails.
  rewrite((span) => (span.segments as { last: number }).last -= 2_000_001);
  await rejects(
    mutateDraftAt(dir, (doc) => {
      const track = doc.tracks[0];
      const segment = {
        id: "among",
        material_id: "speed-0",
        target_timerange: { start: 2_000_000, duration: 1_000_000 },
      } as never;
      equal(placeSegment(doc, "text", segment), track);
      ok(segmentsUnread(doc));
      void track.segments;
      return Promise.resolve({ result: undefined });
    }),
    /differ from the summary of them the load relied on/,
  );
  equal(timelineOf(dir), before);
});

Deno.test("a main video track nothing read takes a segment only where it keeps it contiguous, as when read", async () => {
  await using tmp = await tempDir("draftcli-verbatim-");
  const { dir } = await portraitDraft(tmp.path);
  await mutateDraftAt(dir, (doc) => {
    placeSegment(doc, "video", segmentAt("v-0", 0));
    placeSegment(doc, "video", segmentAt("v-1", 1_000_000));
    return Promise.resolve({ result: undefined });
  });
  const copy = unrecordedCopy(dir, tmp.path);
  // One where the main track ends (it goes there), one after a gap (an overlay track above).
  const edit = (unread: boolean[]) => (doc: DraftDocument) => {
    const main = doc.tracksOf("video")[0];
    equal(placeSegment(doc, "video", segmentAt("v-2", 2_000_000)), main);
    const overlay = placeSegment(doc, "video", segmentAt("v-4", 4_000_000));
    ok(overlay !== main);
    overlay.id = "overlay";
    unread.push(typeof Object.getOwnPropertyDescriptor(main, "segments")?.get === "function");
    return Promise.resolve({ result: undefined });
  };
  const saved = await editBoth(dir, copy, edit);
  deepStrictEqual(
    saved.tracks.map((t: { segments: { id: string }[] }) => t.segments.map((s) => s.id)),
    [["v-0", "v-1", "v-2"], ["v-4"]],
  );
});
