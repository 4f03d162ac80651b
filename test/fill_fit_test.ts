/**
 * `draft fill --fit`: a replacement video/audio of another length, on a draftcli-made draft and
 * on an editor-made sample; each mode checked in the JSON, everything else unchanged. The CLI
 * calls run in-process (runInProcess); the MCP test drives a real `draftcli mcp` process.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { cp } from "node:fs/promises";
import {
  cliCommand,
  fileUrl,
  fixture,
  runInProcess,
  snapshotDir,
  type TempWorld,
  tempWorld,
} from "./helpers/cli.ts";
import { jsonDiff } from "./helpers/json_diff.ts";
import { StdioClient } from "./support/mcp_client.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const SAMPLE = new URL("./fixtures/real-drafts/capcut7.8-text-audio/", import.meta.url).pathname;
/** The sample's only video segment (38.8 s of test.mp4 on the main track). */
const SAMPLE_VIDEO = "A3970B8F";
/** Its first text-to-speech audio (2.63 s at 5.17 s); the next one on its track is at 12.37 s. */
const SAMPLE_AUDIO = "A040AA3A-3405-470a-A879-273F08C9D400";

async function ffmpeg(args: string[]) {
  const out = await new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-loglevel", "error", "-y", ...args],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
}

/** Makes `name` with ffmpeg: a 64×36 video with a tone, or a tone only (.wav). */
async function media(w: TempWorld, name: string, seconds: number): Promise<string> {
  const path = `${w.root}/${name}`;
  if (name.endsWith(".wav")) {
    await ffmpeg(["-f", "lavfi", "-i", `sine=f=440:d=${seconds}`, path]);
  } else {
    await ffmpeg([
      ...["-f", "lavfi", "-i", `testsrc=s=64x36:r=30:d=${seconds}`],
      ...["-f", "lavfi", "-i", `sine=f=440:d=${seconds}`],
      ...["-pix_fmt", "yuv420p", "-shortest", path],
    ]);
  }
  return path;
}

const read = async (dir: string) =>
  JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
const segs = (d: Json): Json[] => d.tracks.flatMap((t: Json) => t.segments);
const material = (d: Json, id: string) =>
  Object.values(d.materials).flat().find((m: Json) => m?.id === id) as Json;
const speedOf = (d: Json, s: Json) =>
  s.extra_material_refs.map((id: string) => d.materials.speeds.find((m: Json) => m.id === id))
    .find(Boolean);
const end = (r: Json) => r.start + r.duration;
/** The fields of a replaced media material that name and describe the new file. */
const MEDIA_FIELDS =
  /^\/materials\/(videos|audios)\/[^/]+\/(path|material_name|name|duration|local_material_id|width|height|has_audio)$/;

/** `draft validate`'s report. */
async function validate(w: TempWorld, draftId: string): Promise<Json> {
  const v = await runInProcess(["draft", "validate", draftId], { env: w.env });
  assert(v.json, v.stderr);
  return v.json;
}

/** Fills `source` into a new draft; returns the result and the source/copy JSON. */
async function fill(w: TempWorld, source: string, args: string[]) {
  const r = await runInProcess([
    "draft",
    "fill",
    source,
    "--name",
    `f${crypto.randomUUID()}`,
    ...args,
  ], {
    env: w.env,
  });
  assertEquals(r.code, 0, r.stderr);
  const out = r.json as Json;
  const report = await validate(w, out.draftId);
  // No new problem. The editor-made sample comes without its media files and without
  // draft_meta_info.json (the fixture keeps draft_content.json only): the copy's fresh meta
  // registers only the new files, so untouched media show as missing or unregistered there.
  const known = new Set((await validate(w, source)).errors.map((e: Json) => e.message));
  const errors = report.errors.filter((e: Json) =>
    !/missing|media|dangling_local_material/i.test(e.code) && !known.has(e.message)
  );
  assertEquals(errors, [], JSON.stringify(report.errors));
  return { out, stderr: r.stderr, filled: await read(out.filePath), report };
}

/**
 * Paths (id-keyed) where the copy differs from the source, minus the bookkeeping every save
 * changes and minus the source folder's path rewritten to the copy's.
 */
async function changes(sourceDir: string, copyDir: string, filled: Json) {
  const text = await Deno.readTextFile(`${sourceDir}/draft_content.json`);
  const source = JSON.parse(text.replaceAll(sourceDir, copyDir));
  return jsonDiff(source, filled, { byId: true })
    .filter((p) => !/^\/(update_time|modified_time|duration)$/.test(p));
}

/** A draftcli draft: a 4 s video (in/out animations, transition) then a 1 s one; a 4 s tone. */
async function makeDraft(w: TempWorld) {
  const v4 = await media(w, "four.mp4", 4);
  const a4 = await media(w, "four.wav", 4);
  const spec = {
    draft: { name: "Base", width: 640, height: 360 },
    videos: [
      {
        ref: "v",
        videoUrl: fileUrl(v4),
        start: 0,
        end: 4_000_000,
        inAnimation: "渐显",
        outAnimation: "渐隐",
        transition: "叠化",
      },
      { ref: "next", videoUrl: fileUrl(fixture("video.mp4")), start: 4_000_000, end: 5_000_000 },
    ],
    audios: [{
      ref: "a",
      audioUrl: fileUrl(a4),
      start: 0,
      end: 4_000_000,
      fadeInDuration: 500_000,
      fadeOutDuration: 400_000,
    }],
  };
  const r = await runInProcess(["build", JSON.stringify(spec)], { env: w.env });
  assertEquals(r.code, 0, r.stderr);
  const out = r.json as Json;
  return { id: out.draftId as string, dir: out.filePath as string, refs: out.refs as Json };
}

Deno.test("draft fill --fit on a draftcli draft: loop, stretch, extend; errors write nothing", async () => {
  const w = await tempWorld();
  try {
    const { id, dir, refs } = await makeDraft(w);
    const short = await media(w, "short.mp4", 1.5);
    const shortTone = await media(w, "short.wav", 1.5);
    const long = await media(w, "long.mp4", 6);
    const before = await snapshotDir(w.draftsDir);
    const mediaMap = JSON.stringify({ "four.mp4": short, "four.wav": shortTone });

    // Without --fit a shorter file is an error naming the segment and both lengths.
    const plain = await runInProcess(["draft", "fill", id, "--media", mediaMap], { env: w.env });
    assertEquals(plain.code, 5, plain.stderr);
    assertEquals(plain.error?.code, "media_error");
    assert(plain.error!.message.includes(`segment ${refs.v}`), plain.error!.message);
    assert(/4000000 µs.*1500000 µs/.test(plain.error!.message), plain.error!.message);
    assert(plain.error!.hint?.includes("--fit loop"), plain.error!.hint);
    // A mode that does not exist is a usage error.
    const bogus = await runInProcess(["draft", "fill", id, "--media", mediaMap, "--fit", "bogus"], {
      env: w.env,
    });
    assertEquals(bogus.code, 2, bogus.stderr);
    assert(bogus.stderr.includes("fit"), bogus.stderr);
    // extend into the next segment on the track: an error naming both.
    const over = await runInProcess([
      "draft",
      "fill",
      id,
      "--media",
      JSON.stringify({ "four.mp4": long }),
      "--fit",
      "extend",
    ], { env: w.env });
    assertEquals(over.code, 5, over.stderr);
    assert(over.error!.message.includes(refs.v) && over.error!.message.includes(refs.next));
    assertEquals(await snapshotDir(w.draftsDir), before);

    // loop: 1.5 + 1.5 + 1.0 s passes sharing the material, each with its own companions.
    {
      const { out, filled, report } = await fill(w, id, ["--media", mediaMap, "--fit", "loop"]);
      assertEquals([report.ok, report.errors], [true, []]);
      const video = out.fitted.find((f: Json) => f.segmentId === refs.v);
      assertEquals(video.pieces.length, 3);
      assertEquals(video.pieces[0], refs.v);
      const pieces = video.pieces.map((p: string) => segs(filled).find((s) => s.id === p));
      assertEquals(pieces.map((p: Json) => p.target_timerange), [
        { start: 0, duration: 1_500_000 },
        { start: 1_500_000, duration: 1_500_000 },
        { start: 3_000_000, duration: 1_000_000 },
      ]);
      assertEquals(pieces.map((p: Json) => p.source_timerange), [
        { start: 0, duration: 1_500_000 },
        { start: 0, duration: 1_500_000 },
        { start: 0, duration: 1_000_000 },
      ]);
      assert(pieces.every((p: Json) => p.material_id === pieces[0].material_id));
      const refsOf = pieces.map((p: Json) => p.extra_material_refs);
      assertEquals(new Set(refsOf.flat()).size, refsOf.flat().length); // nothing shared
      assert(pieces.every((p: Json) => speedOf(filled, p).speed === 1));
      const anims = pieces.map((p: Json) =>
        p.extra_material_refs.map((r: string) => material(filled, r))
          .find((m: Json) => m.type === "sticker_animation" || m.animations)
          ?.animations.map((
            a: Json,
          ) => [a.type, a.start + a.duration <= p.target_timerange.duration])
      );
      assertEquals(anims, [[["in", true]], [], [["out", true]]]);
      const transitions = pieces.map((p: Json) =>
        p.extra_material_refs.filter((r: string) =>
          filled.materials.transitions.some((t: Json) => t.id === r)
        ).length
      );
      assertEquals(transitions, [0, 0, 1]);
      const audio = out.fitted.find((f: Json) => f.segmentId === refs.a);
      const fades = audio.pieces.map((p: string) => {
        const s = segs(filled).find((x) => x.id === p);
        const f = s.extra_material_refs.map((r: string) => material(filled, r))
          .find((m: Json) => m.type === "audio_fade");
        return [f.fade_in_duration, f.fade_out_duration];
      });
      assertEquals(fades, [[500_000, 0], [0, 0], [0, 400_000]]);
      // Besides the new pieces and their companions, only the replaced items changed.
      const changed = await changes(dir, out.filePath, filled);
      const pieceIds = [...video.pieces.slice(1), ...audio.pieces.slice(1)];
      const newIds = new Set([
        ...pieceIds,
        ...pieceIds.flatMap((p: string) =>
          segs(filled).find((s) => s.id === p).extra_material_refs
        ),
      ]);
      const own = [refs.v, refs.a];
      const ownSeg = new RegExp(
        `^/tracks/[^/]+/segments/(${own.join("|")})/` +
          "(target_timerange/duration|source_timerange/duration|extra_material_refs/\\d+)$",
      );
      const companions = new RegExp(
        "^/materials/(material_animations/[^/]+/animations/.+|" +
          "audio_fades/[^/]+/fade_(in|out)_duration)$",
      );
      const stray = changed.filter((p) =>
        !p.split("/").some((x) => newIds.has(x)) && !ownSeg.test(p) && !companions.test(p) &&
        !MEDIA_FIELDS.test(p)
      );
      assertEquals(stray, []);
      // the original lost its out animation and its transition (the last pass has them now)
      assert(changed.some((p) => p.includes("/animations/")), changed.join());
      assert(changed.some((p) => /extra_material_refs/.test(p)), changed.join());
    }

    // stretch: the whole file in the same 4 s, speed and speed material 1.5 / 4.
    {
      const { out, filled, report } = await fill(w, id, ["--media", mediaMap, "--fit", "stretch"]);
      assertEquals([report.ok, report.errors], [true, []]);
      for (const ref of [refs.v, refs.a]) {
        const s = segs(filled).find((x) => x.id === ref);
        assertEquals(s.target_timerange, { start: 0, duration: 4_000_000 });
        assertEquals(s.source_timerange, { start: 0, duration: 1_500_000 });
        assertEquals(s.speed, 0.375);
        assertEquals(speedOf(filled, s).speed, 0.375);
      }
      const changed = await changes(dir, out.filePath, filled);
      const stray = changed.filter((p) =>
        !/^\/tracks\/[^/]+\/segments\/[^/]+\/(speed|source_timerange\/duration)$/.test(p) &&
        !/^\/materials\/speeds\/[^/]+\/speed$/.test(p) &&
        !MEDIA_FIELDS
          .test(p)
      );
      assertEquals(stray, []);
      assertEquals(changed.filter((p) => p.endsWith("/speed")).length, 4);
    }

    // extend: the segments become 1.5 s; the next video stays where it was.
    {
      const { out, filled, stderr } = await fill(w, id, ["--media", mediaMap, "--fit", "extend"]);
      for (const ref of [refs.v, refs.a]) {
        const s = segs(filled).find((x) => x.id === ref);
        assertEquals(s.target_timerange, { start: 0, duration: 1_500_000 });
        assertEquals(s.source_timerange, { start: 0, duration: 1_500_000 });
      }
      const next = segs(filled).find((x) => x.id === refs.next);
      assertEquals(next.target_timerange, { start: 4_000_000, duration: 1_000_000 });
      assert(stderr.includes("gap on the main track"), stderr);
      const v = segs(filled).find((x) => x.id === refs.v);
      const anim = v.extra_material_refs.map((r: string) => material(filled, r))
        .find((m: Json) => m.animations).animations;
      const outAnim = anim.find((a: Json) => a.type === "out");
      assertEquals(outAnim.start + outAnim.duration, 1_500_000);
      const changed = await changes(dir, out.filePath, filled);
      const stray = changed.filter((p) =>
        !/^\/tracks\/[^/]+\/segments\/[^/]+\/(target_timerange|source_timerange)\/duration$/
          .test(p) &&
        !/^\/materials\/material_animations\/[^/]+\/animations\/[^/]+\/(start|duration)$/.test(p) &&
        !MEDIA_FIELDS
          .test(p)
      );
      assertEquals(stray, []);
    }
    // The source draft was never touched.
    const after = await snapshotDir(dir);
    for (const [k, v] of after) assertEquals(before.get(`/${dir.split("/").pop()}${k}`), v, k);
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft fill --fit on an editor-made draft (CapCut 7.8): each mode, the rest unchanged", async () => {
  const w = await tempWorld();
  try {
    await cp(SAMPLE, `${w.draftsDir}/sample`, { recursive: true });
    const sourceDir = `${w.draftsDir}/sample`;
    const before = await snapshotDir(sourceDir);
    const source = await read(sourceDir);
    const vSeg = segs(source).find((s) => s.id.startsWith(SAMPLE_VIDEO));
    const aSeg = segs(source).find((s) => material(source, s.material_id)?.id === SAMPLE_AUDIO);
    const three = await media(w, "three.mp4", 3);
    const tone = await media(w, "tone.wav", 1);
    const longTone = await media(w, "tone8.wav", 8);
    const map = JSON.stringify({ "test.mp4": three, [SAMPLE_AUDIO]: tone });

    const plain = await runInProcess(["draft", "fill", "sample", "--media", map], { env: w.env });
    assertEquals(plain.code, 5, plain.stderr);
    assert(plain.error!.message.includes(vSeg.id), plain.error!.message);

    const allowed = (p: string) =>
      MEDIA_FIELDS
        .test(p);

    // loop: 38.8 s of a 3 s file = 12 passes of 3 s and one of 2.8 s, back to back.
    {
      const { out, filled } = await fill(w, "sample", ["--media", map, "--fit", "loop"]);
      const v = out.fitted.find((f: Json) => f.segmentId === vSeg.id);
      assertEquals(v.pieces.length, 13);
      const pieces = v.pieces.map((p: string) => segs(filled).find((s) => s.id === p));
      let t = 0;
      for (const p of pieces) {
        assertEquals(p.target_timerange.start, t);
        assertEquals(p.source_timerange.start, 0);
        assertEquals(p.source_timerange.duration, p.target_timerange.duration);
        assert(p.target_timerange.duration <= 3_000_000);
        assertEquals(p.material_id, vSeg.material_id);
        t = end(p.target_timerange);
      }
      assertEquals(t, 38_800_000);
      // all 13 passes sit on the sample's main track, whose other segments are untouched
      const track = filled.tracks.find((tr: Json) =>
        tr.segments.some((s: Json) => s.id === vSeg.id)
      );
      assertEquals(track.segments.length, 13);
      // the audio (2.63 s with a 1 s file) loops into 3 passes in the same 2.63 s
      const a = out.fitted.find((f: Json) => f.segmentId === aSeg.id);
      assertEquals(a.pieces.length, 3);
      const aPieces = a.pieces.map((p: string) => segs(filled).find((s) => s.id === p));
      assertEquals(end(aPieces[2].target_timerange), end(aSeg.target_timerange));
      const newIds = new Set(
        [...v.pieces.slice(1), ...a.pieces.slice(1)].flatMap((p: string) => {
          const s = segs(filled).find((x) => x.id === p);
          return [p, ...s.extra_material_refs];
        }),
      );
      const changed = await changes(sourceDir, out.filePath, filled);
      const stray = changed.filter((p) =>
        !p.split("/").some((x) => newIds.has(x)) && !allowed(p) &&
        !new RegExp(
          `^/tracks/[^/]+/segments/(${vSeg.id}|${aSeg.id})/(target|source)_timerange/duration$`,
        )
          .test(p)
      );
      assertEquals(stray, []);
    }

    // stretch: speed = file / segment; the speed material agrees. Below 0.1×: an error.
    {
      const slow = await runInProcess([
        "draft",
        "fill",
        "sample",
        "--media",
        map,
        "--fit",
        "stretch",
      ], {
        env: w.env,
      });
      assertEquals(slow.code, 5, slow.stderr);
      assert(slow.error!.message.includes("outside 0.1–100"), slow.error!.message);
      const six = await media(w, "six.mp4", 6);
      const { out, filled } = await fill(w, "sample", [
        "--media",
        JSON.stringify({ "test.mp4": six, [SAMPLE_AUDIO]: tone }),
        "--fit",
        "stretch",
      ]);
      const s = segs(filled).find((x) => x.id === vSeg.id);
      assertEquals(s.target_timerange, vSeg.target_timerange);
      assertEquals(s.source_timerange, { start: 0, duration: 6_000_000 });
      assertEquals(s.speed, 6_000_000 / 38_800_000);
      assertEquals(speedOf(filled, s).speed, s.speed);
      const changed = await changes(sourceDir, out.filePath, filled);
      const stray = changed.filter((p) =>
        !allowed(p) && !/^\/materials\/speeds\/[^/]+\/speed$/.test(p) &&
        !new RegExp(
          `^/tracks/[^/]+/segments/(${vSeg.id}|${aSeg.id})/(speed|source_timerange/duration)$`,
        )
          .test(p)
      );
      assertEquals(stray, []);
    }

    // extend: 1 s audio shortens its segment; an 8 s one would run into the next segment.
    {
      const { out, filled } = await fill(w, "sample", [
        "--media",
        JSON.stringify({ [SAMPLE_AUDIO]: tone }),
        "--fit",
        "extend",
      ]);
      const s = segs(filled).find((x) => x.id === aSeg.id);
      assertEquals(s.target_timerange, { start: aSeg.target_timerange.start, duration: 1_000_000 });
      assertEquals(s.source_timerange, { start: 0, duration: 1_000_000 });
      const changed = await changes(sourceDir, out.filePath, filled);
      assertEquals(
        changed.filter((p) =>
          !allowed(p) &&
          p !== `/tracks/${filled.tracks[2].id}/segments/${aSeg.id}/target_timerange/duration` &&
          !p.endsWith(`/segments/${aSeg.id}/source_timerange/duration`)
        ),
        [],
      );
      const snap = await snapshotDir(w.draftsDir);
      const over = await runInProcess([
        "draft",
        "fill",
        "sample",
        "--media",
        JSON.stringify({ [SAMPLE_AUDIO]: longTone }),
        "--fit",
        "extend",
      ], { env: w.env });
      assertEquals(over.code, 5, over.stderr);
      assert(/98C15456/.test(over.error!.message), over.error!.message);
      assertEquals(await snapshotDir(w.draftsDir), snap);
    }
    assertEquals(await snapshotDir(sourceDir), before);
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft fill --fit reaches MCP: the draft_fill tool lists the modes and takes one", async () => {
  const w = await tempWorld();
  const { cmd, args } = cliCommand();
  const client = new StdioClient(cmd, [...args, "mcp"], w.env);
  try {
    await cp(SAMPLE, `${w.draftsDir}/sample`, { recursive: true });
    const six = await media(w, "six.mp4", 6);
    await client.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "0" },
    });
    await client.notify("notifications/initialized");
    const list = await client.request("tools/list", {});
    const tool = ((list.result as Json).tools as Json[]).find((t) => t.name === "draft_fill");
    assertEquals(tool.inputSchema.properties.fit.enum, ["loop", "stretch", "extend"]);
    // The modes' meaning is one docs call away (tools/list keeps names and enums).
    const docs = await client.request("tools/call", {
      name: "docs",
      arguments: { topic: "draft_fill" },
    });
    assert(/Ignored for photos/i.test((docs.result as Json).content[0].text));
    const called = await client.request("tools/call", {
      name: "draft_fill",
      arguments: { source: "sample", media: { "test.mp4": six }, fit: "stretch" },
    });
    const body = (called.result as Json).structuredContent ??
      JSON.parse((called.result as Json).content[0].text);
    assert(!(called.result as Json).isError, JSON.stringify(called));
    assertEquals(body.fitted[0].fit, "stretch");
    assertEquals(body.fitted[0].speed, 6_000_000 / 38_800_000);
    const closed = await client.close();
    assertEquals(closed.code, 0, closed.stderr);
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft fill --fit: a photo has no length, so --fit leaves it as a plain replacement", async () => {
  const w = await tempWorld();
  try {
    const base = new URL("./fixtures/real-drafts/capcut7.9-base/", import.meta.url).pathname;
    await cp(base, `${w.draftsDir}/photo`, { recursive: true });
    const source = await read(`${w.draftsDir}/photo`);
    for (const fit of ["loop", "stretch", "extend"]) {
      const { out, filled } = await fill(w, "photo", [
        "--media",
        JSON.stringify({ "BG.png": fixture("image.png") }),
        "--fit",
        fit,
      ]);
      assertEquals([out.replaced.media, out.fitted], [1, []]);
      assertEquals(
        segs(filled).map((s) => s.target_timerange),
        segs(source).map((s) => s.target_timerange),
      );
      assertEquals(
        segs(filled).map((s) => s.source_timerange),
        segs(source).map((s) => s.source_timerange),
      );
    }
  } finally {
    await w.cleanup();
  }
});
