/**
 * A person's own draft (saved by an editor or a peer tool) is their property: read commands leave
 * its folder byte-identical, and one `captions add` plus one `images add` change only what they
 * add (structural diff: items by id, number text, string escapes, key order), keeping `0.0` as
 * `0.0`, a peer's `30` as `30`, every existing render index, `draft_settings` but for its
 * last-edit time, and a draft without a meta file valid. Runs over test/fixtures/corpus and the
 * plaintext drafts of test/fixtures/real-drafts, in-process (runApp).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runApp } from "../src/cli/app.ts";
import { fileUrl, fixture, tempWorld } from "./helpers/cli.ts";
import { type Change, structuralDiff } from "./helpers/structural_diff.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;

/** Every plaintext draft folder of the corpus and of the real-draft fixtures. */
function ownDrafts(): { name: string; dir: string }[] {
  const out: { name: string; dir: string }[] = [];
  for (const set of ["corpus", "real-drafts"]) {
    for (const e of Deno.readDirSync(`${FIXTURES}${set}`)) {
      if (!e.isDirectory || e.name.includes("encrypted")) continue;
      out.push({ name: `${set}/${e.name}`, dir: `${FIXTURES}${set}/${e.name}` });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function copyDir(from: string, to: string): void {
  Deno.mkdirSync(to, { recursive: true });
  for (const e of Deno.readDirSync(from)) {
    if (e.isDirectory) copyDir(`${from}/${e.name}`, `${to}/${e.name}`);
    else Deno.copyFileSync(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

/** A copy of a draft fixture, with its `Timelines/<id>/` copy as the editor saved it. */
function copyDraft(from: string, to: string): void {
  copyDir(from, to);
  try {
    const main = JSON.parse(Deno.readTextFileSync(`${to}/Timelines/project.json`)).main_timeline_id;
    Deno.mkdirSync(`${to}/Timelines/${main}`, { recursive: true });
    const nested = `${to}/Timelines/${main}/draft_content.json`;
    // The fixture leaves out that byte-identical copy of the root file (README).
    if (!Array.from(Deno.readDirSync(`${to}/Timelines/${main}`)).length) {
      Deno.copyFileSync(`${to}/draft_content.json`, nested);
    }
  } catch { /* no Timelines/ */ }
}

/** Every file (bytes) and folder of a tree, with its modification time: a read changes none. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string, rel: string) => {
    for (const e of Deno.readDirSync(d)) {
      const p = `${d}/${e.name}`;
      const st = Deno.statSync(p);
      if (e.isDirectory) {
        out.set(`${rel}${e.name}/`, `dir ${st.mtime?.getTime()}`);
        walk(p, `${rel}${e.name}/`);
      } else out.set(`${rel}${e.name}`, `${st.mtime?.getTime()} ${Deno.readTextFileSync(p)}`);
    }
  };
  walk(dir, "");
  out.set("/", `dir ${Deno.statSync(dir).mtime?.getTime()}`);
  return out;
}

async function world() {
  const w = await tempWorld();
  const run = async (argv: string[]) => {
    let out = "";
    let err = "";
    const code = await runApp(argv, {
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      readStdin: () => Promise.resolve(""),
      env: { ...w.env, DRAFTCLI_CACHE_DIR: `${w.root}/cache` },
      stderrIsTerminal: false,
    });
    return { code, out, err, json: out.trim() ? JSON.parse(out) as Json : undefined };
  };
  return { w, run };
}

const READS = (id: string): string[][] => [
  ["draft", "info", id],
  ["draft", "validate", id],
  ["draft", "export", id],
  ["draft", "list"],
  ...["images", "videos", "audios", "captions", "effects", "filters", "transitions"]
    .map((g) => [g, "list", id]),
  ["keyframes", "list", id],
  ["masks", "list", id],
  ["sticker", "list", id],
];

Deno.test("reads leave a person's draft folder byte-identical", async () => {
  const { w, run } = await world();
  try {
    for (const { name, dir } of ownDrafts()) {
      const id = name.replace("/", "-");
      const target = `${w.draftsDir}/${id}`;
      copyDraft(dir, target);
      // Timestamps a write would move are seen: keep the copy's clearly in the past.
      const past = new Date(Date.now() - 3_600_000);
      for (const [rel] of snapshot(target)) {
        Deno.utimeSync(rel === "/" ? target : `${target}/${rel}`, past, past);
      }
      const before = snapshot(target);
      for (const argv of READS(id)) {
        await run(argv);
        const after = snapshot(target);
        const changed = [...new Set([...before.keys(), ...after.keys()])]
          .filter((k) => before.get(k) !== after.get(k));
        assertEquals(changed, [], `${name}: '${argv.join(" ")}' changed the folder`);
      }
    }
  } finally {
    await w.cleanup();
  }
});

/** Meta keys a save must set (times, duration, media size, where the folder now is). */
const META_SET =
  /^(tm_draft_modified|tm_duration|draft_timeline_materials_size_|draft_fold_path|draft_root_path)$/;

/** Changes a captions add + images add may make: what they add, and the keys they must set. */
function unexpected(changes: Change[], added: Set<string>, file: string): Change[] {
  return changes.filter((c) => {
    if ([...added].some((id) => c.path.includes(id))) return false;
    // A list of items with ids gains the new ones (shown as an id-order change when sorted in).
    if (c.kind === "item-order") return false;
    if (file === "draft_meta_info.json" && META_SET.test(c.path)) return false;
    // The timeline's duration grows when the new items end after it.
    if (c.path === "duration" && c.kind === "value") return false;
    // A list the draft lacked, created to hold a new item (e.g. a first text track's list).
    if (c.kind === "added" && c.after?.startsWith("[")) return false;
    return true;
  });
}

const ids = (text: string) => new Set([...text.matchAll(/"id":\s*"([^"]+)"/g)].map((m) => m[1]));

Deno.test("captions add + images add change only their own paths in a person's draft", async () => {
  const { w, run } = await world();
  try {
    for (const { name, dir } of ownDrafts()) {
      const id = name.replace("/", "-");
      const target = `${w.draftsDir}/${id}`;
      copyDraft(dir, target);
      const files = [...snapshot(target).keys()].filter((f) => !f.endsWith("/"));
      const before = new Map(files.map((f) => [f, Deno.readTextFileSync(`${target}/${f}`)]));
      const loaded = JSON.parse(
        before.get("draft_content.json") ?? before.get("draft_info.json") ?? "{}",
      );

      const c = await run([
        "captions",
        "add",
        id,
        "--captions",
        JSON.stringify([{ text: "added", start: 0, end: 1_000_000 }]),
      ]);
      assertEquals(c.code, 0, `${name}: ${c.err}`);
      const i = await run([
        "images",
        "add",
        id,
        "--image-infos",
        JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }]),
      ]);
      assertEquals(i.code, 0, `${name}: ${i.err}`);

      const old = new Set([...before.values()].flatMap((t) => [...ids(t)]));
      const added = new Set<string>();
      for (const f of files) {
        if (!f.endsWith(".json")) continue;
        for (const x of ids(Deno.readTextFileSync(`${target}/${f}`))) if (!old.has(x)) added.add(x);
      }
      for (const [f, text] of before) {
        const now = Deno.readTextFileSync(`${target}/${f}`);
        if (now === text) continue;
        if (f === "draft_settings") {
          // Only the last-edit time moves; every other line stays.
          const a = text.split("\n");
          const b = now.split("\n");
          assertEquals(b.length, a.length, `${name}: draft_settings lines`);
          const moved = a.filter((l, k) => l !== b[k]).map((l) => l.split("=")[0]);
          assertEquals(moved, ["draft_last_edit_time"], `${name}: draft_settings`);
          continue;
        }
        assert(f.endsWith(".json") || f.endsWith(".tmp"), `${name}: ${f} changed`);
        const wrong = unexpected(structuralDiff(text, now), added, f);
        assertEquals(wrong, [], `${name}: ${f}`);
      }
      // No new file beside the editor's, but the media placed in resources/.
      const now = [...snapshot(target).keys()].filter((k) => !before.has(k) && !k.endsWith("/"));
      assertEquals(now.filter((k) => !k.startsWith("resources/")), [], `${name}: new files`);
      assert(!now.some((k) => k.startsWith(".draftcli")), `${name}: .draftcli/ left behind`);

      // Render indexes of the editor's segments stay as they were.
      const after = JSON.parse(
        Deno.readTextFileSync(
          `${target}/${
            before.has("draft_content.json") ? "draft_content.json" : "draft_info.json"
          }`,
        ),
      );
      const seg = new Map<string, Json>(
        after.tracks.flatMap((t: Json) => t.segments).map((s: Json) => [s.id, s]),
      );
      for (const s of loaded.tracks.flatMap((t: Json) => t.segments)) {
        assertEquals(
          [seg.get(s.id)?.render_index, seg.get(s.id)?.track_render_index],
          [s.render_index, s.track_render_index],
          `${name}: render indexes of ${s.id}`,
        );
      }
      // A draft without a meta file stays without one, and its media need none.
      if (!before.has("draft_meta_info.json")) {
        assert(!now.includes("draft_meta_info.json"), `${name}: meta file created`);
        const v = await run(["draft", "validate", id]);
        const codes = (v.json?.errors ?? []).map((e: Json) => e.code);
        assert(!codes.includes("dangling_local_material"), `${name}: ${codes}`);
      }
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("an edit keeps an editor's 0.0 and a peer's 30 as they were written", async () => {
  const { w, run } = await world();
  try {
    const cases = [
      {
        from: "corpus/capcut6.2-win-effects",
        file: "draft_content.json",
        text: '"edge_smooth_value":0.0',
      },
      {
        from: "corpus/jianying5.4-mac-compound",
        file: "draft_info.json",
        text: '"aspectRatio":1.0',
      },
      { from: "corpus/peer-pyjianyingdraft", file: "draft_content.json", text: '"fps": 30,' },
    ];
    for (const { from, file, text } of cases) {
      const id = from.split("/")[1];
      copyDir(`${FIXTURES}${from}`, `${w.draftsDir}/${id}`);
      const count = (t: string) => t.split(text).length - 1;
      const before = count(Deno.readTextFileSync(`${w.draftsDir}/${id}/${file}`));
      assert(before > 0, `${from} has ${text}`);
      const r = await run([
        "captions",
        "add",
        id,
        "--captions",
        JSON.stringify([{ text: "x", start: 0, end: 500_000 }]),
      ]);
      assertEquals(r.code, 0, r.err);
      assertEquals(count(Deno.readTextFileSync(`${w.draftsDir}/${id}/${file}`)), before, from);
    }
  } finally {
    await w.cleanup();
  }
});
