/**
 * `draft fill` replaces every use of a file: on a real CapCut 9.1 draft whose clips were given a
 * reversed copy, a separated-vocals file and a compound clip (a nested draft playing the same
 * file, nested twice), the copy names the replaced file nowhere, and what the editor derived
 * from it is cleared and listed.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { cp } from "node:fs/promises";
import { fixture, runInProcess, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const SAMPLE = new URL("./fixtures/real-drafts/capcut9.1-videos/", import.meta.url).pathname;
const OLD = "Wide Cam Pt 1.mp4";
const REVERSED = "C:/Users/user/AppData/Local/CapCut/User Data/Cache/reverse/7c1f0e_rev.mp4";
const VOCALS = "C:/Users/user/AppData/Local/CapCut/User Data/Cache/vocal/9a41d2_vocal.wav";
const NESTED_REVERSED = "C:/Users/user/AppData/Local/CapCut/User Data/Cache/reverse/55e0aa.mp4";

async function run(env: Record<string, string>, argv: string[]) {
  const r = await runInProcess(argv, { env });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

/** Every file below `dir` (relative path → text). */
async function texts(dir: string, rel = ""): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const e of Deno.readDir(`${dir}/${rel}`)) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory) { for (const [k, v] of await texts(dir, r)) out.set(k, v); }
    else if (e.isFile) out.set(r, await Deno.readTextFile(`${dir}/${r}`).catch(() => ""));
  }
  return out;
}

/** The sample with derivations and a compound clip (nested twice) playing the same file. */
function withDerivationsAndCompound(c: Json): Json {
  const videos = c.materials.videos as Json[];
  const wide = videos.filter((v) => v.path.endsWith(OLD));
  wide[0].reverse_path = REVERSED;
  wide[1].intensifies_path = REVERSED.replace("_rev", "_int");
  const seg = c.tracks.flatMap((t: Json) => t.segments).find((s: Json) =>
    s.material_id === wide[0].id
  );
  seg.reverse = true;
  const vocal = c.materials.vocal_separations.find((v: Json) =>
    seg.extra_material_refs.includes(v.id)
  );
  vocal.production_path = VOCALS;
  // A compound clip: its nested draft plays the same file; it holds a compound clip itself.
  const nested = (id: string, inner?: Json): Json => {
    const material = structuredClone(wide[2]);
    material.id = `${id}-V`;
    material.reverse_path = NESTED_REVERSED;
    const segment = structuredClone(seg);
    segment.id = `${id}-S`;
    segment.material_id = material.id;
    segment.extra_material_refs = [];
    segment.target_timerange = { start: 0, duration: 500_000 };
    segment.source_timerange = { start: 0, duration: 500_000 };
    return {
      id,
      type: "combination",
      draft: {
        ...structuredClone({ canvas_config: c.canvas_config, fps: c.fps }),
        duration: 500_000,
        materials: { videos: [material], drafts: inner ? [inner] : [] },
        tracks: [{ id: `${id}-T`, type: "video", segments: [segment] }],
      },
    };
  };
  c.materials.drafts = [nested("C1", nested("C2"))];
  return c;
}

Deno.test("draft fill: a replaced file is replaced in every use, compound clips included; its derivations are cleared and listed", async () => {
  const w = await tempWorld();
  try {
    const src = `${w.draftsDir}/sample`;
    await cp(SAMPLE, src, { recursive: true });
    const content = withDerivationsAndCompound(
      JSON.parse(await Deno.readTextFile(`${src}/draft_content.json`)),
    );
    await Deno.writeTextFile(`${src}/draft_content.json`, JSON.stringify(content));

    const r = await run(w.env, [
      "draft",
      "fill",
      "sample",
      "--fit",
      "extend",
      "--media",
      JSON.stringify({ [OLD]: fixture("video.mp4") }),
    ]);
    assertEquals(r.code, 0, r.err);
    const out = JSON.parse(r.out);
    assertEquals(out.replaced.media, 12 + 2, "12 top-level materials and 2 nested ones");

    const files = await texts(out.filePath);
    for (const [rel, text] of files) {
      for (const gone of [OLD, REVERSED, VOCALS, NESTED_REVERSED]) {
        assert(!text.includes(gone), `${rel} still names ${gone}`);
      }
    }
    const filled = JSON.parse(files.get("draft_content.json")!);
    const inner = filled.materials.drafts[0].draft.materials.drafts[0].draft.materials.videos[0];
    const top = filled.materials.videos.find((v: Json) => v.id === content.materials.videos[1].id);
    assertEquals(inner.path, top.path);
    assertEquals(inner.material_name, "video.mp4");
    assertEquals(inner.reverse_path, "");

    const cleared = new Set(
      (out.cleared as Json[]).map((c) => `${c.materialId} ${c.key} ${c.was}`),
    );
    const wide = content.materials.videos.filter((v: Json) => v.path.endsWith(OLD));
    const vocal = content.materials.vocal_separations.find((v: Json) =>
      v.production_path === VOCALS
    );
    for (
      const expected of [
        `${wide[0].id} reverse_path ${REVERSED}`,
        `${wide[1].id} intensifies_path ${wide[1].intensifies_path}`,
        `${vocal.id} production_path ${VOCALS}`,
        `C1-V reverse_path ${NESTED_REVERSED}`,
        `C2-V reverse_path ${NESTED_REVERSED}`,
      ]
    ) assert(cleared.has(expected), `${expected} not in ${[...cleared].join("\n")}`);
    assertEquals(cleared.size, 5);
    // The source draft is untouched.
    assertEquals(await Deno.readTextFile(`${src}/draft_content.json`), JSON.stringify(content));
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft fill: a derivation held as a URL is listed with its secrets masked", async () => {
  const w = await tempWorld();
  try {
    const src = `${w.draftsDir}/sample`;
    await cp(SAMPLE, src, { recursive: true });
    const content = JSON.parse(await Deno.readTextFile(`${src}/draft_content.json`));
    const beats = {
      id: "B-1",
      type: "beats",
      ai_beats: {
        beats_url: "https://cdn.example.com/beats/1.json?X-Amz-Signature=s3cr3tvalue",
        beats_path: "",
        melody_url: "",
        melody_path: "",
      },
    };
    content.materials.beats = [beats];
    const wide = content.materials.videos.find((v: Json) => v.path.endsWith(OLD));
    const seg = content.tracks.flatMap((t: Json) => t.segments).find((s: Json) =>
      s.material_id === wide.id
    );
    seg.extra_material_refs.push("B-1");
    await Deno.writeTextFile(`${src}/draft_content.json`, JSON.stringify(content));
    const r = await run(w.env, [
      "draft",
      "fill",
      "sample",
      "--fit",
      "extend",
      "--media",
      JSON.stringify({ [wide.id]: fixture("video.mp4") }),
    ]);
    assertEquals(r.code, 0, r.err);
    assert(!r.out.includes("s3cr3tvalue") && !r.err.includes("s3cr3tvalue"), r.out);
    const out = JSON.parse(r.out);
    const hit = (out.cleared as Json[]).find((c) => c.key === "ai_beats.beats_url");
    assert(
      hit && hit.materialId === "B-1" && hit.was.startsWith("https://cdn.example.com/"),
      r.out,
    );
  } finally {
    await w.cleanup();
  }
});

const CORPUS = new URL("./fixtures/corpus/", import.meta.url).pathname;

/**
 * Real editor drafts: a reversed clip (CapCut 6.2), compound clips (CapCut 3.8, JianYing 5.4), a
 * file with a media-pool entry and a proxy (CapCut 1.5).
 */
const CORPUS_CASES = [
  { draft: "capcut6.2-win-effects", key: "vidu-video-2787460910756280_trimmed(concat).mp4" },
  { draft: "capcut3.8-win-compound", key: "854204-hd_1920_1080_30fps.mp4" },
  { draft: "jianying5.4-mac-compound", key: "新年拜年走访亲戚送礼实拍" },
  // three clips of one file, in the media pool and the proxy settings
  { draft: "capcut1.5-win-overlap-transitions", key: "PXL_20250607_101133362.mp4", fit: "loop" },
];

/** Paths of the materials a key names, at every nesting level, and their reversed copies. */
function namedFiles(content: Json, key: string): { paths: Set<string>; reversed: Set<string> } {
  const paths = new Set<string>();
  const reversed = new Set<string>();
  const walk = (c: Json) => {
    for (const v of c.materials?.videos ?? []) {
      if (v.material_name === key || v.id === key || String(v.path).endsWith(`/${key}`)) {
        paths.add(v.path);
        if (v.reverse_path) reversed.add(v.reverse_path);
      }
    }
    for (const d of c.materials?.drafts ?? []) if (d.draft) walk(d.draft);
  };
  walk(content);
  return { paths, reversed };
}

for (const { draft, key, fit } of CORPUS_CASES as { draft: string; key: string; fit?: string }[]) {
  Deno.test(`draft fill on the real ${draft}: no file of the copy names the replaced file`, async () => {
    const w = await tempWorld();
    try {
      const src = `${w.draftsDir}/sample`;
      await cp(`${CORPUS}${draft}`, src, { recursive: true });
      const timeline = [...Deno.readDirSync(src)].find((e) =>
        e.name === "draft_content.json" || e.name === "draft_info.json"
      )!.name;
      const content = JSON.parse(await Deno.readTextFile(`${src}/${timeline}`));
      const { paths, reversed } = namedFiles(content, key);
      assert(paths.size > 0, `${key} names no material`);
      const r = await run(w.env, [
        "draft",
        "fill",
        "sample",
        "--fit",
        fit ?? "extend",
        "--media",
        JSON.stringify({ [key]: fixture("video.mp4") }),
      ]);
      assertEquals(r.code, 0, r.err);
      const out = JSON.parse(r.out);
      for (const [rel, text] of await texts(out.filePath)) {
        for (const gone of [...paths, ...reversed]) {
          assert(!text.includes(JSON.stringify(gone).slice(1, -1)), `${rel} still names ${gone}`);
        }
      }
      const listed = new Set((out.cleared as Json[]).map((c) =>
        c.was
      ));
      for (const p of reversed) assert(listed.has(p), `${p} not listed in ${r.out}`);
    } finally {
      await w.cleanup();
    }
  });
}
