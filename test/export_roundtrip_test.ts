/**
 * `draft export` → `build` → `draft export` round trips: a draftcli draft with styled captions
 * (keywords, outline, shadow, font, background card) rebuilds identically, and every editor-made
 * sample (test/fixtures/real-drafts) rebuilds to the same spec once its media (absent here) are
 * replaced by generated stand-ins of the same kind, size and enough length. What a sample's export
 * lists under `unsupported` is reported, not compared.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cp } from "node:fs/promises";
import { fixture, runCli, runInProcess, tempWorld } from "./helpers/cli.ts";
import { oncePerFile } from "./helpers/temp.ts";
import { mergeRuns, textRuns } from "../src/ops/export_text.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const hasFfmpeg = (() => {
  try {
    return new Deno.Command("ffmpeg", { args: ["-version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
})();

/** Refs (segment ids) renamed by first appearance, media URLs by kind: specs become comparable. */
function comparable(spec: Json): Json {
  const refs = new Map<string, string>();
  // Item order follows the tracks, which build may pack differently (reported as unsupported).
  const sorted: Json = { ...spec };
  for (const k of ["images", "videos", "audios", "stickers", "effects", "filters"]) {
    if (Array.isArray(spec[k])) {
      sorted[k] = [...spec[k]].sort((a, b) =>
        (a.start ?? 0) - (b.start ?? 0) || (a.end ?? 0) - (b.end ?? 0)
      );
    }
  }
  const text = JSON.stringify(sorted, (k, v) => {
    if (k === "ref" && typeof v === "string") {
      if (!refs.has(v)) refs.set(v, `r${refs.size}`);
      return refs.get(v);
    }
    return v;
  });
  const out = JSON.parse(text, (k, v) => {
    if (k === "segmentRef") return refs.get(v) ?? `unknown:${v}`;
    if (/^(image|video|audio)Url$/.test(k)) return k;
    if (k === "draft" && v) return { ...v, name: "name" };
    return v;
  });
  for (const k of ["keyframes", "masks"]) {
    if (Array.isArray(out[k])) {
      const key = (x: Json) => JSON.stringify([x.segmentRef, x.property, x.offset]);
      out[k].sort((a: Json, b: Json) => key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
    }
  }
  return out;
}

/**
 * The spec with each video and audio item's source slice written out: export writes
 * `sourceDuration` only where it is not (end - start) × speed, which a time on the frame grid
 * (±1 µs) can change.
 */
function withSources(spec: Json): Json {
  const out = { ...spec };
  for (const k of ["videos", "audios", "images"]) {
    if (!Array.isArray(spec[k])) continue;
    out[k] = spec[k].map((x: Json) => ({
      ...x,
      sourceDuration: x.sourceDuration ?? Math.round((x.end - x.start) * (x.speed ?? 1)),
    }));
  }
  return out;
}

/**
 * `actual` with each time (start, end, sourceStart, sourceDuration) that is within 1 µs of `expected`'s replaced
 * by it: build puts times on the frame grid rounding to the nearest µs, the editors truncate
 * (5166666 vs 5166667 at 30 fps). Any larger difference stays and fails the comparison.
 */
function alignTimes(actual: unknown, expected: unknown, key = ""): unknown {
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.map((x, i) => alignTimes(x, expected[i]));
  }
  if (actual && expected && typeof actual === "object" && typeof expected === "object") {
    return Object.fromEntries(
      Object.entries(actual).map(([k, v]) => [k, alignTimes(v, (expected as Json)[k], k)]),
    );
  }
  if (
    /^(start|end|sourceStart|sourceDuration)$/.test(key) && typeof actual === "number" &&
    typeof expected === "number" && Math.abs(actual - expected) <= 1
  ) return expected;
  return actual;
}

/** The text materials of a draft by segment order: content (text + style runs) and style fields. */
async function textStyles(dir: string): Promise<Json[]> {
  const c = JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
  const texts = new Map((c.materials.texts as Json[]).map((m) => [m.id, m]));
  const keys = [
    "font_size",
    "text_color",
    "text_alpha",
    "underline",
    "check_flag",
    "border_color",
    "border_width",
    "has_shadow",
    "shadow_color",
    "background_style",
    "background_color",
    "background_alpha",
    "background_round_radius",
    "alignment",
    "letter_spacing",
    "line_spacing",
    "global_alpha",
    "font_path",
    "font_resource_id",
  ];
  return (c.tracks as Json[]).filter((t) => t.type === "text").flatMap((t) =>
    (t.segments as Json[]).map((s) => {
      const m = texts.get(s.material_id)!;
      return {
        content: JSON.parse(m.content),
        ...Object.fromEntries(keys.map((k) => [k, m[k]])),
        y: s.clip.transform.y,
      };
    })
  );
}

const STYLED = {
  draft: { name: "styled", width: 1080, height: 1920, editor: "capcut" },
  captions: [
    {
      text: "Big SALE today, SALE ends soon",
      start: 0,
      end: 2_000_000,
      highlights: [{ keyword: "SALE", color: "#ff0000", bold: true, fontSize: 12 }],
      inAnimation: "Fade In",
    },
    {
      text: "free shipping",
      start: 2_000_000,
      end: 4_000_000,
      keyword: "free",
      keywordColor: "#ffde00",
      fontSize: 10,
      transformY: -0.5,
    },
  ],
  captionOptions: {
    fontSize: 9,
    italic: true,
    underline: true,
    textColor: "#fafafa",
    font: "Poppins-Bold",
    alignment: 0,
    transformX: 0.1,
    transformY: -0.7,
    borderColor: "#112233",
    borderWidth: 30,
    shadow: true,
    backgroundColor: "#000080",
    backgroundAlpha: 0.5,
    backgroundRound: 20,
    letterSpacing: 2,
    lineSpacing: 4,
  },
  captionTracks: [{
    captions: [{ text: "second track", start: 0, end: 1_000_000, outAnimation: "Fade Out" }],
    captionOptions: { bold: true, textColor: "#00ff00", alpha: 0.6, alignment: 2 },
  }],
};

Deno.test("styled captions (keywords, outline, shadow, font, card) export and rebuild identically", async () => {
  const w = await tempWorld();
  try {
    const built = await runCli(["build", JSON.stringify(STYLED)], { env: w.env });
    assertEquals(built.code, 0, built.stderr);
    const first = built.json as Json;
    const exported = await runCli(["draft", "export", first.draftId], { env: w.env });
    assertEquals(exported.code, 0, exported.stderr);
    const out = splitExport(exported.json as Json);
    assertEquals(out.unsupported, []);
    // The style flags come back as given (defaults filled in).
    const { transformX: _x, transformY: _y, ...opts } = STYLED.captionOptions;
    for (const [k, v] of Object.entries(opts)) {
      assertEquals(out.spec.captionOptions[k], v, `captionOptions.${k}`);
    }
    assertEquals(out.spec.captions[0].highlights, STYLED.captions[0].highlights);
    assertEquals(out.spec.captions[1].highlights, [{ keyword: "free", color: "#ffde00" }]);
    assertEquals(out.spec.captions[1].fontSize, 10);
    assertEquals(out.spec.captions[1].transformY, -0.5);
    assertEquals(out.spec.captionTracks[0].captionOptions.alpha, 0.6);
    const again = await runCli(["build", JSON.stringify(out.spec)], { env: w.env });
    assertEquals(again.code, 0, again.stderr);
    const second = again.json as Json;
    assertEquals(await textStyles(second.filePath), await textStyles(first.filePath));
    const twice = splitExport(
      (await runCli(["draft", "export", second.draftId], { env: w.env })).json as Json,
    );
    assertEquals(comparable(twice.spec), comparable(out.spec));
    assertEquals(twice.unsupported, []);
  } finally {
    await w.cleanup();
  }
});

/** Media kind, size and the length a stand-in needs, per URL of a spec. */
function mediaNeeds(spec: Json, c: Json): Map<string, Json> {
  const byPath = new Map<string, Json>();
  for (const m of (c.materials.videos ?? []) as Json[]) byPath.set(m.path, m);
  const needs = new Map<string, Json>();
  const need = (url: string, kind: string, lengthUs: number) => {
    const n = needs.get(url) ?? { kind, length: 0 };
    n.length = Math.max(n.length, lengthUs);
    needs.set(url, n);
  };
  for (const i of (spec.images ?? []) as Json[]) need(i.imageUrl, "image", 0);
  for (const v of (spec.videos ?? []) as Json[]) {
    need(v.videoUrl, "video", (v.sourceStart ?? 0) + (v.end - v.start) * (v.speed ?? 1));
  }
  for (const a of (spec.audios ?? []) as Json[]) {
    need(a.audioUrl, "audio", (a.sourceStart ?? 0) + (a.end - a.start) * (a.speed ?? 1));
  }
  for (const [url, n] of needs) {
    const path = fileURLToPath(url);
    const m = [...byPath.values()].find((x) =>
      path.replaceAll("\\", "/").endsWith(String(x.path).replaceAll("\\", "/").replace(/^.*?:/, ""))
    );
    n.width = Math.max(16, Number(m?.width ?? 0) || 640) & ~1;
    n.height = Math.max(16, Number(m?.height ?? 0) || 360) & ~1;
  }
  return needs;
}

/**
 * The stand-ins made so far, by what makes them differ (kind, and size or length), shared by
 * every sample: each sample links (or copies) them under its own names.
 */
const madeStandIns = new Map<string, Promise<string>>();
const standInFolder = oncePerFile((dir) => Promise.resolve(dir), "draftcli-stand-ins-");

/** A stand-in for one media need (ffmpeg: solid colour, silence), made once per shape. */
async function standIn(dir: string, i: number, n: Json): Promise<string> {
  const seconds = (Math.ceil(n.length / 1e6) + 2).toString();
  const ext = n.kind === "image" ? "png" : n.kind === "video" ? "mp4" : "wav";
  const shape = n.kind === "image" ? `${n.width}x${n.height}` : seconds;
  const key = `${n.kind}-${shape}`;
  let made = madeStandIns.get(key);
  if (!made) {
    made = (async () => makeStandIn(`${await standInFolder()}/${key}.${ext}`, n, seconds))();
    madeStandIns.set(key, made);
  }
  const file = `${dir}/m${i}.${ext}`;
  await Deno.link(await made, file).catch(async () => Deno.copyFile(await made, file));
  return file;
}

/** Writes the stand-in for `n` at `file`. */
async function makeStandIn(file: string, n: Json, seconds: string): Promise<string> {
  const args = n.kind === "image"
    ? [
      "-f",
      "lavfi",
      "-i",
      `color=c=gray:s=${n.width}x${n.height}`,
      "-frames:v",
      "1",
    ]
    : n.kind === "video"
    ? [
      "-f",
      "lavfi",
      "-i",
      "color=c=gray:s=64x36:r=1",
      "-t",
      seconds,
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
    ]
    : ["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", seconds];
  const r = await new Deno.Command("ffmpeg", {
    args: ["-y", "-loglevel", "error", ...args, file],
    stdout: "null",
    stderr: "piped",
  }).output();
  assert(r.success, new TextDecoder().decode(r.stderr));
  return file;
}

/**
 * The spec with its media URLs replaced by stand-ins. Font files stay as the draft names them:
 * build keeps a font file that is not on this machine, with a warning.
 */
async function substitute(spec: Json, c: Json, dir: string): Promise<Json> {
  const map = new Map<string, string>();
  let i = 0;
  for (const [url, n] of mediaNeeds(spec, c)) {
    map.set(url, pathToFileURL(await standIn(dir, i++, n)).href);
  }
  return JSON.parse(JSON.stringify(spec), (k, v) => {
    if (/^(image|video|audio)Url$/.test(k)) return map.get(v) ?? v;
    return v;
  });
}

/** A `draft export` output as {spec, unsupported, adjusted} (the spec without its notes). */
function splitExport(out: Json): Json {
  const { _export: notes, ...spec } = out;
  return { spec, unsupported: notes.unsupported, adjusted: notes.adjusted };
}

const r6 = (n: unknown) => Math.round(Number(n ?? 0) * 1e6) / 1e6 + 0;

/**
 * What a segment looks like, read from the draft itself (not through export): text, style runs
 * (a font file counts as "file": the stand-in replaces it), text box settings, and the clip.
 */
function look(segment: Json, material: Json): Json {
  const clip = segment.clip ?? {};
  const out: Json = {
    clip: [clip.transform?.x, clip.transform?.y, clip.scale?.x, clip.scale?.y, clip.rotation]
      .map(r6).concat(r6(clip.alpha ?? 1)),
  };
  if (material.type !== "text" && material.type !== "subtitle") return out;
  const { text, runs } = textRuns(material);
  const flag = material.check_flag === undefined ? 16 : Number(material.check_flag);
  const bg = flag & 16 && Number(material.background_style ?? 0) && material.background_color;
  return {
    ...out,
    text,
    runs: mergeRuns(runs).map((r) => ({
      ...r,
      style: { ...r.style, font: r.style.font.startsWith("path:") ? "file" : r.style.font },
    })),
    box: [
      material.alignment ?? 1,
      material.typesetting ?? 0,
      r6(material.letter_spacing),
      r6(material.line_spacing ?? 0.02),
      r6(material.global_alpha ?? 1),
    ],
    background: bg
      ? [
        String(material.background_color).toLowerCase(),
        r6(material.background_alpha ?? 1),
        r6(material.background_round_radius),
      ]
      : null,
  };
}

/** Segment id → its look, over every track of a draft. */
function looks(c: Json): Map<string, Json> {
  const byId = new Map<string, Json>();
  for (const list of Object.values(c.materials) as Json[][]) {
    if (Array.isArray(list)) { for (const m of list) byId.set(m?.id, m); }
  }
  const out = new Map<string, Json>();
  for (const t of c.tracks as Json[]) {
    for (const s of t.segments as Json[]) out.set(s.id, look(s, byId.get(s.material_id) ?? {}));
  }
  return out;
}

/** Editor drafts: the samples of test/fixtures/real-drafts and the corpus (test/fixtures/corpus). */
const SAMPLES = [fixture("real-drafts"), fixture("corpus")].flatMap((folder) => {
  try {
    return [...Deno.readDirSync(folder)]
      .filter((e) => e.isDirectory && e.name !== "jianying-encrypted")
      .map((e) => ({ folder, name: e.name }));
  } catch {
    return [];
  }
}).sort((a, b) => a.name < b.name ? -1 : 1);

const TRACK_KINDS = ["video", "audio", "text", "sticker", "effect", "filter"];

/**
 * What the round trip must keep of each segment, read from the draft itself: its place and
 * slice (µs), the transition after it, the properties its keyframes animate, its audio type.
 */
function segmentFacts(c: Json): Map<string, Json> {
  const byId = new Map<string, Json>();
  for (const [list, items] of Object.entries(c.materials ?? {})) {
    if (Array.isArray(items)) { for (const m of items as Json[]) byId.set(m?.id, { list, m }); }
  }
  const out = new Map<string, Json>();
  for (const t of c.tracks as Json[]) {
    for (const s of t.segments as Json[]) {
      const material = byId.get(s.material_id)?.m ?? {};
      const extras = (s.extra_material_refs ?? []).map((id: string) => byId.get(id))
        .filter(Boolean);
      const transition = extras.find((x: Json) => x.list === "transitions")?.m;
      const source = material.type === "photo" || !s.source_timerange
        ? null
        : [s.source_timerange.start, s.source_timerange.duration];
      out.set(s.id, {
        start: s.target_timerange.start,
        end: s.target_timerange.start + s.target_timerange.duration,
        source,
        transition: transition ? Number(transition.duration) : null,
        keyframes: [...new Set((s.common_keyframes ?? []).map((k: Json) => k.property_type))]
          .sort(),
        audioType: t.type === "audio" ? material.type : undefined,
      });
    }
  }
  return out;
}

/** Whether two numbers (or [start, duration] pairs) agree within 1 µs (the frame grid). */
const near = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((x, i) => near(x, b[i]))
    : typeof a === "number" && typeof b === "number"
    ? Math.abs(a - b) <= 1
    : a === b;

for (const { folder, name } of SAMPLES) {
  Deno.test({
    name: `editor draft ${name}: export → build (stand-in media) keeps tracks, timings, ` +
      "transitions, markers, canvas, keyframes and audio types, and exports the same spec",
    ignore: !hasFfmpeg,
    fn: async () => {
      const w = await tempWorld();
      try {
        await cp(`${folder}/${name}`, `${w.draftsDir}/${name}`, { recursive: true });
        const dir = `${w.draftsDir}/${name}`;
        const c = JSON.parse(
          await Deno.readTextFile(`${dir}/draft_content.json`)
            .catch(() => Deno.readTextFile(`${dir}/draft_info.json`)),
        );
        const r = await runInProcess(["draft", "export", name], { env: w.env });
        assertEquals(r.code, 0, r.stderr);
        const out = splitExport(r.json as Json);
        const media = `${w.root}/media/${name}`;
        await Deno.mkdir(media, { recursive: true });
        const spec = await substitute(out.spec, c, media);
        spec.draft = { ...spec.draft, name: `${name} rebuilt` };
        const specFile = `${w.root}/spec.json`;
        await Deno.writeTextFile(
          specFile,
          JSON.stringify({ ...spec, _export: (r.json as Json)._export }),
        );
        const built = await runInProcess(["build", `@${specFile}`], { env: w.env });
        assertEquals(built.code, 0, `${name}: ${built.stderr}`);
        const refs = (built.json as Json).refs as Record<string, string>;
        const back = new Map(Object.entries(refs).map(([ref, id]) => [id, ref]));
        const whole = new Set(
          (out.unsupported as Json[]).filter((u) => u.scope === "item").flatMap((u) => u.ids),
        );
        const moved = new Set(
          (out.unsupported as Json[]).filter((u) => /^overlapping segments/.test(u.kind))
            .flatMap((u) => u.ids),
        );
        const rebuilt = JSON.parse(
          await Deno.readTextFile(`${(built.json as Json).filePath}/draft_content.json`),
        );
        // Tracks: the same kinds in the same order, each with the same segments.
        const kept = (c.tracks as Json[]).filter((t) => TRACK_KINDS.includes(t.type));
        assertEquals(
          rebuilt.tracks.map((t: Json) => t.type),
          kept.map((t) => t.type),
          `${name}: track order`,
        );
        const ids = (t: Json, id: (s: Json) => string | undefined) =>
          (t.segments as Json[]).map(id).filter((x) => x !== undefined).sort();
        kept.forEach((t, i) =>
          assertEquals(
            ids(rebuilt.tracks[i], (s) => back.get(s.id)),
            ids(t, (s) => whole.has(s.id) || moved.has(s.id) ? undefined : s.id),
            `${name}: track ${i} (${t.type})`,
          )
        );
        // Canvas ratio and markers.
        assertEquals(rebuilt.canvas_config.ratio, c.canvas_config?.ratio ?? "original");
        const marks = (x: Json) =>
          (x.time_marks?.mark_items ?? []).map((m: Json) => [m.time_range.start, m.title]).sort();
        assertEquals(marks(rebuilt), marks(c), `${name}: markers`);
        // Every segment in the spec: place, slice, transition, keyframes, audio type; an end
        // that the export changed is listed under adjusted.
        // Adjusted fields by the ref of their item: "ref field" → the adjustment.
        const adjusted = new Map<string, Json>();
        for (const a of out.adjusted as Json[]) {
          const m = a.path.match(/^(\w+)\[(\d+)\]\.(?:captions\[(\d+)\]\.)?(\w+)$/);
          if (!m) continue;
          const item = m[3] === undefined
            ? out.spec[m[1]][Number(m[2])]
            : out.spec[m[1]][Number(m[2])].captions[Number(m[3])];
          adjusted.set(`${item.ref} ${m[4]}`, a);
        }
        const parts = new Set((out.unsupported as Json[]).flatMap((u) => u.ids));
        const keyframeParts = new Set(
          (out.unsupported as Json[]).filter((u) => /^keyframe/.test(u.kind)).flatMap((u) => u.ids),
        );
        const before = segmentFacts(c), after = segmentFacts(rebuilt);
        for (const [ref, id] of Object.entries(refs)) {
          const was = before.get(ref), now = after.get(id);
          if (!was || !now) continue;
          const where = `${name}: segment ${ref}`;
          const start = adjusted.get(`${ref} start`)?.to ?? was.start;
          const end = adjusted.get(`${ref} end`)?.to ?? was.end;
          assert(near(now.start, start), `${where}: start ${now.start} ≠ ${start}`);
          assert(near(now.end, end), `${where}: end ${now.end} ≠ ${end}`);
          if (!/overlap/.test(adjusted.get(`${ref} end`)?.why ?? "")) {
            assert(near(now.source, was.source), `${where}: source ${now.source} ≠ ${was.source}`);
          }
          if (!adjusted.has(`${ref} transition`) && !parts.has(ref)) {
            assertEquals(now.transition, was.transition, `${where}: transition`);
          }
          assertEquals(now.audioType, was.audioType, `${where}: audio type`);
          if (!keyframeParts.has(ref)) {
            assertEquals(now.keyframes, was.keyframes, `${where}: keyframe properties`);
          }
        }
        // Texts, style runs, text boxes and clips, read from both drafts: every segment the
        // export does not list as (partly) unsupported looks the same.
        // (A recognised subtitle rebuilt as a plain text still looks the same: it is compared.)
        const listed = new Set(
          (out.unsupported as Json[]).filter((u) => !u.kind.startsWith("recognised subtitle"))
            .flatMap((u) => u.ids),
        );
        const looksBefore = looks(c), looksAfter = looks(rebuilt);
        for (const [ref, id] of Object.entries(refs)) {
          if (listed.has(ref) || !looksBefore.has(ref)) continue;
          assertEquals(looksAfter.get(id), looksBefore.get(ref), `${name}: segment ${ref}`);
        }
        const again = await runInProcess(["draft", "export", (built.json as Json).draftId], {
          env: w.env,
        });
        assertEquals(again.code, 0, again.stderr);
        const twice = splitExport(again.json as Json);
        // A field the export left out (to: null) comes back as build's default: not compared.
        for (const [key, a] of adjusted) {
          if (a.to !== null) continue;
          const [ref, field] = key.split(" ");
          const items = Object.values(twice.spec).flatMap((v) =>
            Array.isArray(v) ? v.flatMap((x: Json) => x.captions ?? [x]) : []
          );
          const item = items.find((x: Json) => x.ref === refs[ref]);
          if (item) delete item[field];
        }
        for (const a of out.adjusted as Json[]) {
          if (a.to === null && a.path.startsWith("draft.")) {
            delete twice.spec.draft[a.path.slice(6)];
          }
        }
        const want = withSources(comparable(spec));
        assertEquals(alignTimes(withSources(comparable(twice.spec)), want), want, name);
        // The rebuild reports nothing new as unsupported.
        const kinds = new Set((out.unsupported as Json[]).map((u) => u.kind));
        for (const u of twice.unsupported as Json[]) {
          assert(kinds.has(u.kind), `${name}: new unsupported ${JSON.stringify(u)}`);
        }
      } finally {
        await w.cleanup();
      }
    },
  });
}
