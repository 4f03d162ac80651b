import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { locateDraft } from "./drafts.ts";
import { DraftcliError } from "../errors.ts";
import { tempDir } from "../../test/helpers/temp.ts";

const symlinks = Deno.build.os !== "windows"; // needs privileges there

async function world() {
  const base = (await tempDir("draftcli-locate-")).path;
  const root = `${base}/drafts`;
  const outside = `${base}/outside`;
  for (const d of [root, outside, `${root}/GOOD`, `${outside}/EVIL`]) await Deno.mkdir(d);
  await Deno.writeTextFile(`${root}/GOOD/draft_content.json`, '{"tracks":[]}');
  await Deno.writeTextFile(`${outside}/EVIL/draft_content.json`, '{"tracks":[]}');
  return { base, root, outside, cleanup: () => Deno.remove(base, { recursive: true }) };
}

async function errorOf(p: Promise<unknown>): Promise<DraftcliError> {
  const err = await p.then(() => undefined, (e) => e);
  assert(err instanceof DraftcliError, `expected a DraftcliError, got ${err}`);
  return err;
}

Deno.test("locateDraft refuses ids that are not a plain folder name", async () => {
  const w = await world();
  try {
    const bad = ["", ".", "..", "../GOOD", "a/b", "a\\b", "/etc", w.root, "C:\\x", "C:x", "x\0y"];
    bad.push(".draftcli", "..\\..\\x", "GOOD/..", "GOOD/../GOOD");
    for (const id of bad) {
      const err = await errorOf(locateDraft([w.root], id));
      assertEquals(err.code, "invalid_input", id);
      assertEquals(err.exitCode, 2);
    }
    assertEquals(await locateDraft([w.root], "GOOD"), `${w.root}/GOOD`);
    assertEquals((await errorOf(locateDraft([w.root], "NOPE"))).code, "draft_not_found");
  } finally {
    await w.cleanup();
  }
});

Deno.test("locateDraft: a draft folder linked from outside is refused", {
  ignore: !symlinks,
}, async () => {
  const w = await world();
  try {
    await Deno.symlink(`${w.outside}/EVIL`, `${w.root}/LINKED`);
    const err = await errorOf(locateDraft([w.root], "LINKED"));
    assertEquals(err.code, "invalid_input");
    assert(/outside the drafts folder/.test(err.message), err.message);
    // A link to the drafts folder itself is not a draft inside it either.
    await Deno.symlink(w.root, `${w.root}/SELF`);
    assertEquals((await errorOf(locateDraft([w.root], "SELF"))).code, "invalid_input");
    // A dangling link is simply no draft.
    await Deno.symlink(`${w.outside}/GONE`, `${w.root}/DANGLING`);
    assertEquals((await errorOf(locateDraft([w.root], "DANGLING"))).code, "draft_not_found");
  } finally {
    await w.cleanup();
  }
});

Deno.test("locateDraft: links that stay inside are fine, so is a linked drafts root", {
  ignore: !symlinks,
}, async () => {
  const w = await world();
  try {
    await Deno.symlink(`${w.root}/GOOD`, `${w.root}/ALIAS`);
    assertEquals(await locateDraft([w.root], "ALIAS"), `${w.root}/ALIAS`);
    await Deno.symlink(w.root, `${w.base}/linked-root`);
    assertEquals(
      await locateDraft([`${w.base}/linked-root`], "GOOD"),
      `${w.base}/linked-root/GOOD`,
    );
    // An entry of the draft linked to another place inside the draft is fine too.
    await Deno.mkdir(`${w.root}/GOOD/media`);
    await Deno.symlink(`${w.root}/GOOD/media`, `${w.root}/GOOD/resources`);
    assertEquals(await locateDraft([w.root], "GOOD"), `${w.root}/GOOD`);
  } finally {
    await w.cleanup();
  }
});

Deno.test("locateDraft: entries of a draft linked outside it are refused", {
  ignore: !symlinks,
}, async () => {
  for (
    const [name, target] of [
      [".draftcli", "dir"],
      ["resources", "dir"],
      ["Timelines", "dir"],
      ["draft_content.json", "file"],
      ["draft_info.json", "file"],
      ["template-2.tmp", "file"],
      ["draft_meta_info.json", "file"],
      ["draft_settings", "file"],
    ]
  ) {
    const w = await world();
    try {
      const t = `${w.outside}/target`;
      if (target === "dir") await Deno.mkdir(t);
      else await Deno.writeTextFile(t, '{"tracks":[]}');
      // Another entry, a link that stays inside, and a link of another name are no reason.
      await Deno.writeTextFile(`${w.root}/GOOD/other.json`, "{}");
      await Deno.symlink(`${w.outside}/target`, `${w.root}/GOOD/not-a-draft-entry`);
      assertEquals(await locateDraft([w.root], "GOOD"), `${w.root}/GOOD`);
      await Deno.remove(`${w.root}/GOOD/${name}`).catch(() => {});
      await Deno.symlink(t, `${w.root}/GOOD/${name}`);
      const err = await errorOf(locateDraft([w.root], "GOOD"));
      assertEquals(err.code, "invalid_input", name);
      assert(err.message.includes(name), err.message);
    } finally {
      await w.cleanup();
    }
  }
});

Deno.test("locateDraft: a draft's name works as its id; a name shared by two is an error", async () => {
  const w = await world();
  try {
    for (const [id, name] of [["A1", "promo/30s"], ["B2", "twin"], ["C3", "twin"]]) {
      await Deno.mkdir(`${w.root}/${id}`);
      await Deno.writeTextFile(`${w.root}/${id}/draft_content.json`, '{"tracks":[]}');
      await Deno.writeTextFile(
        `${w.root}/${id}/draft_meta_info.json`,
        JSON.stringify({ draft_name: name }),
      );
    }
    assertEquals(await locateDraft([w.root], "promo/30s"), `${w.root}/A1`);
    assertEquals(await locateDraft([w.root], "B2"), `${w.root}/B2`);
    const err = await errorOf(locateDraft([w.root], "twin"));
    assertEquals(err.code, "invalid_input");
    assert(err.message.includes("B2") && err.message.includes("C3"), err.message);
    assertEquals((await errorOf(locateDraft([w.root], "nobody"))).code, "draft_not_found");
  } finally {
    await w.cleanup();
  }
});
