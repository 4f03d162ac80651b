/**
 * Adds into a growing draft, as an agent makes them call after call: `images add` of 10 local
 * PNGs new to the draft and `captions add` of 10 captions, into drafts that already hold 0, 100
 * and 1,000 images (one PNG, added by the CLI), each run on a fresh copy of its draft, as real
 * subprocesses, interleaved with a bare `deno run` of an empty script measured in the same run.
 * Prints medians and the cost over the bare start, for this checkout and each --main.
 *
 * Run: deno run -A bench/grow_add.ts [--runs 11] [--sizes 0,100,1000] [--main other/main.ts]…
 * Figures go into notes, never into assertions.
 */
import { flag, mainsToCompare, printOverBare, runArgs, runOk, scratchEnv } from "./runs.ts";
import { copyDir } from "./world.ts";

const RUNS = Number(flag("--runs") ?? 11) || 11;
const SIZES = (flag("--sizes") ?? "0,100,1000").split(",").map(Number);
const SEC = 1_000_000;
const mains = mainsToCompare();

const work = await Deno.makeTempDir({ prefix: "draftcli-grow-" });
const env = await scratchEnv(work);
const deno = Deno.execPath();
const json = (name: string, value: unknown) => {
  const path = `${work}/${name}`;
  Deno.writeTextFileSync(path, JSON.stringify(value));
  return path;
};

// The PNG the drafts are grown with, and 10 others (distinct bytes) that each measured add brings.
const png = await Deno.readFile(new URL("../test/fixtures/image.png", import.meta.url));
const grownWith = `${work}/grown.png`;
await Deno.writeFile(grownWith, png);
const fresh: string[] = [];
for (let i = 0; i < 10; i++) {
  const path = `${work}/new-${i}.png`;
  await Deno.writeFile(path, Uint8Array.of(...png, i));
  fresh.push(path);
}
const after = Math.max(...SIZES) * SEC;
const newImages = json(
  "new_images.json",
  fresh.map((p, i) => ({
    imageUrl: `file://${p}`,
    start: after + i * SEC,
    end: after + (i + 1) * SEC,
  })),
);
const newCaptions = json(
  "new_captions.json",
  Array.from({ length: 10 }, (_, i) => ({
    text: `caption ${i} 字幕`,
    start: after + i * SEC,
    end: after + (i + 1) * SEC,
  })),
);

/** One draft per size, grown by the CLI of this checkout, kept aside as the copy each run starts from. */
const drafts: { size: number; id: string; dir: string; base: string }[] = [];
for (const size of SIZES) {
  const { out } = await runOk(deno, [
    ...runArgs(mains[0]),
    "draft",
    "create",
    "--name",
    `grown ${size}`,
  ], env);
  const { draftId, filePath } = JSON.parse(out);
  if (size) {
    const grow = json(
      `grow_${size}.json`,
      Array.from({ length: size }, (_, i) => ({
        imageUrl: `file://${grownWith}`,
        start: i * SEC,
        end: (i + 1) * SEC,
      })),
    );
    await runOk(
      deno,
      [...runArgs(mains[0]), "images", "add", draftId, "--image-infos", `@${grow}`],
      env,
    );
  }
  const base = `${work}/base-${size}`;
  copyDir(filePath, base);
  drafts.push({ size, id: draftId, dir: filePath, base });
}

async function timed(args: string[]): Promise<number> {
  const t = performance.now();
  await runOk(deno, args, env);
  return performance.now() - t;
}

const empty = `${work}/empty.ts`;
await Deno.writeTextFile(empty, "");
const cases: { name: string; args: string[]; draft?: (typeof drafts)[number] }[] = [
  { name: "bare runtime (deno run empty.ts)", args: ["run", "-q", empty] },
];
for (const [k, main] of mains.entries()) {
  const tag = mains.length > 1 ? ` [${k === 0 ? "this" : main}]` : "";
  for (const d of drafts) {
    const into = `into ${d.size} images`;
    cases.push(
      {
        name: `images add of 10 new PNGs ${into}${tag}`,
        args: [...runArgs(main), "images", "add", d.id, "--image-infos", `@${newImages}`],
        draft: d,
      },
      {
        name: `captions add of 10 ${into}${tag}`,
        args: [...runArgs(main), "captions", "add", d.id, "--captions", `@${newCaptions}`],
        draft: d,
      },
    );
  }
}
const times = cases.map(() => [] as number[]);
for (let r = 0; r < RUNS; r++) {
  for (const [i, c] of cases.entries()) {
    if (c.draft) {
      Deno.removeSync(c.draft.dir, { recursive: true });
      copyDir(c.draft.base, c.draft.dir);
    }
    times[i].push(await timed(c.args));
  }
}
await Deno.remove(work, { recursive: true });

printOverBare(cases.map((c) => c.name), times);
