/**
 * How far an add is from the cost of its file work alone: `images add` ×1,000 (one PNG, copy
 * mode; the default) or, with `--kind captions`, `captions add` of `--items` captions (10 by
 * default; 1,000 for images). A one-module child (floor_child.ts, which imports nothing) does only
 * what the add must do to the disk and stdout, with as little JavaScript as it can: read the input
 * and the draft, stage the PNG and flush it (images), write the new timeline (each item copied
 * from the text of the item a real add wrote, with fresh ids), write the meta file, start their
 * flushes, copy the timeline to the mirror and flush it, write and flush a journal, rename, print
 * a result. For each bundle given with `--main <bundle>/main.js` a "load alone" case runs a script
 * that imports exactly the bundle files the add evaluates (listed from one run of the add under
 * `deno run -L debug`) and does nothing else: the cost of loading the add's code. Runs are
 * interleaved with a bare `deno run` and the real add of this checkout and of each `--main`, on
 * fresh copies of one empty draft; prints medians, the cost over the bare start and its ratio, and
 * (with `--phases`) the child's own phase times.
 *
 * Run: deno run -A bench/floor_add.ts [--kind images|captions] [--items N] [--runs 15] [--phases]
 * [--main path/to/main.ts or bundle/main.js]…
 * Figures go into notes, never into assertions.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { V8_FLAGS } from "../scripts/compile.ts";
import type { Templates } from "./floor_child.ts";
import {
  flag,
  mainsToCompare,
  median,
  printOverBare,
  runArgs,
  scratchEnv,
  writeCaptions,
  writeOnePngImages,
} from "./runs.ts";

const KIND = flag("--kind") ?? "images";
if (KIND !== "images" && KIND !== "captions") throw new Error("--kind is images or captions");
const N = Number(flag("--items") ?? (KIND === "images" ? 1000 : 10));

const RUNS = Number(flag("--runs") ?? 15) || 15;
const mains = mainsToCompare();
const work = await Deno.makeTempDir({ prefix: "draftcli-floor-" });
try {
  const env = await scratchEnv(work);
  const deno = Deno.execPath();
  const run = async (cmd: string[]): Promise<{ ms: number; stdout: string; stderr: string }> => {
    const t = performance.now();
    const out = await new Deno.Command(cmd[0], { args: cmd.slice(1), env, stdout: "piped" })
      .output();
    const ms = performance.now() - t;
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    if (!out.success) throw new Error(`${cmd.slice(-4).join(" ")} failed: ${text(out.stderr)}`);
    return { ms, stdout: text(out.stdout), stderr: text(out.stderr) };
  };
  const empty = `${work}/empty.ts`;
  await Deno.writeTextFile(empty, "");
  const inputs = KIND === "images"
    ? await writeOnePngImages(work, N)
    : await writeCaptions(`${work}/captions.json`, N);
  const cli = (main: string) => [deno, ...runArgs(main)];
  const created = await run([...cli(mains[0]), "draft", "create", "--name", "floor"]);
  const { draftId, filePath } = JSON.parse(created.stdout);
  const base = `${work}/base`;
  await Deno.rename(filePath, base);
  const reset = () => run(["sh", "-c", `rm -rf "${filePath}" && cp -r "${base}" "${filePath}"`]);
  const add = (main: string) =>
    KIND === "images"
      ? [...cli(main), "images", "add", draftId, "--image-infos", `@${inputs}`]
      : [...cli(main), "captions", "add", draftId, "--captions", `@${inputs}`];

  // The item texts of a real add of this checkout.
  await reset();
  await run(add(mains[0]));
  const written = JSON.parse(await Deno.readTextFile(`${filePath}/draft_content.json`));
  const templates: Templates = {};
  const item = (x: Record<string, unknown>) => JSON.stringify({ ...x, id: "@ID@" });
  // every material list the add wrote one object per item into
  for (const [list, items] of Object.entries(written.materials)) {
    if (Array.isArray(items) && items.length === N) templates[list] = item(items[0]);
  }
  templates.segments = item(written.tracks[0].segments[0]);
  templates.track = JSON.stringify({ ...written.tracks[0], id: "@ID@", segments: "@segments@" });
  const templatesPath = `${work}/templates.json`;
  await Deno.writeTextFile(templatesPath, JSON.stringify(templates));

  const child = [
    deno,
    "run",
    "-q",
    "-A",
    "--no-config",
    `--v8-flags=${V8_FLAGS.join(",")}`,
    new URL("./floor_child.ts", import.meta.url).pathname,
    filePath,
    inputs,
    templatesPath,
  ];
  /**
   * Writes at `script` a module importing, in order, the files of the bundle of `main` that the
   * add evaluates (the file URLs under the bundle's folder that a `-L debug` run of it names);
   * returns how many.
   */
  const loadedBundleFiles = async (main: string, script: string): Promise<number> => {
    await reset();
    await run(add(main));
    await reset();
    const [runWord, ...rest] = add(main).slice(1).filter((a) => a !== "-q");
    const debug = await run([deno, runWord, "-L", "debug", ...rest]);
    const entryUrl = pathToFileURL(resolve(main)).href;
    const folder = entryUrl.slice(0, entryUrl.lastIndexOf("/") + 1);
    const urls = new Set<string>();
    for (const m of debug.stderr.matchAll(/file:\/\/[^\s,"']+\.js/g)) {
      if (m[0].startsWith(folder)) urls.add(m[0]);
    }
    if (!urls.size) throw new Error(`no bundle file named in a -L debug run of ${main}`);
    await Deno.writeTextFile(
      script,
      [...urls].map((u) => `import ${JSON.stringify(u)};\n`).join(""),
    );
    return urls.size;
  };
  const label = (k: number) => k === 0 ? "this" : mains[k];
  const what = KIND === "images" ? `images add ×${N} (one PNG)` : `captions add ×${N}`;
  const cases: { name: string; cmd: string[]; mutates: boolean }[] = [
    { name: "bare runtime (deno run empty.ts)", cmd: [deno, "run", "-q", empty], mutates: false },
    { name: `file work alone ×${N} (one-module child)`, cmd: child, mutates: true },
  ];
  for (const [k, main] of mains.entries()) {
    if (!main.endsWith(".js")) continue;
    const script = `${work}/load-${k}.js`;
    const files = await loadedBundleFiles(main, script);
    cases.push({
      name: `load alone: the ${files} bundle files it evaluates [${label(k)}]`,
      cmd: [deno, ...runArgs(script)],
      mutates: false,
    });
  }
  cases.push(
    ...mains.map((m, k) => ({ name: `${what} [${label(k)}]`, cmd: add(m), mutates: true })),
  );
  const times = cases.map(() => [] as number[]);
  const phases: string[] = [];
  for (let r = 0; r < RUNS; r++) {
    for (const [i, c] of cases.entries()) {
      if (c.mutates) await reset();
      const res = await run(c.cmd);
      times[i].push(res.ms);
      if (c.cmd === child) phases.push(res.stderr.trim());
    }
  }
  printOverBare(cases.map((c) => c.name), times);
  if (Deno.args.includes("--phases")) {
    console.log("the child's phases (ms from its start), run by run:");
    for (const p of phases) console.log(`  ${p}`);
  }
  console.log(
    `(median of the child's own time: ${
      median(phases.map((p) => Number(p.split(" ").pop()))).toFixed(1)
    } ms)`,
  );
} finally {
  await Deno.remove(work, { recursive: true });
}
