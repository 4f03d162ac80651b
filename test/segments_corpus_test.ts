/**
 * `segments remove` and `segments update` on every corpus draft (editor, re-indented and peer
 * drafts): the timeline file changes only at the paths the edit names (structural diff with
 * number lexemes, so `0.0` stays `0.0`), and the removed segment's materials are the ones it
 * reports. `segments list` being silent is checked by the corpus test's read check.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { corpusDrafts, withCorpusWorld } from "./helpers/corpus.ts";
import { formatChanges, structuralDiff } from "./helpers/structural_diff.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const seg = (s: Json) => `tracks[id=${s.track.id}].segments[id=${s.segmentId}]`;

for (const draft of corpusDrafts()) {
  Deno.test(`segments on corpus ${draft.name}: remove and update change only their paths`, async () => {
    await withCorpusWorld(draft, async (w) => {
      const file = `${w.dir}/${draft.primary}`;
      const list = await w.run(["segments", "list", draft.name]);
      assertEquals(list.code, 0, list.stderr);
      const segments = list.json.segments as Json[];
      if (!segments.length) return; // an empty draft: nothing to edit

      // update: the first segment with a transform moves right; only that number changes
      const before = await Deno.readTextFile(file);
      const visual = segments.find((s) => ["photo", "video", "sticker"].includes(s.kind));
      if (visual) {
        const up = await w.run([
          "segments",
          "update",
          draft.name,
          "--updates",
          JSON.stringify([{ segmentId: visual.segmentId, transformX: 0.375 }]),
        ]);
        if (up.code === 0) {
          const changes = structuralDiff(before, await Deno.readTextFile(file));
          assertEquals(
            changes.map((c) => `${c.kind} ${c.path}`),
            [`value ${seg(visual)}.clip.transform.x`],
            formatChanges(changes),
          );
        } else {
          // a segment without a clip object is refused by name, and nothing is written
          assert(up.stderr.includes("no transform"), up.stderr);
          assertEquals(await Deno.readTextFile(file), before);
        }
      }

      // remove: the last segment of the first track goes, with only what it alone used
      const start = await Deno.readTextFile(file);
      const target = segments[segments.length - 1];
      const rm = await w.run([
        "segments",
        "remove",
        draft.name,
        "--segment-ids",
        JSON.stringify([target.segmentId]),
      ]);
      assertEquals(rm.code, 0, rm.stderr);
      const after = await Deno.readTextFile(file);
      const changes = structuralDiff(start, after);
      const allowed = new Set([
        `removed ${seg(target)}`,
        `removed tracks[id=${target.track.id}]`,
        "value duration",
        ...Object.entries(rm.json.removedMaterials as Record<string, string[]>).flatMap((
          [list, ids],
        ) => ids.map((id) => `removed materials.${list}[id=${id}]`)),
      ]);
      const unexpected = changes.filter((c) =>
        !allowed.has(`${c.kind} ${c.path}`) &&
        // lists whose items repeat an id are matched by index: a removal shows as changes there
        !/^(removed|value|type|added) materials\.[a-z_]+\[\d+\]/.test(`${c.kind} ${c.path}`)
      );
      assertEquals(unexpected, [], formatChanges(unexpected));
      assert(!changes.some((c) => c.kind === "lexeme"), formatChanges(changes));
      assert(!after.includes(`"${target.segmentId}"`), "the segment is gone");
      // what it reported as removed is gone; everything it named that remains is used elsewhere
      const doc = JSON.parse(after);
      const ids = new Set(
        Object.values(doc.materials as Record<string, Json[]>).flatMap((l) =>
          Array.isArray(l) ? l.map((m) => m?.id) : []
        ),
      );
      for (const list of Object.values(rm.json.removedMaterials as Record<string, string[]>)) {
        for (const id of list) assert(!ids.has(id), `${id} was reported removed`);
      }
    });
  });
}
