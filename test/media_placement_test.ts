/**
 * Media placement: local files go into the draft folder by default (a hard link on the same file
 * system, else a copy; never a symlink), named by content so identical files are stored once,
 * referenced in the editor's draft-folder form; `--media reference` and the config key `media`
 * keep them where they are. The draft validates, and a moved draft still finds its media.
 */
import { deepStrictEqual, equal, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;
const PLACEHOLDER = "##_draftpath_placeholder_0E685133-18CE-45ED-8CB8-2904A212EC80_##";

async function addImages(
  env: Record<string, string>,
  draftId: string,
  files: string[],
  extra: string[] = [],
) {
  const r = await runCli([
    "images",
    "add",
    draftId,
    "--image-infos",
    JSON.stringify(
      files.map((f, i) => ({
        imageUrl: fileUrl(f),
        start: i * 1_000_000,
        end: (i + 1) * 1_000_000,
      })),
    ),
    ...extra,
  ], { env });
  equal(r.code, 0, r.stderr);
}

Deno.test("media placement: copied into resources/ once, hard-linked when possible, never a symlink", async () => {
  const w = await tempWorld();
  try {
    // two names, same bytes, on the drafts folder's file system; and a different file
    const a = `${w.root}/a.png`;
    const b = `${w.root}/copy of a.png`;
    await Deno.copyFile(fixture("image.png"), a);
    await Deno.copyFile(fixture("image.png"), b);
    const { draftId, filePath } = (await runCli(["draft", "create"], { env: w.env })).json as Json;
    await addImages(w.env, draftId, [a, b, fixture("image.jpg")]);
    const stored = [...Deno.readDirSync(`${filePath}/resources`)].map((e) => e.name).sort();
    equal(stored.length, 2, `identical files stored once: ${stored}`);
    const content = JSON.parse(await Deno.readTextFile(`${filePath}/draft_content.json`));
    const paths = (content.materials.videos as Json[]).map((m) => m.path as string);
    for (const p of paths) assert(p.startsWith(`${PLACEHOLDER}/resources/`), p);
    deepStrictEqual(
      (content.materials.videos as Json[]).map((m) => m.material_name),
      ["a.png", "copy of a.png", "image.jpg"],
    );
    equal(paths[0], paths[1]);
    const inDraft = `${filePath}/resources/${paths[0].split("/").pop()}`;
    const info = await Deno.lstat(inDraft);
    assert(info.isFile && !info.isSymlink);
    equal(info.ino, (await Deno.stat(a)).ino, "hard link on the same file system");
    // the media pool registers the in-draft file
    const meta = JSON.parse(await Deno.readTextFile(`${filePath}/draft_meta_info.json`));
    const pool = meta.draft_materials.find((g: Json) => g.type === 0).value as Json[];
    assert(pool.every((v) => v.file_Path.startsWith(`${filePath}/resources/`)));
    // A later add to the draft, which has media now, moves its new file alone (and keeps the
    // one there); no staging folder is left.
    const c = `${w.root}/c.png`;
    await Deno.writeFile(c, Uint8Array.of(...await Deno.readFile(a), 0));
    await addImages(w.env, draftId, [c, a]);
    const after = [...Deno.readDirSync(`${filePath}/resources`)].map((e) => e.name).sort();
    equal(after.length, 3, `one more file: ${after}`);
    assert(after.includes(stored[0]) && after.includes(stored[1]));
    deepStrictEqual(
      [...Deno.readDirSync(`${filePath}/.draftcli`)].filter((e) => e.name === "staging"),
      [],
    );
    // the source may go: the draft keeps its media and still validates
    await Deno.remove(a);
    await Deno.remove(b);
    const v = await runCli(["draft", "validate", draftId], { env: w.env });
    equal(v.code, 0, v.stdout);
    deepStrictEqual((v.json as Json).warnings, []);
  } finally {
    await w.cleanup();
  }
});

Deno.test("media placement: --media reference and config media=reference keep files in place", async () => {
  const w = await tempWorld();
  try {
    const png = fixture("image.png");
    const { draftId, filePath } = (await runCli(["draft", "create"], { env: w.env })).json as Json;
    await addImages(w.env, draftId, [png], ["--media", "reference"]);
    equal((await runCli(["config", "set", "media", "reference"], { env: w.env })).code, 0);
    await addImages(w.env, draftId, [fixture("image.jpg")]);
    const content = JSON.parse(await Deno.readTextFile(`${filePath}/draft_content.json`));
    deepStrictEqual(
      (content.materials.videos as Json[]).map((m) => m.path),
      [png, fixture("image.jpg")],
    );
    const stored = await Array.fromAsync(Deno.readDir(`${filePath}/resources`));
    equal(stored.length, 0);
    // the caller's choice overrides the config
    await addImages(w.env, draftId, [fixture("image.bmp")], ["--media", "copy"]);
    const after = JSON.parse(await Deno.readTextFile(`${filePath}/draft_content.json`));
    assert(after.materials.videos[2].path.startsWith(PLACEHOLDER));
    const bad = await runCli(["images", "add", draftId, "--image-infos", "[]", "--media", "link"], {
      env: w.env,
    });
    equal(bad.code, 2);
  } finally {
    await w.cleanup();
  }
});
