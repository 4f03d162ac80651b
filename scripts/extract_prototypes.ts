/**
 * Regenerates src/editions/data/{prototypes,skeletons}.json from the real editor drafts in
 * ../shared/reference (read-only). Object shapes are facts about the editors' file format; ids,
 * user paths and device hashes are blanked. Run: deno run -A scripts/extract_prototypes.ts
 */
const REF = new URL("../../shared/reference/", import.meta.url).pathname;
const read = (p: string) => JSON.parse(Deno.readTextFileSync(REF + p));

type Obj = Record<string, unknown>;
const blank = (o: Obj, keys: string[]) => {
  const c = structuredClone(o);
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
  const c = structuredClone(doc);
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
  const m = structuredClone(meta);
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
const out = new URL("../src/editions/data/", import.meta.url).pathname;
Deno.writeTextFileSync(out + "prototypes.json", JSON.stringify(prototypes, null, 1) + "\n");
Deno.writeTextFileSync(out + "skeletons.json", JSON.stringify(skeletons, null, 1) + "\n");
console.log("wrote", out);
