/** `readQuietly`: a read that writes nothing into the draft and notices commits landing meanwhile. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../../test/helpers/temp.ts";
import { readQuietly, tidyStateDir } from "./load.ts";

async function draftIn(base: string): Promise<string> {
  const dir = join(base, "D");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(join(dir, "draft_content.json"), '{"tracks":[]}');
  return dir;
}

/** Replaces the timeline by rename, as a commit does. */
function commit(dir: string, n: number): void {
  const tmp = join(dir, "next.json");
  Deno.writeTextFileSync(tmp, `{"tracks":[],"n":${n}}`);
  Deno.renameSync(tmp, join(dir, "draft_content.json"));
}

Deno.test("readQuietly: reads again when a commit lands during the read, gives up after a bound", async () => {
  await using tmp = await tempDir("draftcli-quiet-");
  const dir = await draftIn(tmp.path);
  let calls = 0;
  const once = await readQuietly(dir, () => {
    calls++;
    if (calls === 1) commit(dir, 1);
    return Promise.resolve(Deno.readTextFileSync(join(dir, "draft_content.json")));
  });
  assertEquals([once, calls], [{ ok: true, value: '{"tracks":[],"n":1}' }, 2]);
  calls = 0;
  const always = await readQuietly(dir, () => {
    commit(dir, ++calls);
    return Promise.resolve(calls);
  }, 3);
  assertEquals([always, calls], [{ ok: false, reason: "changing" }, 3]);
  // Nothing of draftcli's was created in the folder.
  assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["draft_content.json"]);
});

Deno.test("readQuietly: draftcli's lock, journal or staging present sends the caller to the lock", async () => {
  await using tmp = await tempDir("draftcli-quiet-");
  const dir = await draftIn(tmp.path);
  for (const f of ["lock", "journal.json", join("staging", "x")]) {
    const path = join(dir, ".draftcli", f);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, "{}");
    let calls = 0;
    const r = await readQuietly(dir, () => Promise.resolve(++calls));
    assertEquals([r, calls], [{ ok: false, reason: "machinery" }, 0], f);
    await Deno.remove(join(dir, ".draftcli"), { recursive: true });
  }
  // state.json alone is draftcli's note about the draft, not a write at work.
  await Deno.mkdir(join(dir, ".draftcli"));
  await Deno.writeTextFile(join(dir, ".draftcli", "state.json"), "{}");
  assertEquals(await readQuietly(dir, () => Promise.resolve(7)), { ok: true, value: 7 });
});

Deno.test("tidyStateDir: removes an empty state folder and an empty staging folder, nothing else", async () => {
  await using tmp = await tempDir("tidy-");
  const state = join(tmp.path, ".draftcli");
  const present = () => {
    try {
      return [...Deno.readDirSync(state)].map((e) => e.name).sort();
    } catch {
      return undefined;
    }
  };
  tidyStateDir(tmp.path); // no state folder: nothing to do, nothing thrown
  Deno.mkdirSync(join(state, "staging"), { recursive: true });
  tidyStateDir(tmp.path);
  assertEquals(present(), undefined);
  Deno.mkdirSync(join(state, "staging", "download"), { recursive: true });
  tidyStateDir(tmp.path); // a staging folder in use stays, and so does its parent
  assertEquals(present(), ["staging"]);
  Deno.removeSync(join(state, "staging"), { recursive: true });
  Deno.mkdirSync(join(state, "staging"));
  Deno.writeTextFileSync(join(state, "state.json"), "{}");
  tidyStateDir(tmp.path); // a draft draftcli made keeps its state file
  assertEquals(present(), ["state.json"]);
  Deno.removeSync(join(state, "state.json"));
  tidyStateDir(tmp.path);
  assertEquals(present(), undefined);
});
