/**
 * Start-up benchmark: the runtime's bare start (`deno run` of an empty script), `draftcli
 * --version`, `captions add` of 10 captions, `images add` of 10 local PNGs (each mutating run on
 * a fresh copy of the same draft), `draft info` (in a drafts folder of one draft, and of 200),
 * and one MCP session answering 20 tool calls, as real subprocesses. Uses hyperfine when it is
 * on PATH, else a loop of `performance.now()` timings; prints medians and the ratios to the bare
 * start measured in the same run.
 *
 * Run: deno task bench:startup [--runs N] [--bin path/to/compiled/draftcli] [--no-v8-flags]
 * (DRAFTCLI_BIN works too: the compiled binary instead of `deno run main.ts`). Figures go into
 * notes, never into assertions.
 */
import { fileURLToPath } from "node:url";
import { V8_FLAGS } from "../scripts/compile.ts";
import { SOURCE_RUN_FLAGS } from "../src/setup/self_command.ts";
import { PERMISSIONS } from "../src/version.ts";
import { flag, median } from "./runs.ts";

const args = Deno.args;
const RUNS = Number(flag("--runs") ?? 20);
const BIN = flag("--bin") ?? Deno.env.get("DRAFTCLI_BIN");
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const PERMS = PERMISSIONS.join(" ");
// `deno run` gets the V8 flags the release binaries have baked in (scripts/compile.ts), unless
// --no-v8-flags; the bare runtime runs without them either way.
const V8 = args.includes("--no-v8-flags") ? "" : ` --v8-flags=${V8_FLAGS.join(",")}`;

const work = await Deno.makeTempDir({ prefix: "draftcli-startup-" });
const drafts = `${work}/drafts`;
const empty = `${work}/empty.ts`;
await Deno.writeTextFile(empty, "");
// Its own cache folder: the remembered draft locations stay out of the caller's home.
const env = { DRAFTCLI_DRAFTS_DIR: drafts, DRAFTCLI_CACHE_DIR: `${work}/cache`, NO_COLOR: "1" };

const deno = Deno.execPath();
const cli = BIN ?? `${deno} run -q ${SOURCE_RUN_FLAGS.join(" ")} ${PERMS}${V8} ${MAIN}`;

function split(cmd: string): string[] {
  return cmd.split(" ").filter(Boolean);
}

async function run(cmd: string[]): Promise<{ code: number; stdout: string }> {
  const out = await new Deno.Command(cmd[0], {
    args: cmd.slice(1),
    env,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
}

// A draft to copy before each mutating run, the captions file and 10 distinct local PNGs.
const created = await run([...split(cli), "draft", "create", "--name", "startup"]);
const { draftId, filePath } = JSON.parse(created.stdout);
const base = `${work}/base`;
await Deno.rename(filePath, base);
const captions = `${work}/captions.json`;
await Deno.writeTextFile(
  captions,
  JSON.stringify(Array.from({ length: 10 }, (_, i) => ({
    text: `caption ${i} 字幕`,
    start: i * 1_000_000,
    end: (i + 1) * 1_000_000 - 1,
  }))),
);
const png = await Deno.readFile(new URL("../test/fixtures/image.png", import.meta.url));
const images = `${work}/images.json`;
const imageInfos = [];
for (let i = 0; i < 10; i++) {
  // Distinct bytes per file (a trailing byte after IEND), so that each one is probed and placed.
  const path = `${work}/pic-${i}.png`;
  await Deno.writeFile(path, Uint8Array.of(...png, i));
  imageInfos.push({
    imageUrl: `file://${path}`,
    start: i * 1_000_000,
    end: (i + 1) * 1_000_000,
  });
}
await Deno.writeTextFile(images, JSON.stringify(imageInfos));
// One MCP session: initialize, then 20 tool calls (10 captions added one by one, 10 draft infos).
const session = `${work}/session.jsonl`;
const calls = [
  {
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "bench", version: "0" },
    },
  },
  { method: "notifications/initialized" },
  ...Array.from({ length: 20 }, (_, i) => ({
    method: "tools/call",
    params: i % 2 ? { name: "draft_info", arguments: { draftId } } : {
      name: "captions_add",
      arguments: {
        draftId,
        captions: [{ text: `mcp ${i}`, start: i * 1_000_000, end: (i + 1) * 1_000_000 }],
      },
    },
  })),
];
await Deno.writeTextFile(
  session,
  calls.map((c, i) =>
    JSON.stringify({
      jsonrpc: "2.0",
      ...(c.method.startsWith("notifications/") ? {} : { id: i }),
      ...c,
    })
  )
    .join("\n") + "\n",
);
const reset = ["sh", "-c", `rm -rf "${filePath}" && cp -r "${base}" "${filePath}"`];
await run(reset);
// A drafts folder of 200 drafts (copies of the base under new ids), the one asked for the oldest:
// finding a draft by id must not cost a look into every folder on every command.
const MANY = 200;
const many = `${work}/many`;
await Deno.mkdir(many);
let oldestId = "";
for (let i = 0; i < MANY; i++) {
  const dir = `${many}/draft ${i}`;
  await run(["cp", "-r", base, dir]);
  const id = crypto.randomUUID().toUpperCase();
  for (
    const [file, key] of [["draft_meta_info.json", "draft_id"], [".draftcli/state.json", "draftId"]]
  ) {
    const json = JSON.parse(await Deno.readTextFile(`${dir}/${file}`));
    json[key] = id;
    await Deno.writeTextFile(`${dir}/${file}`, JSON.stringify(json));
  }
  const age = new Date(Date.now() - (MANY - i) * 60_000);
  await Deno.utime(`${dir}/draft_content.json`, age, age);
  if (i === 0) oldestId = id;
}

const cases: { name: string; cmd: string; prepare?: string[] }[] = [
  { name: "bare runtime (deno run empty.ts)", cmd: `${deno} run -q ${PERMS} ${empty}` },
  { name: "draftcli --version", cmd: `${cli} --version` },
  {
    name: "draftcli captions add (10 captions)",
    cmd: `${cli} captions add ${draftId} --captions @${captions}`,
    prepare: reset,
  },
  {
    name: "draftcli images add (10 local PNGs)",
    cmd: `${cli} images add ${draftId} --image-infos @${images}`,
    prepare: reset,
  },
  { name: "draftcli draft info", cmd: `${cli} draft info ${draftId}` },
  {
    name: `draftcli draft info (1 of ${MANY} drafts)`,
    cmd: `${cli} draft info ${oldestId} --drafts-dir ${many}`,
  },
  {
    name: "draftcli mcp (one session, 20 calls)",
    cmd: `sh -c '${cli} mcp < ${session} > /dev/null'`,
    prepare: reset,
  },
];

async function hasHyperfine(): Promise<boolean> {
  try {
    return (await new Deno.Command("hyperfine", { args: ["--version"], stdout: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

const medians: Record<string, number> = {};
if (await hasHyperfine()) {
  for (const c of cases) {
    const json = `${work}/hf.json`;
    const hf = [
      "-N",
      "--warmup",
      "3",
      "--runs",
      String(RUNS),
      "--export-json",
      json,
      // -N splits commands into words itself: quote the shell script as one word.
      ...(c.prepare ? ["--prepare", `sh -c '${c.prepare[2]}'`] : []),
      c.cmd,
    ];
    const out = await new Deno.Command("hyperfine", { args: hf, env, stdout: "null" }).output();
    if (!out.success) throw new Error(`hyperfine failed for ${c.name}`);
    medians[c.name] = JSON.parse(await Deno.readTextFile(json)).results[0].median * 1000;
  }
} else {
  for (const c of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      if (c.prepare) await run(c.prepare);
      const t0 = performance.now();
      const shell = /^sh -c '(.*)'$/.exec(c.cmd);
      const r = await run(shell ? ["sh", "-c", shell[1]] : split(c.cmd));
      const dt = performance.now() - t0;
      if (r.code !== 0) throw new Error(`${c.name} failed`);
      if (i >= 3) times.push(dt);
    }
    medians[c.name] = median(times);
  }
}

const bare = medians[cases[0].name];
console.log(
  `start-up, median of ${RUNS} runs (${
    BIN ? `binary ${BIN}` : `deno run ${SOURCE_RUN_FLAGS.join(" ")}${V8} main.ts`
  }):`,
);
for (const c of cases) {
  const m = medians[c.name];
  console.log(`  ${c.name.padEnd(42)} ${m.toFixed(1).padStart(7)} ms  ${(m / bare).toFixed(2)}×`);
}
await Deno.remove(work, { recursive: true });
