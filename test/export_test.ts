/** `draft export`: the build spec of a draft; build(export(d)) reproduces d. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { cp } from "node:fs/promises";
import { runInProcess, tempWorld } from "./helpers/cli.ts";
import { everyKindSpec } from "./helpers/build_spec.ts";
import { BuildSpec } from "../src/schema/build_input.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const SAMPLES = new URL("./fixtures/real-drafts/", import.meta.url).pathname;

/** What a round trip must keep, per track: times, texts, media kinds and every name. */
async function fingerprint(dir: string): Promise<Json[]> {
  const c = JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
  const byId = new Map<string, Json>();
  for (const list of Object.values(c.materials) as Json[][]) {
    if (Array.isArray(list)) { for (const m of list) byId.set(m.id, m); }
  }
  // Media files are compared by kind and size: a rebuilt draft names its copies by content hash.
  const nameOf = (m: Json) =>
    m.type === "text"
      ? JSON.parse(m.content).text
      : ["photo", "video"].includes(m.type)
      ? `${m.type}:${m.width}x${m.height}:${m.duration}`
      : m.path !== undefined && m.duration !== undefined
      ? `audio:${m.duration}`
      : m.name || m.type;
  return c.tracks.map((t: Json) => ({
    type: t.type,
    segments: t.segments.map((s: Json) => ({
      start: s.target_timerange.start,
      duration: s.target_timerange.duration,
      material: nameOf(byId.get(s.material_id)!),
      extras: s.extra_material_refs.map((id: string) => byId.get(id)!)
        .flatMap((m: Json) =>
          m.type === "sticker_animation" || m.animations
            ? m.animations.map((a: Json) => `${a.type}:${a.name}`)
            : ["filter", "transition", "video_effect", "mask"].includes(m.type)
            ? [`${m.type}:${m.name}`]
            : []
        ).sort(),
      keyframes: (s.common_keyframes ?? []).map((k: Json) =>
        `${k.property_type}:${k.keyframe_list.map((x: Json) => x.values[0]).join(",")}`
      ).sort(),
    })),
  }));
}

Deno.test("draft export → build reproduces tracks, timings, texts and every name", async () => {
  const w = await tempWorld();
  try {
    const built = await runInProcess(["build", JSON.stringify(everyKindSpec())], { env: w.env });
    assertEquals(built.code, 0, built.stderr);
    const first = built.json as Json;
    const exported = await runInProcess(["draft", "export", first.draftId], { env: w.env });
    assertEquals(exported.code, 0, exported.stderr);
    const { _export: notes, ...spec } = exported.json as Json;
    assertEquals(notes.unsupported, []);
    assertEquals(notes.adjusted, []);
    assertEquals(notes.draftId, first.draftId);
    assert(BuildSpec.safeParse(exported.json).success, "the export is a valid build spec");
    const again = await runInProcess(["build", JSON.stringify(exported.json)], { env: w.env });
    assertEquals(again.code, 0, again.stderr);
    const second = again.json as Json;
    const { transitions: _auto, ...firstCounts } = first.counts; // exported per item
    assertEquals(second.counts, firstCounts);
    assertEquals(await fingerprint(second.filePath), await fingerprint(first.filePath));
    // The rebuilt draft exports to the same spec (up to refs and media copies).
    const { _export: _notes, ...twice } =
      (await runInProcess(["draft", "export", second.draftId], { env: w.env })).json as Json;
    const strip = (spec: Json) =>
      JSON.parse(
        JSON.stringify(spec).replace(/"(ref|segmentRef)":"[^"]*"/g, '"$1":"x"')
          .replace(/"file:\/\/[^"]*"/g, '"media"'),
      );
    assertEquals(strip(twice), strip(spec));
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft export: every editor-made sample exports a valid spec; encrypted → clear error", async () => {
  const w = await tempWorld();
  try {
    for await (const e of Deno.readDir(SAMPLES)) {
      if (!e.isDirectory) continue;
      await cp(`${SAMPLES}${e.name}`, `${w.draftsDir}/${e.name}`, { recursive: true });
      const r = await runInProcess(["draft", "export", e.name], { env: w.env });
      if (e.name === "jianying-encrypted") {
        assert(r.code !== 0, "encrypted draft must fail");
        assertEquals(r.error?.code, "unsupported_draft", r.stderr);
        continue;
      }
      assertEquals(r.code, 0, `${e.name}: ${r.stderr}`);
      const { _export: notes, ...spec } = r.json as Json;
      const parsed = BuildSpec.safeParse(r.json);
      assert(parsed.success, `${e.name}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`);
      // Every segment is either an item of the spec or listed as unsupported.
      const dir = `${w.draftsDir}/${e.name}`;
      const c = JSON.parse(
        await Deno.readTextFile(`${dir}/draft_content.json`)
          .catch(() => Deno.readTextFile(`${dir}/draft_info.json`)),
      );
      const segments = c.tracks.reduce((n: number, t: Json) => n + t.segments.length, 0);
      const items = ["images", "videos", "audios", "captions", "stickers"]
        .reduce((n, k) => n + (spec[k]?.length ?? 0), 0) +
        (spec.captionTracks ?? []).reduce((n: number, t: Json) => n + t.captions.length, 0) +
        (spec.effects ?? []).filter((x: Json) => !x.segmentRef).length +
        (spec.filters ?? []).filter((x: Json) => !x.segmentRef).length;
      const skipped = (notes.unsupported as Json[])
        .filter((u) => u.scope === "item")
        .reduce((n, u) => n + u.count, 0);
      assertEquals(items + skipped, segments, `${e.name}: ${JSON.stringify(notes.unsupported)}`);
    }
  } finally {
    await w.cleanup();
  }
});
