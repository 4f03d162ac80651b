import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { stagedEntries } from "./staged_moves.ts";
import { tempDir } from "../../test/helpers/temp.ts";

Deno.test("stagedEntries: a staged folder moves whole only onto an empty target, holding only the moves", async () => {
  await using tmp = await tempDir();
  const staged = `${tmp.path}/staging/0b5e/resources`;
  const target = `${tmp.path}/draft/resources`;
  await Deno.mkdir(staged, { recursive: true });
  await Deno.mkdir(target, { recursive: true });
  for (const name of ["a.png", "b.png"]) await Deno.writeTextFile(`${staged}/${name}`, name);
  const moves = ["a.png", "b.png", "a.png"].map((n) => ({
    from: `${staged}/${n}`,
    to: `${target}/${n}`,
  }));
  // Same bytes under two URLs: one move; every file of the folder: the folder.
  assertEquals(stagedEntries(moves), [{ path: target, moveFrom: staged }]);
  const perFile = (names: string[]) =>
    names.map((n) => ({ path: `${target}/${n}`, moveFrom: `${staged}/${n}` }));
  // The folder holds a file no move names: file by file.
  await Deno.writeTextFile(`${staged}/c.png`, "c");
  assertEquals(stagedEntries(moves), perFile(["a.png", "b.png"]));
  await Deno.remove(`${staged}/c.png`);
  // The target has a file: file by file, and a name already there stays out.
  await Deno.writeTextFile(`${target}/a.png`, "a");
  assertEquals(stagedEntries(moves), perFile(["b.png"]));
  await Deno.remove(`${target}/a.png`);
  // A move from another folder: file by file.
  const other = { from: `${tmp.path}/staging/0b5e/d.png`, to: `${target}/d.png` };
  await Deno.writeTextFile(other.from, "d");
  assertEquals(stagedEntries([...moves, other]), [
    ...perFile(["a.png", "b.png"]),
    { path: other.to, moveFrom: other.from },
  ]);
  // A folder of another name than its target's: file by file.
  const elsewhere = moves.map((m) => ({ ...m, to: m.to.replace("/resources/", "/media/") }));
  assertEquals(
    stagedEntries(elsewhere),
    ["a.png", "b.png"].map((n) => ({
      path: `${tmp.path}/draft/media/${n}`,
      moveFrom: `${staged}/${n}`,
    })),
  );
});
