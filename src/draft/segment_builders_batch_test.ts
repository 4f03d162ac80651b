import {
  deepStrictEqual as assertEquals,
  notStrictEqual,
  throws as assertThrows,
} from "node:assert/strict";
import {
  buildTextSegment,
  type MediaFacts,
  registerLocalMedia,
  textSegmentBuilder,
  visualSegmentBuilder,
} from "./segment_builders.ts";
import { DraftDocument } from "./document.ts";
import { findProfile, type Json } from "../editions/profiles.ts";
import { copier } from "../editions/prototypes.ts";
import { edited, vouchAsBuilt, vouchedTemplateOf } from "./item_templates.ts";

function emptyDoc(edition: "jianying" | "capcut"): DraftDocument {
  return new DraftDocument({
    dir: "/x",
    draftId: "x",
    edition,
    profile: findProfile(edition),
    content: { materials: { texts: [], material_animations: [] }, tracks: [] },
    meta: {},
  });
}

/** The document's JSON with every id replaced by its order of first appearance. */
function shape(doc: DraftDocument): string {
  const ids = new Map<string, string>();
  return JSON.stringify(doc.content).replace(
    /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/g,
    (id) => ids.get(id) ?? (ids.set(id, `id${ids.size}`), `id${ids.size - 1}`),
  );
}

Deno.test("a batch's text segments are what one buildTextSegment per item makes", () => {
  for (const edition of ["jianying", "capcut"] as const) {
    const shared = { font_size: 9, text_color: "#ffffff", shadow_point: { x: 1, y: -1 } };
    const other = { font_size: 12, text_color: "#ff0000", shadow_point: { x: 0, y: 0 } };
    const items = Array.from({ length: 6 }, (_, i) => ({
      target: { start: i * 1000, duration: 1000 },
      fields: i % 3 === 2 ? other : shared,
      content: JSON.stringify({ text: `t${i}`, styles: [] }),
      clip: { transformX: 0.1, transformY: i % 2 ? -0.5 : 0.25 },
    }));
    const one = emptyDoc(edition);
    const batch = emptyDoc(edition);
    const build = textSegmentBuilder(batch);
    const segs = items.map((it) => {
      one.addTrack("text").segments.push(buildTextSegment(one, {
        target: it.target,
        materialFields: { ...it.fields, content: it.content },
        clip: it.clip,
        materialType: "text",
      }));
      const seg = build({
        target: it.target,
        materialFields: it.fields,
        content: it.content,
        clip: it.clip,
        materialType: "text",
      });
      batch.addTrack("text").segments.push(seg);
      return seg;
    });
    assertEquals(shape(batch), shape(one));
    // Each item owns its objects: copies share nothing.
    notStrictEqual(segs[0].clip, segs[2].clip);
    const texts = batch.materials("texts");
    notStrictEqual(texts[0].shadow_point, texts[1].shadow_point);
    (texts[0].shadow_point as Json).x = 5;
    assertEquals((texts[1].shadow_point as Json).x, 1);
  }
});

Deno.test("copier returns fresh deep copies, a __proto__ key included", () => {
  const value = { a: [1, { b: 'x\u2028"y' }], ["__proto__"]: { c: 1 } } as Json;
  const copy = copier(JSON.parse(JSON.stringify(value)));
  const x = copy();
  const y = copy();
  assertEquals(JSON.stringify(x), JSON.stringify(value));
  notStrictEqual(x.a, y.a);
  assertEquals(Object.getPrototypeOf(x), Object.prototype);
  const plain = copier({ n: [0.5, -2, "\\"] })();
  assertEquals(plain, { n: [0.5, -2, "\\"] });
});

Deno.test("registerLocalMedia finds a path once however the pool grew or was edited", () => {
  const doc = emptyDoc("jianying");
  const media = (path: string): MediaFacts => ({
    path,
    fileName: path.slice(1),
    kind: "image",
    durationUs: 0,
    width: 1,
    height: 1,
    hasAudio: false,
  });
  const ids = Array.from({ length: 5 }, (_, i) => registerLocalMedia(doc, media(`/m${i}`)));
  assertEquals(registerLocalMedia(doc, media("/m3")), ids[3]);
  const pool = (doc.meta.draft_materials as Json[])[0].value as Json[];
  assertEquals(pool.length, 5);
  // An entry taken out (a fill dropping it): registered again, once.
  pool.splice(1, 1);
  const again = registerLocalMedia(doc, media("/m1"));
  notStrictEqual(again, ids[1]);
  assertEquals(registerLocalMedia(doc, media("/m1")), again);
  assertEquals(registerLocalMedia(doc, media("/m4")), ids[4]);
  assertEquals(pool.length, 5);
});

/** A small PNG's facts, as the builders take them. */
const PNG: MediaFacts = {
  path: "/m/p.png",
  fileName: "p.png",
  kind: "image",
  durationUs: 0,
  width: 4,
  height: 3,
  hasAudio: false,
};

Deno.test("a batch's visual segments each own a material, companions and a segment", () => {
  for (const edition of ["jianying", "capcut"] as const) {
    const doc = new DraftDocument({
      dir: "/x",
      draftId: "x",
      edition,
      profile: findProfile(edition),
      content: {
        materials: { videos: [], speeds: [], canvases: [], material_animations: [] },
        tracks: [],
      },
      meta: {},
    });
    const build = visualSegmentBuilder(doc);
    const media = PNG;
    const segs = [1, 2, 0.5].map((speed, i) =>
      build({ media, target: { start: i * 1000, duration: 1000 }, speed, clip: { alpha: 0.5 } })
    );
    const speeds = doc.materials("speeds");
    assertEquals(speeds.map((m) => m.speed), [1, 2, 0.5]);
    assertEquals(doc.materials("canvases").length, 3);
    assertEquals(doc.materials("material_animations").length, 3);
    const videos = doc.materials("videos");
    assertEquals(videos.map((m) => [m.type, m.path, m.width, m.height]), [
      ["photo", "/m/p.png", 4, 3],
      ["photo", "/m/p.png", 4, 3],
      ["photo", "/m/p.png", 4, 3],
    ]);
    // one media pool entry for the one file, shared by the three materials
    assertEquals(new Set(videos.map((m) => m.local_material_id)).size, 1);
    segs.forEach((seg, i) => {
      assertEquals(seg.material_id, videos[i].id);
      assertEquals(seg.extra_material_refs, [
        speeds[i].id,
        doc.materials("canvases")[i].id,
        doc.materials("material_animations")[i].id,
      ]);
      assertEquals(seg.source_timerange, { start: 0, duration: Math.round(1000 * seg.speed!) });
      assertEquals((seg.clip as Json).alpha, 0.5);
    });
    notStrictEqual(segs[0].clip, segs[1].clip);
    notStrictEqual(videos[0].crop, videos[1].crop);
    assertEquals(new Set([...segs.map((s) => s.id), ...videos.map((m) => m.id)]).size, 6);
  }
});

Deno.test("a vouching batch's materials of a file used again are templates with only their id as a hole", () => {
  for (const edition of ["jianying", "capcut"] as const) {
    const doc = emptyDoc(edition);
    const built: object[] = [];
    const build = visualSegmentBuilder(doc, built);
    // one file three times, then ten more, each twice in a row
    const files: MediaFacts[] = [PNG, PNG, PNG];
    for (let n = 1; n <= 10; n++) {
      const media = { ...PNG, path: `/m/p${n}.png`, fileName: `p${n}.png`, width: n };
      files.push(media, media);
    }
    files.forEach((media, i) => build({ media, target: { start: i * 1000, duration: 1000 } }));
    vouchAsBuilt(built);
    const videos = doc.materials("videos");
    const holes = videos.map((m) => vouchedTemplateOf(m)!.holes.join(","));
    const all = holes[0];
    assertEquals(all.split(",").length > 1, true);
    // a file's first material has the template of all; its next ones that of the file, for the
    // first 8 files a call uses (each costs a compile at the save)
    assertEquals(holes, [
      all,
      "id",
      "id",
      ...Array(7).fill([all, "id"]).flat(),
      ...Array(6).fill(all),
    ]);
    assertEquals(vouchedTemplateOf(videos[1]), vouchedTemplateOf(videos[2]));
    // each template's text is its material's values but for the holes
    for (const m of videos) {
      const t = vouchedTemplateOf(m)!;
      const values = JSON.parse(t.text);
      for (const hole of t.holes) values[hole] = m[hole];
      assertEquals(values, JSON.parse(JSON.stringify(m)));
    }
  }
});

Deno.test("a large vouching batch's photo materials and segments share their object members until edited", () => {
  for (const edition of ["jianying", "capcut"] as const) {
    const docs = [0, 1].map(() =>
      new DraftDocument({
        dir: "/x",
        draftId: "x",
        edition,
        profile: findProfile(edition),
        content: { materials: { videos: [] }, tracks: [] },
        meta: {},
      })
    );
    const media = PNG;
    const built: object[] = [];
    const builders = [visualSegmentBuilder(docs[0]), visualSegmentBuilder(docs[1], built)];
    const N = 40;
    const segs = builders.map((build) =>
      Array.from(
        { length: N },
        (_, i) =>
          build({ media, target: { start: i * 1000, duration: 1000 }, clip: { alpha: i / N } }),
      )
    );
    // the same values item by item (ids aside); the segments each with their own clip (changed
    // in place by the builder)
    const segValues = (s: Json) => JSON.stringify({ ...s, id: "", material_id: "" });
    assertEquals(segs[1].map(segValues), segs[0].map(segValues));
    const [own, shared] = docs.map((d) => d.materials("videos"));
    const values = (m: Json) => JSON.stringify({ ...m, id: "", local_material_id: "" });
    assertEquals(shared.map(values), own.map(values));
    // the first items are whole copies (a small batch compiles nothing more); the later ones share
    notStrictEqual(shared[0].crop, shared[1].crop);
    const [a, b, c] = [N - 3, N - 2, N - 1];
    assertEquals(shared[a].crop === shared[b].crop, true);
    assertEquals(shared[a].video_algorithm === shared[c].video_algorithm, true);
    assertEquals(segs[1][a].hdr_settings === segs[1][c].hdr_settings, true);
    notStrictEqual(segs[1][a].clip, segs[1][b].clip);
    notStrictEqual(own[a].crop, own[b].crop);
    // a shared member cannot be changed in place: the change throws instead of reaching every item
    assertThrows(() => (shared[b].crop as Json).lower_left_x = 0.5, TypeError);
    assertThrows(() => (segs[1][b].hdr_settings as Json).mode = 1, TypeError);
    // an edited item gets its own copies: a change to it stays its own
    edited(shared[b]);
    notStrictEqual(shared[b].crop, shared[a].crop);
    assertEquals(shared[b].crop, shared[a].crop);
    (shared[b].crop as Json).lower_left_x = 0.5;
    assertEquals((shared[a].crop as Json).lower_left_x, 0);
    assertEquals(shared[a].crop === shared[c].crop, true);
  }
});

Deno.test("a large vouching batch's text materials share their object members until edited", () => {
  const doc = emptyDoc("capcut");
  const built: object[] = [];
  const build = textSegmentBuilder(doc, built);
  const fields = { font_size: 9, shadow_point: { x: 1, y: -1 } };
  const N = 40;
  for (let i = 0; i < N; i++) {
    doc.addTrack("text").segments.push(build({
      target: { start: i * 1000, duration: 1000 },
      materialFields: fields,
      content: JSON.stringify({ text: `t${i}`, styles: [] }),
      materialType: "text",
    }));
  }
  const texts = doc.materials("texts");
  assertEquals(built.includes(texts[N - 1]), true);
  const [a, b, c] = [N - 3, N - 2, N - 1];
  assertEquals(texts[a].shadow_point === texts[c].shadow_point, true);
  notStrictEqual(texts[1].shadow_point, texts[2].shadow_point);
  assertThrows(() => (texts[b].shadow_point as Json).x = 5, TypeError);
  edited(texts[b]);
  (texts[b].shadow_point as Json).x = 5;
  assertEquals([a, b, c].map((i) => (texts[i].shadow_point as Json).x), [1, 5, 1]);
});
