import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { chooseEditor, detectEditors, newestAppDrafts, readAppDraft } from "./detect.ts";
import type { OsName } from "./home.ts";
import { EDITION_FACTS } from "../editions/profiles.ts";
import type { Config } from "./config.ts";
import { tempDir } from "../../test/helpers/temp.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/real-drafts/", import.meta.url));
const TAIL = "User Data/Projects/com.lveditor.draft";

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyDir(`${from}/${e.name}`, `${to}/${e.name}`);
    else await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

/** A draft the app saved: the real CapCut 8.1.1 fixture, optionally restamped, at a given age. */
async function appDraft(
  dir: string,
  opts: { source?: string; appVersion?: string; newVersion?: string; ageS?: number } = {},
): Promise<void> {
  await copyDir(`${FIXTURES}capcut8.1-win-timelines`, dir);
  const path = `${dir}/draft_content.json`;
  const c: Json = JSON.parse(await Deno.readTextFile(path));
  if (opts.source === "lv") {
    for (const p of [c.platform, c.last_modified_platform]) {
      Object.assign(p, { app_source: "lv", app_id: 3704 });
    }
  }
  if (opts.appVersion) c.last_modified_platform.app_version = opts.appVersion;
  if (opts.newVersion) c.new_version = opts.newVersion;
  c.last_modified_platform.device_id = "f".repeat(32);
  await Deno.writeTextFile(path, JSON.stringify(c));
  const t = new Date(Date.now() - (opts.ageS ?? 0) * 1000);
  for (const f of ["draft_content.json", "draft_meta_info.json"]) {
    await Deno.utime(`${dir}/${f}`, t, t);
  }
}

async function withHome(fn: (home: string) => Promise<void>): Promise<void> {
  await using home = await tempDir("draftcli-detect-");
  await fn(home.path);
}

const choose = (
  env: Record<string, string>,
  os: OsName,
  config: Config = {},
  flags: { editor?: "jianying" | "capcut"; editorVersion?: string } = {},
) => chooseEditor({ env, os, config, ...flags });

Deno.test("readAppDraft: markers of an app-saved draft, device hashes blanked", async () => {
  await withHome(async (home) => {
    await appDraft(`${home}/d`);
    const m = await readAppDraft(`${home}/d`, "windows");
    assert(m);
    assertEquals(
      [m.edition, m.appVersion, m.newVersion, m.os, m.osVersion, m.profile, m.name, m.encrypted],
      ["capcut", "8.1.1", "159.0.0", "windows", "10.0.19045", "capcut-7-8", "1. Fotiha", false],
    );
    assertEquals(m.platform?.device_id, "");
    assertEquals(m.platform?.app_id, 359289);
    // drafts draftcli made are not app-written
    await Deno.mkdir(`${home}/d/.draftcli`);
    await Deno.writeTextFile(`${home}/d/.draftcli/state.json`, "{}");
    assertEquals(await readAppDraft(`${home}/d`), undefined);
  });
});

Deno.test("the newest app-written draft per edition wins; draftcli's own drafts are skipped", async () => {
  await withHome(async (root) => {
    await appDraft(`${root}/old`, { appVersion: "7.9.0", newVersion: "155.0.0", ageS: 3600 });
    await appDraft(`${root}/new`, { ageS: 60 });
    await appDraft(`${root}/ours`); // newest, but made by draftcli
    await Deno.mkdir(`${root}/ours/.draftcli`);
    await Deno.writeTextFile(`${root}/ours/.draftcli/state.json`, "{}");
    await appDraft(`${root}/jy`, { source: "lv", appVersion: "5.9.0", ageS: 7200 });
    await Deno.mkdir(`${root}/empty`);
    const found = await newestAppDrafts(root, { os: "windows" });
    assertEquals(found.capcut?.dir, `${root}/new`);
    assertEquals(found.jianying?.dir, `${root}/jy`);
    assertEquals(found.jianying?.profile, "jianying-5");
  });
});

Deno.test("encrypted JianYing drafts still reveal JianYing 6+ (and a known new_version)", async () => {
  await withHome(async (root) => {
    const dir = `${root}/enc`;
    await Deno.mkdir(dir);
    await Deno.copyFile(
      `${FIXTURES}jianying-encrypted/draft_content.json`,
      `${dir}/draft_content.json`,
    );
    let m = await readAppDraft(dir, "windows");
    assertEquals([m?.edition, m?.encrypted, m?.appVersion, m?.profile], [
      "jianying",
      true,
      undefined,
      "jianying-6-9",
    ]);
    // no meta file: the root index entry may name the schema version
    await Deno.writeTextFile(
      `${root}/root_meta_info.json`,
      JSON.stringify({ all_draft_store: [{ draft_fold_path: dir, draft_new_version: "110.0.0" }] }),
    );
    m = await readAppDraft(dir, "linux");
    assertEquals([m?.newVersion, m?.appVersion, m?.profile], ["110.0.0", "5.9.0", "jianying-5"]);
    await Deno.writeTextFile(
      `${dir}/draft_meta_info.json`,
      JSON.stringify({ draft_new_version: "140.0.0" }),
    );
    m = await readAppDraft(dir, "linux");
    assertEquals([m?.newVersion, m?.appVersion, m?.profile], [
      "140.0.0",
      undefined,
      "jianying-6-9",
    ]);
    // a new draft gets the plaintext stamp, not the unknown version
    const c = await choose({ HOME: root, DRAFTCLI_DRAFTS_DIR: root }, "linux");
    assertEquals([c.edition, c.profile.id, c.stamp.appVersion, c.markers], [
      "jianying",
      "jianying-6-9",
      "5.9.0",
      "profile",
    ]);
    assertEquals(c.why, { editor: "detected-draft", version: "detected-draft" });
  });
});

Deno.test("mac: the CapCut folder under ~/Movies is detected and its newest draft's markers copied", async () => {
  await withHome(async (home) => {
    const env = { HOME: home };
    let c = await choose(env, "mac");
    assertEquals([c.edition, c.why.editor, c.markers], ["jianying", "default", "profile"]);
    const root = `${home}/Movies/CapCut/${TAIL}`;
    await Deno.mkdir(root, { recursive: true });
    c = await choose(env, "mac");
    assertEquals([c.edition, c.why.editor, c.root, c.profile.id], [
      "capcut",
      "installed",
      root,
      "capcut-7-8",
    ]);
    await appDraft(`${root}/mine`, { appVersion: "9.3.1", newVersion: "186.0.0" });
    c = await choose(env, "mac");
    assertEquals([c.edition, c.why.editor, c.why.version, c.markers], [
      "capcut",
      "detected-draft",
      "detected-draft",
      "detected",
    ]);
    assertEquals(c.profile.id, "capcut-9");
    assertEquals([c.stamp.appVersion, c.newVersionOverride], ["9.3.1", "186.0.0"]);
    assertEquals(c.platformOverride?.device_id, "");
    // config beats detection; config editorVersion applies only to its own editor
    c = await choose(env, "mac", { editor: "jianying", editorVersion: "11" });
    assertEquals([c.edition, c.profile.id, c.why.editor, c.why.version], [
      "jianying",
      "jianying-10",
      "config",
      "config",
    ]);
    c = await choose(env, "mac", { editor: "jianying", editorVersion: "11" }, { editor: "capcut" });
    assertEquals([c.edition, c.why.version, c.stamp.appVersion], [
      "capcut",
      "detected-draft",
      "9.3.1",
    ]);
    // an explicit version covering the detected one keeps its markers; another one uses the table
    c = await choose(env, "mac", {}, { editorVersion: "9" });
    assertEquals([c.markers, c.stamp.appVersion], ["detected", "9.3.1"]);
    c = await choose(env, "mac", {}, { editorVersion: "7" });
    assertEquals([c.markers, c.stamp.appVersion, c.stamp.newVersion], [
      "table",
      "7.9.0",
      "155.0.0",
    ]);
    c = await choose(env, "mac", {}, { editorVersion: "8.1" });
    assertEquals([c.markers, c.stamp.appVersion, c.stamp.newVersion, c.profile.id], [
      "profile",
      "8.1.1",
      "159.0.0",
      "capcut-7-8",
    ]);
  });
});

Deno.test("windows: folders under %LOCALAPPDATA%; with both editors the newest app draft decides", async () => {
  await withHome(async (home) => {
    // Windows paths are composed with "\\"; on this Linux test host such a path is one folder
    // name below $LOCALAPPDATA, which is enough to exercise the layout.
    const env = { USERPROFILE: home, LOCALAPPDATA: `${home}/AppData/Local` };
    const jy = EDITION_FACTS.jianying.defaultDraftsRoot("windows", env)!;
    const cc = EDITION_FACTS.capcut.defaultDraftsRoot("windows", env)!;
    assertEquals(jy, `${home}/AppData/Local\\JianyingPro\\User Data\\Projects\\com.lveditor.draft`);
    await Deno.mkdir(jy, { recursive: true });
    let c = await choose(env, "windows");
    assertEquals([c.edition, c.why.editor, c.root], ["jianying", "installed", jy]);
    await Deno.mkdir(cc, { recursive: true });
    await appDraft(`${cc}/a`, { ageS: 600 });
    await appDraft(`${jy}/b`, {
      source: "lv",
      appVersion: "5.9.0",
      newVersion: "110.0.0",
      ageS: 60,
    });
    c = await choose(env, "windows");
    assertEquals([c.edition, c.root, c.stamp.appVersion, c.markers], [
      "jianying",
      jy,
      "5.9.0",
      "detected",
    ]);
    const d = await detectEditors({ env, config: {}, os: "windows" });
    assertEquals(d.map((x) => [x.edition, x.installed, x.newestAppDraft?.appVersion]), [
      ["jianying", true, "5.9.0"],
      ["capcut", true, "8.1.1"],
    ]);
  });
});

Deno.test("an explicit drafts folder is scanned for both editors", async () => {
  await withHome(async (home) => {
    const root = `${home}/relocated`;
    await appDraft(`${root}/x`);
    const c = await choose({ HOME: home, DRAFTCLI_DRAFTS_DIR: root }, "linux");
    assertEquals([c.edition, c.root, c.markers, c.stamp.appVersion], [
      "capcut",
      root,
      "detected",
      "8.1.1",
    ]);
  });
});
