/**
 * The judgements of the corpus test (test/helpers/corpus.ts): the ADD RULE (applyAddRule) lets a
 * surgical add pass and catches each kind of collateral change the issue lists; buildLosses finds
 * what export → build lost without declaring it.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { applyAddRule, buildLosses } from "./helpers/corpus.ts";

const DIR = "/drafts/d1";
const CTX = { dir: DIR, placedBytes: 554 };

const TIMELINE = '{"duration":5000000,"fps":30.0,"materials":{"material_animations":[],' +
  '"texts":[{"id":"T1","content":"a","line_spacing":0.02}],' +
  '"videos":[{"id":"V1","path":"/a.mp4","crop":{"upper_left_x":0.0}}]},' +
  '"tracks":[{"id":"TR1","type":"video","segments":[{"id":"S1","material_id":"V1",' +
  '"extra_material_refs":[],"render_index":0,"track_render_index":0,' +
  '"target_timerange":{"duration":5000000,"start":0}}]}]}';

/** The timeline after a caption add that touched nothing else. */
const SURGICAL = TIMELINE
  .replace('"duration":5000000,"fps"', '"duration":6000000,"fps"')
  .replace('"material_animations":[]', '"material_animations":[{"id":"A2","animations":[]}]')
  .replace('"texts":[{', '"texts":[{"id":"T2","content":"new"},{')
  .replace(
    /\]\}$/,
    ',{"id":"TR2","type":"text","segments":[{"id":"S2","material_id":"T2",' +
      '"extra_material_refs":["A2"],"target_timerange":{"duration":1000000,"start":5000000}}]}]}',
  );

const kinds = (r: { violations: { kind: string; path: string }[] }) =>
  r.violations.map((c) => `${c.kind} ${c.path}`);

Deno.test("add rule: a surgical caption add passes (new track, segment, referenced materials, longer duration)", () => {
  const r = applyAddRule("draft_content.json", TIMELINE, SURGICAL, CTX);
  assertEquals(kinds(r), []);
  assertEquals(r.newSegments, ["S2"]);
  assertEquals(r.allowed, 4);
  // a photo added onto the existing track, with its material, also passes
  const onTrack = TIMELINE
    .replace('"videos":[{', '"videos":[{"id":"V2","path":"/b.png"},{')
    .replace(
      '"start":0}}]}]}',
      '"start":0}},{"id":"S3","material_id":"V2","target_timerange":{"duration":1,"start":5000000}}]}]}',
    );
  assertEquals(kinds(applyAddRule("draft_info.json", TIMELINE, onTrack, CTX)), []);
});

Deno.test("add rule: number lexemes, render indexes, unreferenced materials, dropped keys and a shorter duration are caught", () => {
  const cases: [string, string, string[]][] = [
    ["0.0 written as 0", SURGICAL.replace('"upper_left_x":0.0', '"upper_left_x":0'), [
      "lexeme materials.videos[id=V1].crop.upper_left_x",
    ]],
    ["30.0 written as 30", SURGICAL.replace('"fps":30.0', '"fps":30'), ["lexeme fps"]],
    [
      "a renumbered render index",
      SURGICAL.replace('"track_render_index":0', '"track_render_index":1'),
      [
        "value tracks[id=TR1].segments[id=S1].track_render_index",
      ],
    ],
    ["a material no new segment uses", SURGICAL.replace('"texts":[{', '"texts":[{"id":"X"},{'), [
      "added materials.texts[id=X]",
    ]],
    ["an empty list the draft lacked", SURGICAL.replace('"texts":[', '"shapes":[],"texts":['), [
      "added materials.shapes",
    ]],
    ["a dropped key", SURGICAL.replace(',"line_spacing":0.02', ""), [
      "removed materials.texts[id=T1].line_spacing",
    ]],
    [
      "reordered keys",
      SURGICAL.replace('"duration":6000000,"fps":30.0', '"fps":30.0,"duration":6000000'),
      [
        "key-order ",
      ],
    ],
    [
      "a shorter duration",
      SURGICAL.replace('"duration":6000000,"fps"', '"duration":4000000,"fps"'),
      [
        "value duration",
      ],
    ],
  ];
  for (const [what, after, expected] of cases) {
    assertEquals(kinds(applyAddRule("draft_content.json", TIMELINE, after, CTX)), expected, what);
  }
  // any change to another JSON file of the draft is a violation
  assertEquals(kinds(applyAddRule("key_value.json", '{"a":1.0}', '{"a":1}', CTX)), ["lexeme a"]);
});

Deno.test("add rule: the meta may gain materials and a later modification time, nothing else", () => {
  const meta = '{"draft_fold_path":"C:/Users/x/draft","draft_materials":[{"type":0,"value":[' +
    '{"id":"M1","file_Path":"C:/a.mp4"}]}],"draft_timeline_materials_size_":1000,' +
    '"tm_draft_create":1,"tm_draft_modified":1700000000000000,"tm_duration":5000000}';
  const good = meta
    .replace('"C:/Users/x/draft"', JSON.stringify(DIR))
    .replace('"file_Path":"C:/a.mp4"}]', '"file_Path":"C:/a.mp4"},{"id":"M2","file_Path":"b.png"}]')
    .replace(":1000,", ":1554,")
    .replace("1700000000000000", "1800000000000000")
    .replace(":5000000}", ":6000000}");
  assertEquals(kinds(applyAddRule("draft_meta_info.json", meta, good, CTX)), []);
  const bad = good
    .replace(JSON.stringify(DIR), '"/elsewhere"')
    .replace(":1554,", ":1555,")
    .replace('"tm_draft_create":1', '"tm_draft_create":2');
  assertEquals(kinds(applyAddRule("draft_meta_info.json", meta, bad, CTX)), [
    "value draft_fold_path",
    "value draft_timeline_materials_size_",
    "value tm_draft_create",
  ]);
});

Deno.test("add rule: draft_settings may only move draft_last_edit_time forward", () => {
  const ini = "[General]\ndraft_create_time=1700000000\ndraft_last_edit_time=1700000100\n" +
    "real_edit_keys=5\nreal_edit_seconds=60\ncloud_last_modify_platform=windows\n";
  const good = ini.replace("=1700000100", "=1800000000");
  assertEquals(kinds(applyAddRule("draft_settings", ini, good, CTX)), []);
  const bad = good.replace("real_edit_keys=5", "real_edit_keys=1")
    .replace("cloud_last_modify_platform=windows\n", "");
  assertEquals(kinds(applyAddRule("draft_settings", ini, bad, CTX)), [
    "value real_edit_keys",
    "removed cloud_last_modify_platform",
  ]);
  assertEquals(
    kinds(applyAddRule("draft_settings", ini, ini.replace("=1700000100", "=1600000000"), CTX)),
    ["value draft_last_edit_time"],
  );
});

// deno-lint-ignore no-explicit-any
type Json = any;

const seg = (id: string, start: number, duration: number, extra: Json = {}) => ({
  id,
  material_id: `m${id}`,
  target_timerange: { start, duration },
  source_timerange: { start: 0, duration },
  ...extra,
});
const ORIGINAL: Json = {
  canvas_config: { width: 1080, height: 1920, ratio: "9:16" },
  fps: 30.0,
  materials: { audios: [{ id: "mA1", type: "music" }] },
  tracks: [
    { type: "video", segments: [seg("V1", 0, 100), seg("V2", 100, 50)] },
    { type: "audio", segments: [seg("A1", 0, 150)] },
    { type: "text", segments: [seg("T1", 10, 20)] },
  ],
};
const same = (x: Json) => structuredClone(x);
const REFS = { V1: "v1", V2: "v2", A1: "a1", T1: "t1" };
/** The original as build would rebuild it: same layout, new ids. */
function rebuilt(): Json {
  const c = same(ORIGINAL);
  for (const t of c.tracks) {
    for (const s of t.segments) {
      s.id = REFS[s.id as keyof typeof REFS];
      s.material_id = `m${s.id}`;
    }
  }
  c.materials.audios[0].id = "ma1";
  return c;
}

Deno.test("buildLosses: a faithful rebuild loses nothing", () => {
  assertEquals(buildLosses(ORIGINAL, rebuilt(), REFS, new Set()), []);
});

Deno.test("buildLosses: timing, tracks, order, canvas, audio type and keyframes are compared", () => {
  const c = rebuilt();
  c.tracks[0].segments[1].target_timerange.duration = 51; // ±1 µs
  c.tracks[1].segments[0].source_timerange.start = 26;
  c.materials.audios[0].type = "extract_music";
  c.tracks[2].segments[0].common_keyframes = [{ property_type: "KFTypeScaleX" }];
  c.canvas_config.ratio = "original";
  assertEquals(buildLosses(ORIGINAL, c, REFS, new Set()), [
    "canvas ratio 9:16 → original",
    "segment V2 timing 100+50 → 100+51",
    "segment A1 source 0+150 → 26+150",
    "segment A1 audio type music → extract_music",
    "segment T1 keyframes [] → [KFTypeScaleX]",
  ]);
  // declared: by segment id, and by kind
  assertEquals(
    buildLosses(ORIGINAL, c, REFS, new Set(["V2", "A1", "T1", "kind:canvas_ratio"])),
    [],
  );
});

Deno.test("buildLosses: a lost segment, a split track, merged tracks and a changed track order", () => {
  const lost = rebuilt();
  lost.tracks[2].segments = [];
  assertEquals(buildLosses(ORIGINAL, lost, REFS, new Set()), [
    "segment T1 (text track 2) is not in the build",
  ]);
  const split = rebuilt();
  split.tracks.push({ type: "video", segments: [split.tracks[0].segments.pop()] });
  assertEquals(buildLosses(ORIGINAL, split, REFS, new Set()), ["track 0 comes back as 2 tracks"]);
  const merged = rebuilt();
  merged.tracks[0].type = "text";
  merged.tracks[0].segments.push(...merged.tracks[2].segments);
  merged.tracks.pop();
  assertEquals(buildLosses(ORIGINAL, merged, REFS, new Set()), [
    "segment V1: video track → text track",
    "segment V2: video track → text track",
    "tracks 0 and 2 come back as one track",
    "track order: track 2 now before track 1",
  ]);
  const swapped = rebuilt();
  swapped.tracks.reverse();
  assertEquals(buildLosses(ORIGINAL, swapped, REFS, new Set()), [
    "track order: track 1 now before track 0",
    "track order: track 2 now before track 1",
  ]);
});
