import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import {
  commitFiles,
  journalPath,
  makeStagingDir,
  recover,
  STAGING_CLAIM_SUFFIX,
  STAGING_GONE_SUFFIX,
  STAGING_OWNER,
} from "./txn.ts";
import { sweepStaging } from "./recovery.ts";
import { deferFrees, runDeferredFrees } from "./deferred_frees.ts";
import { holdLock } from "../../test/helpers/lock_holder.ts";
import { LEFTOVER_AGE_MS } from "./assemble.ts";
import { tempDir } from "../../test/helpers/temp.ts";

async function world() {
  const root = (await tempDir("draftcli-txn-")).path;
  const dir = `${root}/draft`;
  const state = `${dir}/.draftcli`;
  await Deno.mkdir(state, { recursive: true });
  await Deno.writeTextFile(`${dir}/a.json`, "old a");
  await Deno.writeTextFile(`${dir}/b.json`, "old b");
  return { root, dir, state, cleanup: () => Deno.remove(root, { recursive: true }) };
}

async function names(dir: string): Promise<string[]> {
  return (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
}

/** Writes a journal of commit `1234abcd` with `moves` (as given: tests plant bad ones too). */
async function plantJournal(state: string, moves: unknown): Promise<void> {
  await Deno.writeTextFile(journalPath(state), JSON.stringify({ txn: "1234abcd", moves }));
}

Deno.test("commitFiles writes every file and leaves no temps or journal", async () => {
  const w = await world();
  try {
    await commitFiles(w.state, [
      { path: `${w.dir}/a.json`, data: "new a" },
      { path: `${w.dir}/sub/c.json`, data: new TextEncoder().encode("new c") },
    ]);
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "new a");
    assertEquals(await Deno.readTextFile(`${w.dir}/sub/c.json`), "new c");
    assertEquals(await names(w.dir), [".draftcli", "a.json", "b.json", "sub"]);
    assertEquals(await names(w.state), []);
  } finally {
    await w.cleanup();
  }
});

Deno.test("commitFiles writes pieces of text and bytes as their bytes, telling marks their offsets, across buffer sizes", async () => {
  const w = await world();
  try {
    const enc = new TextEncoder();
    // Pieces that fill a first buffer (64 KiB) and a full one (1 MiB) in turn: short and long
    // text with multi-byte characters, short and long bytes, and marks between them.
    const pieces: (string | Uint8Array)[] = [];
    for (let i = 0; pieces.length < 400; i++) {
      pieces.push("x字😀".repeat(1 + (i * 7919) % 5000)); // 1..5,000 repeats, 8 bytes each
      pieces.push(Uint8Array.from({ length: (i * 104729) % 90_000 }, (_, j) => (i + j) % 251));
    }
    const offsets: number[] = [];
    const chunks: (string | Uint8Array | ((offset: number) => void))[] = [];
    for (const p of pieces) {
      chunks.push(p, (offset) => offsets.push(offset));
    }
    await commitFiles(w.state, [{ path: `${w.dir}/pieces.bin`, data: { chunks } }]);
    const want = pieces.map((p) => typeof p === "string" ? enc.encode(p) : p);
    const got = await Deno.readFile(`${w.dir}/pieces.bin`);
    let at = 0;
    const ends = want.map((b) => (at += b.length));
    assertEquals(got.length, at);
    assert(at > 4 << 20, "the pieces fill several buffers");
    assertEquals(offsets, ends);
    let off = 0;
    for (const b of want) {
      assert(got.subarray(off, off + b.length).every((v, i) => v === b[i]), `bytes at ${off}`);
      off += b.length;
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("commitFiles: a derived file is made from the written temps and committed with them", async () => {
  const w = await world();
  try {
    const seen: string[] = [];
    await commitFiles(w.state, [{ path: `${w.dir}/a.json`, data: "new a" }], async (tempOf) => {
      const tmp = tempOf(`${w.dir}/a.json`);
      seen.push(tmp, await Deno.readTextFile(tmp));
      return { path: `${w.state}/note.json`, data: `{"ino":${Deno.statSync(tmp).ino}}` };
    });
    assert(seen[0].endsWith(".draftcli-tmp"), seen[0]);
    assertEquals(seen[1], "new a");
    // The rename kept the temp's identity, which the derived file recorded.
    assertEquals(
      JSON.parse(await Deno.readTextFile(`${w.state}/note.json`)).ino,
      Deno.statSync(`${w.dir}/a.json`).ino,
    );
    assertEquals(await names(w.dir), [".draftcli", "a.json", "b.json"]);
    assertEquals(await names(w.state), ["note.json"]);
  } finally {
    await w.cleanup();
  }
});

for (
  const [what, derived, meanwhile] of [
    ["derived entry", () => Promise.reject(new Error("boom")), undefined],
    ["meanwhile", undefined, () => {
      throw new Error("boom");
    }],
  ] as const
) {
  Deno.test(`commitFiles: a failing ${what} leaves the old files and no temps`, async () => {
    const w = await world();
    try {
      await rejects(
        commitFiles(w.state, [{ path: `${w.dir}/a.json`, data: "new a" }], derived, meanwhile),
        /boom/,
      );
      assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "old a");
      assertEquals(await names(w.dir), [".draftcli", "a.json", "b.json"]);
      assertEquals(await names(w.state), []);
    } finally {
      await w.cleanup();
    }
  });
}

Deno.test("commitFiles: meanwhile runs once, after the temps are written and before any rename", async () => {
  const w = await world();
  try {
    const seen: string[][] = [];
    await commitFiles(
      w.state,
      [{ path: `${w.dir}/a.json`, data: "new a" }],
      undefined,
      () =>
        seen.push([
          Deno.readTextFileSync(`${w.dir}/a.json`),
          ...Deno.readDirSync(w.dir)
            .map((e) => e.name).filter((n) => n.endsWith(".draftcli-tmp")),
        ]),
    );
    assertEquals(seen.length, 1);
    assertEquals(seen[0][0], "old a", "no rename ran before it");
    assertEquals(seen[0].length, 2, "the temp was written");
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "new a");
    assertEquals(await names(w.dir), [".draftcli", "a.json", "b.json"]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("commitFiles: a journal that cannot be written leaves the old files and no temps", async () => {
  const w = await world();
  try {
    // A folder where the journal goes: the commit fails once its temps are written and flushed.
    await Deno.mkdir(journalPath(w.state));
    await rejects(commitFiles(w.state, [
      { path: `${w.dir}/a.json`, data: "new a" },
      { path: `${w.dir}/b.json`, data: "new b" },
    ]));
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "old a");
    assertEquals(await Deno.readTextFile(`${w.dir}/b.json`), "old b");
    assertEquals(await names(w.dir), [".draftcli", "a.json", "b.json"]);
    assertEquals(await names(w.state), []);
  } finally {
    await w.cleanup();
  }
});

Deno.test("recover: a journal torn by a crash is dropped with its temps (old files stay)", async () => {
  const w = await world();
  try {
    // The journal is written in place and flushed before any rename: torn means none ran.
    await Deno.writeTextFile(`${w.dir}/a.json.1234abcd.draftcli-tmp`, "new a");
    await Deno.writeTextFile(journalPath(w.state), '{"txn":"1234abcd","moves":[["a.json.1234');
    await recover(w.state, [w.dir]);
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "old a");
    assertEquals(await names(w.dir), [".draftcli", "a.json", "b.json"]);
    assertEquals(await names(w.state), []);
  } finally {
    await w.cleanup();
  }
});

Deno.test("recover: temps without a journal are dropped (old files stay)", async () => {
  const w = await world();
  try {
    await Deno.writeTextFile(`${w.dir}/a.json.1234abcd.draftcli-tmp`, "new a");
    await recover(w.state, [w.dir]);
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "old a");
    assertEquals(await names(w.dir), [".draftcli", "a.json", "b.json"]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("recover: a journal half applied is rolled forward, even after the folder moved", async () => {
  const w = await world();
  try {
    // As commitFiles leaves it when killed after the first rename.
    await Deno.writeTextFile(`${w.dir}/a.json`, "new a");
    await Deno.writeTextFile(`${w.dir}/b.json.1234abcd.draftcli-tmp`, "new b");
    await plantJournal(w.state, [["a.json.1234abcd.draftcli-tmp", "a.json"], [
      "b.json.1234abcd.draftcli-tmp",
      "b.json",
    ]]);
    const moved = `${w.root}/moved`;
    await Deno.rename(w.dir, moved);
    await recover(`${moved}/.draftcli`, [moved]);
    assertEquals(await Deno.readTextFile(`${moved}/a.json`), "new a");
    assertEquals(await Deno.readTextFile(`${moved}/b.json`), "new b");
    await rejects(Deno.stat(`${moved}/.draftcli/journal.json`), Deno.errors.NotFound);
  } finally {
    await w.cleanup();
  }
});

Deno.test("recover: a planted journal cannot move files outside the draft", async () => {
  const w = await world();
  try {
    const outside = `${w.root}/victim.txt`;
    await Deno.writeTextFile(outside, "precious");
    await Deno.writeTextFile(`${w.dir}/x.1234abcd.draftcli-tmp`, "evil");
    for (
      const moves of [
        [["x.1234abcd.draftcli-tmp", "../victim.txt"]], // target outside
        [["x.1234abcd.draftcli-tmp", "a.json"]], // not a temp of its target
        [[`${w.dir}/x.1234abcd.draftcli-tmp`, `${w.dir}/x`]], // fine shape, absolute
        "nonsense",
      ]
    ) {
      await plantJournal(w.state, moves);
      await Deno.writeTextFile(`${w.dir}/x.1234abcd.draftcli-tmp`, "evil");
      await recover(w.state, [w.dir]);
      assertEquals(await Deno.readTextFile(outside), "precious");
      assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "old a");
      await rejects(Deno.stat(journalPath(w.state)), Deno.errors.NotFound);
    }
    // The well-formed absolute one was applied; nothing else was.
    assertEquals(await Deno.readTextFile(`${w.dir}/x`), "evil");
    // Garbage that is not JSON is dropped too.
    await Deno.writeTextFile(journalPath(w.state), "{not json");
    await recover(w.state, [w.dir]);
    await rejects(Deno.stat(journalPath(w.state)), Deno.errors.NotFound);
  } finally {
    await w.cleanup();
  }
});

Deno.test("recover: a planted journal cannot move files through a link that leads out of the draft", async () => {
  const w = await world();
  try {
    // A folder outside the draft, reached through a link planted in it.
    const outside = `${w.root}/elsewhere`;
    await Deno.mkdir(outside);
    await Deno.writeTextFile(`${outside}/victim.txt`, "precious");
    await Deno.writeTextFile(`${outside}/victim.txt.1234abcd.draftcli-tmp`, "evil");
    await Deno.symlink(outside, `${w.dir}/sub`);
    await plantJournal(w.state, [["sub/victim.txt.1234abcd.draftcli-tmp", "sub/victim.txt"]]);
    await recover(w.state, [w.dir]);
    assertEquals(await Deno.readTextFile(`${outside}/victim.txt`), "precious");
    await rejects(Deno.stat(journalPath(w.state)), Deno.errors.NotFound);
    // The same move inside a real subfolder is rolled forward.
    await Deno.remove(`${w.dir}/sub`);
    await Deno.mkdir(`${w.dir}/sub`);
    await Deno.writeTextFile(`${w.dir}/sub/victim.txt.1234abcd.draftcli-tmp`, "new");
    await plantJournal(w.state, [["sub/victim.txt.1234abcd.draftcli-tmp", "sub/victim.txt"]]);
    await recover(w.state, [w.dir]);
    assertEquals(await Deno.readTextFile(`${w.dir}/sub/victim.txt`), "new");
  } finally {
    await w.cleanup();
  }
});

Deno.test("commitFiles moves a file staged in the draft's staging folder straight into place", async () => {
  const w = await world();
  try {
    const staged = `${w.state}/staging/0b5e/abc.png`;
    await Deno.mkdir(`${w.state}/staging/0b5e`, { recursive: true });
    await Deno.writeTextFile(staged, "png");
    // The draft has no resources/ yet: the commit makes it before the journal's moves.
    const other = `${w.root}/elsewhere.png`; // staged outside the draft: moved beside its target
    await Deno.writeTextFile(other, "other");
    await commitFiles(w.state, [
      { path: `${w.dir}/resources/abc.png`, moveFrom: staged },
      { path: `${w.dir}/media/elsewhere.png`, moveFrom: other },
      { path: `${w.dir}/a.json`, data: "new a" },
    ]);
    assertEquals(await Deno.readTextFile(`${w.dir}/resources/abc.png`), "png");
    assertEquals(await Deno.readTextFile(`${w.dir}/media/elsewhere.png`), "other");
    assertEquals(await names(`${w.dir}/resources`), ["abc.png"]);
    assertEquals(await names(`${w.state}/staging/0b5e`), []);
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "new a");
  } finally {
    await w.cleanup();
  }
});

Deno.test("commitFiles moves a staged folder whole into a draft without one, else merges it", async () => {
  const w = await world();
  try {
    const stage = async (id: string, files: Record<string, string>) => {
      await Deno.mkdir(`${w.state}/staging/${id}/resources`, { recursive: true });
      for (const [name, text] of Object.entries(files)) {
        await Deno.writeTextFile(`${w.state}/staging/${id}/resources/${name}`, text);
      }
      return `${w.state}/staging/${id}/resources`;
    };
    const first = await stage("0b5e", { "a.png": "a", "b.png": "b" });
    await commitFiles(w.state, [
      { path: `${w.dir}/resources`, moveFrom: first },
      { path: `${w.dir}/a.json`, data: "new a" },
    ]);
    assertEquals(await names(`${w.dir}/resources`), ["a.png", "b.png"]);
    assertEquals(await names(`${w.state}/staging/0b5e`), []);
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "new a");
    // Onto a folder with files: merged, and a name already there keeps its file.
    const second = await stage("0b6f", { "b.png": "other b", "c.png": "c" });
    await commitFiles(w.state, [{ path: `${w.dir}/resources`, moveFrom: second }]);
    assertEquals(await names(`${w.dir}/resources`), ["a.png", "b.png", "c.png"]);
    assertEquals(await Deno.readTextFile(`${w.dir}/resources/b.png`), "b");
    assertEquals(await Deno.readTextFile(`${w.dir}/resources/c.png`), "c");
    // A merge cut short by a crash finishes when the journal is rolled forward.
    await stage("0c70", { "d.png": "d", "e.png": "e" });
    await Deno.rename(`${w.state}/staging/0c70/resources/d.png`, `${w.dir}/resources/d.png`);
    await plantJournal(w.state, [[".draftcli/staging/0c70/resources", "resources"]]);
    await recover(w.state, [w.dir]);
    assertEquals(await names(`${w.dir}/resources`), ["a.png", "b.png", "c.png", "d.png", "e.png"]);
    await rejects(Deno.stat(journalPath(w.state)), Deno.errors.NotFound);
  } finally {
    await w.cleanup();
  }
});

Deno.test("recover: a journal's staged moves are rolled forward; only same-name moves out of staging", async () => {
  const w = await world();
  try {
    await Deno.mkdir(`${w.state}/staging/0b5e`, { recursive: true });
    await Deno.writeTextFile(`${w.state}/staging/0b5e/abc.png`, "png");
    await Deno.writeTextFile(`${w.dir}/b.json.1234abcd.draftcli-tmp`, "new b");
    await plantJournal(w.state, [
      [".draftcli/staging/0b5e/abc.png", "resources/abc.png"],
      ["b.json.1234abcd.draftcli-tmp", "b.json"],
    ]);
    await Deno.mkdir(`${w.dir}/resources`);
    await recover(w.state, [w.dir]);
    assertEquals(await Deno.readTextFile(`${w.dir}/resources/abc.png`), "png");
    assertEquals(await Deno.readTextFile(`${w.dir}/b.json`), "new b");
    for (
      const moves of [
        [[".draftcli/staging/0b5e/x.png", "a.json"]], // another name
        [[".draftcli/staging/x.png", "x.png"]], // not in a staging folder of its own
        [[".draftcli/staging/0b5e/a/b/x.png", "x.png"]], // deeper than one folder in it
        [[".draftcli/staging/0b5e/x.png", "../x.png"]], // target outside the draft
        [[".draftcli/staging/0b5e/x.png", ".draftcli/staging/0b6f/x.png"]], // into staging
        [["a.json", "b.json"]], // not staged at all
      ]
    ) {
      await Deno.writeTextFile(`${w.state}/staging/0b5e/x.png`, "evil");
      await Deno.writeTextFile(`${w.state}/staging/x.png`, "evil");
      await Deno.mkdir(`${w.state}/staging/0b5e/a/b`, { recursive: true });
      await Deno.writeTextFile(`${w.state}/staging/0b5e/a/b/x.png`, "evil");
      await plantJournal(w.state, moves);
      await recover(w.state, [w.dir]);
      assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "old a");
      assertEquals(await Deno.readTextFile(`${w.dir}/b.json`), "new b");
      await rejects(Deno.stat(`${w.root}/x.png`), Deno.errors.NotFound);
      await rejects(Deno.stat(`${w.dir}/x.png`), Deno.errors.NotFound);
      await rejects(Deno.stat(journalPath(w.state)), Deno.errors.NotFound);
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("sweepStaging removes dead owners' folders and keeps live ones", async () => {
  const w = await world();
  try {
    const root = `${w.state}/staging`;
    // Ours (this process is alive and holds its owner file).
    const mine = await makeStagingDir(root);
    await Deno.writeTextFile(`${mine.dir}/file.png`, "x");
    // Another live process's.
    const liveDir = `${root}/live`;
    await Deno.mkdir(liveDir, { recursive: true });
    const live = await holdLock(`${liveDir}/${STAGING_OWNER}`);
    // A killed process's.
    const deadDir = `${root}/dead`;
    await Deno.mkdir(deadDir, { recursive: true });
    const dead = await holdLock(`${deadDir}/${STAGING_OWNER}`);
    await dead.kill();
    await Deno.writeTextFile(`${deadDir}/.dl-1.part`, "partial");
    // Orphans without an owner file: young ones stay, old ones go.
    await Deno.mkdir(`${root}/young`);
    await Deno.mkdir(`${root}/old`);
    const old = new Date(Date.now() - LEFTOVER_AGE_MS - 60_000);
    await Deno.utime(`${root}/old`, old, old);
    try {
      await sweepStaging(root);
      const left = await names(root);
      assert(left.includes(mine.dir.split("/").pop()!), "own folder kept");
      assert(left.includes("live"), "live owner's folder kept");
      assert(left.includes("young"), "young orphan kept");
      assert(!left.includes("dead"), "dead owner's folder removed");
      assert(!left.includes("old"), "old orphan removed");
    } finally {
      await live.release();
    }
    await mine.remove();
    assert(!(await names(root)).includes(mine.dir.split("/").pop()!));
  } finally {
    await w.cleanup();
  }
});

Deno.test("recover with this process's own staging folder still recovers the others beside it", async () => {
  const w = await world();
  try {
    const root = `${w.state}/staging`;
    const mine = await makeStagingDir(root);
    await Deno.writeTextFile(`${mine.dir}/file.png`, "x");
    const own = mine.dir.split("/").pop()!;
    // only ours: nothing to recover, ours untouched
    await recover(w.state, [w.dir], { sweep: false, ownStaging: mine.dir });
    assertEquals(await names(root), [own]);
    assertEquals(await names(mine.dir), ["file.png", STAGING_OWNER]);
    // a killed process's folder beside ours is removed
    const deadDir = `${root}/dead`;
    await Deno.mkdir(deadDir);
    const dead = await holdLock(`${deadDir}/${STAGING_OWNER}`);
    await dead.kill();
    await recover(w.state, [w.dir], { sweep: false, ownStaging: mine.dir });
    assertEquals(await names(root), [own]);
    await mine.remove();
  } finally {
    await w.cleanup();
  }
});

Deno.test("makeStagingDir makes .draftcli/ when missing, but never a deleted draft's folder", async () => {
  const w = await world();
  try {
    await Deno.remove(w.state, { recursive: true });
    const made = await makeStagingDir(`${w.state}/staging`);
    assertEquals(await names(made.dir), [STAGING_OWNER]);
    await made.remove();
    await Deno.remove(w.dir, { recursive: true });
    await rejects(makeStagingDir(`${w.state}/staging`), Deno.errors.NotFound);
    assertEquals(await names(w.root), []);
  } finally {
    await w.cleanup();
  }
});

Deno.test("sweepStaging judges a folder without an owner file by its creator's claim", async () => {
  const w = await world();
  try {
    const root = `${w.state}/staging`;
    await Deno.mkdir(root, { recursive: true });
    // A creator killed after making its folder, before its owner file: its claim is stale.
    await Deno.mkdir(`${root}/killed`);
    const killed = await holdLock(`${root}/killed${STAGING_CLAIM_SUFFIX}`);
    await killed.kill();
    // A creator still making its folder: its claim is held.
    await Deno.mkdir(`${root}/making`);
    const making = await holdLock(`${root}/making${STAGING_CLAIM_SUFFIX}`);
    // A creator killed before it made its folder: only its stale claim.
    const early = await holdLock(`${root}/early${STAGING_CLAIM_SUFFIX}`);
    await early.kill();
    // An owner killed while removing its folder (renamed first).
    await Deno.mkdir(`${root}/removing${STAGING_GONE_SUFFIX}/resources`, { recursive: true });
    try {
      await sweepStaging(root);
      assertEquals(await names(root), ["making", `making${STAGING_CLAIM_SUFFIX}`]);
    } finally {
      await making.release();
    }
    // A folder made by makeStagingDir has its owner file and no claim left beside it.
    const mine = await makeStagingDir(root);
    const id = mine.dir.split("/").pop()!;
    assertEquals(await names(mine.dir), [STAGING_OWNER]);
    assert(!(await names(root)).includes(`${id}${STAGING_CLAIM_SUFFIX}`));
    await mine.remove();
    assert(!(await names(root)).some((n) => n.startsWith(id)), "removed, renamed copy too");
  } finally {
    await w.cleanup();
  }
});

Deno.test("a draft's temp files are swept by the writer that takes over a dead holder's lock", async () => {
  const { loadDraft, withDraftLock } = await import("./load.ts");
  const w = await world();
  try {
    await Deno.writeTextFile(`${w.dir}/draft_content.json`, '{"tracks":[]}');
    await Deno.mkdir(`${w.dir}/resources`);
    const temp = `${w.dir}/resources/x.png.1234abcd.draftcli-tmp`;
    await Deno.writeTextFile(temp, "half a file");
    const open = () =>
      withDraftLock(w.dir, async (lock) => {
        await loadDraft(w.dir, { sweep: lock.tookOver });
        return lock.tookOver;
      });
    // A lock released normally: nobody died writing, so the folders are not searched.
    assertEquals(await open(), false);
    assert(await Deno.stat(temp).then(() => true, () => false), "kept without a reason to look");
    // The state folder held only the lock: it is gone with it.
    assert(await Deno.stat(w.state).then(() => false, () => true), "empty .draftcli/ removed");
    // A writer killed holding the lock: the next one takes the lock over and sweeps.
    await Deno.mkdir(w.state);
    const holder = await holdLock(`${w.state}/lock`);
    await holder.kill();
    assertEquals(await open(), true);
    assertEquals(await names(`${w.dir}/resources`), []);
    assert(await Deno.stat(w.state).then(() => false, () => true), "empty .draftcli/ removed");
  } finally {
    await w.cleanup();
  }
});

Deno.test("commitFiles with frees deferred: replaced files wait in the trash, freed afterwards", async () => {
  const w = await world();
  deferFrees();
  try {
    const before = (await Deno.stat(`${w.dir}/a.json`)).ino;
    await commitFiles(w.state, [
      { path: `${w.dir}/a.json`, data: "new a" },
      { path: `${w.dir}/c.json`, data: "new c" },
    ]);
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "new a");
    assertEquals(await Deno.readTextFile(`${w.dir}/c.json`), "new c");
    assertEquals(await names(w.dir), [".draftcli", "a.json", "b.json", "c.json"]);
    // The old a.json (the one file replaced) and the journal are kept until the frees run.
    const [txn] = await names(`${w.state}/trash`);
    const kept = await names(`${w.state}/trash/${txn}`);
    assertEquals(kept, ["0", "journal.json"]);
    assertEquals((await Deno.stat(`${w.state}/trash/${txn}/0`)).ino, before);
    assertEquals(await Deno.readTextFile(`${w.state}/trash/${txn}/0`), "old a");
    runDeferredFrees();
    // The trash goes, and the state folder with it, as it holds nothing else.
    assertEquals(await names(w.dir), ["a.json", "b.json", "c.json"]);
  } finally {
    deferFrees(false);
    runDeferredFrees();
    await w.cleanup();
  }
});

Deno.test("commitFiles with frees deferred keeps a state folder that holds more", async () => {
  const w = await world();
  deferFrees();
  try {
    await Deno.writeTextFile(`${w.state}/state.json`, "{}");
    await commitFiles(w.state, [{ path: `${w.dir}/a.json`, data: "new a" }]);
    runDeferredFrees();
    assertEquals(await names(w.state), ["state.json"]);
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "new a");
  } finally {
    deferFrees(false);
    runDeferredFrees();
    await w.cleanup();
  }
});

Deno.test("recover: a trash left by a process stopped before its frees is removed", async () => {
  const w = await world();
  try {
    await Deno.mkdir(`${w.state}/trash/1234abcd`, { recursive: true });
    await Deno.link(`${w.dir}/a.json`, `${w.state}/trash/1234abcd/0`);
    await recover(w.state, [w.dir], { sweep: false });
    assertEquals(await names(w.state), []);
    assertEquals(await Deno.readTextFile(`${w.dir}/a.json`), "old a");
  } finally {
    await w.cleanup();
  }
});
