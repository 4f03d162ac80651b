/**
 * `draft delete`, `draft rename`, `draft duplicate`. Deletes, and calls that meet a lock held by
 * another process, run as real processes; refused deletes, renames and duplicates run in-process
 * (runInProcess).
 */
import { basename } from "node:path";
import { holdLock } from "./helpers/lock_holder.ts";
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { exists } from "../src/files.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

async function readJson(path: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(path));
}

async function newDraft(env: Record<string, string>, ...args: string[]) {
  const r = await runInProcess(["draft", "create", ...args], { env });
  assertEquals(r.code, 0, r.stderr);
  return r.json as { draftId: string; filePath: string };
}

/** `text` names `folder` itself or a path inside it (not merely a sibling "folder copy"). */
function mentionsFolder(text: string, folder: string): boolean {
  return text.includes(`${folder}/`) || text.includes(`"${folder}"`);
}

/** A lock file as a live draftcli process would leave it (this test process is alive). */

Deno.test("draft delete needs --yes, then removes the folder", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env, "--name", "bye");
    const keep = await newDraft(w.env, "--name", "keep");
    const before = await snapshotDir(filePath);

    const refused = await runInProcess(["draft", "delete", draftId], { env: w.env });
    assertEquals(refused.code, 2, refused.stderr);
    assertEquals(refused.error?.code, "usage");
    assert(refused.error!.hint!.includes("--yes"), refused.error!.hint);
    assert(refused.error!.message.includes(filePath), refused.error!.message);
    assertEquals(refused.stdout, "");
    assertEquals(await snapshotDir(filePath), before, "draft unchanged without --yes");

    const no = await runInProcess(["draft", "delete", draftId, "--yes=false"], { env: w.env });
    assertEquals(no.code, 2, no.stderr);
    const bad = await runInProcess(["draft", "delete", draftId, "--yes=sure"], { env: w.env });
    assertEquals([bad.code, bad.error?.code], [2, "usage"]);
    assertEquals(await snapshotDir(filePath), before);

    const done = await runCli(["draft", "delete", draftId, "--yes"], { env: w.env });
    assertEquals(done.code, 0, done.stderr);
    assertEquals(done.json, { draftId, filePath, deleted: true });
    assert(!(await exists(filePath)), "folder removed");
    assertEquals([...Deno.readDirSync(w.draftsDir)].map((e) => e.name), [keep.draftId]);

    const list = await runInProcess(["draft", "list"], { env: w.env });
    assertEquals((list.json as Json[]).map((d) => d.draftId), [keep.draftId]);

    const again = await runInProcess(["draft", "delete", draftId, "--yes"], { env: w.env });
    assertEquals([again.code, again.error?.code], [3, "draft_not_found"]);
    const traversal = await runInProcess(["draft", "delete", "..", "--yes"], { env: w.env });
    assertEquals([traversal.code, traversal.error?.code], [2, "invalid_input"]);
    const missing = await runInProcess(["draft", "delete", "--yes"], { env: w.env });
    assertEquals([missing.code, missing.error?.code], [2, "invalid_input"]);
    assert(await exists(keep.filePath));
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft delete never follows links out of the drafts folder", async () => {
  const w = await tempWorld();
  try {
    const outside = `${w.root}/outside`;
    await Deno.mkdir(outside);
    await Deno.writeTextFile(`${outside}/precious.txt`, "keep me");

    // A link inside the draft pointing outside: the link goes, the target stays.
    const { draftId, filePath } = await newDraft(w.env);
    await Deno.symlink(outside, `${filePath}/resources/linked`);
    await Deno.symlink(`${outside}/precious.txt`, `${filePath}/file-link.txt`);
    const r = await runCli(["draft", "delete", draftId, "--yes"], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    assert(!(await exists(filePath)));
    assertEquals(await Deno.readTextFile(`${outside}/precious.txt`), "keep me");

    // A draft id that is itself a link to a draft folder outside: refused.
    const elsewhere = `${w.root}/elsewhere`;
    await Deno.mkdir(elsewhere);
    const foreign = await newDraft({ ...w.env, DRAFTCLI_DRAFTS_DIR: elsewhere });
    await Deno.symlink(foreign.filePath, `${w.draftsDir}/${foreign.draftId}`);
    const before = await snapshotDir(foreign.filePath);
    const out = await runCli(["draft", "delete", foreign.draftId, "--yes"], { env: w.env });
    assertEquals(out.code, 2, out.stderr);
    assertEquals(out.error?.code, "invalid_input");
    assert(out.error!.message.includes("outside"), out.error!.message);
    assertEquals(await snapshotDir(foreign.filePath), before);

    // A link to another draft inside the drafts folder: only the link goes.
    const target = await newDraft(w.env);
    const alias = "ALIAS-OF-TARGET";
    await Deno.symlink(target.filePath, `${w.draftsDir}/${alias}`);
    const targetBefore = await snapshotDir(target.filePath);
    const viaLink = await runCli(["draft", "delete", alias, "--yes"], { env: w.env });
    assertEquals(viaLink.code, 0, viaLink.stderr);
    assert(!(await exists(`${w.draftsDir}/${alias}`)));
    assertEquals(await snapshotDir(target.filePath), targetBefore);
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft delete waits for the draft lock (and gives up with exit 6)", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env);
    const holder = await holdLock(`${filePath}/.draftcli/lock`);
    const before = await snapshotDir(filePath);
    const timedOut = await runCli(["draft", "delete", draftId, "--yes"], {
      env: { ...w.env, DRAFTCLI_LOCK_TIMEOUT_MS: "300" },
    });
    assertEquals(timedOut.code, 6, timedOut.stderr);
    assertEquals(timedOut.error?.code, "locked");
    assertEquals(await snapshotDir(filePath), before, "locked draft unchanged");

    const pending = runCli(["draft", "delete", draftId, "--yes"], { env: w.env });
    await new Promise((r) => setTimeout(r, 700));
    assert(await exists(`${filePath}/draft_content.json`), "still there while locked");
    await holder.release();
    const done = await pending;
    assertEquals(done.code, 0, done.stderr);
    assert(!(await exists(filePath)));
  } finally {
    await w.cleanup();
  }
});

Deno.test("a command waiting on a draft that gets deleted ends with draft_not_found", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env);
    const holder = await holdLock(`${filePath}/.draftcli/lock`);
    const add = runCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    const del = runCli(["draft", "delete", draftId, "--yes"], { env: w.env });
    await new Promise((r) => setTimeout(r, 1500));
    await holder.release();
    const [added, deleted] = await Promise.all([add, del]);
    assertEquals(deleted.code, 0, deleted.stderr);
    // Whichever got the lock first: the add finished before the delete, or found it gone.
    assert(added.code === 0 || added.error?.code === "draft_not_found", added.stderr);
    assertEquals([...Deno.readDirSync(w.draftsDir)], [], "nothing left behind");
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft rename keeps every other meta value's text (0.0 stays 0.0)", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env, "--name", "Old name");
    const path = `${filePath}/draft_meta_info.json`;
    // As an editor might have saved it: floats with a zero fraction and an exponent.
    const edited = (await Deno.readTextFile(path)).replace(
      /^\{/,
      '{"edge_value":0.0,"ratio":1.50,"tiny":1e-05,',
    );
    await Deno.writeTextFile(path, edited);
    const r = await runInProcess(["draft", "rename", draftId, "--name", "New name"], {
      env: w.env,
    });
    assertEquals(r.code, 0, r.stderr);
    const text = await Deno.readTextFile(path);
    assert(text.includes('"edge_value":0.0,"ratio":1.50,"tiny":1e-05,'), text.slice(0, 200));
    assertEquals((JSON.parse(text) as Json).draft_name, "New name");
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft rename changes the shown name only", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env, "--name", "Old name");
    const r = await runInProcess(["draft", "rename", draftId, "--name", "新名字 final"], {
      env: w.env,
    });
    assertEquals(r.code, 0, r.stderr);
    assertEquals(r.json, { draftId, filePath, name: "新名字 final", previousName: "Old name" });
    const meta = await readJson(`${filePath}/draft_meta_info.json`);
    assertEquals([meta.draft_name, meta.draft_id], ["新名字 final", draftId]);
    const info = await runInProcess(["draft", "info", draftId], { env: w.env });
    assertEquals((info.json as Json).name, "新名字 final");
    // The folder keeps its name (the draft's id): a name is never a path.
    assertEquals([...Deno.readDirSync(w.draftsDir)].map((e) => e.name), [draftId]);
    assertEquals(filePath, `${w.draftsDir}/${draftId}`);

    const before = await snapshotDir(filePath);
    const cases: [string[], number, string][] = [
      [["draft", "rename", draftId], 2, "invalid_input"],
      [["draft", "rename", draftId, "--name", ""], 2, "invalid_input"],
      [["draft", "rename", draftId, "--name", "a/b"], 2, "invalid_input"],
      [["draft", "rename", draftId, "--name", "x".repeat(201)], 2, "invalid_input"],
      [["draft", "rename", draftId, "--nam", "x"], 2, "usage"],
      [
        ["draft", "rename", "7B1F0C2E-5A44-4B8E-9C3D-2B6F1A9E0C11", "--name", "x"],
        3,
        "draft_not_found",
      ],
    ];
    for (const [args, code, error] of cases) {
      const bad = await runInProcess(args, { env: w.env });
      assertEquals([bad.code, bad.error?.code], [code, error], `${args.join(" ")}: ${bad.stderr}`);
      assertEquals(bad.stdout, "");
    }
    const holder = await holdLock(`${filePath}/.draftcli/lock`);
    const locked = await runCli(["draft", "rename", draftId, "--name", "x"], {
      env: { ...w.env, DRAFTCLI_LOCK_TIMEOUT_MS: "200" },
    });
    assertEquals([locked.code, locked.error?.code], [6, "locked"]);
    await holder.release();
    assertEquals(await snapshotDir(filePath), before);
  } finally {
    await w.cleanup();
  }
});

Deno.test("draft duplicate copies under a fresh id, pointing at its own media copies", async () => {
  const w = await tempWorld();
  const png = await Deno.readFile(fixture("image.png"));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    return new Response(png);
  });
  try {
    const { draftId, filePath } = await newDraft(w.env, "--name", "Source");
    const add = await runInProcess([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([
        { imageUrl: `http://127.0.0.1:${server.addr.port}/a`, start: 0, end: 1_000_000 },
        { imageUrl: fileUrl(fixture("image.jpg")), start: 1_000_000, end: 2_000_000 },
      ]),
    ], { env: w.env });
    assertEquals(add.code, 0, add.stderr);
    // Leftovers draftcli keeps in .draftcli/ must not travel with the copy.
    await Deno.mkdir(`${filePath}/.draftcli/staging/x`, { recursive: true });
    await Deno.writeTextFile(`${filePath}/.draftcli/staging/x/part.bin`, "partial");
    const before = await snapshotDir(filePath);

    const r = await runInProcess(["draft", "duplicate", draftId], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const copy = r.json as Json;
    assert(copy.draftId !== draftId);
    assert(/^[0-9A-F-]{36}$/.test(copy.draftId), copy.draftId);
    assertEquals(copy.filePath, `${w.draftsDir}/${copy.draftId}`);
    assertEquals([copy.name, copy.sourceDraftId], ["Source copy", draftId]);
    assertEquals(await snapshotDir(filePath), before, "source unchanged");

    assertEquals([...Deno.readDirSync(`${copy.filePath}/.draftcli`)].map((e) => e.name), [
      "state.json",
    ]);
    // The same state, under the copy's own id.
    assertEquals(
      await readJson(`${copy.filePath}/.draftcli/state.json`),
      { ...(await readJson(`${filePath}/.draftcli/state.json`)), draftId: copy.draftId },
    );
    const meta = await readJson(`${copy.filePath}/draft_meta_info.json`);
    const srcMeta = await readJson(`${filePath}/draft_meta_info.json`);
    assertEquals(meta.draft_id, copy.draftId);
    assertEquals(meta.draft_name, "Source copy");
    assertEquals(meta.draft_fold_path, copy.filePath);
    assertEquals(meta.draft_root_path, w.draftsDir);
    assert(meta.tm_draft_create > srcMeta.tm_draft_create);

    // the download and the local file both live in the draft (media placement "copy")
    const resources = [...Deno.readDirSync(`${copy.filePath}/resources`)].map((e) => e.name);
    assertEquals(resources.length, 2);
    for (const name of ["draft_content.json", "draft_info.json"]) {
      const content = await readJson(`${copy.filePath}/${name}`);
      const paths = (content.materials.videos as Json[]).map((v) => v.path as string);
      assertEquals(paths.length, 2);
      for (const p of paths) {
        const rel = p.replace(/^##_draftpath_placeholder_[0-9A-F-]+_##\//, "");
        assert(rel.startsWith("resources/") && resources.includes(rel.slice(10)), p);
      }
      assert(!mentionsFolder(JSON.stringify(content), filePath), `${name} mentions the source`);
    }
    assert(!mentionsFolder(JSON.stringify(meta), filePath), "meta mentions the source folder");

    const info = await runInProcess(["draft", "info", copy.draftId], { env: w.env });
    assertEquals(info.code, 0, info.stderr);
    assertEquals((info.json as Json).duration, 2_000_000);
    const more = await runInProcess([
      "images",
      "add",
      copy.draftId,
      "--image-infos",
      JSON.stringify([{
        imageUrl: fileUrl(fixture("image.png")),
        start: 2_000_000,
        end: 3_000_000,
      }]),
    ], { env: w.env });
    assertEquals(more.code, 0, more.stderr);
    assertEquals(await snapshotDir(filePath), before, "editing the copy leaves the source alone");

    const named = await runInProcess(["draft", "duplicate", draftId, "--name", "Version B"], {
      env: w.env,
    });
    assertEquals(named.code, 0, named.stderr);
    assertEquals((named.json as Json).name, "Version B");
    const list = await runInProcess(["draft", "list"], { env: w.env });
    assertEquals((list.json as Json[]).length, 3);
    assert(
      [...Deno.readDirSync(w.draftsDir)].every((e) => !e.name.startsWith(".")),
      "no temp folders left",
    );
  } finally {
    await server.shutdown();
    await w.cleanup();
  }
});

Deno.test("draft duplicate: bad inputs leave no copy behind", async () => {
  const w = await tempWorld();
  try {
    const { draftId, filePath } = await newDraft(w.env);
    const cases: [string[], number, string][] = [
      [["draft", "duplicate", draftId, "--name", "a:b"], 2, "invalid_input"],
      [["draft", "duplicate", draftId, "--name", ""], 2, "invalid_input"],
      [["draft", "duplicate", draftId, "--name"], 2, "usage"],
      [["draft", "duplicate", "7B1F0C2E-5A44-4B8E-9C3D-2B6F1A9E0C11"], 3, "draft_not_found"],
      [["draft", "duplicate", ".hidden"], 2, "invalid_input"],
      [["draft", "duplicate"], 2, "invalid_input"],
    ];
    for (const [args, code, error] of cases) {
      const r = await runInProcess(args, { env: w.env });
      assertEquals([r.code, r.error?.code], [code, error], `${args.join(" ")}: ${r.stderr}`);
      assertEquals(r.stdout, "");
    }
    // Encrypted (non-JSON) meta: refused, nothing left over.
    await Deno.writeTextFile(`${filePath}/draft_meta_info.json`, "\u0001\u0002binary");
    const enc = await runInProcess(["draft", "duplicate", draftId], { env: w.env });
    assertEquals([enc.code, enc.error?.code], [7, "unsupported_draft"]);
    assertEquals([...Deno.readDirSync(w.draftsDir)].map((e) => e.name), [basename(filePath)]);
    const ren = await runInProcess(["draft", "rename", draftId, "--name", "x"], { env: w.env });
    assertEquals([ren.code, ren.error?.code], [7, "unsupported_draft"]);
    assertEquals(await Deno.readTextFile(`${filePath}/draft_meta_info.json`), "\u0001\u0002binary");
  } finally {
    await w.cleanup();
  }
});
