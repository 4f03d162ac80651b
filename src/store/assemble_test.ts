import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../../test/helpers/temp.ts";
import { holdLock } from "../../test/helpers/lock_holder.ts";
import {
  beginAssembly,
  buryFolder,
  LEFTOVER_AGE_MS,
  leftoverAgeFromEnv,
  OWNER_FILE,
  sweepLeftovers,
} from "./assemble.ts";

const names = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

Deno.test("an assembly appears complete under its id, keeps no owner file, and no hidden path", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "drafts");
  const a = await beginAssembly(root, "ID1", "creating");
  assertEquals(names(root), [".ID1.creating"]);
  assert(Deno.statSync(join(a.temp, ".draftcli", OWNER_FILE)).isFile);
  // A sweep that counts everything as old leaves a live owner's folder alone.
  assertEquals(await sweepLeftovers(root, 0), 0);
  const meta =
    `{"draft_fold_path":"${a.temp}","x":1.0,"m":[{"file_Path":"${a.temp}/resources/a.png"}],` +
    `"other":"${a.temp}x"}`;
  Deno.writeTextFileSync(join(a.temp, "draft_meta_info.json"), meta);
  await a.repoint();
  await a.publish();
  assertEquals(names(root), ["ID1"]);
  assertEquals(names(join(root, "ID1", ".draftcli")), []);
  assertEquals(
    Deno.readTextFileSync(join(root, "ID1", "draft_meta_info.json")),
    meta.replaceAll(`${a.temp}"`, `${a.dir}"`).replaceAll(`${a.temp}/`, `${a.dir}/`),
  );
  const b = await beginAssembly(root, "ID2", "copying");
  Deno.writeTextFileSync(join(b.temp, "f"), "x");
  await b.abandon();
  assertEquals(names(root), ["ID1"]);
});

Deno.test("sweep: old ownerless or dead-owned hidden folders go; young, live and foreign ones stay", async () => {
  await using tmp = await tempDir();
  const root = tmp.path;
  const old = new Date(Date.now() - LEFTOVER_AGE_MS - 60_000);
  const make = (name: string, age?: Date) => {
    Deno.mkdirSync(join(root, name, ".draftcli"), { recursive: true });
    Deno.writeTextFileSync(join(root, name, "x"), "x");
    if (age) Deno.utimeSync(join(root, name), age, age);
  };
  make(".A.creating", old);
  make(".B.copying", old);
  const dead = await holdLock(join(root, ".B.copying", ".draftcli", OWNER_FILE));
  await dead.kill();
  make(".C.importing", old);
  const live = await holdLock(join(root, ".C.importing", ".draftcli", OWNER_FILE));
  make(".D.deleting-0123abcd", old);
  make(".E.creating");
  make(".F.other", old);
  make("G.creating", old);
  try {
    assertEquals(await sweepLeftovers(root), 3);
    assertEquals(names(root), [".C.importing", ".E.creating", ".F.other", "G.creating"]);
  } finally {
    await live.release();
  }
  const grave = await buryFolder(root, join(root, "G.creating"));
  assertEquals(names(root).includes("G.creating"), false);
  assert(/^\.[0-9a-f-]{36}\.deleting-[0-9a-f]{8}$/.test(grave.path.split("/").pop()!));
  await grave.remove();
  assertEquals(names(root), [".C.importing", ".E.creating", ".F.other"]);
});

Deno.test("leftoverAgeFromEnv: non-negative ms, else the default", () => {
  assertEquals(leftoverAgeFromEnv("0"), 0);
  assertEquals(leftoverAgeFromEnv("1500"), 1500);
  for (const bad of [undefined, "", "-1", "x", "NaN"]) {
    assertEquals(leftoverAgeFromEnv(bad), LEFTOVER_AGE_MS);
  }
});
