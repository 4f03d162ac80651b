import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { tempDir } from "../../test/helpers/temp.ts";
import { stageFiles, TMP_SUFFIX, writeFileAtomic } from "./atomic.ts";

Deno.test({
  name: "writeFileAtomic: creates parents, sets the mode given exactly, leaves no temp file",
  ignore: Deno.build.os === "windows",
  async fn() {
    await using tmp = await tempDir("draftcli-atomic-");
    const path = `${tmp.path}/a/b/config.json`;
    await writeFileAtomic(path, "one", 0o600);
    assertEquals(await Deno.readTextFile(path), "one");
    assertEquals((await Deno.stat(path)).mode! & 0o777, 0o600);
    await writeFileAtomic(path, new TextEncoder().encode("two"), 0o640);
    assertEquals(await Deno.readTextFile(path), "two");
    assertEquals((await Deno.stat(path)).mode! & 0o777, 0o640);
    const names = (await Array.fromAsync(Deno.readDir(`${tmp.path}/a/b`))).map((e) => e.name);
    assertEquals(names.filter((n) => n.endsWith(TMP_SUFFIX)), []);
  },
});

Deno.test("writeFileAtomic: a failed rename removes the temp file and keeps the target", async () => {
  await using tmp = await tempDir("draftcli-atomic-");
  // A non-empty folder in the target's place: the rename fails.
  await Deno.mkdir(`${tmp.path}/target/inner`, { recursive: true });
  let failed = false;
  await writeFileAtomic(`${tmp.path}/target`, "x").catch(() => failed = true);
  assertEquals(failed, true);
  assertEquals((await Array.fromAsync(Deno.readDir(tmp.path))).map((e) => e.name), ["target"]);
});

/** The names in `dir`, sorted. */
const namesIn = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

Deno.test("stageFiles: targets change only when placed, in order; dropped, they stay as they were", async () => {
  await using tmp = await tempDir("draftcli-atomic-");
  const a = `${tmp.path}/a.json`;
  const b = `${tmp.path}/sub/b.json`;
  Deno.writeTextFileSync(a, "old a");
  const staged = await stageFiles([{ path: a, data: "new a" }, {
    path: b,
    data: new TextEncoder().encode("new b"),
  }]);
  assertEquals(Deno.readTextFileSync(a), "old a");
  assertEquals(namesIn(`${tmp.path}/sub`).length, 1, "b's temp, b not yet there");
  staged.place();
  assertEquals(Deno.readTextFileSync(a), "new a");
  assertEquals(Deno.readTextFileSync(b), "new b");
  assertEquals(namesIn(tmp.path), ["a.json", "sub"]);
  assertEquals(namesIn(`${tmp.path}/sub`), ["b.json"]);
  const dropped = await stageFiles([{ path: a, data: "newer a" }, { path: b, data: "newer b" }]);
  dropped.drop();
  assertEquals(Deno.readTextFileSync(a), "new a");
  assertEquals(namesIn(tmp.path), ["a.json", "sub"]);
  assertEquals(namesIn(`${tmp.path}/sub`), ["b.json"]);
});

Deno.test("stageFiles: a failure leaves no temp; a failed rename removes the temps not placed", async () => {
  await using tmp = await tempDir("draftcli-atomic-");
  const a = `${tmp.path}/a.json`;
  Deno.writeTextFileSync(a, "old a");
  // A file where the second one's folder should be: its temp cannot be made.
  Deno.writeTextFileSync(`${tmp.path}/file`, "");
  await rejects(
    stageFiles([{ path: a, data: "new a" }, { path: `${tmp.path}/file/b`, data: "b" }]),
  );
  assertEquals(namesIn(tmp.path), ["a.json", "file"]);
  assertEquals(Deno.readTextFileSync(a), "old a");
  // A non-empty folder in the first target's place: its rename fails, the second is not placed.
  Deno.mkdirSync(`${tmp.path}/dir/inner`, { recursive: true });
  const staged = await stageFiles([{ path: `${tmp.path}/dir`, data: "x" }, {
    path: a,
    data: "new a",
  }]);
  let failed = false;
  try {
    staged.place();
  } catch {
    failed = true;
  }
  assertEquals(failed, true);
  assertEquals(namesIn(tmp.path), ["a.json", "dir", "file"]);
  assertEquals(Deno.readTextFileSync(a), "old a");
});
