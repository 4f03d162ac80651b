/**
 * Crash safety through real subprocesses: a writer killed with SIGKILL at a random moment of a
 * large `images add` / `captions add` leaves, after the next command's recovery, either the old
 * or the new draft, consistent across draft_content.json / draft_info.json / draft_meta_info.json,
 * with no leftovers.
 *
 * DRAFTCLI_STRESS_ITERATIONS (default 15), DRAFTCLI_STRESS_ITEMS (default 500) and
 * DRAFTCLI_STRESS_SEED (default: random, printed) tune the loop.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, spawnCli, tempWorld } from "./helpers/cli.ts";
import { checkDraft } from "./helpers/draft_check.ts";
import { copyTree as copyDir } from "../src/files.ts";
import { prng as rng } from "./helpers/prng.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const ITERATIONS = Number(Deno.env.get("DRAFTCLI_STRESS_ITERATIONS") ?? 15);
const ITEMS = Number(Deno.env.get("DRAFTCLI_STRESS_ITEMS") ?? 500);
const SEED = Number(Deno.env.get("DRAFTCLI_STRESS_SEED") ?? Math.floor(Math.random() * 2 ** 31));

/** Starts draftcli without waiting for it, its output dropped. */
const startCli = (args: string[], env: Record<string, string>) =>
  spawnCli(args, env, { output: "null" });

async function machineryFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (d: string, rel: string) => {
    for await (const e of Deno.readDir(d)) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory) await walk(`${d}/${e.name}`, r);
      else if (/\.draftcli-tmp$|journal\.json$/.test(e.name)) found.push(r);
    }
  };
  await walk(dir, "");
  return found;
}

Deno.test(`SIGKILL during large writes leaves the old or the new draft (seed ${SEED})`, async () => {
  const random = rng(SEED);
  const w = await tempWorld();
  try {
    const created = await runCli(["draft", "create", "--name", "crash"], { env: w.env });
    assertEquals(created.code, 0, created.stderr);
    const base = (created.json as Json).filePath as string;
    const pics = ["image.png", "image.jpg", "image.webp", "image.bmp"].map((n) =>
      fileUrl(fixture(n))
    );
    const images = (offset: number) =>
      JSON.stringify(Array.from({ length: ITEMS }, (_, i) => ({
        imageUrl: pics[i % pics.length],
        start: (offset + i) * 100_000,
        end: (offset + i + 1) * 100_000,
      })));
    const captions = (offset: number) =>
      JSON.stringify(Array.from({ length: ITEMS }, (_, i) => ({
        text: `line ${offset + i} ✓ 字幕`,
        start: (offset + i) * 100_000,
        end: (offset + i + 1) * 100_000 - 1,
        keyword: "字幕",
        keywordColor: "#ffde00",
      })));
    await Deno.writeTextFile(`${w.root}/images0.json`, images(0));
    await Deno.writeTextFile(`${w.root}/images1.json`, images(ITEMS));
    await Deno.writeTextFile(`${w.root}/captions1.json`, captions(ITEMS));
    const baseId = base.split("/").pop()!;
    // A draft with some weight, so each write is a large one.
    const seeded = await runCli([
      "images",
      "add",
      baseId,
      "--image-infos",
      `@${w.root}/images0.json`,
    ], {
      env: w.env,
    });
    assertEquals(seeded.code, 0, seeded.stderr);
    const baseCheck = await checkDraft(base);
    assertEquals(baseCheck.problems, []);

    const commands = [
      { kind: "video", args: ["images", "add", "--image-infos", `@${w.root}/images1.json`] },
      { kind: "text", args: ["captions", "add", "--captions", `@${w.root}/captions1.json`] },
    ];
    // How long a full write takes (the kill window), per command.
    const full: number[] = [];
    for (const c of commands) {
      const id = crypto.randomUUID().toUpperCase();
      await copyDir(base, `${w.draftsDir}/${id}`);
      const t0 = performance.now();
      const r = await runCli([...c.args.slice(0, 2), id, ...c.args.slice(2)], { env: w.env });
      full.push(performance.now() - t0);
      assertEquals(r.code, 0, r.stderr);
      await Deno.remove(`${w.draftsDir}/${id}`, { recursive: true });
    }

    const outcomes = { old: 0, new: 0, midCommit: 0 };
    for (let i = 0; i < ITERATIONS; i++) {
      const c = commands[i % commands.length];
      const id = crypto.randomUUID().toUpperCase();
      const dir = `${w.draftsDir}/${id}`;
      await copyDir(base, dir);
      const before = baseCheck.segments[c.kind] ?? 0;
      const delay = full[i % commands.length] * (0.6 + 0.5 * random());
      const child = startCli([...c.args.slice(0, 2), id, ...c.args.slice(2)], w.env);
      await new Promise((r) => setTimeout(r, delay));
      try {
        child.kill("SIGKILL");
      } catch { /* already exited */ }
      await child.status;
      if ((await machineryFiles(dir)).length > 0) outcomes.midCommit++;

      const info = await runCli(["draft", "info", id], { env: w.env }); // recovers
      const label = `iteration ${i} (seed ${SEED}, ${c.args[0]}, kill after ${
        delay.toFixed(0)
      } ms)`;
      assertEquals(info.code, 0, `${label}: ${info.stderr}`);
      const check = await checkDraft(dir);
      assertEquals(check.problems, [], label);
      assertEquals(check.leftovers, [], label);
      const after = check.segments[c.kind] ?? 0;
      assert(after === before || after === before + ITEMS, `${label}: ${after} segments`);
      if (after === before) outcomes.old++;
      else outcomes.new++;
      const reported = (info.json as Json).tracks
        .filter((t: Json) => t.type === c.kind)
        .reduce((n: number, t: Json) => n + t.segments, 0);
      assertEquals(reported, after, `${label}: draft info agrees with the files`);
      await Deno.remove(dir, { recursive: true });
    }
    console.log(
      `crash loop: ${ITERATIONS} kills, ${outcomes.old} old, ${outcomes.new} new, ` +
        `${outcomes.midCommit} caught with temps/journal on disk (seed ${SEED})`,
    );
  } finally {
    await w.cleanup();
  }
});

Deno.test(`SIGKILL during a draft's first media add leaves none of them or all (seed ${SEED})`, async () => {
  // The staged folder of a draft's first media moves in whole: a kill at any moment leaves,
  // after recovery, no media and the old timeline, or every file and the new timeline.
  const random = rng(SEED + 1);
  const w = await tempWorld();
  try {
    const created = await runCli(["draft", "create", "--name", "first"], { env: w.env });
    assertEquals(created.code, 0, created.stderr);
    const base = (created.json as Json).filePath as string;
    const png = await Deno.readFile(fixture("image.png"));
    const n = Math.min(ITEMS, 300);
    const items = [];
    for (let i = 0; i < n; i++) {
      const path = `${w.root}/pic-${i}.png`;
      // A trailing byte after IEND makes each file distinct: each is staged.
      await Deno.writeFile(path, Uint8Array.of(...png, i & 255, i >> 8));
      items.push({ imageUrl: fileUrl(path), start: i * 100_000, end: (i + 1) * 100_000 });
    }
    await Deno.writeTextFile(`${w.root}/first.json`, JSON.stringify(items));
    const args = (id: string) => ["images", "add", id, "--image-infos", `@${w.root}/first.json`];
    const stored = (dir: string) =>
      [...Deno.readDirSync(dir)].some((e) => e.name === "resources")
        ? [...Deno.readDirSync(`${dir}/resources`)].length
        : 0;
    const t0 = performance.now();
    const probe = `${w.draftsDir}/${crypto.randomUUID().toUpperCase()}`;
    await copyDir(base, probe);
    assertEquals((await runCli(args(probe.split("/").pop()!), { env: w.env })).code, 0);
    const full = performance.now() - t0;
    assertEquals(stored(probe), n);
    const outcomes = { old: 0, new: 0 };
    for (let i = 0; i < ITERATIONS; i++) {
      const id = crypto.randomUUID().toUpperCase();
      const dir = `${w.draftsDir}/${id}`;
      await copyDir(base, dir);
      const delay = full * (0.5 + 0.6 * random());
      const child = startCli(args(id), w.env);
      await new Promise((r) => setTimeout(r, delay));
      try {
        child.kill("SIGKILL");
      } catch { /* already exited */ }
      await child.status;
      const label = `iteration ${i} (seed ${SEED}, kill after ${delay.toFixed(0)} ms)`;
      const info = await runCli(["draft", "info", id], { env: w.env }); // recovers
      assertEquals(info.code, 0, `${label}: ${info.stderr}`);
      const check = await checkDraft(dir);
      assertEquals(check.problems, [], label);
      assertEquals(check.leftovers, [], label);
      const segments = check.segments.video ?? 0;
      assert(segments === 0 || segments === n, `${label}: ${segments} segments`);
      assertEquals(stored(dir), segments, `${label}: media files`);
      outcomes[segments ? "new" : "old"]++;
      await Deno.remove(dir, { recursive: true });
    }
    console.log(`first-media crash loop: ${outcomes.old} old, ${outcomes.new} new (seed ${SEED})`);
  } finally {
    await w.cleanup();
  }
});

Deno.test("a writer killed mid-download leaves no staging folder after the next command", async () => {
  const w = await tempWorld();
  // Sends the headers and half of a PNG, then stalls until the test ends.
  const png = await Deno.readFile(fixture("image.png"));
  let release = () => {};
  const stalled = new Promise<void>((r) => release = r);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () => {
    const body = new ReadableStream<Uint8Array>({
      async start(c) {
        c.enqueue(png.subarray(0, png.length >> 1));
        await stalled;
        c.close();
      },
    });
    return new Response(body, { headers: { "content-length": String(png.length) } });
  });
  try {
    const created = await runCli(["draft", "create"], { env: w.env });
    const { draftId, filePath } = created.json as Json;
    const url = `http://127.0.0.1:${server.addr.port}/slow.png`;
    const child = startCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: url, start: 0, end: 1_000_000 }]),
    ], w.env);
    const staging = `${filePath}/.draftcli/staging`;
    const deadline = Date.now() + 20_000;
    let partial = false;
    while (!partial && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      for (const d of await Array.fromAsync(Deno.readDir(staging)).catch(() => [])) {
        // a staging folder's claim file (or a folder removed meanwhile) holds no download
        const files = await Array.fromAsync(Deno.readDir(`${staging}/${d.name}`)).catch(() => []);
        if (files.some((f) => f.name.endsWith(".part"))) partial = true;
      }
    }
    assert(partial, "the download started");
    child.kill("SIGKILL");
    await child.status;

    const info = await runCli(["draft", "info", draftId], { env: w.env });
    assertEquals(info.code, 0, info.stderr);
    const check = await checkDraft(filePath);
    assertEquals(check.problems, []);
    assertEquals(check.leftovers, []);
    // The dead download's folder is gone (and the emptied staging folder with it).
    assertEquals(await Array.fromAsync(Deno.readDir(staging)).catch(() => []), []);
  } finally {
    release();
    await server.shutdown();
    await w.cleanup();
  }
});
