/**
 * Regenerates the editor-draft fixtures the fidelity tests use, from the real drafts in
 * ../shared/reference (read-only; the tests never read ../shared):
 *
 * - test/fixtures/reference/editor_objects.json: one real editor object per segment/material
 *   kind and editor version (CapCut 5.8 transitions, 6.9 keyframes, 7.9, 8.1, 9.1; JianYing 5.9);
 * - test/fixtures/real-drafts/<name>/: real draft folders (timeline + meta where present), the
 *   large ones trimmed to their first segments per track, with materials only dropped segments
 *   used removed and the duration recomputed;
 * - the encrypted JianYing 6+ sample, byte for byte.
 *
 * User names in paths and device hashes are anonymised; everything else is kept as the editor
 * wrote it. Run: deno run -A scripts/make_reference_fixtures.ts
 */
const REF = new URL("../../shared/reference/real-drafts/", import.meta.url).pathname;
const OUT = new URL("../test/fixtures/", import.meta.url).pathname;

type Obj = Record<string, unknown>;

const read = (p: string): Obj => JSON.parse(Deno.readTextFileSync(REF + p));

/** Replaces user names in paths and device hashes, recursively. */
function anonymise<T>(value: T): T {
  if (typeof value === "string") {
    return value
      .replace(/([A-Za-z]:[\\/]+Users[\\/]+)[^\\/"]+/g, "$1user")
      .replace(/(^|[^A-Za-z])\/Users\/[^/"]+/g, "$1/Users/user") as T;
  }
  if (Array.isArray(value)) return value.map(anonymise) as T;
  if (value && typeof value === "object") {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value as Obj)) {
      out[k] = ["device_id", "hard_disk_id", "mac_address"].includes(k) && typeof v === "string"
        ? v.replace(/[0-9a-fA-F]/g, "0")
        : anonymise(v);
    }
    return out as T;
  }
  return value;
}

function materials(doc: Obj): Record<string, Obj[]> {
  return doc.materials as Record<string, Obj[]>;
}

function tracks(doc: Obj): { type: string; segments: Obj[] }[] {
  return doc.tracks as { type: string; segments: Obj[] }[];
}

function firstMaterial(doc: Obj, list: string, pred: (o: Obj) => boolean = () => true): Obj {
  const found = (materials(doc)[list] ?? []).find(pred);
  if (!found) throw new Error(`no ${list}`);
  return anonymise(found);
}

function firstSegment(doc: Obj, type: string, pred: (s: Obj) => boolean = () => true): Obj {
  for (const t of tracks(doc)) {
    if (t.type !== type) continue;
    const s = t.segments.find(pred);
    if (s) return anonymise(s);
  }
  throw new Error(`no ${type} segment`);
}

function firstTrack(doc: Obj, type: string): Obj {
  const t = tracks(doc).find((t) => t.type === type);
  if (!t) throw new Error(`no ${type} track`);
  const copy = anonymise(t) as Obj;
  copy.segments = [];
  return copy;
}

// ---------------------------------------------------------------------------------------------
// editor_objects.json

const cc58t = read(
  "anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_transition.json",
);
const cc69 = read("linhlinh897986_capcut_capcut6.9-win-keyframes/draft_content.json");
const cc79 = read("IslomTV_quran-subtitle-generator_capcut7.9-win-base/draft_content.json");
const cc81 = read("IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/draft_content.json");
const cc81meta = read(
  "IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/draft_meta_info.json",
);
const cc91 = read("dreyedits10-netizen_capcut-to-premiere_capcut9.1-win-videos/draft_content.json");
const jy59 = read("shiyaaini_index-tts-jianying_jianying5.9-win-texts/draft_content.json");

const COMPANIONS = [
  "speeds",
  "placeholder_infos",
  "canvases",
  "sound_channel_mappings",
  "material_colors",
  "loudnesses",
  "vocal_separations",
  "beats",
  "material_animations",
];

function kindsOf(doc: Obj, withVideo: boolean): Obj {
  const out: Obj = {
    track: firstTrack(doc, "video"),
    segment_video: firstSegment(doc, "video"),
  };
  if (materials(doc).videos.some((m) => m.type === "photo")) {
    out.videos_photo = firstMaterial(doc, "videos", (m) => m.type === "photo");
  }
  if (withVideo) {
    out.segment_audio = firstSegment(doc, "audio");
    out.segment_text = firstSegment(doc, "text");
    out.audios = firstMaterial(doc, "audios");
    out.texts = firstMaterial(doc, "texts");
  }
  for (const list of COMPANIONS) {
    if ((materials(doc)[list] ?? []).length) out[list] = firstMaterial(doc, list);
  }
  return out;
}

function keyframeObjects(doc: Obj): Obj {
  for (const t of tracks(doc)) {
    for (const s of t.segments) {
      const ck = s.common_keyframes as Obj[] | undefined;
      if (ck?.length) {
        const entry = anonymise(ck[0]);
        const keyframe = (entry.keyframe_list as Obj[])[0];
        return { common_keyframe: entry, keyframe };
      }
    }
  }
  throw new Error("no keyframes");
}

function topLevel(doc: Obj): Obj {
  const c = anonymise(structuredClone(doc));
  c.tracks = [];
  for (const k of Object.keys(c.materials as Obj)) (c.materials as Obj)[k] = [];
  return c;
}

function metaTop(meta: Obj): Obj {
  const m = anonymise(structuredClone(meta));
  const groups = m.draft_materials as Obj[];
  for (const g of groups) g.value = (g.value as Obj[]).slice(0, 1);
  return m;
}

const editorObjects = {
  _note: "Real editor objects, one per kind and version, copied from ../shared/reference/" +
    "real-drafts by scripts/make_reference_fixtures.ts (user names in paths and device " +
    "hashes anonymised, nothing else changed). Keys: edition → version → kind.",
  _sources: {
    "capcut-5.8": "anhtran1989_catcuttool_capcut5.8-win-effects-transitions/" +
      "draft_content_transition.json (CapCut 5.8.0 Windows)",
    "capcut-6.9": "linhlinh897986_capcut_capcut6.9-win-keyframes/draft_content.json " +
      "(tool-written keyframes kept by CapCut 6.9.0 Windows)",
    "capcut-7.9": "IslomTV_quran-subtitle-generator_capcut7.9-win-base/draft_content.json " +
      "(CapCut 7.9.0 Windows)",
    "capcut-8.1": "IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/" +
      "draft_content.json + draft_meta_info.json (CapCut 8.1.1 Windows)",
    "capcut-9.1": "dreyedits10-netizen_capcut-to-premiere_capcut9.1-win-videos/" +
      "draft_content.json (CapCut 9.1.0 Windows)",
    "jianying-5.9": "shiyaaini_index-tts-jianying_jianying5.9-win-texts/draft_content.json " +
      "(JianYing 5.9.0 Windows)",
  },
  capcut: {
    "5.8": { transitions: firstMaterial(cc58t, "transitions") },
    "6.9": keyframeObjects(cc69),
    "7.9": { ...kindsOf(cc79, true), draft_content: topLevel(cc79) },
    "8.1": {
      ...kindsOf(cc81, true),
      draft_content: topLevel(cc81),
      draft_meta_info: metaTop(cc81meta),
    },
    "9.1": {
      ...kindsOf(cc91, false),
      videos_video: firstMaterial(cc91, "videos", (m) => m.type === "video"),
      audio_fades: firstMaterial(cc91, "audio_fades"),
      draft_content: topLevel(cc91),
    },
  },
  jianying: {
    "5.9": {
      track: firstTrack(jy59, "text"),
      segment_text: firstSegment(jy59, "text"),
      texts: firstMaterial(jy59, "texts"),
      draft_content: topLevel(jy59),
    },
  },
};
Deno.mkdirSync(OUT + "reference", { recursive: true });
Deno.writeTextFileSync(
  OUT + "reference/editor_objects.json",
  JSON.stringify(editorObjects, null, 1) + "\n",
);

// ---------------------------------------------------------------------------------------------
// real-drafts/

/** Keeps the first `keep` segments per track; drops materials only dropped segments used. */
function trim(doc: Obj, meta: Obj | undefined, keep: number): void {
  const kept = new Set<string>();
  const dropped = new Set<string>();
  let end = 0;
  for (const t of tracks(doc)) {
    t.segments.sort((a, b) => startOf(a) - startOf(b));
    const stay = t.segments.slice(0, keep);
    for (const s of t.segments.slice(keep)) refsOf(s).forEach((id) => dropped.add(id));
    for (const s of stay) {
      refsOf(s).forEach((id) => kept.add(id));
      const r = s.target_timerange as { start: number; duration: number };
      end = Math.max(end, r.start + r.duration);
    }
    t.segments = stay;
  }
  const localDropped = new Set<string>();
  const localKept = new Set<string>();
  for (const [, items] of Object.entries(materials(doc))) {
    if (!Array.isArray(items)) continue;
    const remaining = items.filter((m) => {
      const id = m.id as string;
      const gone = dropped.has(id) && !kept.has(id);
      const local = m.local_material_id as string | undefined;
      if (local) (gone ? localDropped : localKept).add(local);
      return !gone;
    });
    items.splice(0, items.length, ...remaining);
  }
  doc.duration = end;
  if (meta) {
    meta.tm_duration = end;
    for (const g of meta.draft_materials as { value: Obj[] }[]) {
      g.value = g.value.filter((v) =>
        !(localDropped.has(v.id as string) && !localKept.has(v.id as string))
      );
    }
  }
}

function startOf(s: Obj): number {
  return (s.target_timerange as { start: number }).start;
}

function refsOf(s: Obj): string[] {
  return [s.material_id as string, ...(s.extra_material_refs as string[] ?? [])];
}

interface FixtureSpec {
  name: string;
  /** Source files → names in the fixture folder. */
  files: Record<string, string>;
  /** Keep at most this many segments per track. */
  trim?: number;
}

const REAL: FixtureSpec[] = [
  {
    name: "capcut5.8-single-image",
    files: {
      "anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content.json":
        "draft_content.json",
    },
  },
  {
    name: "capcut5.8-effects",
    files: {
      "anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_default.json":
        "draft_content.json",
    },
  },
  {
    name: "capcut5.8-effect-tracks",
    files: {
      "anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_effect.json":
        "draft_content.json",
    },
  },
  {
    name: "capcut5.8-transitions",
    files: {
      "anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_transition.json":
        "draft_content.json",
    },
  },
  {
    name: "capcut6.9-keyframes",
    files: {
      "linhlinh897986_capcut_capcut6.9-win-keyframes/draft_content.json": "draft_content.json",
      "linhlinh897986_capcut_capcut6.9-win-keyframes/draft_meta_info.json": "draft_meta_info.json",
    },
    trim: 6,
  },
  {
    name: "capcut7.8-text-audio",
    files: {
      "mssamly01_ComeCut_capcut7.8-win-text-audio/draft_content.json": "draft_content.json",
    },
  },
  {
    name: "capcut7.9-base",
    files: {
      "IslomTV_quran-subtitle-generator_capcut7.9-win-base/draft_content.json":
        "draft_content.json",
      "IslomTV_quran-subtitle-generator_capcut7.9-win-base/draft_meta_info.json":
        "draft_meta_info.json",
    },
  },
  {
    name: "capcut8.1-texts-effects",
    files: {
      "IslomTV_quran-subtitle-generator_capcut8.1-win-texts-effects/draft_content.json":
        "draft_content.json",
      "IslomTV_quran-subtitle-generator_capcut8.1-win-texts-effects/draft_meta_info.json":
        "draft_meta_info.json",
    },
    trim: 12,
  },
  {
    name: "capcut8.1-timelines",
    files: {
      "IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/draft_content.json":
        "draft_content.json",
      "IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/draft_meta_info.json":
        "draft_meta_info.json",
      "IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/Timelines/project.json":
        "Timelines/project.json",
    },
  },
  {
    name: "capcut9.1-videos",
    files: {
      "dreyedits10-netizen_capcut-to-premiere_capcut9.1-win-videos/draft_content.json":
        "draft_content.json",
    },
    trim: 12,
  },
  {
    name: "capcut2.2-mac",
    files: {
      "elityy_CAA-Video_capcut2.2-mac/draft_info.json": "draft_info.json",
      "elityy_CAA-Video_capcut2.2-mac/draft_meta_info.json": "draft_meta_info.json",
    },
  },
  {
    name: "old-format",
    files: { "helloint_subtitle-process_old-format/0.draft_info.json": "draft_info.json" },
  },
  {
    name: "jianying5.5-to-capcut5.9",
    files: {
      "namejee_MaterialSearch_jianying5.5-to-capcut5.9-win/draft_content.json":
        "draft_content.json",
    },
    trim: 12,
  },
  {
    name: "jianying5.9-texts",
    files: {
      "shiyaaini_index-tts-jianying_jianying5.9-win-texts/draft_content.json": "draft_content.json",
    },
  },
];

const realOut = OUT + "real-drafts/";
await Deno.remove(realOut, { recursive: true }).catch(() => {});
for (const spec of REAL) {
  const dir = `${realOut}${spec.name}/`;
  const docs: Record<string, Obj> = {};
  for (const [from, to] of Object.entries(spec.files)) docs[to] = read(from);
  const timelineName = "draft_content.json" in docs ? "draft_content.json" : "draft_info.json";
  if (spec.trim) trim(docs[timelineName], docs["draft_meta_info.json"], spec.trim);
  for (const [to, doc] of Object.entries(docs)) {
    const path = dir + to;
    Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    Deno.writeTextFileSync(path, JSON.stringify(anonymise(doc)));
  }
  const project = docs["Timelines/project.json"];
  if (project) {
    // The source's Timelines/<main>/draft_content.json was byte-identical to the root file.
    const main = project.main_timeline_id as string;
    Deno.mkdirSync(`${dir}Timelines/${main}`, { recursive: true });
    Deno.copyFileSync(dir + timelineName, `${dir}Timelines/${main}/${timelineName}`);
  }
}
Deno.mkdirSync(`${realOut}jianying-encrypted`, { recursive: true });
Deno.copyFileSync(
  REF + "wangwangla_algorithm_jianying-encrypted/draft_content.json",
  `${realOut}jianying-encrypted/draft_content.json`,
);
Deno.writeTextFileSync(
  `${realOut}README.md`,
  `# Real editor drafts (test fixtures)

Generated by \`scripts/make_reference_fixtures.ts\` from \`../shared/reference/real-drafts/\`
(see its MANIFEST.md for the public source of each). Each folder is one draft as the editor
saved it, minified as the source was, with user names in paths and device hashes anonymised.
${
    REAL.filter((s) => s.trim).map((s) => `\`${s.name}\``).join(", ")
  } are trimmed to their first segments per track (materials used only by dropped segments
removed, \`duration\` / \`tm_duration\` recomputed) to keep the fixtures small.
\`capcut8.1-timelines/Timelines/<id>/draft_content.json\` is a copy of the root file, as it was
in the source. \`jianying-encrypted/draft_content.json\` is the encrypted JianYing 6+ sample,
byte for byte.
`,
);
