/**
 * A draft's name never becomes a path: hostile and long names on import, zip, delete; outputs
 * name the draft by its id; many commands making drafts of one name at once all succeed (real
 * processes; the rest runs in-process).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { basename, dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { fileUrl, fixture, runCli, runInProcess, runOk, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const EVIL = "x/../../esc";

/** Runs a command in-process; fails unless it exits 0. */
const ok = (w: { env: Record<string, string> }, args: string[]) => runOk(w, args, runInProcess);

/** Gives a draft a name no command accepts (what an earlier build's import stored). */
function setNameByHand(dir: string, name: string): void {
  const path = join(dir, "draft_meta_info.json");
  const meta = JSON.parse(Deno.readTextFileSync(path));
  meta.draft_name = name;
  Deno.writeTextFileSync(path, JSON.stringify(meta));
}

const names = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

Deno.test("import: --name with separators is refused; a zip's own such name is cleaned", async () => {
  const w = await tempWorld();
  try {
    const src = await ok(w, ["draft", "create", "--name", "Seed"]);
    setNameByHand(src.filePath, EVIL);
    const zip = join(w.root, "seed.zip");
    await ok(w, ["draft", "zip", src.draftId, "--output", zip]);
    const before = names(w.root);

    const refused = await runInProcess(["draft", "import", zip, "--name", EVIL], { env: w.env });
    assertEquals([refused.code, refused.error?.code, refused.error?.path], [
      2,
      "invalid_input",
      "name",
    ]);
    assertEquals(names(w.draftsDir), [src.draftId]);

    const r = await runInProcess(["draft", "import", zip], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const out = r.json as Json;
    assertEquals(out.filePath, join(w.draftsDir, out.draftId));
    assertEquals(out.name, "x....esc");
    assert(/not a valid draft name/.test(r.stderr), r.stderr);
    const meta = JSON.parse(Deno.readTextFileSync(join(out.filePath, "draft_meta_info.json")));
    assertEquals(meta.draft_name, "x....esc");
    assertEquals(names(w.draftsDir), [src.draftId, out.draftId].sort());
    assertEquals(names(w.root), before, "nothing appeared beside the drafts folder");
  } finally {
    await w.cleanup();
  }
});

Deno.test("zip and rename of a draft named x/../../esc stay inside and give its id", async () => {
  const w = await tempWorld();
  try {
    const d = await ok(w, ["draft", "create", "--name", "Seed"]);
    setNameByHand(d.filePath, EVIL);
    const out = join(w.root, "out");
    Deno.mkdirSync(out);
    const before = names(w.root);

    const z = await runInProcess(["draft", "zip", EVIL, "--output", `${out}/`], { env: w.env });
    assertEquals(z.code, 0, z.stderr);
    const zipPath = join(out, `${d.draftId}.zip`);
    assertEquals([(z.json as Json).draftId, (z.json as Json).zipPath], [d.draftId, zipPath]);
    assertEquals(names(out), [`${d.draftId}.zip`]);
    assertEquals(names(w.root), before, "no esc.zip beside out/");
    const entries = Object.keys(unzipSync(Deno.readFileSync(zipPath)));
    assert(entries.length > 0 && entries.every((e) => e.startsWith(`${d.draftId}/`)), entries[0]);

    const ren = await ok(w, ["draft", "rename", EVIL, "--name", "Calm"]);
    assertEquals([ren.draftId, ren.previousName, ren.filePath], [d.draftId, EVIL, d.filePath]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("delete of a draft named x/../../esc stays inside the drafts folder", async () => {
  const w = await tempWorld();
  try {
    const d = await ok(w, ["draft", "create", "--name", "Seed"]);
    setNameByHand(d.filePath, EVIL);
    const before = names(w.root);
    const del = await runInProcess(["draft", "delete", EVIL, "--yes"], { env: w.env });
    assertEquals(del.code, 0, del.stderr);
    assertEquals(names(w.root), before, "the grave was inside the drafts folder, and is gone");
    assertEquals(names(w.draftsDir), []);
    assertEquals(del.json, { draftId: d.draftId, filePath: d.filePath, deleted: true });
  } finally {
    await w.cleanup();
  }
});

Deno.test("a 90-character Chinese name: create, duplicate, info and delete by name", async () => {
  const w = await tempWorld();
  try {
    const name = "视频草稿名称".repeat(15);
    assertEquals([...name].length, 90);
    const a = await ok(w, ["draft", "create", "--name", name]);
    assertEquals([a.name, basename(a.filePath)], [name, a.draftId]);
    const copy = await ok(w, ["draft", "duplicate", a.draftId, "--name", `${name}2`]);
    assertEquals(basename(copy.filePath), copy.draftId);
    const info = await ok(w, ["draft", "info", name]);
    assertEquals(info.draftId, a.draftId);
    const del = await ok(w, ["draft", "delete", name, "--yes"]);
    assertEquals(del.draftId, a.draftId);
    assertEquals(names(w.draftsDir), [copy.draftId]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("outputs name the draft by its id; a missing file is named with one index", async () => {
  const w = await tempWorld();
  try {
    const d = await ok(w, ["draft", "create", "--name", "By name"]);
    // An earlier build's folder named after the draft: its folder name resolves too.
    const folder = join(w.draftsDir, "CON_");
    Deno.renameSync(d.filePath, folder);
    const image = [{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }];
    for (const ref of ["By name", "CON_"]) {
      const add = await ok(w, ["images", "add", ref, "--image-infos", JSON.stringify(image)]);
      assertEquals(add.draftId, d.draftId, ref);
      const ren = await ok(w, ["draft", "rename", ref, "--name", "By name"]);
      assertEquals(ren.draftId, d.draftId, ref);
    }
    const exp = await ok(w, ["draft", "export", "CON_"]);
    assertEquals((exp._export as Record<string, unknown>).draftId, d.draftId);
    const zip = await ok(w, ["draft", "zip", "CON_", "--output", join(w.root, "a.zip")]);
    assertEquals(zip.draftId, d.draftId);

    const missing = [{ imageUrl: join(w.root, "nope.png"), start: 0, end: 1_000_000 }];
    const bad = await runInProcess(
      ["images", "add", d.draftId, "--image-infos", JSON.stringify(missing)],
      {
        env: w.env,
      },
    );
    assertEquals([bad.code, bad.error?.code, bad.error?.path], [
      5,
      "media_not_found",
      "imageInfos[0].imageUrl",
    ]);
    assert(bad.error!.message.startsWith("imageInfos[0].imageUrl:"), bad.error!.message);

    const del = await ok(w, ["draft", "delete", "CON_", "--yes"]);
    assertEquals(del.draftId, d.draftId);
  } finally {
    await w.cleanup();
  }
});

Deno.test("30 concurrent create/duplicate/fill/import calls with one name all succeed", async () => {
  const w = await tempWorld();
  try {
    const src = await ok(w, ["draft", "create", "--name", "Source"]);
    await ok(w, [
      "captions",
      "add",
      src.draftId,
      "--captions",
      JSON.stringify([{ text: "Hello", start: 0, end: 1_000_000 }]),
    ]);
    const zip = join(w.root, "src.zip");
    await ok(w, ["draft", "zip", src.draftId, "--output", zip]);
    const name = "同名 Same";
    const kinds: string[][] = [
      ["draft", "create", "--name", name],
      ["draft", "duplicate", src.draftId, "--name", name],
      ["draft", "fill", src.draftId, "--name", name, "--texts", '{"Hello":"Bye"}'],
      ["draft", "import", zip, "--name", name],
    ];
    const env = { ...w.env, DRAFTCLI_LOCK_TIMEOUT_MS: "180000" };
    const runs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => runCli(kinds[i % kinds.length], { env })),
    );
    for (const r of runs) assertEquals(r.code, 0, r.stderr);
    const ids = runs.map((r) => (r.json as Json).draftId as string);
    assertEquals(new Set(ids).size, 30);
    for (const r of runs) {
      const out = r.json as Json;
      assertEquals(out.filePath, join(w.draftsDir, out.draftId));
      const meta = JSON.parse(Deno.readTextFileSync(join(out.filePath, "draft_meta_info.json")));
      assertEquals([meta.draft_id, meta.draft_name], [out.draftId, name]);
    }
    assertEquals(names(w.draftsDir).filter((n) => !n.startsWith(".")).length, 31);
    assertEquals(names(w.draftsDir).filter((n) => n.startsWith(".") && !n.endsWith(".lock")), []);
    const list = await ok(w, ["draft", "list"]) as unknown as Json[];
    assertEquals(list.length, 31);
    assertEquals(dirname(zip), w.root);
  } finally {
    await w.cleanup();
  }
});

/** Files of a folder (recursively) whose text mentions `needle`. */
function mentioning(dir: string, needle: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of Deno.readDirSync(d)) {
      const p = join(d, e.name);
      if (e.isDirectory) walk(p);
      else if (e.isFile && Deno.readTextFileSync(p).includes(needle)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

Deno.test("a new draft keeps no path of the hidden folder it was assembled in", async () => {
  const w = await tempWorld();
  try {
    const image = { imageUrl: fixture("image.png"), start: 0, end: 1_000_000 };
    const built = await ok(w, ["build", JSON.stringify({ images: [image] })]);
    assertEquals(mentioning(built.filePath, ".creating"), []);
    const filled = await ok(w, [
      "draft",
      "fill",
      built.draftId,
      "--media",
      JSON.stringify({ "image.png": fixture("image.jpg") }),
    ]);
    assertEquals(filled.replaced.media, 1);
    assertEquals(mentioning(filled.filePath, ".copying"), []);
    const meta = JSON.parse(Deno.readTextFileSync(join(filled.filePath, "draft_meta_info.json")));
    assertEquals(meta.draft_fold_path, filled.filePath);
  } finally {
    await w.cleanup();
  }
});
