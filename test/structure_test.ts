/**
 * Structure of what draftcli writes, compared with the editors' own objects: a draft built
 * through the CLI with every kind we write (photo, GIF clip, audio with fade and audio effect,
 * text with highlights and animations, transitions, keyframes) must carry, for each segment and
 * material kind, every key the editor writes with the same JSON type
 * (test/fixtures/reference/editor_objects.json: CapCut 5.8–9.1, JianYing 5.9); all references
 * must resolve, ids must have the editors' formats, and `draft validate` must pass.
 */
import { deepStrictEqual, deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { oncePerFile } from "./helpers/temp.ts";
import { structuralCheck } from "../src/draft/check_draft.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const REF = JSON.parse(await Deno.readTextFile(fixture("reference/editor_objects.json")));

/**
 * Where each kind's editor object comes from for the objects we write (the prototypes'
 * sources, see scripts/extract_prototypes.ts): these comparisons must show no difference.
 */
const SAME_SOURCE: Record<string, Record<string, string>> = {
  capcut: {
    track: "capcut/7.9",
    segment_video: "capcut/7.9",
    segment_audio: "capcut/7.9",
    segment_text: "capcut/7.9",
    videos_photo: "capcut/7.9",
    videos_video: "capcut/9.1",
    audios: "capcut/7.9",
    texts: "capcut/7.9",
    speeds: "capcut/7.9",
    placeholder_infos: "capcut/7.9",
    canvases: "capcut/7.9",
    sound_channel_mappings: "capcut/7.9",
    material_colors: "capcut/7.9",
    loudnesses: "capcut/7.9",
    vocal_separations: "capcut/7.9",
    beats: "capcut/7.9",
    material_animations: "capcut/7.9",
    audio_fades: "capcut/9.1",
    transitions: "capcut/5.8",
    common_keyframe: "capcut/6.9",
    keyframe: "capcut/6.9",
    draft_meta_info: "capcut/8.1",
  },
  // JianYing: texts from a JianYing 5.9 draft; the other kinds have no JianYing editor sample,
  // so the builders use the CapCut 7.9 shapes (the JianYing 5.9 text keys are a subset).
  jianying: {
    track: "jianying/5.9",
    segment_text: "jianying/5.9",
    texts: "jianying/5.9",
    draft_content: "jianying/5.9",
  },
};

/**
 * Keys newer CapCut versions write that objects of an older profile lack. CapCut 8.1.1 opened the
 * 7.9 draft of the same project and added them itself (IslomTV 7.9 base → 8.1 timelines), so they
 * are not needed to open. They are excused only for profiles older than the version that writes
 * them: a profile of that version writes the objects as that version saves them.
 */
const KNOWN_NEWER_KEYS: Record<string, readonly string[]> = {
  "capcut/8.1 videos_photo": ["surface_trackings"],
  "capcut/8.1 audios": ["tts_benefit_info"],
  "capcut/8.1 texts": [
    "shadow_thickness_projection_enable",
    "shadow_thickness_projection_angle",
    "shadow_thickness_projection_distance",
    "single_char_bg_enable",
    "single_char_bg_color",
    "single_char_bg_alpha",
    "single_char_bg_round_radius",
    "single_char_bg_width",
    "single_char_bg_height",
    "single_char_bg_vertical_offset",
    "single_char_bg_horizontal_offset",
  ],
  "capcut/9.1 segment_video": ["enable_color_adjust_pro", "segment_color_tag"],
};

/**
 * Keys the editors write as null in one version and as an object in another. A photo's
 * `video_algorithm.time_range` is null in fresh CapCut 5.8 imports and a leftover range (9.1 s on
 * a 6.1 s clip) in the 7.9/8.1 samples; draftcli writes the fresh null.
 */
const NULL_OR_OBJECT = ["config.zoom_info_params", "group_container", "video_algorithm.time_range"];

/**
 * Kinds with no editor-saved sample: the shapes documented in draft-format.md (§4.6 audio
 * effects, §4.7 animation entries), from writers users report working.
 */
const DOCUMENTED: Record<string, readonly string[]> = {
  audio_effects: [
    "id",
    "type",
    "name",
    "resource_id",
    "category_id",
    "category_name",
    "sub_type",
    "audio_adjust_params",
    "is_ugc",
    "production_path",
    "speaker_id",
    "time_range",
  ],
  animation: [
    "type",
    "id",
    "resource_id",
    "name",
    "start",
    "duration",
    "material_type",
    "panel",
    "platform",
    "anim_adjust_params",
    "category_id",
    "category_name",
    "path",
    "request_id",
  ],
};

const UPPER_UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Built {
  edition: string;
  draftId: string;
  dir: string;
  content: Json;
  meta: Json;
}

async function ok(args: string[], env: Record<string, string>): Promise<Json> {
  const r = await runInProcess(args, { env });
  assertEquals(r.code, 0, `${args.slice(0, 2).join(" ")}: ${r.stderr}`);
  return r.json as Json;
}

/** Builds a draft with every kind draftcli writes today, through the CLI. */
async function buildEverything(
  env: Record<string, string>,
  edition: "capcut" | "jianying",
  version?: string,
): Promise<Pick<Built, "edition" | "draftId" | "dir">> {
  const create = ["draft", "create", "--editor", edition];
  if (version) create.push("--editor-version", version);
  const { draftId, filePath } = await ok(create, env);
  const names = edition === "capcut"
    ? { effect: "Big House", loop: "Wave" }
    : { effect: "回音", loop: "上弧" };
  const img = await ok([
    "images",
    "add",
    draftId,
    "--image-infos",
    JSON.stringify([
      { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 2_000_000, inAnimation: "fade" },
      {
        imageUrl: fileUrl(fixture("image.jpg")),
        start: 2_000_000,
        end: 4_000_000,
        outAnimation: "fade",
      },
      // an animated GIF becomes a video material (its full 0.8 s)
      { imageUrl: fileUrl(fixture("anim.gif")), start: 4_000_000, end: 4_800_000 },
    ]),
  ], env);
  const aud = await ok([
    "audios",
    "add",
    draftId,
    "--audio-infos",
    JSON.stringify([{
      audioUrl: fileUrl(fixture("audio.mp3")),
      start: 0,
      end: 1_000_000,
      fadeInDuration: 200_000,
      fadeOutDuration: 200_000,
      audioEffect: names.effect,
    }]),
  ], env);
  const cap = await ok([
    "captions",
    "add",
    draftId,
    "--captions",
    JSON.stringify([{
      text: "Hello 世界 😀",
      start: 0,
      end: 2_000_000,
      highlights: [{ keyword: "世界", color: "#ffde00", bold: true }],
      inAnimation: "fade",
      outAnimation: "fade",
      loopAnimation: names.loop,
    }]),
    "--border-color",
    "#000000",
    "--shadow",
  ], env);
  await ok(["transitions", "add", draftId, "--auto", "fade"], env);
  const seg = img.items[0].segmentId;
  await ok([
    "keyframes",
    "add",
    draftId,
    "--keyframes",
    JSON.stringify([
      { segmentId: seg, property: "position_x", offset: 0, value: -0.5 },
      { segmentId: seg, property: "opacity", offset: 1_000_000, value: 0.5 },
      { segmentId: img.items[1].segmentId, property: "scale_x", offset: 0, value: 1.5 },
      { segmentId: aud.items[0].segmentId, property: "volume", offset: 0, value: 0.2 },
      { segmentId: cap.items[0].segmentId, property: "position_y", offset: 0, value: -0.5 },
    ]),
  ], env);
  return { edition, draftId, dir: filePath as string };
}

/** One world for the file: each profile's draft is built once and only read by the tests. */
const world = oncePerFile(tempWorld, "draftcli-structure-");
const builds = new Map<string, Promise<Pick<Built, "edition" | "draftId" | "dir">>>();

/** The every-kind draft of a profile (built on first use), freshly parsed for the caller. */
async function builtDraft(
  edition: "capcut" | "jianying",
  version?: string,
): Promise<Built & { env: Record<string, string> }> {
  const { env } = await world();
  const key = `${edition} ${version ?? ""}`;
  let made = builds.get(key);
  if (!made) builds.set(key, made = buildEverything(env, edition, version));
  const b = await made;
  return {
    ...b,
    env,
    content: JSON.parse(await Deno.readTextFile(`${b.dir}/draft_content.json`)),
    meta: JSON.parse(await Deno.readTextFile(`${b.dir}/draft_meta_info.json`)),
  };
}

/** Our object of each kind, taken from the built draft. */
function ourObjects(b: Built): Record<string, Json> {
  const c = b.content;
  const segs = (c.tracks as Json[]).flatMap((t) =>
    (t.segments as Json[]).map((s) => ({ type: t.type as string, s }))
  );
  const first = (list: string, pred: (m: Json) => boolean = () => true) =>
    ((c.materials[list] ?? []) as Json[]).find(pred);
  const withKf = segs.find((x) => x.s.common_keyframes.length)!.s;
  const out: Record<string, Json | undefined> = {
    track: (c.tracks as Json[])[0],
    segment_video: segs.find((x) => x.type === "video")?.s,
    segment_audio: segs.find((x) => x.type === "audio")?.s,
    segment_text: segs.find((x) => x.type === "text")?.s,
    videos_photo: first("videos", (m) => m.type === "photo"),
    videos_video: first("videos", (m) => m.type === "video"),
    audios: first("audios"),
    texts: first("texts"),
    transitions: first("transitions"),
    audio_fades: first("audio_fades"),
    common_keyframe: withKf.common_keyframes[0],
    keyframe: withKf.common_keyframes[0].keyframe_list[0],
    draft_content: c,
    draft_meta_info: b.meta,
  };
  for (
    const list of [
      "speeds",
      "placeholder_infos",
      "canvases",
      "sound_channel_mappings",
      "material_colors",
      "loudnesses",
      "vocal_separations",
      "beats",
      "material_animations",
    ]
  ) out[list] = first(list);
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Record<
    string,
    Json
  >;
}

function refObject(where: string, kind: string): Json | undefined {
  const [edition, version] = where.split("/");
  return REF[edition]?.[version]?.[kind];
}

/** Structural differences not explained by the lists above, as readable lines. */
function unexplained(ours: Json, ref: Json, label: string, profileVersion: number): string[] {
  const refVersion = Number(/\/(\d+\.\d+)/.exec(label)?.[1] ?? 0);
  const known = new Set(refVersion > profileVersion ? KNOWN_NEWER_KEYS[label] ?? [] : []);
  return structuralCheck(ours, ref, { allowNull: NULL_OR_OBJECT })
    .filter((d) => !(d.problem === "missing" && known.has(d.path)))
    .map((d) =>
      `${label}: ${d.path} ${d.problem} (editor: ${d.expected}${
        d.actual ? `, ours: ${d.actual}` : ""
      })`
    );
}

const PROFILES: { edition: "capcut" | "jianying"; version?: string; content: string }[] = [
  { edition: "capcut", content: "capcut/8.1" }, // default profile capcut-7-8 (stamps 8.1.1)
  { edition: "capcut", version: "9.1", content: "capcut/9.1" },
  { edition: "jianying", content: "jianying/5.9" },
];

for (const p of PROFILES) {
  const label = `${p.edition}${p.version ? ` ${p.version}` : ""}`;
  Deno.test(`structure: ${label} draft objects carry every editor key with its JSON type`, async () => {
    const b = await builtDraft(p.edition, p.version);
    const profileVersion = Number(p.content.split("/")[1]);
    const ours = ourObjects(b);
    const problems: string[] = [];
    let compared = 0;
    const sources = {
      ...SAME_SOURCE.capcut,
      ...SAME_SOURCE[p.edition],
      draft_content: p.content,
    };
    for (const [kind, where] of Object.entries(sources)) {
      const ref = refObject(where, kind);
      assert(ref, `reference ${where} ${kind} exists`);
      if (kind === "placeholder_infos" && p.edition === "jianying") continue; // CapCut-only list
      if (kind === "draft_meta_info" && p.edition === "jianying") continue; // no JianYing sample
      assert(ours[kind], `${label}: we wrote a ${kind}`);
      problems.push(...unexplained(ours[kind], ref, `${where} ${kind}`, profileVersion));
      compared++;
    }
    // CapCut: also every newer editor version's object of each kind
    if (p.edition === "capcut") {
      for (const version of ["7.9", "8.1", "9.1"]) {
        for (const [kind, ref] of Object.entries(REF.capcut[version] as Json)) {
          if (kind === "draft_content" || !ours[kind]) continue;
          problems.push(
            ...unexplained(ours[kind], ref, `capcut/${version} ${kind}`, profileVersion),
          );
          compared++;
        }
      }
    }
    deepStrictEqual(problems, [], problems.join("\n"));
    assert(compared >= 20, `compared ${compared} kinds`);

    // kinds without an editor sample: the documented key sets
    const effect = b.content.materials.audio_effects[0];
    for (const k of DOCUMENTED.audio_effects) assert(k in effect, `audio_effects.${k}`);
    const anims = (b.content.materials.material_animations as Json[]).flatMap((m) =>
      m.animations as Json[]
    );
    assertEquals(new Set(anims.map((a) => a.type)), new Set(["in", "out", "loop"]));
    for (const a of anims) {
      for (const k of DOCUMENTED.animation) assert(k in a, `animation.${k}`);
    }
  });
}

Deno.test("structure: references resolve, ids have the editors' formats, validate passes", async () => {
  for (const p of PROFILES) {
    const b = await builtDraft(p.edition, p.version);
    const c = b.content;
    const ids = new Map<string, string>();
    const note = (id: string, where: string) => {
      assert(UPPER_UUID.test(id), `${where}: id ${id} is an uppercase UUID`);
      assert(!ids.has(id), `${where}: id ${id} also used by ${ids.get(id)}`);
      ids.set(id, where);
    };
    note(c.id, "draft_content.id");
    for (const [list, items] of Object.entries(c.materials as Record<string, Json[]>)) {
      for (const m of items) note(m.id, `materials.${list}`);
    }
    const pool = new Set(
      (b.meta.draft_materials as Json[]).flatMap((g) => (g.value as Json[]).map((v) => v.id)),
    );
    for (const id of pool) assert(LOWER_UUID.test(id), `draft_materials id ${id} is lowercase`);
    for (const t of c.tracks as Json[]) {
      note(t.id, "track");
      for (const s of t.segments as Json[]) {
        note(s.id, `${t.type} segment`);
        assert(ids.has(s.material_id), `material_id ${s.material_id} resolves`);
        for (const r of s.extra_material_refs) assert(ids.has(r), `ref ${r} resolves`);
        for (const k of s.common_keyframes as Json[]) {
          note(k.id, "common_keyframe");
          for (const kf of k.keyframe_list as Json[]) note(kf.id, "keyframe");
        }
      }
    }
    for (const m of [...c.materials.videos, ...c.materials.audios] as Json[]) {
      assert(pool.has(m.local_material_id), `${m.path} registered in draft_meta_info`);
      assert(LOWER_UUID.test(m.local_material_id));
    }
    // the transition, fades, effect and animations are referenced by their segments
    const refs = new Set(
      (c.tracks as Json[]).flatMap((t) =>
        (t.segments as Json[]).flatMap((s) => s.extra_material_refs as string[])
      ),
    );
    for (const list of ["transitions", "audio_fades", "audio_effects", "material_animations"]) {
      const items = c.materials[list] as Json[];
      assert(items.length > 0, `${list} written`);
      for (const m of items) assert(refs.has(m.id), `${list} ${m.id} referenced`);
    }

    const before = await snapshotDir(b.dir);
    const v = await runCli(["draft", "validate", b.draftId], { env: b.env });
    assertEquals(v.code, 0, v.stdout + v.stderr);
    const report = v.json as Json;
    assertEquals(report.ok, true);
    deepStrictEqual(report.errors, []);
    deepStrictEqual(report.warnings, [], JSON.stringify(report.warnings));
    assert(report.stats.keyframes >= 5 && report.stats.catalogIds >= 6, v.stdout);
    deepStrictEqual(await snapshotDir(b.dir), before, "validate changes nothing");
  }
});
