/**
 * Clean drafts: for every profile, a draft with every item kind holds only what the caller gave,
 * what the editor writes in a fresh draft, and what draftcli derives. No string in any file of
 * the folder (every JSON file, the drafts folder's index) is a path outside the draft folder,
 * the drafts folder or the caller's media, or a value taken from the editor-saved drafts the
 * defaults were extracted from; caption texts and fonts are the caller's; device hashes are
 * blank; CapCut transitions and video effects carry effect_id = resource_id; every key the
 * editors write as a float is written as a float; `draft validate` finds no foreign value.
 * Drafts are built in-process (runInProcess); the validate of each runs as a real process.
 */
import { deepStrictEqual, equal, ok as assert } from "node:assert/strict";
import { fixture, runCli, runInProcess, tempWorld } from "./helpers/cli.ts";
import { buildEveryKind, CALLER_TEXTS, EVERY_PROFILE } from "./helpers/every_kind.ts";
import { floatPaths } from "../src/draft/json_numbers.ts";
import floatKeys from "../src/editions/data/float_keys.json" with { type: "json" };
import { isAbsolutePath } from "../src/draft/checks/foreign.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const ID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
/** Colours (the caller's or the editor's defaults) are not instance values. */
const COLOUR = /^#[0-9A-Fa-f]{6,8}$/;
/** Keys whose values are the editor's fixed names (keyframe types, the cover file name). */
const FIXED_NAMES = new Set(["property_type", "draft_cover"]);

/** Every string in a JSON value (and in JSON held inside strings), with its key. */
function strings(v: unknown, key = "", out: [string, string][] = []): [string, string][] {
  if (typeof v === "string") {
    out.push([key, v]);
    if (v.startsWith("{")) {
      try {
        strings(JSON.parse(v), key, out);
      } catch { /* plain text */ }
    }
  } else if (Array.isArray(v)) { for (const x of v) strings(x, key, out); }
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v as Json)) strings(x, k, out);
  }
  return out;
}

/** Instance strings of the editor-saved drafts (not enumerations, ids, numbers or short words). */
async function referenceInstanceStrings(): Promise<Set<string>> {
  const out = new Set<string>();
  const root = fixture("real-drafts");
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else if (/\.(json|tmp)$/.test(e.name)) {
        let json: unknown;
        try {
          json = JSON.parse(await Deno.readTextFile(p));
        } catch {
          continue;
        }
        for (const [, s] of strings(json)) {
          if (s.length >= 6 && !ID.test(s) && !/^[\d.]+$/.test(s) && !/^[a-z_]+$/.test(s)) {
            out.add(s);
          }
        }
      }
    }
  };
  await walk(root);
  return out;
}

async function filesOf(dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(`${dir}/${rel}`)) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory) out.push(...await filesOf(dir, r));
    else out.push(r);
  }
  return out;
}

const FLOATS = new Set(floatKeys.timeline);
const REFERENCE = await referenceInstanceStrings();

for (const p of EVERY_PROFILE) {
  Deno.test(`clean draft: ${p.edition} ${p.version} holds no foreign value`, async () => {
    const w = await tempWorld();
    try {
      const b = await buildEveryKind(w.env, p.edition, p.version, [], runInProcess);
      const mediaDir = fixture("");
      const allowedRoots = [b.dir, w.draftsDir, mediaDir].map((r) => r.replace(/\/+$/, ""));
      const problems: string[] = [];
      const files = (await filesOf(b.dir)).filter((f) => /\.(json|tmp)$/.test(f));
      const index = `${w.draftsDir}/root_meta_info.json`;
      const targets = files.map((f) => ({ name: f, path: `${b.dir}/${f}` }));
      try {
        await Deno.stat(index);
        targets.push({ name: "root_meta_info.json", path: index });
      } catch { /* JianYing: no index created */ }
      assert(targets.length >= 5, `files checked: ${targets.map((t) => t.name)}`);
      for (const t of targets) {
        let json: unknown;
        try {
          json = JSON.parse(await Deno.readTextFile(t.path));
        } catch {
          continue; // empty sibling files the editor writes empty
        }
        for (const [key, s] of strings(json)) {
          if (isAbsolutePath(s) && !allowedRoots.some((r) => s === r || s.startsWith(r + "/"))) {
            problems.push(`${t.name} ${key}: path ${s}`);
          }
          if (
            REFERENCE.has(s) && !CALLER_TEXTS.includes(s) && !COLOUR.test(s) &&
            !FIXED_NAMES.has(key)
          ) {
            problems.push(`${t.name} ${key}: ${JSON.stringify(s)} comes from a reference draft`);
          }
        }
      }
      const c = b.content;
      for (const m of c.materials.texts as Json[]) {
        const text = JSON.parse(m.content).text;
        assert(CALLER_TEXTS.includes(text), `caption text ${text}`);
        assert(["", text].includes(m.base_content), `base_content ${m.base_content}`);
        equal(m.font_path, "", "default captions use the editor's default font");
      }
      for (const block of ["platform", "last_modified_platform"]) {
        for (const k of ["device_id", "hard_disk_id", "mac_address"]) {
          equal(c[block][k], "", `${block}.${k} blank`);
        }
      }
      if (p.edition === "capcut") {
        const withEffectIds = [...c.materials.transitions, ...c.materials.video_effects];
        assert(withEffectIds.length >= 2);
        for (const m of withEffectIds) equal(m.effect_id, m.resource_id, `${m.name} effect_id`);
      }
      const raw = await Deno.readTextFile(`${b.dir}/draft_content.json`);
      const { ints, floats } = floatPaths(raw);
      deepStrictEqual([...ints].filter((k) => FLOATS.has(k)), [], "float keys written as floats");
      assert(floats.has("fps") && floats.has("tracks[].segments[].clip.scale.x"));
      deepStrictEqual(problems, [], problems.join("\n"));

      const v = await runCli(["draft", "validate", b.draftId], { env: w.env });
      equal(v.code, 0, v.stdout + v.stderr);
      const codes = [...(v.json as Json).errors, ...(v.json as Json).warnings].map((x) => x.code);
      assert(!codes.some((x: string) => x.startsWith("foreign_value")), v.stdout);
    } finally {
      await w.cleanup();
    }
  });
}

const NOTO = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
const hasNoto = await Deno.stat(NOTO).then(() => true, () => false);

Deno.test({
  name: "captions --font: an installed font file is written as the editor records a local font",
  ignore: !hasNoto,
}, async () => {
  const w = await tempWorld();
  try {
    const font = `${w.root}/MyFont.ttc`;
    await Deno.copyFile(NOTO, font);
    const env = w.env;
    const c = await runInProcess(["draft", "create", "--editor", "capcut"], { env });
    const { draftId, filePath } = c.json as Json;
    const cap = (font: string) =>
      runInProcess([
        "captions",
        "add",
        draftId,
        "--captions",
        JSON.stringify([{ text: "hi", start: 0, end: 1_000_000 }]),
        "--font",
        font,
      ], { env });
    equal((await cap(font)).code, 0);
    const bad = await cap("Surely No Such Font 123");
    equal(bad.code, 2);
    equal(bad.error?.code, "unknown_name");
    assert(bad.error?.message.includes("closest:"), bad.stderr);
    const content = JSON.parse(await Deno.readTextFile(`${filePath}/draft_content.json`));
    const [m] = content.materials.texts;
    equal(m.font_path, font);
    equal(m.font_resource_id, "");
    deepStrictEqual(JSON.parse(m.content).styles[0].font, { id: "", path: font });
    const v = await runCli(["draft", "validate", draftId], { env });
    equal(v.code, 0, v.stdout);
    deepStrictEqual((v.json as Json).warnings, []);
  } finally {
    await w.cleanup();
  }
});
