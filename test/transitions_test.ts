/** `transitions add --auto` / `transitions list`, in-process (runInProcess). */
import { deepStrictEqual, deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { getCatalog } from "../src/catalogs/catalog.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const MIX = "6724845717472416269"; // 叠化 / Mix: what `fade` means for transitions

const image = (name: string, start: number, end: number, over: Json = {}) => ({
  imageUrl: fileUrl(fixture(name)),
  start,
  end,
  ...over,
});

async function content(dir: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
}

function refsTo(c: Json, segmentId: string, list: string): string[] {
  const ids = new Set((c.materials[list] as Json[]).map((m) => m.id));
  const seg = (c.tracks as Json[]).flatMap((t) => t.segments as Json[]).find((s) =>
    s.id === segmentId
  )!;
  return (seg.extra_material_refs as string[]).filter((id) => ids.has(id));
}

for (const edition of ["jianying", "capcut"]) {
  Deno.test(`transitions add --auto (${edition}): every adjacent pair, replacing, clamping`, async () => {
    const w = await tempWorld();
    try {
      const run = async (args: string[]) => {
        const r = await runInProcess(args, { env: w.env });
        assertEquals(r.code, 0, r.stderr);
        return r;
      };
      const created = (await run(["draft", "create", "--editor", edition])).json as Json;
      const { draftId, filePath } = created;
      const img = (await run([
        "images",
        "add",
        draftId,
        "--image-infos",
        JSON.stringify([
          image("image.png", 0, 2_000_000, { transition: "fade", transitionDuration: 400_000 }),
          image("image.jpg", 2_000_000, 4_000_000),
          image("image.webp", 4_000_000, 4_300_000), // short: clamps the transition before it
          image("image.png", 6_000_000, 7_000_000), // gap → overlay track 1
          image("image.jpg", 7_000_000, 8_000_000),
        ]),
      ])).json as Json;
      const seg = (img.items as Json[]).map((i) => i.segmentId as string);
      assertEquals(img.items[3].trackIndex, 1);
      assertEquals(img.items[4].trackIndex, 1);
      assertEquals((await content(filePath)).materials.transitions.length, 1);

      const r = await run([
        "transitions",
        "add",
        draftId,
        "--auto",
        "fade",
        "--duration",
        "600000",
      ]);
      const out = r.json as Json;
      assertEquals(out.trackIndex, 0);
      assertEquals(out.resourceId, MIX);
      deepStrictEqual(
        (out.items as Json[]).map((i) => [i.leftSegmentId, i.rightSegmentId, i.duration]),
        [[seg[0], seg[1], 600_000], [seg[1], seg[2], 300_000]],
      );
      assert(/clamped to 300000/.test(r.stderr), r.stderr);
      assertEquals(r.stderr.split("\n").filter((l) => l.startsWith("warning:")).length, 1);

      let c = await content(filePath);
      assertEquals(c.materials.transitions.length, 2, "the old transition was replaced");
      deepStrictEqual(refsTo(c, seg[0], "transitions"), [out.items[0].materialId]);
      deepStrictEqual(refsTo(c, seg[1], "transitions"), [out.items[1].materialId]);
      deepStrictEqual(refsTo(c, seg[2], "transitions"), []);
      for (const m of c.materials.transitions as Json[]) {
        assertEquals([m.resource_id, m.type], [MIX, "transition"]);
      }

      // a second name replaces both, leaving no stray materials
      const other = getCatalog(edition as "jianying", "transitions").find((e) =>
        e.resourceId !== MIX && (e.durationUs ?? 0) > 0
      )!;
      const r2 = await run(["transitions", "add", draftId, "--auto", other.name]);
      assertEquals((r2.json as Json).items.length, 2);
      c = await content(filePath);
      assertEquals(c.materials.transitions.length, 2);
      assert((c.materials.transitions as Json[]).every((m) => m.resource_id === other.resourceId));
      assertEquals((r2.json as Json).items[0].duration, Math.min(other.durationUs!, 2_000_000));

      // the overlay track
      const r3 = await run(["transitions", "add", draftId, "--auto", "fade", "--track-index", "1"]);
      deepStrictEqual(
        ((r3.json as Json).items as Json[]).map((i) => [i.leftSegmentId, i.rightSegmentId]),
        [[seg[3], seg[4]]],
      );

      const list = (await run(["transitions", "list", draftId])).json as Json[];
      deepStrictEqual(
        list.map((t) => [t.trackIndex, t.leftSegmentId, t.rightSegmentId, t.resourceId]),
        [
          [0, seg[0], seg[1], other.resourceId],
          [0, seg[1], seg[2], other.resourceId],
          [1, seg[3], seg[4], MIX],
        ],
      );
      assertEquals((await content(filePath)).materials.transitions.length, 3);
      const v = await runInProcess(["draft", "validate", draftId], { env: w.env });
      assertEquals(v.code, 0, v.stdout);
      deepStrictEqual((v.json as Json).warnings, []);
    } finally {
      await w.cleanup();
    }
  });
}

Deno.test("transitions add: bad requests fail clearly and change nothing", async (t) => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = (await runInProcess(["draft", "create"], { env: w.env }))
      .json as Json;
    const added = await runInProcess([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([image("image.png", 0, 1_000_000), image("image.jpg", 3_000_000, 4_000_000)]),
    ], { env: w.env });
    assertEquals(added.code, 0, added.stderr);
    const before = await snapshotDir(filePath);
    const cases: { name: string; args: string[]; code: number; error: string; message: RegExp }[] =
      [
        {
          name: "unknown name → closest names",
          args: ["--auto", "dissolvee"],
          code: 2,
          error: "unknown_name",
          message: /auto: unknown transitions name "dissolvee".*closest: \S/,
        },
        {
          name: "no adjacent pair on the main track",
          args: ["--auto", "fade"],
          code: 2,
          error: "invalid_input",
          message: /no adjacent photo\/video pair/,
        },
        {
          name: "no such video track",
          args: ["--auto", "fade", "--track-index", "5"],
          code: 2,
          error: "invalid_input",
          message: /trackIndex 5: the draft has 2 video track/,
        },
        {
          name: "zero duration",
          args: ["--auto", "fade", "--duration", "0"],
          code: 2,
          error: "invalid_input",
          message: /duration/,
        },
        {
          name: "missing --auto",
          args: ["--duration", "500000"],
          code: 2,
          error: "invalid_input",
          message: /auto/,
        },
      ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const r = await runInProcess(["transitions", "add", draftId, ...c.args], { env: w.env });
        assertEquals(r.code, c.code, r.stderr);
        assertEquals(r.error?.code, c.error, r.stderr);
        assert(c.message.test(r.error!.message), `${r.error!.message} ~ ${c.message}`);
        assertEquals(r.stdout, "");
        deepStrictEqual(await snapshotDir(filePath), before);
      });
    }
    const list = await runInProcess(["transitions", "list", draftId], { env: w.env });
    deepStrictEqual(list.json, []);
  } finally {
    await w.cleanup();
  }
});
