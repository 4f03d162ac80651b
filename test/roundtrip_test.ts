/**
 * Round trip of real editor drafts (test/fixtures/real-drafts, see its README): each is put into
 * a drafts folder, edited through the CLI (`captions add`), and every key path the editor wrote
 * must still be there with its original value, except the fields draftcli updates on purpose.
 * The encrypted JianYing 6+ sample must be refused and left byte for byte unchanged (a real
 * process; the other commands run in-process).
 */
import { deepStrictEqual, deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fixture, runCli, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const REAL = fixture("real-drafts");
const TIMELINE_NAMES = ["draft_content.json", "draft_info.json"];

/**
 * Paths draftcli updates on purpose when it edits a draft (`*` = any id or index):
 * - `duration` / `tm_duration`: the timeline length (unchanged unless the captions extend it);
 * - `track_render_index`: the position of the segment's track in `tracks`, which shifts when a
 *   track is inserted before it (editor semantics, reference §3.2);
 * - meta `tm_draft_modified`, `draft_fold_path`, `draft_root_path`: the save time and the folder
 *   the draft is in now.
 * Lists gain items (a text track, text materials, animation containers); the original items
 * are matched by id and compared in full.
 */
const UPDATED_CONTENT = new Set(["duration", "tracks.*.segments.*.track_render_index"]);
const UPDATED_META = new Set([
  "tm_duration",
  "tm_draft_modified",
  "draft_fold_path",
  "draft_root_path",
]);

/** Lists whose items are matched by `id` (they may gain items; order of the old ones kept). */
function byIdList(path: string): boolean {
  return path === "tracks" || /^tracks\.\*\.segments$/.test(path) ||
    /^materials\.[^.]+$/.test(path);
}

/** Every original key path missing or changed in `now`, as readable lines. */
function lostOrChanged(
  orig: unknown,
  now: unknown,
  updated: Set<string>,
  path = "",
  pattern = "",
  out: string[] = [],
): string[] {
  if (updated.has(pattern)) return out;
  if (Array.isArray(orig)) {
    if (!Array.isArray(now)) {
      out.push(`${path}: was an array, now ${JSON.stringify(now)?.slice(0, 80)}`);
      return out;
    }
    if (byIdList(pattern)) {
      const index = new Map(now.map((x: Json, i) => [x?.id, i]));
      let last = -1;
      orig.forEach((item: Json, i) => {
        const j = index.get(item?.id);
        if (j === undefined) {
          out.push(`${path}[${i}] (id ${item?.id}) is gone`);
          return;
        }
        if (j < last) out.push(`${path}[${i}] (id ${item?.id}) moved before an earlier item`);
        last = j;
        lostOrChanged(item, now[j], updated, `${path}[${j}]`, `${pattern}.*`, out);
      });
      return out;
    }
    if (orig.length !== now.length) {
      out.push(`${path}: length ${orig.length} → ${now.length}`);
      return out;
    }
    orig.forEach((v, i) => lostOrChanged(v, now[i], updated, `${path}[${i}]`, `${pattern}.*`, out));
    return out;
  }
  if (orig !== null && typeof orig === "object") {
    if (now === null || typeof now !== "object" || Array.isArray(now)) {
      out.push(`${path}: was an object, now ${JSON.stringify(now)?.slice(0, 80)}`);
      return out;
    }
    for (const [k, v] of Object.entries(orig)) {
      const p = path ? `${path}.${k}` : k;
      const pat = pattern ? `${pattern}.${k}` : k;
      if (updated.has(pat)) continue;
      if (!(k in (now as Json))) {
        out.push(`${p}: key removed`);
        continue;
      }
      lostOrChanged(v, (now as Json)[k], updated, p, pat, out);
    }
    return out;
  }
  if (!Object.is(orig, now)) {
    out.push(
      `${path}: ${JSON.stringify(orig)?.slice(0, 80)} → ${JSON.stringify(now)?.slice(0, 80)}`,
    );
  }
  return out;
}

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyDir(`${from}/${e.name}`, `${to}/${e.name}`);
    else await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

async function readIfExists(path: string): Promise<Json | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch {
    return undefined;
  }
}

function countCodes(report: Json): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of report.errors as Json[]) out[e.code] = (out[e.code] ?? 0) + 1;
  return out;
}

const names = [...Deno.readDirSync(REAL)]
  .filter((e) => e.isDirectory && e.name !== "jianying-encrypted")
  .map((e) => e.name)
  .sort();

Deno.test("real-draft fixtures are all there", () => {
  assert(names.length >= 14, names.join(", "));
});

for (const name of names) {
  Deno.test(`round trip keeps every editor key of real draft ${name}`, async () => {
    const w = await tempWorld();
    try {
      const dir = `${w.draftsDir}/${name}`;
      await copyDir(`${REAL}/${name}`, dir);
      const timelineName = TIMELINE_NAMES.find((n) => {
        try {
          return Deno.statSync(`${dir}/${n}`).isFile;
        } catch {
          return false;
        }
      })!;
      const before = (await readIfExists(`${dir}/${timelineName}`))!;
      const metaBefore = await readIfExists(`${dir}/draft_meta_info.json`);

      const v0 = await runInProcess(["draft", "validate", name], { env: w.env });
      assert(v0.code === 0 || v0.code === 8, v0.stderr);
      const report0 = JSON.parse(v0.stdout);

      const add = await runInProcess([
        "captions",
        "add",
        name,
        "--captions",
        JSON.stringify([{ text: "round trip 往返", start: 0, end: 1_000_000 }]),
      ], { env: w.env });
      assertEquals(add.code, 0, add.stderr);
      const { trackId, items } = add.json as Json;

      const after = (await readIfExists(`${dir}/${timelineName}`))!;
      const lost = lostOrChanged(before, after, UPDATED_CONTENT);
      deepStrictEqual(lost, [], `${name}: editor data lost or changed:\n${lost.join("\n")}`);
      if (metaBefore) {
        const metaAfter = (await readIfExists(`${dir}/draft_meta_info.json`))!;
        const lostMeta = lostOrChanged(metaBefore, metaAfter, UPDATED_META);
        deepStrictEqual(lostMeta, [], `${name}: meta lost or changed:\n${lostMeta.join("\n")}`);
        assertEquals(metaAfter.tm_duration, after.duration);
      }

      // what we added is there, and only that
      const newTrack = (after.tracks as Json[]).find((t) => t.id === trackId);
      assertEquals(newTrack?.type, "text");
      assertEquals(newTrack?.segments.map((s: Json) => s.id), [items[0].segmentId]);
      assertEquals(after.tracks.length, before.tracks.length + 1);
      const ends = (after.tracks as Json[]).flatMap((t) =>
        (t.segments as Json[]).map((s) => s.target_timerange.start + s.target_timerange.duration)
      );
      assertEquals(after.duration, Math.max(...ends));
      // every timeline copy holds the same document
      for (const n of ["draft_content.json", "draft_info.json", "template-2.tmp"]) {
        const copy = await readIfExists(`${dir}/${n}`);
        if (copy) deepStrictEqual(copy, after, `${n} in sync`);
      }
      const project = await readIfExists(`${dir}/Timelines/project.json`);
      if (project) {
        const nested = await readIfExists(
          `${dir}/Timelines/${project.main_timeline_id}/${timelineName}`,
        );
        deepStrictEqual(nested, after, "Timelines/<main>/ copy in sync (CapCut 8.4+ reads it)");
      }
      // validation: the edit brings no new kind of error
      const v1 = await runInProcess(["draft", "validate", name], { env: w.env });
      const report1 = JSON.parse(v1.stdout);
      deepStrictEqual(countCodes(report1), countCodes(report0), v1.stdout);
    } finally {
      await w.cleanup();
    }
  });
}

Deno.test("real drafts validate without errors other than media files we did not copy", async () => {
  const w = await tempWorld();
  try {
    for (const name of names) await copyDir(`${REAL}/${name}`, `${w.draftsDir}/${name}`);
    for (const name of names) {
      const r = await runInProcess(["draft", "validate", name], { env: w.env });
      const report = JSON.parse(r.stdout);
      const codes = new Set((report.errors as Json[]).map((e) => e.code));
      codes.delete("missing_draft_file"); // TTS / algorithm files inside the draft: not copied
      deepStrictEqual([...codes], [], `${name}: ${r.stdout}`);
      assertEquals(r.code, report.errors.length ? 8 : 0, r.stderr);
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("the encrypted JianYing 6+ draft is refused and left byte for byte unchanged", async () => {
  const w = await tempWorld();
  try {
    const dir = `${w.draftsDir}/encrypted`;
    await copyDir(`${REAL}/jianying-encrypted`, dir);
    const original = await Deno.readFile(`${REAL}/jianying-encrypted/draft_content.json`);
    const before = await snapshotDir(dir);
    for (
      const args of [
        ["captions", "add", "encrypted", "--captions", '[{"text":"x","start":0,"end":1000000}]'],
        ["transitions", "add", "encrypted", "--auto", "fade"],
        ["draft", "validate", "encrypted"],
      ]
    ) {
      const r = await runCli(args, { env: w.env });
      assertEquals(r.code, 7, r.stderr);
      assertEquals(r.error?.code, "unsupported_draft");
      assert(/encrypt/i.test(r.error!.message + r.error!.hint), r.stderr);
      deepStrictEqual(await Deno.readFile(`${dir}/draft_content.json`), original);
      deepStrictEqual(await snapshotDir(dir), before);
    }
  } finally {
    await w.cleanup();
  }
});
