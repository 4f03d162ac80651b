/**
 * `draft validate` end to end: a good draft passes (exit 0); each kind of damage, applied to a
 * copy of a good draft, is reported with its code, level and path (errors → exit 8 with the
 * report still on stdout and a `draft_invalid` error on stderr); validating never changes a
 * byte of the draft. The good draft and an unknown id go through a real process; the damage cases,
 * the draft they copy and the help run in-process (runInProcess).
 */
import { deepStrictEqual, deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { getCatalog } from "../src/catalogs/catalog.ts";
import { copyTree } from "../src/files.ts";
import { CHECKS } from "../src/draft/check_draft.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const TIMELINES = ["draft_content.json", "draft_info.json", "template-2.tmp"];

/** A JianYing-only video intro id (not in the CapCut catalog), for the cross-edition check. */
const JIANYING_ONLY_INTRO = (() => {
  const capcut = new Set(getCatalog("capcut", "video_intro").map((e) => e.resourceId));
  return getCatalog("jianying", "video_intro").find((e) => !capcut.has(e.resourceId))!.resourceId;
})();

interface Case {
  name: string;
  code: keyof typeof CHECKS;
  path: RegExp;
  /** Changes the parsed timeline (written to every timeline file) and/or the meta. */
  edit?: (c: Json, meta: Json, dir: string) => void;
  /** Changes files directly (after `edit`). */
  files?: (dir: string) => Promise<void>;
}

const segs = (c: Json, type: string): Json[] =>
  (c.tracks as Json[]).filter((t) => t.type === type).flatMap((t) => t.segments as Json[]);
const material = (c: Json, list: string, id: string): Json =>
  (c.materials[list] as Json[]).find((m) => m.id === id)!;

const CASES: Case[] = [
  {
    name: "segment material missing",
    code: "dangling_material_id",
    path: /^tracks\[0\]\.segments\[0\]\.material_id$/,
    edit: (c) => segs(c, "video")[0].material_id = "6B0F6A43-0000-4000-8000-000000000000",
  },
  {
    name: "companion missing",
    code: "dangling_extra_ref",
    path: /^tracks\[\d+\]\.segments\[0\]\.extra_material_refs\[\d+\]$/,
    edit: (c) => segs(c, "audio")[0].extra_material_refs.push("NOT-THERE"),
  },
  {
    name: "media not registered in meta",
    code: "dangling_local_material",
    path: /^materials\.videos\[0\]\.local_material_id$/,
    edit: (c) => c.materials.videos[0].local_material_id = crypto.randomUUID(),
  },
  {
    name: "duplicate id",
    code: "duplicate_id",
    path: /^tracks\[0\]\.segments\[1\]$/,
    edit: (c) => segs(c, "video")[1].id = segs(c, "video")[0].id,
  },
  {
    name: "empty id",
    code: "missing_id",
    path: /^materials\.speeds\[0\]$/,
    edit: (c) => c.materials.speeds[0].id = "",
  },
  {
    name: "a timeline over 24 h",
    code: "over_24h",
    path: /^tracks$/,
    edit: (c) => {
      const a = segs(c, "audio")[0];
      a.target_timerange.duration = 112_195_063_633_333;
      c.duration = 112_195_063_633_333;
    },
  },
  {
    name: "a media path an imported zip named outside the draft",
    code: "imported_external_media",
    path: /^materials\.videos\[0\]\.path$/,
    edit: (c, _meta, dir) => c.materials.videos[0].path = `${dir}/../outside.png`,
    files: async (dir) => {
      await Deno.copyFile(fixture("image.png"), `${dir}/../outside.png`);
      await Deno.mkdir(`${dir}/.draftcli`, { recursive: true });
      await Deno.writeTextFile(
        `${dir}/.draftcli/state.json`,
        JSON.stringify({
          edition: "capcut",
          profile: "capcut-9",
          createdBy: "draftcli import",
          importedExternal: [`${dir}/../outside.png`],
        }),
      );
    },
  },
  {
    name: "overlap on a track",
    code: "segment_overlap",
    path: /^tracks\[0\]\.segments\[1\]\.target_timerange$/,
    edit: (c) => segs(c, "video")[1].target_timerange.start = 1_500_000,
  },
  {
    name: "source beyond the media",
    code: "source_out_of_range",
    path: /^tracks\[\d+\]\.segments\[0\]\.source_timerange$/,
    edit: (c) => segs(c, "audio")[0].source_timerange.start = 2_000_000,
  },
  {
    name: "speed material differs",
    code: "speed_mismatch",
    path: /^tracks\[0\]\.segments\[0\]\.speed$/,
    edit: (c) => {
      const s = segs(c, "video")[0];
      for (const id of s.extra_material_refs) {
        const m = (c.materials.speeds as Json[]).find((x) => x.id === id);
        if (m) m.speed = 2.0;
      }
    },
  },
  {
    name: "clip on audio",
    code: "audio_clip",
    path: /^tracks\[\d+\]\.segments\[0\]\.clip$/,
    edit: (c) => segs(c, "audio")[0].clip = segs(c, "video")[0].clip,
  },
  {
    name: "keyframe past the segment end",
    code: "keyframe_out_of_segment",
    path: /^tracks\[0\]\.segments\[0\]\.common_keyframes\[0\]\.keyframe_list\[1\]\.time_offset$/,
    edit: (c) => segs(c, "video")[0].common_keyframes[0].keyframe_list[1].time_offset = 2_000_001,
  },
  {
    name: "keyframes out of order",
    code: "keyframes_unsorted",
    path: /^tracks\[0\]\.segments\[0\]\.common_keyframes\[0\]\.keyframe_list$/,
    edit: (c) => segs(c, "video")[0].common_keyframes[0].keyframe_list.reverse(),
  },
  {
    name: "style range in UTF-16 bytes",
    code: "text_range_out_of_text",
    path: /^materials\.texts\[0\]\.content\.styles\[\d+\]\.range$/,
    edit: (c) => {
      const m = material(c, "texts", segs(c, "text")[0].material_id);
      const content = JSON.parse(m.content);
      const last = content.styles[content.styles.length - 1];
      last.range = [last.range[0], content.text.length * 2];
      m.content = JSON.stringify(content);
    },
  },
  {
    name: "text content not JSON",
    code: "text_content_invalid",
    path: /^materials\.texts\[0\]\.content$/,
    edit: (c) => c.materials.texts[0].content = '{"text": "broken',
  },
  {
    name: "file inside the draft missing",
    code: "missing_draft_file",
    path: /^materials\.videos\[0\]\.path$/,
    edit: (c) =>
      c.materials.videos[0].path =
        "##_draftpath_placeholder_0E685133-18CE-45ED-8CB8-2904A212EC80_##/resources/gone.png",
  },
  {
    name: "timeline copies differ",
    code: "timeline_copies_differ",
    path: /^draft_info\.json$/,
    files: async (dir) => {
      const c = JSON.parse(await Deno.readTextFile(`${dir}/draft_info.json`));
      c.tracks.pop();
      await Deno.writeTextFile(`${dir}/draft_info.json`, JSON.stringify(c));
      // draftcli reads the newest copy: keep draft_content.json the newest
      const now = new Date();
      const old = new Date(now.getTime() - 60_000);
      await Deno.utime(`${dir}/draft_info.json`, old, old);
    },
  },
  {
    // The newer nested copy is the one CapCut 8.4+ reads (and draftcli loads), so the root
    // copies are reported as the ones that differ.
    name: "CapCut 8.4+ nested copy differs",
    code: "timeline_copies_differ",
    path: /^draft_content\.json$/,
    files: async (dir) => {
      const id = "4E96246F-6E19-4a5c-BDE0-B25479BBD47C";
      await Deno.mkdir(`${dir}/Timelines/${id}`, { recursive: true });
      await Deno.writeTextFile(
        `${dir}/Timelines/project.json`,
        JSON.stringify({ id, main_timeline_id: id }),
      );
      await Deno.writeTextFile(`${dir}/Timelines/${id}/draft_content.json`, '{"tracks":[]}');
      const now = new Date();
      await Deno.utime(`${dir}/Timelines/${id}/draft_content.json`, now, now);
    },
  },
  {
    name: "template copy differs",
    code: "template_copy_differs",
    path: /^template-2\.tmp$/,
    files: (dir) => Deno.writeTextFile(`${dir}/template-2.tmp`, '{"tracks":[]}'),
  },
  {
    name: "catalog id of the other edition",
    code: "other_edition_resource",
    path: /^materials\.material_animations\[\d+\]\.animations\[0\]\.resource_id$/,
    edit: (c) => {
      const s = segs(c, "video")[0];
      const container = (c.materials.material_animations as Json[]).find((m) =>
        s.extra_material_refs.includes(m.id)
      )!;
      container.animations[0].resource_id = JIANYING_ONLY_INTRO;
    },
  },
  {
    name: "catalog id nobody knows",
    code: "unknown_resource",
    path: /^materials\.transitions\[0\]\.resource_id$/,
    edit: (c) => c.materials.transitions[0].resource_id = "1234567890123",
  },
  {
    name: "unused material",
    code: "unreferenced_material",
    path: /^materials\.speeds\[\d+\]$/,
    edit: (c) =>
      c.materials.speeds.push({
        ...c.materials.speeds[0],
        id: "0D7A3E2B-1111-4222-8333-444455556666",
      }),
  },
  {
    name: "main track starts late",
    code: "main_track_not_at_zero",
    path: /^tracks\[0\]\.segments\[0\]\.target_timerange\.start$/,
    edit: (c) => {
      const s = segs(c, "video")[0];
      s.target_timerange = { start: 500_000, duration: 1_500_000 };
      s.source_timerange.duration = 1_500_000;
      s.common_keyframes = [];
    },
  },
  {
    name: "gap on the main track",
    code: "main_track_gap",
    path: /^tracks\[0\]\.segments\[1\]\.target_timerange\.start$/,
    edit: (c) => {
      const s = segs(c, "video")[0];
      s.target_timerange.duration = 1_000_000;
      s.source_timerange.duration = 1_000_000;
      s.common_keyframes = [];
    },
  },
  {
    name: "media from another machine",
    code: "missing_media",
    path: /^materials\.audios\[0\]\.path$/,
    edit: (c) => c.materials.audios[0].path = "C:/Users/someone/Music/bgm.mp3",
  },
  {
    name: "duration stale",
    code: "duration_mismatch",
    path: /^duration$/,
    edit: (c, meta) => {
      c.duration = 1_000_000;
      meta.tm_duration = 1_000_000;
    },
  },
  {
    name: "meta duration stale",
    code: "meta_out_of_sync",
    path: /^draft_meta_info\.json#tm_duration$/,
    edit: (_c, meta) => meta.tm_duration = 1,
  },
  {
    name: "meta folder stale",
    code: "meta_out_of_sync",
    path: /^draft_meta_info\.json#draft_fold_path$/,
    edit: (_c, meta) => meta.draft_fold_path = "C:/Users/someone/drafts/x",
  },
  {
    name: "no meta",
    code: "missing_meta",
    path: /^draft_meta_info\.json$/,
    files: (dir) => Deno.remove(`${dir}/draft_meta_info.json`),
  },
];

Deno.test("draft validate reports each kind of damage with its code, level and path", async (t) => {
  const w = await tempWorld();
  try {
    const run = async (args: string[]) => {
      const r = await runInProcess(args, { env: w.env });
      assertEquals(r.code, 0, r.stderr);
      return r.json as Json;
    };
    const { draftId, filePath } = await run(["draft", "create", "--editor", "capcut"]);
    const img = await run([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([
        { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 2_000_000, inAnimation: "fade" },
        { imageUrl: fileUrl(fixture("image.jpg")), start: 2_000_000, end: 4_000_000 },
      ]),
    ]);
    await run([
      "audios",
      "add",
      draftId,
      "--audio-infos",
      JSON.stringify([{ audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1_000_000 }]),
    ]);
    await run([
      "captions",
      "add",
      draftId,
      "--captions",
      JSON.stringify([{
        text: "héllo 世界",
        start: 0,
        end: 1_000_000,
        keyword: "世界",
        keywordColor: "#ff0000",
      }]),
    ]);
    await run(["transitions", "add", draftId, "--auto", "fade"]);
    const seg = img.items[0].segmentId;
    await run([
      "keyframes",
      "add",
      draftId,
      "--keyframes",
      JSON.stringify([
        { segmentId: seg, property: "position_x", offset: 0, value: 0 },
        { segmentId: seg, property: "position_x", offset: 2_000_000, value: 1 },
      ]),
    ]);

    const good = await runCli(["draft", "validate", draftId], { env: w.env });
    assertEquals(good.code, 0, good.stdout + good.stderr);
    deepStrictEqual((good.json as Json).errors, []);
    deepStrictEqual((good.json as Json).warnings, []);

    let n = 0;
    for (const c of CASES) {
      await t.step(c.name, async () => {
        const id = `broken-${++n}`;
        const dir = `${w.draftsDir}/${id}`;
        // Without draftcli's state folder (at any depth).
        await copyTree(filePath, dir, (rel) => rel.split("/").at(-1) !== ".draftcli");
        const content = JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
        const meta = JSON.parse(await Deno.readTextFile(`${dir}/draft_meta_info.json`));
        meta.draft_fold_path = dir;
        c.edit?.(content, meta, dir);
        for (const f of TIMELINES) await Deno.writeTextFile(`${dir}/${f}`, JSON.stringify(content));
        await Deno.writeTextFile(`${dir}/draft_meta_info.json`, JSON.stringify(meta));
        await c.files?.(dir);
        const before = await snapshotDir(dir);

        const r = await runInProcess(["draft", "validate", id], { env: w.env });
        const report = JSON.parse(r.stdout) as Json;
        const isError = CHECKS[c.code].level === "error";
        const found = (isError ? report.errors : report.warnings) as Json[];
        const hit = found.find((e) => e.code === c.code && c.path.test(e.path));
        assert(hit, `${c.code} at ${c.path} in ${r.stdout}`);
        assert(typeof hit.message === "string" && hit.message.length > 10);
        assertEquals(report.ok, report.errors.length === 0);
        if (isError) {
          assertEquals(r.code, 8, r.stderr);
          assertEquals(r.error?.code, "draft_invalid");
          assert(r.error!.message.includes(report.errors[0].code), r.stderr);
        } else {
          assertEquals(r.code, 0, r.stdout + r.stderr);
          deepStrictEqual(report.errors, [], `only warnings expected: ${r.stdout}`);
        }
        deepStrictEqual(await snapshotDir(dir), before, "validate must not change the draft");
      });
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft validate: unknown draft → exit 3; help lists every check", async () => {
  const w = await tempWorld();
  try {
    const r = await runCli(["draft", "validate", "NO-SUCH-DRAFT"], { env: w.env });
    assertEquals(r.code, 3);
    assertEquals(r.error?.code, "draft_not_found");
    const help = await runInProcess(["draft", "validate", "--help"], { env: w.env });
    for (const code of Object.keys(CHECKS)) assert(help.stdout.includes(code), code);
    const overview = await runInProcess(["--help"], { env: w.env });
    assert(/8 draft has errors/.test(overview.stdout), overview.stdout);
  } finally {
    await w.cleanup();
  }
});
