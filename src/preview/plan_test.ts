/** The preview's pure parts: planning from draft JSON, curves, windows, ASS and SVG text. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { materialFile, planPreview, valueAt } from "./plan.ts";
import { curveExpr, proxyFormat, renderArgs, speedFilters, windowPlan } from "./graph.ts";
import { assColor, captionsAss, tagColor } from "./ass.ts";
import { timelineSvg } from "./timeline_svg.ts";

const DRAFT = {
  duration: 4_000_000,
  fps: 30,
  canvas_config: { width: 1080, height: 1920 },
  materials: {
    videos: [
      {
        id: "m1",
        type: "photo",
        path: "##_draftpath_placeholder_ABC-1_##/resources/a.png",
        width: 100,
        height: 50,
      },
      { id: "m2", type: "video", path: "/abs/b.mp4", width: 1920, height: 1080 },
    ],
    transitions: [{ id: "t1", duration: 500_000 }],
    audios: [{ id: "au", path: "/abs/c.wav", name: "c.wav" }],
    audio_fades: [{ id: "f1", fade_in_duration: 100_000, fade_out_duration: 200_000 }],
    texts: [{
      id: "x1",
      content: JSON.stringify({
        text: "Hi 世界",
        styles: [
          { range: [0, 3], size: 10, fill: { content: { solid: { color: [1, 1, 1] } } } },
          { range: [3, 5], size: 10, fill: { content: { solid: { color: [1, 1, 0] } } } },
        ],
      }),
      alignment: 1,
    }],
  },
  tracks: [
    {
      id: "T1",
      type: "video",
      segments: [
        {
          id: "s1",
          material_id: "m1",
          target_timerange: { start: 0, duration: 2_000_000 },
          source_timerange: { start: 0, duration: 2_000_000 },
          extra_material_refs: ["t1"],
          clip: { alpha: 1, rotation: 0, scale: { x: 1, y: 1 }, transform: { x: 0.5, y: 0 } },
          common_keyframes: [{
            property_type: "KFTypePositionX",
            keyframe_list: [{ time_offset: 0, values: [-1] }, {
              time_offset: 1_000_000,
              values: [1],
            }],
          }],
        },
        {
          id: "s2",
          material_id: "m2",
          target_timerange: { start: 2_000_000, duration: 2_000_000 },
          source_timerange: { start: 500_000, duration: 4_000_000 },
          speed: 2,
          volume: 0,
          extra_material_refs: [],
        },
      ],
    },
    {
      id: "T2",
      type: "audio",
      segments: [{
        id: "s3",
        material_id: "au",
        target_timerange: { start: 0, duration: 4_000_000 },
        source_timerange: { start: 0, duration: 4_000_000 },
        volume: 0.5,
        extra_material_refs: ["f1"],
      }],
    },
    {
      id: "T3",
      type: "text",
      segments: [{
        id: "s4",
        material_id: "x1",
        target_timerange: { start: 0, duration: 4_000_000 },
        clip: { transform: { x: 0, y: -0.8 }, scale: { x: 1, y: 1 } },
        extra_material_refs: [],
      }],
    },
  ],
};

Deno.test("planPreview reads visuals, crossfades, audio fades and captions from the JSON", () => {
  const plan = planPreview(DRAFT, "/drafts/d1");
  assertEquals(plan.visuals.map((v) => [v.segmentId, v.kind, v.start, v.fadeIn, v.tail]), [
    // The 0.5 s transition at the 2 s cut plays from 1.75 s to 2.25 s, centred on the cut as
    // the editors play it: s2 fades in from 1.75 s, s1 stays 0.25 s past its end.
    ["s1", "image", 0, 0, 250_000],
    ["s2", "video", 1_750_000, 500_000, 0],
  ]);
  assertEquals(plan.visuals[1].duration, plan.tracks[0].segments[1].end - 1_750_000);
  assertEquals(plan.visuals[0].file, "/drafts/d1/resources/a.png");
  assertEquals(plan.visuals[0].curves.x, [[0, -1], [1_000_000, 1]]);
  assertEquals(plan.visuals[1].sourceStart, 0, "read from 0.25 s × speed 2 earlier");
  assertEquals(plan.visuals[1].speed, 2);
  assertEquals(plan.audios.map((a) => [a.segmentId, a.volume, a.fadeIn, a.fadeOut]), [
    ["s3", 0.5, 100_000, 200_000],
  ]);
  const c = plan.captions[0];
  assertEquals([c.text, c.color, c.y], ["Hi 世界", "#ffffff", -0.8]);
  assertEquals(c.runs.map((r) => [r.start, r.end, r.color]), [[0, 3, "#ffffff"], [
    3,
    5,
    "#ffff00",
  ]]);
  assertEquals(plan.tracks.map((t) => t.type), ["video", "audio", "text"]);
  assert(plan.approximated.some((a) => a.startsWith("transitions")), plan.approximated.join());
});

Deno.test("materialFile resolves the draft-folder placeholder and leaves other paths", () => {
  assertEquals(
    materialFile("##_draftpath_placeholder_X_##/resources/a.png", "/d/"),
    "/d/resources/a.png",
  );
  assertEquals(materialFile("/abs/a.png", "/d"), "/abs/a.png");
});

Deno.test("curves: valueAt and the ffmpeg expression agree at and between points", () => {
  const curve = [[0, 0], [1_000_000, 10], [3_000_000, 30]] as const;
  assertEquals([valueAt(curve, -5), valueAt(curve, 500_000), valueAt(curve, 2_000_000)], [
    0,
    5,
    20,
  ]);
  assertEquals(valueAt(curve, 9e9), 30);
  const expr = curveExpr(curve, 1_000_000, (v) => String(v));
  const evalAt = (t: number) =>
    Function(
      "t",
      `const lt=(a,b)=>a<b;const iff=(c,a,b)=>c?a:b;return ${expr.replaceAll("if(", "iff(")}`,
    )(t);
  assertEquals([evalAt(0.5), evalAt(1.5), evalAt(3), evalAt(9)], [0, 5, 20, 30]);
});

Deno.test("windowPlan keeps what overlaps the window and shifts times and source starts", () => {
  const plan = planPreview(DRAFT, "/d");
  const w = windowPlan(plan, 2_100_000, 33_334);
  assertEquals(w.visuals.map((v) => [v.segmentId, v.start, v.sourceStart]), [
    ["s1", 0, 2_100_000],
    ["s2", 0, 700_000],
  ]);
  assertEquals(w.duration, 33_334);
  assertEquals(w.captions.length, 1);
});

Deno.test("a photo is opened as one frame and repeated in the graph for its time on screen", () => {
  const plan = planPreview(DRAFT, "/d");
  const fmt = proxyFormat(plan, 320);
  const photo = plan.visuals.find((v) => v.kind === "image")!;
  const { args } = renderArgs({ plan, fmt, missing: new Set(), silent: new Set(), audio: false });
  const opened = args.indexOf(photo.file);
  assert(opened > 0 && args[opened - 1] === "-i", "the photo is an input");
  assert(!args.includes("-loop"), "no demuxer loop: the file is decoded once");
  const graph = args[args.indexOf("-filter_complex") + 1];
  const frames = Math.ceil(((photo.duration + photo.tail) / 1e6) * fmt.fps);
  assert(graph.includes(`loop=loop=${frames - 1}:size=1`), graph);
  // The repeat comes after the one-off scale, so the frame is scaled once.
  const chain = graph.split(";").find((c) => c.includes("loop=loop="))!;
  assert(chain.indexOf("scale=") < chain.indexOf("loop=loop="), chain);
});

Deno.test("proxy format: short side as asked, even sizes, fps capped at 30", () => {
  const plan = { ...planPreview(DRAFT, "/d"), fps: 60 };
  assertEquals(proxyFormat(plan, 640), { width: 640, height: 1138, fps: 30 });
});

Deno.test("ASS: colours, keyword runs and escaped text", () => {
  assertEquals(assColor("#ff8000"), "&H000080FF");
  assertEquals(tagColor("#ff8000"), "&H0080FF&");
  const plan = planPreview(DRAFT, "/d");
  const ass = captionsAss(plan.captions, [{ text: "missing: {x}", start: 0, duration: 1 }], {
    width: 360,
    height: 640,
    fps: 30,
  }, "Noto Sans CJK SC");
  assert(ass.includes("PlayResX: 360"));
  assert(ass.includes("{\\c&H00FFFF&}世界"), ass);
  assert(ass.includes("missing: ｛x｝"), "braces cannot open override blocks");
});

Deno.test("timeline SVG names every track and segment", () => {
  const svg = timelineSvg(planPreview(DRAFT, "/d"));
  for (const t of ["video 1", "audio 1", "text 1"]) assert(svg.includes(`>${t}<`), t);
  assert(svg.includes("Hi 世界"));
  assert(svg.includes('data-segment-id="s2"'));
});

Deno.test("speedFilters: atempo only within 0.5–2×, a resample beyond it", () => {
  assertEquals(speedFilters(1), []);
  assertEquals(speedFilters(2), ["atempo=2"]);
  assertEquals(speedFilters(0.5), ["atempo=0.5"]);
  assertEquals(speedFilters(43.8), ["asetrate=1931580", "aresample=44100"]);
  assertEquals(speedFilters(0.1), ["asetrate=4410", "aresample=44100"]);
  assertEquals(speedFilters(1e-9), ["asetrate=1", "aresample=44100"]);
});

Deno.test("planPreview draws CapCut 1.x/2.x and JianYing 3.x markup captions with their size, colour and outline", () => {
  const markup = (text: string) =>
    '<outline color=(0,0,1,1) width=0.06><size=5.0><color=(1,0.5,0,1)><font id="" ' +
    `path="/Applications/CapCut.app/Contents/Resources/Font/SystemFont/en.ttf">[${text}]</font>` +
    "</color></size></outline>";
  const draft = {
    duration: 2_000_000,
    fps: 30,
    canvas_config: { width: 1080, height: 1920 },
    materials: {
      texts: [
        { id: "x1", content: markup("Old caption"), base_content: "" },
        { id: "x2", content: `<size=8><font id="" path="">[one \\[two\\]]</font></size>` },
        // JianYing 3.x: the text bare between the tags
        {
          id: "x3",
          content:
            '<font id="" path="D:/JianyingPro/3.3.0.9041/Resources/Font/SystemFont/zh-hans.ttf">' +
            "<color=(1.000000, 1.000000, 0.000000, 1.000000)><size=6.000000>bare text</size></color></font>",
        },
      ],
    },
    tracks: [{
      id: "tt",
      type: "text",
      segments: [
        { id: "s1", material_id: "x1", target_timerange: { start: 0, duration: 1_000_000 } },
        {
          id: "s2",
          material_id: "x2",
          target_timerange: { start: 1_000_000, duration: 1_000_000 },
        },
        {
          id: "s3",
          material_id: "x3",
          target_timerange: { start: 2_000_000, duration: 1_000_000 },
        },
      ],
    }],
  };
  const plan = planPreview(draft, "/d");
  assertEquals(plan.captions.map((c) => c.text), ["Old caption", "one [two]", "bare text"]);
  const [first, second, third] = plan.captions;
  assertEquals([first.size, first.color, first.borderColor], [5, "#ff8000", "#0000ff"]);
  assertEquals(second.size, 8);
  assertEquals([third.size, third.color], [6, "#ffff00"]);
  assert(!plan.approximated.some((a) => a.includes("not drawn")), plan.approximated.join());
});
