/**
 * Regenerates src/editions/data/{prototypes,skeletons,float_keys}.json from the real editor
 * drafts in ../shared/reference (read-only). Object shapes (keys and JSON types) are facts about
 * the editors' file format; values are not: every string is blanked unless its key is one of the
 * editor's enumerations (FRESH.keepStrings), and the instance values a fresh draft does not have
 * (time ranges, stale algorithm ranges, layer numbers, device hashes) get the fresh-draft values
 * of FRESH. A newer editor sample is added by naming it below; no builder code changes.
 * Run: deno run -A scripts/extract_prototypes.ts [--check]
 */
import { referenceDir } from "./reference.ts";
import { floatPaths } from "../src/draft/json_numbers.ts";

const REF = referenceDir();
const rawOf = (p: string) => Deno.readTextFileSync(REF + p);
const read = (p: string) => JSON.parse(rawOf(p));

type Obj = Record<string, unknown>;

/**
 * The fresh-draft policy. Strings keep their value only under `keepStrings` keys (values the
 * editor picks from a fixed set, the same in every sample); everything else that came from a
 * person's draft (paths, texts, fonts, music/request ids, categories, hashes) becomes "".
 * `values` sets keys to what a fresh draft holds (evidence in docs/editions.md).
 */
const FRESH = {
  keepStrings: new Set([
    "aigc_type",
    "benefit_type",
    "copyright_limit_type",
    "crop_ratio",
    "curveType",
    "font_title",
    "meta_type",
    "multi_language_current",
    "multi_language_main",
    "multi_language_mode",
    "picture_from",
    "platform",
    "source",
    "sub_type",
    "template_scene",
    "type",
    "property_type",
    "ratio",
    "app_source",
    "draft_type",
    "background_color",
    "text_color",
    "color",
  ]),
  values: {
    // a photo fresh from import has no algorithm range (CapCut 5.8 photos: null)
    "video_algorithm.time_range": null,
    // segments sit on tracks of attribute 0 (the 8.1 text sample was on a locked track, 4)
    track_attribute: 0,
    render_index: 0,
    track_render_index: 0,
    base_content: "",
    // the main-track magnet is on in a fresh draft (every CapCut sample 2.2–8.1 and both
    // JianYing sources); the 9.1 sample's false is that user's toggle
    "config.maintrack_adsorb": true,
  } as Record<string, unknown>,
  /** Time ranges: zero start and duration (builders set them from the caller's input). */
  ranges: new Set(["target_timerange", "source_timerange", "time_range"]),
};

/** A copy of `o` with the fresh-draft policy applied at every depth. */
function fresh(o: unknown, path = ""): unknown {
  if (Array.isArray(o)) return o.map((x) => fresh(x, path));
  if (o === null || typeof o !== "object") return o;
  const out: Obj = {};
  for (const [k, v] of Object.entries(o as Obj)) {
    const p = path ? `${path}.${k}` : k;
    if (p in FRESH.values || k in FRESH.values) {
      out[k] = p in FRESH.values ? FRESH.values[p] : FRESH.values[k];
    } else if (FRESH.ranges.has(k) && v && typeof v === "object") {
      out[k] = { start: 0, duration: 0 };
    } else if (typeof v === "string") out[k] = FRESH.keepStrings.has(k) ? v : "";
    else out[k] = fresh(v, p);
  }
  return out;
}

const blank = (o: Obj, keys: string[]) => {
  const c = fresh(o) as Obj;
  for (const k of keys) if (k in c) c[k] = typeof c[k] === "number" ? 0 : "";
  return c;
};
const ID_KEYS = ["id", "material_id", "local_material_id", "path", "material_name", "name"];

function firstOf(doc: Obj, list: string, pred: (o: Obj) => boolean = () => true): Obj {
  const items = (doc.materials as Record<string, Obj[]>)[list];
  const found = items.find(pred);
  if (!found) throw new Error(`no ${list} in source`);
  return blank(found, ID_KEYS);
}
function segOf(doc: Obj, type: string): Obj {
  const t = (doc.tracks as Obj[]).find((t) => t.type === type && (t.segments as Obj[]).length);
  if (!t) throw new Error(`no ${type} segment`);
  const s = blank((t.segments as Obj[])[0], ["id", "material_id"]);
  s.extra_material_refs = [];
  s.common_keyframes = [];
  return s;
}
function skeleton(doc: Obj): Obj {
  const c = fresh(doc) as Obj;
  c.id = "";
  c.duration = 0;
  c.tracks = [];
  c.name = "";
  for (const k of Object.keys(c.materials as Obj)) (c.materials as Obj)[k] = [];
  for (const p of ["platform", "last_modified_platform"]) {
    const b = c[p] as Obj;
    for (const k of ["device_id", "hard_disk_id", "mac_address"]) if (k in b) b[k] = "";
  }
  if ("path" in c) c.path = "";
  return c;
}
function metaSkeleton(meta: Obj): Obj {
  const m = fresh(meta) as Obj;
  m.tm_draft_removed = 0; // a fresh draft was never removed (the 8.1 sample carries a time)
  for (const k of ["draft_fold_path", "draft_root_path", "draft_name", "draft_id"]) m[k] = "";
  for (const g of m.draft_materials as Obj[]) g.value = [];
  m.tm_draft_create = 0;
  m.tm_draft_modified = 0;
  m.tm_duration = 0;
  m.draft_timeline_materials_size_ = 0;
  m.draft_new_version = ""; // "" in new editor drafts (reference §6)
  return m;
}

const cc79 = read(
  "real-drafts/IslomTV_quran-subtitle-generator_capcut7.9-win-base/draft_content.json",
);
const cc81 = read(
  "real-drafts/IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/draft_content.json",
);
const cc81meta = read(
  "real-drafts/IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/draft_meta_info.json",
);
const cc91 = read(
  "real-drafts/dreyedits10-netizen_capcut-to-premiere_capcut9.1-win-videos/draft_content.json",
);
const cc58t = read(
  "real-drafts/anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_transition.json",
);
const cc58e = read(
  "real-drafts/anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_effect.json",
);
const cc81te = read(
  "real-drafts/IslomTV_quran-subtitle-generator_capcut8.1-win-texts-effects/draft_content.json",
);
const cc69 = read("real-drafts/linhlinh897986_capcut_capcut6.9-win-keyframes/draft_content.json");
const jy59 = read(
  "real-drafts/shiyaaini_index-tts-jianying_jianying5.9-win-texts/draft_content.json",
);
const tplJy = read("templates/CapCutAPI/template_jianying/draft_info.json");
const tplJyMeta = read("templates/CapCutAPI/template_jianying/draft_meta_info.json");
const tplCc = read("templates/CapCutAPI/template/draft_info.json");
const tplCcMeta = read("templates/CapCutAPI/template/draft_meta_info.json");

/** Timeline samples whose number spelling defines the float keys (every editor-saved one). */
const FLOAT_SOURCES = [
  "real-drafts/IslomTV_quran-subtitle-generator_capcut7.9-win-base/draft_content.json",
  "real-drafts/IslomTV_quran-subtitle-generator_capcut8.1-win-timelines/draft_content.json",
  "real-drafts/IslomTV_quran-subtitle-generator_capcut8.1-win-texts-effects/draft_content.json",
  "real-drafts/dreyedits10-netizen_capcut-to-premiere_capcut9.1-win-videos/draft_content.json",
  "real-drafts/anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content.json",
  "real-drafts/anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_default.json",
  "real-drafts/anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_effect.json",
  "real-drafts/anhtran1989_catcuttool_capcut5.8-win-effects-transitions/draft_content_transition.json",
  "real-drafts/linhlinh897986_capcut_capcut6.9-win-keyframes/draft_content.json",
  "real-drafts/mssamly01_ComeCut_capcut7.8-win-text-audio/draft_content.json",
  "real-drafts/namejee_MaterialSearch_jianying5.5-to-capcut5.9-win/draft_content.json",
  "real-drafts/shiyaaini_index-tts-jianying_jianying5.9-win-texts/draft_content.json",
  "real-drafts/elityy_CAA-Video_capcut2.2-mac/draft_info.json",
];
const floats = new Set<string>();
const ints = new Set<string>();
for (const f of FLOAT_SOURCES) {
  const r = floatPaths(rawOf(f));
  for (const p of r.floats) floats.add(p);
  for (const p of r.ints) ints.add(p);
}
const mixed = [...floats].filter((p) => ints.has(p));
if (mixed.length) throw new Error(`keys spelled both ways by the editors: ${mixed.join(", ")}`);

const kf = (() => {
  for (const t of cc69.tracks as Obj[]) {
    for (const s of t.segments as Obj[]) {
      const ck = s.common_keyframes as Obj[];
      if (ck?.length) {
        const k = structuredClone(ck[0]);
        k.id = "";
        const item = structuredClone((k.keyframe_list as Obj[])[0]);
        item.id = "";
        k.keyframe_list = [];
        return { common_keyframe: k, keyframe: item };
      }
    }
  }
  throw new Error("no keyframe");
})();

const capcutProto: Obj = {
  segment_video: segOf(cc79, "video"),
  segment_text: segOf(cc79, "text"),
  segment_audio: segOf(cc79, "audio"),
  segment_effect: segOf(cc58e, "effect"),
  videos_photo: firstOf(cc79, "videos", (o) => o.type === "photo"),
  videos_video: firstOf(cc91, "videos", (o) => o.type === "video"),
  audios: firstOf(cc79, "audios"),
  texts: firstOf(cc79, "texts"),
  speeds: firstOf(cc79, "speeds"),
  placeholder_infos: firstOf(cc79, "placeholder_infos"),
  canvases: firstOf(cc79, "canvases"),
  sound_channel_mappings: firstOf(cc79, "sound_channel_mappings"),
  material_colors: firstOf(cc79, "material_colors"),
  loudnesses: firstOf(cc79, "loudnesses"),
  vocal_separations: firstOf(cc79, "vocal_separations"),
  beats: firstOf(cc79, "beats"),
  material_animations: firstOf(cc79, "material_animations"),
  audio_fades: firstOf(cc91, "audio_fades"),
  transitions: firstOf(cc58t, "transitions"),
  video_effects: firstOf(cc58e, "video_effects"),
  // The only editor-saved `materials.effects` entry we have is a text glow ("bloom"); its key set
  // is the base for filter entries (the builder overrides type, ids, panel and bloom fields).
  effects: blank(firstOf(cc81te, "effects"), ["effect_id", "resource_id"]),
  ...kf,
};
const jianyingProto: Obj = {
  segment_text: segOf(jy59, "text"),
  texts: firstOf(jy59, "texts"),
};

// Newer CapCut builds add keys to some objects; these version layers hold the objects as those
// builds save them, and fall back to the base set above (see `prototype` in profiles.ts).
const capcut81Proto: Obj = {
  segment_video: segOf(cc81te, "video"),
  segment_text: segOf(cc81te, "text"),
  segment_audio: segOf(cc81te, "audio"),
  videos_photo: firstOf(cc81te, "videos", (o) => o.type === "photo"),
  audios: firstOf(cc81te, "audios"),
  texts: firstOf(cc81te, "texts"),
};
const capcut91Proto: Obj = {
  segment_video: segOf(cc91, "video"),
};

const prototypes = {
  _source: "extracted by scripts/extract_prototypes.ts from ../shared/reference real drafts",
  capcut: capcutProto,
  "capcut-8.1": capcut81Proto,
  "capcut-9.1": capcut91Proto,
  jianying: jianyingProto,
};
const skeletons = {
  _source: "extracted by scripts/extract_prototypes.ts from ../shared/reference templates/drafts",
  "jianying-5.9": { content: skeleton(tplJy), meta: metaSkeleton(tplJyMeta) },
  "capcut-6.5": { content: skeleton(tplCc), meta: metaSkeleton(tplCcMeta) },
  "capcut-8.1": { content: skeleton(cc81), meta: metaSkeleton(cc81meta) },
  "capcut-9.1": { content: skeleton(cc91), meta: metaSkeleton(cc81meta) },
};
const leafOf = (p: string) => p.replace(/\[\]$/, "").split(/[.\]]/).pop()!;
const floatKeys = {
  _source: "extracted by scripts/extract_prototypes.ts: timeline key paths every editor-saved " +
    "draft in ../shared/reference spells as floats (1.0), never as integers; intLeaves: key " +
    "names the editors spell as integers somewhere (those floats are found by path)",
  timeline: [...floats].sort(),
  intLeaves: [...new Set([...ints].map(leafOf))].filter((l) =>
    [...floats].some((p) => leafOf(p) === l)
  ).sort(),
};
const out = new URL("../src/editions/data/", import.meta.url).pathname;
const files: Record<string, string> = {
  "prototypes.json": JSON.stringify(prototypes, null, 1) + "\n",
  "skeletons.json": JSON.stringify(skeletons, null, 1) + "\n",
  "float_keys.json": JSON.stringify(floatKeys, null, 1) + "\n",
};
if (Deno.args.includes("--check")) {
  const stale = Object.entries(files).filter(([f, text]) => {
    try {
      return Deno.readTextFileSync(out + f) !== text;
    } catch {
      return true;
    }
  }).map(([f]) => f);
  if (stale.length) {
    console.error(
      `out of date: ${stale.join(", ")}; run deno run -A scripts/extract_prototypes.ts`,
    );
    Deno.exit(1);
  }
  console.log("editor defaults up to date");
} else {
  for (const [f, text] of Object.entries(files)) Deno.writeTextFileSync(out + f, text);
  console.log("wrote", out);
}
