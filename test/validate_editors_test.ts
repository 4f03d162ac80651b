/**
 * `draft validate` knows the editors: every editor-saved sample draft (test/fixtures/real-drafts,
 * ../shared/reference/real-drafts when present, test/fixtures/corpus when present) gets no
 * error-level finding apart from media missing on this machine, and at most one summary line of
 * foreign values; patterns the editors write and open (JianYing's text_effect pairs with one id,
 * overlap transitions stored as overlapping clips, unregistered local_material_id, a peer tool's
 * companion refs naming no material) are not errors there. A draft draftcli wrote still gets
 * each foreign value as an error, but never for an editor's bundled font.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { cp } from "node:fs/promises";
import { runInProcess, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** Findings allowed on an unmodified editor draft: its media are not on this machine. */
const MEDIA_CODES = new Set(["missing_media", "missing_draft_file"]);
const TIMELINES = ["draft_content.json", "draft_info.json"];

async function run(env: Record<string, string>, argv: string[]) {
  const r = await runInProcess(argv, { env });
  const out = r.stdout;
  return { code: r.code, out, err: r.stderr, report: out ? JSON.parse(out) : undefined };
}

/** Draft folders under `dir` (one level, or two for a corpus grouped by editor). */
function draftFolders(dir: string): string[] {
  const out: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return out;
  }
  for (const e of entries.filter((e) => e.isDirectory).sort((a, b) => a.name < b.name ? -1 : 1)) {
    const path = `${dir}/${e.name}`;
    const names = [...Deno.readDirSync(path)].map((f) => f.name);
    if (names.some((n) => TIMELINES.includes(n))) out.push(path);
    else if (names.some((n) => /^draft_content.*\.json$|^\d+\.draft_info\.json$/.test(n))) {
      out.push(path);
    } else {out.push(
        ...draftFolders(path).filter((p) => p.split("/").length <= path.split("/").length + 1),
      );}
  }
  return out;
}

/** A timeline that is plain JSON (encrypted samples are refused by design, not validated). */
function plainTimeline(dir: string, name: string): boolean {
  try {
    JSON.parse(Deno.readTextFileSync(`${dir}/${name}`));
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies one sample into the drafts folder as a draft; a folder holding several timelines
 * (`draft_content_<x>.json`, `0.draft_info.json`) gives one draft per timeline.
 */
async function install(draftsDir: string, dir: string, id: string): Promise<string[]> {
  const names = [...Deno.readDirSync(dir)].map((f) => f.name);
  if (names.some((n) => TIMELINES.includes(n))) {
    if (!TIMELINES.some((n) => names.includes(n) && plainTimeline(dir, n))) return [];
    await cp(dir, `${draftsDir}/${id}`, { recursive: true });
    return [id];
  }
  const ids: string[] = [];
  for (const n of names.filter((n) => /\.json$/.test(n) && plainTimeline(dir, n))) {
    const to = `${draftsDir}/${id}-${n.replace(/\W+/g, "-")}`;
    await Deno.mkdir(to, { recursive: true });
    await Deno.copyFile(
      `${dir}/${n}`,
      `${to}/${n.includes("draft_info") ? "draft_info.json" : "draft_content.json"}`,
    );
    ids.push(to.slice(draftsDir.length + 1));
  }
  return ids;
}

const SOURCES = [
  new URL("./fixtures/real-drafts", import.meta.url).pathname,
  new URL("../../shared/reference/real-drafts", import.meta.url).pathname,
  new URL("./fixtures/corpus", import.meta.url).pathname,
];

Deno.test("draft validate: no error on any unmodified editor draft except its missing media", async () => {
  const w = await tempWorld();
  try {
    let n = 0;
    const seen: string[] = [];
    for (const source of SOURCES) {
      for (const dir of draftFolders(source)) {
        for (const id of await install(w.draftsDir, dir, `d${++n}`)) {
          const r = await run(w.env, ["draft", "validate", id]);
          assert(r.report, `${dir}: ${r.err}`);
          const errors = (r.report.errors as Json[]).filter((e) => !MEDIA_CODES.has(e.code));
          assertEquals(errors, [], `${dir}`);
          assertEquals(r.code, r.report.errors.length ? 8 : 0);
          const foreign = (r.report.warnings as Json[]).filter((x) => x.code.startsWith("foreign"));
          assert(foreign.length <= 1, `${dir}: ${foreign.length} foreign-value lines`);
          assert(!r.out.includes("SystemFont"), `${dir}: a bundled font was reported`);
          seen.push(dir);
        }
      }
    }
    assert(seen.length >= 15, `only ${seen.length} sample drafts found`);
    console.log(`${seen.length} editor drafts validated`);
  } finally {
    await w.cleanup();
  }
});

const FIXTURE = (name: string) =>
  new URL(`./fixtures/real-drafts/${name}/`, import.meta.url).pathname;

/** Copies a fixture as draft `id`, edits its timeline (and meta), and validates it. */
async function validateEdited(
  w: { draftsDir: string; env: Record<string, string> },
  fixture: string,
  id: string,
  edit: (c: Json, meta: Json) => void,
) {
  const dir = `${w.draftsDir}/${id}`;
  await cp(FIXTURE(fixture), dir, { recursive: true });
  const content = JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
  const meta = await Deno.readTextFile(`${dir}/draft_meta_info.json`).then(JSON.parse, () => ({}));
  edit(content, meta);
  await Deno.writeTextFile(`${dir}/draft_content.json`, JSON.stringify(content));
  if (Object.keys(meta).length) {
    await Deno.writeTextFile(`${dir}/draft_meta_info.json`, JSON.stringify(meta));
  }
  return run(w.env, ["draft", "validate", id]);
}

const codes = (xs: Json[]) => xs.map((x) => x.code).filter((c) => !MEDIA_CODES.has(c));

Deno.test("draft validate: the editors' own patterns are not errors in their drafts", async (t) => {
  const w = await tempWorld();
  try {
    await t.step("JianYing's text_effect pair with one id", async () => {
      const r = await validateEdited(w, "jianying5.9-texts", "pair", (c) => {
        const effect = {
          id: "7A0F1C2E-5B1D-4C3E-9F00-123456789ABC",
          type: "text_effect",
          effect_id: "7296357486490144036",
          resource_id: "7296357486490144036",
          apply_target_type: 0,
          value: 1.0,
        };
        c.materials.effects = [effect, { ...effect }];
        const text = c.tracks.find((x: Json) => x.type === "text").segments[0];
        text.extra_material_refs.push(effect.id);
      });
      assertEquals(codes(r.report.errors), []);
      assert(codes(r.report.warnings).includes("shared_text_effect_id"), r.out);
    });
    await t.step("clips overlapping by their overlap transition (CapCut 1.x)", async () => {
      const r = await validateEdited(w, "capcut5.8-transitions", "overlap", (c) => {
        const segs = c.tracks[0].segments;
        // segment 0 carries an overlap transition of 800000 µs: move the next clip under it
        segs[1].target_timerange.start -= 800_000;
      });
      assertEquals(codes(r.report.errors), []);
    });
    await t.step("an overlap longer than the transition is still an error", async () => {
      const r = await validateEdited(w, "capcut5.8-transitions", "overlap2", (c) => {
        c.tracks[0].segments[1].target_timerange.start -= 1_500_000;
      });
      assertEquals(codes(r.report.errors), ["segment_overlap"]);
    });
    await t.step("a local_material_id the editor did not register", async () => {
      const r = await validateEdited(w, "capcut7.9-base", "local", (c) => {
        c.materials.videos[0].local_material_id = "0b6c5d36-7f43-4bde-9d7b-0d1f5e2a3c4d";
      });
      assertEquals(codes(r.report.errors), []);
      assert(codes(r.report.warnings).includes("dangling_local_material"), r.out);
    });
    await t.step("a peer tool's companion ref to a material it never wrote", async () => {
      const r = await validateEdited(w, "jianying5.9-texts", "peer", (c) => {
        for (const s of c.tracks.find((x: Json) => x.type === "text").segments) {
          s.extra_material_refs.push("5d2c8a1e0f3b4c6d9e7a8b1c2d3e4f50");
        }
      });
      assertEquals(codes(r.report.errors), []);
      assert(codes(r.report.warnings).includes("dangling_extra_ref"), r.out);
    });
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft validate: a draft draftcli wrote gets each foreign value as an error, never an editor's bundled font", async () => {
  const w = await tempWorld();
  try {
    const created = await run(w.env, ["draft", "create", "--editor", "capcut"]);
    assertEquals(created.code, 0, created.err);
    const { draftId, filePath } = created.report;
    const added = await run(w.env, [
      "captions",
      "add",
      draftId,
      "--captions",
      JSON.stringify([{ text: "one", start: 0, end: 1_000_000 }, {
        text: "two",
        start: 1_000_000,
        end: 2_000_000,
      }]),
    ]);
    assertEquals(added.code, 0, added.err);
    const foreign = "C:/Users/somebody/AppData/Local/Microsoft/Windows/Fonts/Their-Font.ttf";
    const bundled = "/Applications/CapCut.app/Contents/Resources/Font/SystemFont/en.ttf";
    for (const name of ["draft_content.json", "draft_info.json", "template-2.tmp"]) {
      const path = `${filePath}/${name}`;
      const c = await Deno.readTextFile(path).then(JSON.parse, () => undefined);
      if (!c) continue;
      c.materials.texts[0].font_path = foreign;
      c.materials.texts[1].font_path = bundled;
      await Deno.writeTextFile(path, JSON.stringify(c));
    }
    const r = await run(w.env, ["draft", "validate", draftId]);
    assertEquals(r.code, 8, r.out);
    const found = (r.report.errors as Json[]).filter((e) => e.code === "foreign_value");
    assertEquals(
      found.map((e) => e.path.replace(/^.*#/, "")),
      found.map(() => "materials.texts[0].font_path"),
    );
    assert(found.some((e) => e.path === "materials.texts[0].font_path"), r.out);
    assert(found[0].message.includes("Their-Font.ttf"), found[0].message);
    assert(!r.out.includes("CapCut.app"), r.out);
  } finally {
    await w.cleanup();
  }
});
