/**
 * Choosing the editor for new drafts, copying an installed editor's version markers, registering
 * drafts in the editor's index, `draftcli editors`, and editing drafts the editor made (kept
 * intact; encrypted ones refused). In-process (runInProcess).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fixture, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { stringifyWithFloats } from "../src/draft/serialize.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const readJson = async (path: string): Promise<Json> => JSON.parse(await Deno.readTextFile(path));

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyDir(`${from}/${e.name}`, `${to}/${e.name}`);
    else await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

const REAL = fixture("real-drafts/capcut8.1-win-timelines");
const MAIN_TIMELINE = "4E96246F-6E19-4a5c-BDE0-B25479BBD47C";

/** A draft the CapCut app saved (real 8.1.1 fixture) with a device hash that must not leak. */
async function appDraft(dir: string): Promise<void> {
  await copyDir(REAL, dir);
  const c = await readJson(`${dir}/draft_content.json`);
  c.last_modified_platform.device_id = "d".repeat(32);
  c.last_modified_platform.os_version = "10.0.22631";
  await Deno.writeTextFile(`${dir}/draft_content.json`, JSON.stringify(c));
}

Deno.test("draft create: jianying by default, capcut detected from an app-saved draft, config and flags win", async () => {
  const w = await tempWorld();
  try {
    let r = await runInProcess(["draft", "create"], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    let out = r.json as Json;
    assertEquals(
      [out.editor, out.editorProfile, out.appVersion, out.newVersion, out.markers, out.editorIndex],
      ["jianying", "jianying-5", "5.9.0", "110.0.0", "profile", "missing"],
    );
    assertEquals(out.chosenBy, { editor: "default", version: "default" });
    await Deno.stat(`${w.draftsDir}/root_meta_info.json`).then(
      () => assert(false, "no index is created for JianYing"),
      () => {},
    );

    await appDraft(`${w.draftsDir}/From the app`);
    r = await runInProcess(["draft", "create", "--name", "detected"], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    out = r.json as Json;
    assertEquals(
      [out.editor, out.editorProfile, out.appVersion, out.newVersion, out.markers],
      ["capcut", "capcut-7-8", "8.1.1", "159.0.0", "detected"],
    );
    assertEquals(out.markersFrom, `${w.draftsDir}/From the app`);
    assertEquals(out.chosenBy, { editor: "detected-draft", version: "detected-draft" });
    // other drafts in the folder and no index: none is created (it would hide them)
    assertEquals(out.editorIndex, "missing");
    const dir = out.filePath as string;
    const content = await readJson(`${dir}/draft_content.json`);
    assertEquals(content.platform, content.last_modified_platform);
    const p = content.platform;
    assertEquals(
      [p.app_id, p.app_source, p.app_version, p.os, p.os_version],
      [359289, "cc", "8.1.1", "windows", "10.0.22631"],
    );
    assertEquals([p.device_id, p.hard_disk_id, p.mac_address], ["", "", ""], "no device hashes");
    assertEquals(content.new_version, "159.0.0");
    assertEquals(content.version, 360000);
    assert("common_mask" in content.materials && !("masks" in content.materials));
    assertEquals(await Deno.readTextFile(`${dir}/template-2.tmp`), stringifyWithFloats(content));
    await Deno.stat(`${dir}/Timelines`).then(() => assert(false, "no Timelines/"), () => {});
    const state = await readJson(`${dir}/.draftcli/state.json`);
    assertEquals(
      [state.edition, state.profile, state.appVersion, state.newVersion, state.markers],
      ["capcut", "capcut-7-8", "8.1.1", "159.0.0", "detected"],
    );
    assertEquals((await readJson(`${dir}/draft_meta_info.json`)).draft_new_version, "");
    // later commands honour the stored choice
    const info = await runInProcess(["draft", "info", out.draftId], { env: w.env });
    assertEquals([(info.json as Json).editor, (info.json as Json).editorProfile], [
      "capcut",
      "capcut-7-8",
    ]);

    // flags: explicit version never stamps newer than asked
    r = await runInProcess(["draft", "create", "--editor", "capcut", "--editor-version", "7"], {
      env: w.env,
    });
    out = r.json as Json;
    assertEquals([out.appVersion, out.newVersion, out.markers, out.chosenBy.version], [
      "7.9.0",
      "155.0.0",
      "table",
      "flag",
    ]);

    // config beats detection
    const set = await runInProcess(["config", "set", "editor", "jianying"], { env: w.env });
    assertEquals(set.code, 0, set.stderr);
    r = await runInProcess(["draft", "create"], { env: w.env });
    out = r.json as Json;
    assertEquals([out.editor, out.chosenBy.editor], ["jianying", "config"]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("new drafts are registered in the editor's index; foreign entries stay; later commands refresh the entry", async () => {
  const w = await tempWorld();
  try {
    const index = `${w.draftsDir}/root_meta_info.json`;
    const foreign = {
      draft_cover: "C:/Users/u/drafts/Old\\draft_cover.jpg",
      draft_fold_path: "C:/Users/u/drafts/Old",
      draft_id: "0C0B2D5E-0000-4000-8000-000000000001",
      draft_json_file: "C:/Users/u/drafts/Old\\draft_content.json",
      draft_name: "Old",
      draft_is_pippit_draft: false,
      tm_duration: 123,
      future_key: { nested: [1, 2] },
    };
    const original = JSON.stringify({
      all_draft_store: [foreign],
      draft_ids: 7,
      root_path: "C:/Users/u/drafts",
      extra_top: "keep",
    });
    await Deno.writeTextFile(index, original);

    const created = await runInProcess(["draft", "create", "--editor", "capcut", "--name", "Reg"], {
      env: w.env,
    });
    assertEquals(created.code, 0, created.stderr);
    const { draftId, filePath, editorIndex } = created.json as Json;
    assertEquals(editorIndex, "added");
    assertEquals(await Deno.readTextFile(`${index}.draftcli-1.bak`), original, "backup first");
    let idx = await readJson(index);
    assertEquals(idx.all_draft_store.length, 2);
    assertEquals(idx.all_draft_store[1], foreign);
    assertEquals([idx.draft_ids, idx.root_path, idx.extra_top], [8, "C:/Users/u/drafts", "keep"]);
    const meta = await readJson(`${filePath}/draft_meta_info.json`);
    let e = idx.all_draft_store[0];
    assertEquals(
      [e.draft_id, e.draft_name, e.draft_fold_path, e.draft_root_path, e.draft_new_version],
      [meta.draft_id, "Reg", filePath, w.draftsDir, ""],
    );
    assertEquals(e.draft_json_file, `${filePath}/draft_content.json`);
    assertEquals(e.draft_cover, `${filePath}/draft_cover.jpg`);
    assertEquals([e.tm_duration, e.tm_draft_create], [0, meta.tm_draft_create]);
    assertEquals(e.draft_is_pippit_draft, false);
    assertEquals(e.future_key, {}, "the editor's own keys are carried, blank");

    const cap = await runInProcess([
      "captions",
      "add",
      draftId,
      "--captions",
      JSON.stringify([{ text: "hi", start: 0, end: 2_000_000 }]),
    ], { env: w.env });
    assertEquals(cap.code, 0, cap.stderr);
    idx = await readJson(index);
    assertEquals(idx.all_draft_store.length, 2, "no second entry");
    assertEquals(idx.draft_ids, 8);
    e = idx.all_draft_store[0];
    assertEquals(e.tm_duration, 2_000_000);
    const meta2 = await readJson(`${filePath}/draft_meta_info.json`);
    assertEquals(e.tm_draft_modified, meta2.tm_draft_modified);
    assertEquals(idx.all_draft_store[1], foreign);

    // a JianYing draft in a folder that has an index is registered too
    const jy = await runInProcess(["draft", "create", "--editor", "jianying"], { env: w.env });
    assertEquals((jy.json as Json).editorIndex, "added");
    assertEquals((await readJson(index)).all_draft_store.length, 3);
    const files = [...Deno.readDirSync(w.draftsDir)].map((d) => d.name).filter((n) =>
      n.startsWith("root_meta_info")
    ).sort();
    assertEquals(files, [
      "root_meta_info.json",
      "root_meta_info.json.draftcli-1.bak",
      "root_meta_info.json.draftcli-2.bak",
    ]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("a CapCut draft in an empty folder creates the index; an unparseable index is left alone", async () => {
  const w = await tempWorld();
  try {
    const r = await runInProcess(["draft", "create", "--editor", "capcut"], { env: w.env });
    assertEquals((r.json as Json).editorIndex, "created");
    const idx = await readJson(`${w.draftsDir}/root_meta_info.json`);
    assertEquals(idx.all_draft_store.map((e: Json) => e.draft_fold_path), [
      (r.json as Json).filePath,
    ]);
    assertEquals([idx.draft_ids, idx.root_path], [1, w.draftsDir]);

    await Deno.writeTextFile(`${w.draftsDir}/root_meta_info.json`, '{"all_draft_store": [');
    const bad = await runInProcess(["draft", "create", "--editor", "capcut"], { env: w.env });
    assertEquals(bad.code, 0, bad.stderr);
    assertEquals((bad.json as Json).editorIndex, "malformed");
    assert(/warning: .*root_meta_info\.json.*untouched/.test(bad.stderr), bad.stderr);
    assertEquals(
      await Deno.readTextFile(`${w.draftsDir}/root_meta_info.json`),
      '{"all_draft_store": [',
    );
    await Deno.stat(`${(bad.json as Json).filePath}/draft_content.json`);
  } finally {
    await w.cleanup();
  }
});

Deno.test("editors: profiles, detection and the support matrix", async () => {
  const w = await tempWorld();
  try {
    await appDraft(`${w.draftsDir}/App draft`);
    const r = await runInProcess(["editors"], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const out = r.json as Json;
    assertEquals(out.newDrafts.editor, "capcut");
    assertEquals(out.newDrafts.appVersion, "8.1.1");
    assertEquals(out.newDrafts.markers, "detected");
    assertEquals(out.newDrafts.draftsDir, w.draftsDir);
    const cc = out.detected.find((d: Json) => d.editor === "capcut");
    assertEquals(cc.newestAppDraft.name, "1. Fotiha");
    assertEquals(cc.newestAppDraft.appVersion, "8.1.1");
    assertEquals(cc.newestAppDraft.profile, "capcut-7-8");
    assertEquals(out.detected.find((d: Json) => d.editor === "jianying").newestAppDraft, null);
    assertEquals(out.config, { editor: null, editorVersion: null });
    assertEquals(out.profiles.length, out.supportMatrix.length);
    const ids = out.profiles.map((p: Json) => p.id);
    for (const id of ["jianying-5", "jianying-6-9", "capcut-7-8", "capcut-9"]) {
      assert(ids.includes(id), id);
    }
    for (const row of out.supportMatrix) {
      assert(["real", "lib", "issue", "untested"].includes(row.evidence), row.evidence);
    }
    assertEquals(out.profiles.find((p: Json) => p.id === "capcut-9").maskList, "common_mask");
    // config shows up and steers the choice
    await runInProcess(["config", "set", "editor", "jianying"], { env: w.env });
    const again = (await runInProcess(["editors"], { env: w.env })).json as Json;
    assertEquals([again.config.editor, again.newDrafts.editor], ["jianying", "jianying"]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("a real CapCut 8.1 draft with Timelines/ takes captions and keeps every key", async () => {
  const w = await tempWorld();
  try {
    const dir = `${w.draftsDir}/1. Fotiha`;
    await copyDir(REAL, dir);
    const nested = `${dir}/Timelines/${MAIN_TIMELINE}/draft_content.json`;
    await Deno.mkdir(`${dir}/Timelines/${MAIN_TIMELINE}`);
    await Deno.copyFile(`${dir}/draft_content.json`, nested);
    const before = await readJson(`${dir}/draft_content.json`);
    const metaBefore = await readJson(`${dir}/draft_meta_info.json`);
    const untouched = [
      "Timelines/project.json",
      "timeline_layout.json",
      "draft_virtual_store.json",
    ];
    const sideBefore = await Promise.all(untouched.map((f) => Deno.readTextFile(`${dir}/${f}`)));

    const info = await runInProcess(["draft", "info", "1. Fotiha"], { env: w.env });
    assertEquals(info.code, 0, info.stderr);
    assertEquals([(info.json as Json).editor, (info.json as Json).editorProfile], [
      "capcut",
      "capcut-7-8",
    ]);

    const r = await runInProcess([
      "captions",
      "add",
      "1. Fotiha",
      "--captions",
      JSON.stringify([{ text: "added by draftcli", start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);

    const rootText = await Deno.readTextFile(`${dir}/draft_content.json`);
    assertEquals(await Deno.readTextFile(nested), rootText, "Timelines copy written identically");
    // No timeline file the editor did not write: the draft gains only what the edit needs.
    for (const f of ["draft_info.json", "template-2.tmp", "draft_settings"]) {
      await Deno.stat(`${dir}/${f}`).then(() => assert(false, `${f} created`), () => {});
    }
    const after = JSON.parse(rootText);
    for (const [k, v] of Object.entries(before)) {
      assert(k in after, `top-level key ${k} kept`);
      if (!["tracks", "materials", "duration"].includes(k)) assertEquals(after[k], v, k);
    }
    for (const [list, items] of Object.entries(before.materials as Record<string, Json[]>)) {
      const now = new Map((after.materials[list] as Json[]).map((m) => [m.id, m]));
      for (const m of items) assertEquals(now.get(m.id), m, `material ${list}/${m.id} intact`);
    }
    const segs = (d: Json) =>
      new Map(d.tracks.flatMap((t: Json) => t.segments).map((s: Json) => [s.id, s]));
    const segsAfter = segs(after);
    // The editor's segments are unchanged, render indexes included (the new track goes above).
    for (const [id, s] of segs(before)) {
      assert(segsAfter.has(id), `segment ${id} kept`);
      assertEquals(segsAfter.get(id), s, `segment ${id} intact`);
    }
    assertEquals(after.tracks.length, before.tracks.length + 1);
    const texts = after.materials.texts.map((t: Json) => JSON.parse(t.content).text);
    assert(texts.includes("added by draftcli"));
    assertEquals(after.platform, before.platform, "app's markers kept");

    const meta = await readJson(`${dir}/draft_meta_info.json`);
    for (const k of Object.keys(metaBefore)) assert(k in meta, `meta key ${k} kept`);
    assertEquals(meta.draft_materials, metaBefore.draft_materials);
    assertEquals(meta.draft_id, metaBefore.draft_id);
    assertEquals(meta.draft_fold_path, dir);
    assertEquals(
      await Promise.all(untouched.map((f) => Deno.readTextFile(`${dir}/${f}`))),
      sideBefore,
    );
    // no state file: the draft is still recognised as the app's
    await Deno.stat(`${dir}/.draftcli/state.json`).then(() => assert(false), () => {});
  } finally {
    await w.cleanup();
  }
});

Deno.test("when the editor saved only the Timelines/ copy, that newer copy is the one edited", async () => {
  const w = await tempWorld();
  try {
    const dir = `${w.draftsDir}/nested`;
    await copyDir(REAL, dir);
    const nested = `${dir}/Timelines/${MAIN_TIMELINE}/draft_content.json`;
    await Deno.mkdir(`${dir}/Timelines/${MAIN_TIMELINE}`);
    const c = await readJson(`${dir}/draft_content.json`);
    c.fps = 25;
    c.marker_from_app = "newer";
    await Deno.writeTextFile(nested, JSON.stringify(c));
    const old = new Date(Date.now() - 3_600_000);
    await Deno.utime(`${dir}/draft_content.json`, old, old);
    const r = await runInProcess([
      "captions",
      "add",
      "nested",
      "--captions",
      JSON.stringify([{ text: "x", start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const root = await readJson(`${dir}/draft_content.json`);
    assertEquals([root.fps, root.marker_from_app], [25, "newer"]);
    const rootText = await Deno.readTextFile(`${dir}/draft_content.json`);
    assertEquals(await Deno.readTextFile(nested), rootText);
    // Numbers keep the loaded copy's text (`25`, not the float rule's `25.0`).
    assert(rootText.includes(`"fps":25,`), "fps spelled as loaded");
  } finally {
    await w.cleanup();
  }
});

Deno.test("encrypted JianYing drafts are refused and left byte-identical", async () => {
  const w = await tempWorld();
  try {
    const dir = `${w.draftsDir}/enc`;
    await Deno.mkdir(dir);
    await Deno.copyFile(
      fixture("real-drafts/jianying-encrypted/draft_content.json"),
      `${dir}/draft_content.json`,
    );
    const before = await snapshotDir(dir);
    const info = await runInProcess(["draft", "info", "enc"], { env: w.env });
    assertEquals([info.code, info.error?.code], [7, "unsupported_draft"]);
    const add = await runInProcess([
      "captions",
      "add",
      "enc",
      "--captions",
      JSON.stringify([{ text: "x", start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals([add.code, add.error?.code], [7, "unsupported_draft"]);
    assert(add.error?.hint?.includes("encrypt"), add.error?.hint);
    assertEquals(await snapshotDir(dir), before);
    // a new draft next to it: JianYing 6+ detected, plaintext 5.9.0 stamp
    const r = await runInProcess(["draft", "create"], { env: w.env });
    const out = r.json as Json;
    assertEquals([out.editor, out.editorProfile, out.appVersion, out.markers], [
      "jianying",
      "jianying-6-9",
      "5.9.0",
      "profile",
    ]);
  } finally {
    await w.cleanup();
  }
});
