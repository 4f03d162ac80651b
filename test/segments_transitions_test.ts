/**
 * Transitions follow their clips through `segments update` / `move` / `remove`: an edit that
 * parts a transition's two clips detaches it (listed in `transitionsDropped`, its material gone
 * when unused, nothing else changed), and `draft validate` warns about a transition with no next
 * clip in a draft draftcli wrote.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runInProcess, tempWorld } from "./helpers/cli.ts";
import { formatChanges, structuralDiff } from "./helpers/structural_diff.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;
type Env = Record<string, string>;

async function ok(env: Env, args: string[]): Promise<Json> {
  const r = await runInProcess(args, { env });
  assertEquals(r.code, 0, `${args.slice(0, 2).join(" ")}: ${r.stderr}`);
  return r.json as Json;
}

const timeline = async (dir: string) => await Deno.readTextFile(`${dir}/draft_content.json`);

/** The transition material ids a segment references. */
function transitionRefs(c: Json, segmentId: string): string[] {
  const ids = new Set((c.materials.transitions as Json[]).map((m) => m.id));
  const seg = (c.tracks as Json[]).flatMap((t) => t.segments as Json[])
    .find((s) => s.id === segmentId)!;
  return (seg.extra_material_refs as string[]).filter((id) => ids.has(id));
}

/** Changes between two timeline texts, as `kind path` lines. */
const changed = (before: string, after: string) =>
  structuralDiff(before, after).map((c) => `${c.kind} ${c.path}`).sort();

/** `transitions list`: the draft's transitions (a bare array). */
const transitions = async (env: Env, draftId: string) =>
  (await ok(env, ["transitions", "list", draftId])) as unknown as Json[];

async function validateCodes(env: Env, draftId: string): Promise<string[]> {
  const r = await runInProcess(["draft", "validate", draftId], { env });
  const report = JSON.parse(r.stdout) as Json;
  return [...report.errors, ...report.warnings].map((x: Json) => x.code as string);
}

Deno.test("segments edits that part two clips drop the transition between them and say so", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath: dir } = await ok(w.env, ["draft", "create"]);
    const img = await ok(w.env, [
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([0, 1, 2, 3].map((i) => ({
        imageUrl: fileUrl(fixture(i % 2 ? "image.jpg" : "image.png")),
        start: i * 2_000_000,
        end: (i + 1) * 2_000_000,
      }))),
    ]);
    const seg = (img.items as Json[]).map((i) => i.segmentId as string);
    const added = await ok(w.env, ["transitions", "add", draftId, "--auto", "fade"]);
    assertEquals(added.items.length, 3);
    let c = JSON.parse(await timeline(dir));
    const t0 = transitionRefs(c, seg[0])[0];
    const t2 = transitionRefs(c, seg[2])[0];
    assert(!(await validateCodes(w.env, draftId)).includes("transition_without_next"));

    // update: a shorter first clip no longer touches the second
    let before = await timeline(dir);
    const up = await ok(w.env, [
      "segments",
      "update",
      draftId,
      "--updates",
      JSON.stringify([{ segmentId: seg[0], end: 1_500_000 }]),
    ]);
    const name = (c.materials.transitions as Json[])[0].name as string;
    assertEquals(up.transitionsDropped, [{ segmentId: seg[0], transitionId: t0, name }]);
    let after = await timeline(dir);
    c = JSON.parse(after);
    assertEquals(transitionRefs(c, seg[0]), []);
    assert(!after.includes(t0), "the unused transition material went");
    const segPath = (id: string) => `tracks[id=${c.tracks[0].id}].segments[id=${id}]`;
    const diff = changed(before, after);
    assert(
      diff.every((p) =>
        p.includes(`${segPath(seg[0])}.`) || p === `removed materials.transitions[id=${t0}]`
      ),
      formatChanges(structuralDiff(before, after)),
    );
    assert(diff.includes(`removed materials.transitions[id=${t0}]`), diff.join("\n"));
    let listed = await transitions(w.env, draftId);
    assertEquals(listed.map((t) => t.leftSegmentId), [seg[1], seg[2]]);

    // move: the last clip moves away; the transition into it goes, the others stay
    const mv = await ok(w.env, [
      "segments",
      "move",
      draftId,
      "--moves",
      JSON.stringify([{ segmentId: seg[3], start: 9_000_000 }]),
    ]);
    assertEquals(mv.transitionsDropped, [{ segmentId: seg[2], transitionId: t2, name }]);
    c = JSON.parse(await timeline(dir));
    assertEquals(transitionRefs(c, seg[2]), []);
    listed = await transitions(w.env, draftId);
    assertEquals(listed.map((t) => t.leftSegmentId), [seg[1]]);
    assert(listed.every((t) => t.rightSegmentId !== ""), JSON.stringify(listed));

    // remove --ripple: the second clip's transition leads into the removed third one
    const t1 = transitionRefs(c, seg[1])[0];
    before = await timeline(dir);
    const rm = await ok(w.env, [
      "segments",
      "remove",
      draftId,
      "--segment-ids",
      JSON.stringify([seg[2]]),
      "--ripple",
    ]);
    assertEquals(rm.transitionsDropped, [{ segmentId: seg[1], transitionId: t1, name }]);
    after = await timeline(dir);
    assertEquals(transitionRefs(JSON.parse(after), seg[1]), []);
    assert(!after.includes(t1));
    listed = await transitions(w.env, draftId);
    assertEquals(listed, []);
    // edits that keep two clips touching keep their transition and list nothing
    await ok(w.env, [
      "segments",
      "move",
      draftId,
      "--moves",
      JSON.stringify([{ segmentId: seg[3], start: 4_000_000 }]),
    ]);
    await ok(w.env, ["transitions", "add", draftId, "--auto", "fade"]);
    const kept = await ok(w.env, [
      "segments",
      "update",
      draftId,
      "--updates",
      JSON.stringify([{ segmentId: seg[1], transformX: 0.25 }]),
    ]);
    assertEquals(kept.transitionsDropped, []);
    const together = await ok(w.env, [
      "segments",
      "move",
      draftId,
      "--moves",
      JSON.stringify([{ segmentId: seg[1], start: 2_500_000 }]),
      "--ripple",
    ]);
    assertEquals(together.transitionsDropped, []);
    listed = await transitions(w.env, draftId);
    assertEquals(
      listed.map((t) => [t.leftSegmentId, t.rightSegmentId]),
      [[seg[1], seg[3]]],
    );
    assert(!(await validateCodes(w.env, draftId)).includes("transition_without_next"));
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft validate warns about a transition with no next clip in a draftcli draft", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath: dir } = await ok(w.env, ["draft", "create"]);
    const img = await ok(w.env, [
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([
        { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 2_000_000 },
        { imageUrl: fileUrl(fixture("image.jpg")), start: 2_000_000, end: 4_000_000 },
      ]),
    ]);
    await ok(w.env, ["transitions", "add", draftId, "--auto", "fade"]);
    // Part the clips by hand in every copy of the timeline (as an older draftcli left them).
    const text = await timeline(dir);
    const c = JSON.parse(text);
    const second = (c.tracks[0].segments as Json[]).find((s) => s.id === img.items[1].segmentId)!;
    second.target_timerange.start = 2_500_000;
    c.duration = 4_500_000;
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isFile && e.name.endsWith(".json") && (await Deno.readTextFile(path)) === text) {
        await Deno.writeTextFile(path, JSON.stringify(c));
      }
    }
    const r = await runInProcess(["draft", "validate", draftId], { env: w.env });
    const report = JSON.parse(r.stdout) as Json;
    const found = (report.warnings as Json[]).filter((x) => x.code === "transition_without_next");
    assertEquals(found.length, 1, r.stdout);
    assert(found[0].message.includes(img.items[0].segmentId), found[0].message);
    assert(
      !(report.errors as Json[]).some((x) => x.code === "transition_without_next"),
      "a warning, not an error",
    );
  } finally {
    await w.cleanup();
  }
});

Deno.test("segments remove --ripple: a clip that touches a new neighbour keeps its transition", async () => {
  const w = await tempWorld();
  try {
    const { draftId } = await ok(w.env, ["draft", "create"]);
    const img = await ok(w.env, [
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([0, 1, 2].map((i) => ({
        imageUrl: fileUrl(fixture("image.png")),
        start: i * 2_000_000,
        end: (i + 1) * 2_000_000,
      }))),
    ]);
    const seg = (img.items as Json[]).map((i) => i.segmentId as string);
    await ok(w.env, ["transitions", "add", draftId, "--auto", "fade"]);
    const rm = await ok(w.env, [
      "segments",
      "remove",
      draftId,
      "--segment-ids",
      JSON.stringify([seg[1]]),
      "--ripple",
    ]);
    assertEquals(rm.transitionsDropped, []);
    assertEquals(rm.removedMaterials.transitions.length, 1, "the removed clip's own transition");
    assertEquals(
      (await transitions(w.env, draftId)).map((t) => [t.leftSegmentId, t.rightSegmentId]),
      [[seg[0], seg[2]]],
    );
  } finally {
    await w.cleanup();
  }
});
