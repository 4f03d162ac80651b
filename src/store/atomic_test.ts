import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { tempDir } from "../../test/helpers/temp.ts";
import { TMP_SUFFIX, writeFileAtomic } from "./atomic.ts";

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
